/// Where one side of a map entry leads: a member, possibly at the end of a key path.
struct MemberTarget {
  /// The protocol the path starts from.
  let root: String
  /// The protocol that declares the last member.
  let owner: String
  /// Base names from the adapter's protocol to the member.
  let path: [String]
  let member: MemberDecl
  /// For a property: its type as read through the path (optional when a step is optional).
  let readType: TypeRef?
  /// `true` when the path has more than one step.
  var isKeyPath: Bool { path.count > 1 }
}

/// A map entry with both sides resolved.
struct ResolvedMapEntry {
  let entry: MapEntry
  /// The member of the required (`adapt`) protocol.
  let required: MemberDecl
  let target: MemberTarget
}

/// Resolves the names in an adapter's `map`: a member of the required protocol by base or full
/// name, and a member or key path of the provided protocol.
struct AdapterMapResolver {
  let protocols: [String: ProtocolInfo]
  /// Did-you-mean sets, shared by every adapter of the run.
  let suggesters: SuggesterCache

  enum Failure: Error {
    case problem(DiagnosticCode, String)
  }

  /// A member named by base name (`finish`) or full name (`finish(user:)`).
  func member(_ written: String, in protocolInfo: ProtocolInfo) -> Result<MemberDecl, Failure> {
    let parenthesis = written.utf8.firstIndex(of: UInt8(ascii: "("))
    let base = parenthesis.map { String(written[..<$0]) } ?? written
    guard let member = protocolInfo.member(named: base) else {
      let fullNames = parenthesis != nil
      let suggester = suggesters.suggester(.members(protocolName: protocolInfo.name, fullNames: fullNames)) {
        protocolInfo.members.map { fullNames ? $0.fullName : $0.name }
      }
      let hint = suggester.hint(for: written)
      return .failure(
        .problem(
          .unknownAdapterMember,
          "'\(protocolInfo.name)' has no member '\(written)'\(hint.isEmpty ? listHint(protocolInfo) : hint)"))
    }
    if parenthesis != nil, member.fullName != written {
      return .failure(
        .problem(
          .unknownAdapterMember,
          "'\(protocolInfo.name)' has no member '\(written)'; did you mean '\(member.fullName)'?"))
    }
    return .success(member)
  }

  /// The provided side: a member, or a key path through protocol-typed properties to a property.
  func target(_ written: String, in protocolInfo: ProtocolInfo) -> Result<MemberTarget, Failure> {
    if written.utf8.contains(UInt8(ascii: "(")) || !written.utf8.contains(UInt8(ascii: ".")) {
      return member(written, in: protocolInfo).map { member in
        MemberTarget(
          root: protocolInfo.name, owner: protocolInfo.name, path: [member.name], member: member,
          readType: member.property?.type)
      }
    }
    let steps = written.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    if steps.contains(where: \.isEmpty) {
      return .failure(
        .problem(.invalidKeyPath, "key path '\(written)' has an empty step; write names separated by '.'"))
    }
    var current = protocolInfo
    var optional = false
    for (position, step) in steps.enumerated() {
      guard let member = current.member(named: step) else {
        let through = position == 0 ? "" : " (reached through '\(steps[..<position].joined(separator: "."))')"
        let suggester = suggesters.suggester(.members(protocolName: current.name, fullNames: false)) {
          current.members.map(\.name)
        }
        let hint = suggester.hint(for: step)
        return .failure(
          .problem(
            .unknownAdapterMember,
            "'\(current.name)'\(through) has no member '\(step)'\(hint.isEmpty ? listHint(current) : hint)"))
      }
      guard let property = member.property else {
        return .failure(
          .problem(
            .invalidKeyPath,
            "key path '\(written)' steps through '\(step)', a method of '\(current.name)'; every step "
              + "of a key path is a property, and a key path never ends at a method"))
      }
      if position == steps.count - 1 {
        let readType: TypeRef =
          optional && !property.type.isOptional ? .optional(property.type) : property.type
        return .success(
          MemberTarget(
            root: protocolInfo.name, owner: current.name, path: steps, member: member, readType: readType))
      }
      var type = property.type
      if let wrapped = type.unwrappedOptional {
        optional = true
        type = wrapped
      }
      guard case .named(let typeName) = type, let next = protocols[typeName] else {
        return .failure(
          .problem(
            .invalidKeyPath,
            "key path '\(written)' cannot continue after '\(steps[...position].joined(separator: "."))': "
              + "its type '\(property.type)' is not a declared protocol"))
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
