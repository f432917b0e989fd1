/// Where one side of a map entry leads: a member, possibly at the end of a key path. Members are
/// named by their position in the protocol that declares them, not copied.
struct MemberTarget {
  /// The protocol the path starts from.
  let root: ProtocolInfo
  /// The protocol whose members hold the last one.
  let owner: ProtocolInfo
  /// The last member's position in `owner`'s members.
  let memberIndex: Int32
  /// Base names from `root` to the member when there is more than one step; `nil` otherwise.
  let keyPath: [String]?
  /// `true` when a step before the last is optional: reading the member then gives an optional.
  let readsThroughOptional: Bool

  /// A member of `owner` itself.
  init(_ owner: ProtocolInfo, member position: Int) {
    self.init(root: owner, owner: owner, member: position, keyPath: nil, readsThroughOptional: false)
  }

  init(
    root: ProtocolInfo, owner: ProtocolInfo, member position: Int, keyPath: [String]?,
    readsThroughOptional: Bool
  ) {
    self.root = root
    self.owner = owner
    self.memberIndex = Int32(truncatingIfNeeded: position)
    self.keyPath = keyPath
    self.readsThroughOptional = readsThroughOptional
  }

  var member: MemberDecl { owner.members[Int(memberIndex)] }
  /// `true` when the member is a property (read in place).
  var isProperty: Bool { owner.members[Int(memberIndex)].isProperty }
  /// Base names from `root` to the member.
  var path: [String] { keyPath ?? [member.name] }
  /// `true` when the path has more than one step.
  var isKeyPath: Bool { keyPath != nil }
  /// For a property: its type as read through the path (optional when a step is optional).
  var readType: TypeRef? {
    member.property.map { readType(of: $0.type) }
  }

  /// `type`, the member's property type, as read through the path.
  func readType(of type: TypeRef) -> TypeRef {
    readsThroughOptional && !type.isOptional ? .optional(type) : type
  }
}

/// A map entry with both sides resolved, by position: the entry in the adapter's `map`, the
/// member in the required (`adapt`) protocol.
struct ResolvedMapEntry {
  let entryIndex: Int32
  let requiredIndex: Int32
  let target: MemberTarget

  init(entry: Int, required: Int, target: MemberTarget) {
    self.entryIndex = Int32(truncatingIfNeeded: entry)
    self.requiredIndex = Int32(truncatingIfNeeded: required)
    self.target = target
  }
}

/// Resolves the names in an adapter's `map`: a member of the required protocol by base or full
/// name, and a member or key path of the provided protocol.
struct AdapterMapResolver {
  let protocols: ProtocolLookup
  /// Did-you-mean sets, shared by every adapter of the run.
  let suggesters: SuggesterCache
  /// A file of the manifest could not be loaded: a key path through a type it could declare as
  /// a protocol is neither accepted nor reported.
  var isIncomplete = false

  enum Failure: Error {
    /// The code, the message, the text to write instead when a did-you-mean names one, and the
    /// step of a key path at fault, as Unicode scalar offsets in the text written.
    case problem(DiagnosticCode, String, correction: String? = nil, step: Range<Int>? = nil)
    /// Only the file that could not be loaded, or the declaration that could not be read,
    /// could tell.
    case unknowable
  }

  /// The position of a member named by base name (`finish`) or full name (`finish(user:)`).
  /// A did-you-mean never names a member whose base name `isMapped` (another entry of the map
  /// writes it): the fix would map it twice (RC0611).
  func member(
    _ written: String, in protocolInfo: ProtocolInfo, isMapped: (String) -> Bool = { _ in false }
  ) -> Result<Int, Failure> {
    let base = MemberDecl.baseName(of: written)
    // Written with its labels (`finish(user:)`), it is compared by full name.
    let fullNames = base.utf8.count != written.utf8.count
    guard let position = protocolInfo.position(ofMember: base) else {
      // The member may be declared where the body could not be read (already reported).
      if protocolInfo.hasUnreadMembers { return .failure(.unknowable) }
      let suggester = suggesters.suggester(.members(protocolName: protocolInfo.name, fullNames: fullNames)) {
        protocolInfo.members.map { fullNames ? $0.fullName : $0.name }
      }
      let suggestion = suggester.suggestion(
        for: written, excludingWhere: { isMapped(fullNames ? MemberDecl.baseName(of: $0) : $0) })
      let hint = suggestion.map(NameSuggester.didYouMean) ?? listHint(protocolInfo)
      return .failure(
        .problem(
          .unknownAdapterMember, "'\(protocolInfo.name)' has no member '\(written)'\(hint)",
          correction: suggestion))
    }
    if fullNames, !protocolInfo.members[position].hasFullName(written) {
      let fullName = protocolInfo.members[position].fullName
      if isMapped(base) {
        // The member it would be is mapped by another entry: the fix is to remove this one.
        return .failure(
          .problem(
            .unknownAdapterMember,
            "'\(protocolInfo.name)' has no member '\(written)', and its '\(fullName)' is mapped by another "
              + "entry already; remove this entry"))
      }
      return .failure(
        .problem(
          .unknownAdapterMember,
          "'\(protocolInfo.name)' has no member '\(written)'" + NameSuggester.didYouMean(fullName),
          correction: fullName))
    }
    return .success(position)
  }

  /// The most steps a key path may have, as many as the levels a member's type may nest
  /// (``SwiftDeclParser/maxNestingDepth``): real key paths have a few, and code generation writes
  /// one expression per step, nested.
  static let maximumKeyPathSteps = SwiftDeclParser.maxNestingDepth

  /// The provided side: a member, or a key path through protocol-typed properties to a property.
  func target(_ written: String, in protocolInfo: ProtocolInfo) -> Result<MemberTarget, Failure> {
    let calls = written.utf8Contains(UInt8(ascii: "("))
    if calls, written.utf8Contains(UInt8(ascii: ".")) {
      let steps = written.split(separator: ".", omittingEmptySubsequences: false)
      if let call = steps.firstIndex(where: { $0.contains("(") }) {
        // `header.render()`, `header().title`: a step written as a call (labels hold no '.'), at
        // that step. Whether its name is a method or a property, the key path cannot call it.
        let offset = steps[..<call].reduce(0) { $0 + $1.unicodeScalars.count + 1 }
        return .failure(
          .problem(
            .invalidKeyPath,
            "key path '\(written)' writes '\(steps[call])' as a call; every step of a key path is a "
              + "property, and a key path never ends at a method",
            step: offset..<(offset + steps[call].unicodeScalars.count)))
      }
    }
    if calls || !written.utf8Contains(UInt8(ascii: ".")) {
      return member(written, in: protocolInfo).map { MemberTarget(protocolInfo, member: $0) }
    }
    let steps = written.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    if let empty = steps.firstIndex(where: \.isEmpty) {
      // At the empty step: where it would start, after the steps and dots before it.
      let offset = steps[..<empty].reduce(0) { $0 + $1.unicodeScalars.count + 1 }
      return .failure(
        .problem(
          .invalidKeyPath, "key path '\(written)' has an empty step; write names separated by '.'",
          step: offset..<offset))
    }
    if steps.count > Self.maximumKeyPathSteps {
      let start = steps.prefix(3).joined(separator: ".")
      return .failure(
        .problem(
          .invalidKeyPath,
          "key path '\(start)...' has \(steps.count) steps, more than the \(Self.maximumKeyPathSteps) a key "
            + "path may have; forward to a property fewer steps away"))
    }
    var current = protocolInfo
    var optional = false
    // Where the step at hand starts in `written`, in Unicode scalars.
    var stepStart = 0
    for (stepIndex, step) in steps.enumerated() {
      let stepRange = stepStart..<(stepStart + step.unicodeScalars.count)
      stepStart = stepRange.upperBound + 1
      guard let position = current.position(ofMember: step) else {
        if current.hasUnreadMembers { return .failure(.unknowable) }
        let through =
          stepIndex == 0 ? "" : " (reached through '\(steps[..<stepIndex].joined(separator: "."))')"
        let suggester = suggesters.suggester(.members(protocolName: current.name, fullNames: false)) {
          current.members.map(\.name)
        }
        let suggestion = suggester.suggestion(for: step)
        let hint = suggestion.map(NameSuggester.didYouMean) ?? listHint(current)
        var corrected = steps
        if let suggestion { corrected[stepIndex] = suggestion }
        return .failure(
          .problem(
            .unknownAdapterMember, "'\(current.name)'\(through) has no member '\(step)'\(hint)",
            correction: suggestion.map { _ in corrected.joined(separator: ".") }, step: stepRange))
      }
      guard let property = current.members[position].property else {
        return .failure(
          .problem(
            .invalidKeyPath,
            "key path '\(written)' steps through '\(step)', a method of '\(current.name)'; every step "
              + "of a key path is a property, and a key path never ends at a method", step: stepRange))
      }
      if stepIndex == steps.count - 1 {
        return .success(
          MemberTarget(
            root: protocolInfo, owner: current, member: position, keyPath: steps,
            readsThroughOptional: optional))
      }
      var type = property.type
      if let wrapped = type.unwrappedOptional {
        optional = true
        type = wrapped
      }
      guard case .named(let typeName) = type, let next = protocols[typeName] else {
        if isIncomplete, case .named(let typeName) = type,
          TypeFitChecker.couldBeProtocol(typeName, protocols: protocols)
        {
          return .failure(.unknowable)
        }
        return .failure(
          .problem(
            .invalidKeyPath,
            "key path '\(written)' cannot continue after '\(steps[...stepIndex].joined(separator: "."))': "
              + "its type '\(property.type)' is not a declared protocol",
            step: (stepRange.upperBound + 1)..<(stepRange.upperBound + 1
              + steps[stepIndex + 1].unicodeScalars.count)))
      }
      current = next
    }
    return .failure(.problem(.invalidKeyPath, "key path '\(written)' is empty"))
  }

  private func listHint(_ protocolInfo: ProtocolInfo) -> String {
    if protocolInfo.members.isEmpty { return "; it has no members" }
    let names = protocolInfo.members.prefix(6).map { "'\($0.fullName)'" }.joined(separator: ", ")
    return "; its members are \(names)\(protocolInfo.members.count > 6 ? ", ..." : "")"
  }
}
