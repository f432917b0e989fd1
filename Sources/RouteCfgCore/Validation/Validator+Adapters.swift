extension ManifestValidator {
  /// Resolves the names in every adapter's `map` (unknown members, key paths, property/method
  /// mismatches), by adapter index (`nil` for adapters whose protocols are not both declared).
  /// Needs the protocol table only.
  ///
  /// A repeated adapter's map (``repeatedAdapters``) is resolved too, for its diagnostics alone:
  /// nothing forwards through it.
  mutating func resolveAdapterMaps() -> [ResolvedMap?] {
    var resolvedMaps: [ResolvedMap?] = Array(repeating: nil, count: manifest.adapters.count)
    for index in adapterOrder {
      guard let (required, provided) = declaredProtocols(ofAdapter: index) else {
        checkMapSideOfDeclaredProtocol(of: index)
        continue
      }
      resolvedMaps[index] = resolveMap(of: index, required: required, provided: provided)
    }
    for index in repeatedAdapters {
      guard let (required, provided) = declaredProtocols(ofAdapter: index) else { continue }
      _ = resolveMap(of: index, required: required, provided: provided)
    }
    return resolvedMaps
  }

  /// The protocols an adapter connects, when both are declared and no missing file could give
  /// them more members.
  private func declaredProtocols(ofAdapter index: Int) -> (required: ProtocolInfo, provided: ProtocolInfo)? {
    let ids = adapterProtocolIDs[index]
    guard let required = ids.adapt.flatMap({ protocols.infos[$0] }),
      let provided = ids.to.flatMap({ protocols.infos[$0] }),
      !protocolsWithUndeclaredAncestors.contains(required.name),
      !protocolsWithUndeclaredAncestors.contains(provided.name)
    else { return nil }
    return (required, provided)
  }

  /// A protocol an adapter names whose members are all known: declared, with no ancestor
  /// missing.
  private func protocolWithKnownMembers(_ name: String?) -> ProtocolInfo? {
    guard let name, let info = protocols[name], !protocolsWithUndeclaredAncestors.contains(name) else {
      return nil
    }
    return info
  }

  /// For an adapter one of whose protocols is not declared (already reported, RC0503), the
  /// `map` names on the side of the one that is: its keys are members of a declared `adapt`,
  /// its values members or key paths of a declared `to`, whatever the other side turns out to
  /// be, so a wrong one is reported now rather than after the other side is fixed.
  private mutating func checkMapSideOfDeclaredProtocol(of index: Int) {
    let adapter = manifest.adapters[index]
    let required = protocolWithKnownMembers(adapter.adapt?.value)
    let provided = protocolWithKnownMembers(adapter.to?.value)
    guard required != nil || provided != nil, !adapter.map.isEmpty else { return }
    let resolver = mapResolver()
    var mappedCounts: [String: Int]?
    for (entryIndex, entry) in adapter.map.enumerated() {
      if let required,
        case .failure(let failure) = Self.mapKey(
          entryIndex, of: adapter.map, unreadKeys: adapter.unreadMapKeys, in: required, resolver: resolver,
          counts: &mappedCounts)
      {
        report(failure, on: entry.required)
      }
      if let provided, case .failure(let failure) = resolver.target(entry.provided.value, in: provided) {
        report(failure, on: entry.provided)
      }
    }
  }

  /// The resolver of `map` names, knowing whether part of the manifest could not be read.
  private func mapResolver() -> AdapterMapResolver {
    var resolver = AdapterMapResolver(protocols: protocols, suggesters: suggesters)
    resolver.isIncomplete = isIncomplete
    return resolver
  }

  /// The member of `required` that the key of `adapter`'s `map` entry at `entryIndex` names. The
  /// keys' names are counted only for a did-you-mean, once per map (`counts`): a base name is
  /// mapped by another entry when more keys than this one write it.
  /// The adapter's `map` and its keys that could not be read are passed, not the adapter: a
  /// copy of the adapter for each entry cost more than resolving the entry.
  private static func mapKey(
    _ entryIndex: Int, of map: [MapEntry], unreadKeys: [String], in required: ProtocolInfo,
    resolver: AdapterMapResolver, counts: inout [String: Int]?
  ) -> Result<Int, AdapterMapResolver.Failure> {
    resolver.member(
      map[entryIndex].required.value, in: required,
      isMapped: { base in
        if counts == nil { counts = mappedBaseNameCounts(map, unreadKeys: unreadKeys) }
        let own = MemberDecl.baseName(of: map[entryIndex].required.value)
        return (counts?[base] ?? 0) > (base == own ? 1 : 0)
      })
  }

  /// Reports a `map` name that does not resolve, at the step at fault when the key path is
  /// written as it reads, on one line (nothing for one only an unread part could tell).
  private mutating func report(_ failure: AdapterMapResolver.Failure, on written: Located<String>) {
    guard case .problem(let code, let message, let correction, let step) = failure else { return }
    diagnostics.report(
      code, message, at: step.flatMap { written.location(ofScalars: $0) } ?? written.location,
      fixIts: Self.fixIts(written, correction))
  }

  /// Checks adapters in each direction they are used, with their maps resolved
  /// (``resolveAdapterMaps()``) and after resolution.
  ///
  /// An adapter is checked forward (a facade of `adapt` over a `to` object) when a requirement
  /// resolves through it, when a member type needs it that way, or when nothing uses it; and in
  /// reverse (a facade of `to` over an `adapt` object, as delegates need) when a member type
  /// needs it that way. Checking one adapter can put others to use, so the checks run from a work
  /// list until nothing new is used.
  mutating func checkAdapters(maps resolvedMaps: [ResolvedMap?]) {
    var work = AdapterWorkList()
    for adapter in resolvedMaps.indices
    where adaptersUsedByResolution[adapter] && resolvedMaps[adapter] != nil {
      work.add(AdapterCrossing(adapter: adapter, direction: .forward), site: nil)
    }
    drain(&work, maps: resolvedMaps)
    for index in resolvedMaps.indices where resolvedMaps[index] != nil && !work.hasChecked(index) {
      work.add(AdapterCrossing(adapter: index, direction: .forward), site: nil)
      drain(&work, maps: resolvedMaps)
    }
    for (pair, diagnostic) in reverseMissingAdapters where !forwardMissingAdapters.contains(pair) {
      diagnostics.report(diagnostic)
    }
    reverseMissingAdapters = []
    addQuietForwardFacades(maps: resolvedMaps)
  }

  /// Gives an adapter used only in reverse its forward pairings too when that direction holds,
  /// so that code generation writes its proxy as well as its bridge (SPEC §6: a proxy for every
  /// adapter). Nothing uses the adapter forward, so the check is quiet: an adapter whose `adapt`
  /// has members its `to` lacks is no error, it only gets no proxy; nor does one whose forward
  /// facade needs another adapter in a direction that was not checked. One proxy can be what
  /// another needs: an adapter waiting for a direction is tried again once that direction gets
  /// its pairings, so each is tried at most once per direction it needs.
  private mutating func addQuietForwardFacades(maps: [ResolvedMap?]) {
    // Without a graph there is nothing to give (the check reports nothing).
    guard buildsGraph else { return }
    var queue = maps.indices.filter {
      maps[$0] != nil && forwardPairings[$0] == nil && reversePairings[$0] != nil
    }
    var waiting: [AdapterCrossing: [Int]] = [:]
    var next = 0
    while next < queue.count {
      let index = queue[next]
      next += 1
      guard forwardPairings[index] == nil, let map = maps[index] else { continue }
      // A forked copy records into its own bag and tables, so nothing of this run is copied;
      // its bag keeps everything, so that `--max-diagnostics` cannot change what holds.
      var trial = forkedCopy()
      trial.diagnostics = DiagnosticBag(limit: nil)
      var used: [(AdapterCrossing, AdapterUseSite)] = []
      trial.checkForward(index, map: map, used: &used)
      let itself = AdapterCrossing(adapter: index, direction: .forward)
      guard trial.diagnostics.diagnostics.isEmpty, !trial.diagnostics.hasErrors,
        let pairings = trial.forwardPairings[index]
      else { continue }
      if let needed = used.first(where: { $0.0 != itself && !isChecked($0.0) }) {
        waiting[needed.0, default: []].append(index)
        continue
      }
      forwardPairings[index] = pairings
      queue += waiting.removeValue(forKey: itself) ?? []
    }
  }

  /// Whether `crossing`'s direction was checked (and so has pairings code generation can use).
  private func isChecked(_ crossing: AdapterCrossing) -> Bool {
    switch crossing.direction {
    case .forward: return forwardPairings[crossing.adapter] != nil
    case .reverse: return reversePairings[crossing.adapter] != nil
    }
  }

  /// Waves smaller than this are checked on one thread.
  static let parallelWaveMinimum = 64

  /// Checks what the work list holds, a wave at a time: every direction queued so far, in two
  /// halves at once when the wave is large. The directions a wave puts to use are queued in the
  /// order a one-by-one check would queue them (by the position of the check that found them),
  /// so the outcome is the same.
  private mutating func drain(_ work: inout AdapterWorkList, maps: [ResolvedMap?]) {
    while let wave = work.nextWave() {
      var used: [(AdapterCrossing, AdapterUseSite)] = []
      // The second half's, queued after the first's: not appended to them, which would copy both.
      var otherUsed: [(AdapterCrossing, AdapterUseSite)] = []
      if !usesThreads || wave.count < Self.parallelWaveMinimum {
        check(wave[...], maps: maps, used: &used)
      } else {
        let middle = wave.count / 2
        var other = forkedCopy()
        ForkJoin.run(
          { check(wave[..<middle], maps: maps, used: &used) },
          alongside: { other.check(wave[middle...], maps: maps, used: &otherUsed) })
        diagnostics.append(contentsOf: other.diagnostics)
        forwardPairings.merge(keepingExisting: other.forwardPairings)
        reversePairings.merge(keepingExisting: other.reversePairings)
        forwardMissingAdapters.formUnion(other.forwardMissingAdapters)
        reverseMissingAdapters += other.reverseMissingAdapters
      }
      for (next, nextSite) in [used, otherUsed].joined() {
        crossingsByMembers.insert(next)
        work.add(next, site: nextSite)
      }
    }
  }

  /// Checks each direction of `crossings` in turn, appending the directions they put to use.
  private mutating func check(
    _ crossings: ArraySlice<(AdapterCrossing, AdapterUseSite?)>, maps: [ResolvedMap?],
    used: inout [(AdapterCrossing, AdapterUseSite)]
  ) {
    for (crossing, site) in crossings {
      guard let map = maps[crossing.adapter] else { continue }
      switch crossing.direction {
      case .forward: checkForward(crossing.adapter, map: map, used: &used)
      case .reverse: checkReverse(crossing.adapter, map: map, site: site, used: &used)
      }
    }
  }

  // MARK: Map names

  /// The fix-it that writes `correction` in place of a map entry's side.
  private static func fixIts(_ written: Located<String>, _ correction: String?) -> [FixIt] {
    correction.flatMap { FixIt.rename(written.value, at: written.location, to: $0, isScalar: true) }.map {
      [$0]
    }
      ?? []
  }

  /// `true` when a `map` entry names a member of `provided` on the left and one of `required` on
  /// the right, and neither the other way: its two sides are swapped.
  private static func isWrittenTheOtherWay(_ entry: MapEntry, required: ProtocolInfo, provided: ProtocolInfo)
    -> Bool
  {
    let left = MemberDecl.baseName(of: entry.required.value)
    let right = MemberDecl.baseName(of: entry.provided.value)
    return required.position(ofMember: left) == nil && provided.position(ofMember: right) == nil
      && provided.position(ofMember: left) != nil && required.position(ofMember: right) != nil
  }

  /// How many keys of an adapter's `map` write each base name, its keys whose value could not be
  /// read (`unreadKeys`) among them.
  private static func mappedBaseNameCounts(_ map: [MapEntry], unreadKeys: [String]) -> [String: Int] {
    var counts: [String: Int] = [:]
    for entry in map { counts[MemberDecl.baseName(of: entry.required.value), default: 0] += 1 }
    for key in unreadKeys { counts[MemberDecl.baseName(of: key), default: 0] += 1 }
    return counts
  }

  private mutating func resolveMap(of index: Int, required: ProtocolInfo, provided: ProtocolInfo)
    -> ResolvedMap
  {
    let resolver = mapResolver()
    let entryCount = manifest.adapters[index].map.count
    var result = ResolvedMap()
    result.entries.reserveCapacity(entryCount)
    // The members named so far, with where each is first named: kept only while the map is
    // resolved (the result names those without a valid entry).
    var named = FirstSeen<SourceLocation>(capacity: entryCount)
    var mappedCounts: [String: Int]?
    for (entryIndex, entry) in manifest.adapters[index].map.enumerated() {
      if Self.isWrittenTheOtherWay(entry, required: required, provided: provided) {
        // One error for the swap, not one per side; the member it names is not also unmapped.
        let map = manifest.adapters[index].map
        let mappedAlready = map.contains {
          MemberDecl.baseName(of: $0.required.value) == MemberDecl.baseName(of: entry.provided.value)
        }
        diagnostics.report(
          .unknownAdapterMember,
          "'\(entry.required.value): \(entry.provided.value)' is written the other way round: '\(entry.required.value)' "
            + "is a member of '\(provided.name)' and '\(entry.provided.value)' one of '\(required.name)'; "
            + (mappedAlready
              ? "another entry maps '\(entry.provided.value)' already: remove this one"
              : "write '\(entry.provided.value): \(entry.required.value)', the member of '\(required.name)' first"),
          at: entry.required.location)
        result.swappedRequired.insert(MemberDecl.baseName(of: entry.provided.value))
        result.unresolvedProvided.insert(MemberDecl.baseName(of: entry.required.value))
        continue
      }
      var memberPosition: Int?
      switch Self.mapKey(
        entryIndex, of: manifest.adapters[index].map, unreadKeys: manifest.adapters[index].unreadMapKeys,
        in: required, resolver: resolver, counts: &mappedCounts)
      {
      case .success(let found): memberPosition = found
      case .failure(let failure):
        report(failure, on: entry.required)
        // A misspelt key is read as the member it suggests, as a misspelt manifest key is: that
        // member is not also reported as unmapped.
        if case .problem(_, _, let correction?, _) = failure {
          let suggested = MemberDecl.baseName(of: correction)
          if named.recordOrFind(suggested, entry.required.location) == nil {
            result.namedWithoutEntry.insert(suggested)
          }
        }
      }
      var target: MemberTarget?
      switch resolver.target(entry.provided.value, in: provided) {
      case .success(let found): target = found
      case .failure(let failure):
        report(failure, on: entry.provided)
        // A misspelt value is read as the member it suggests, for the reverse check: that member
        // is not also reported as having no counterpart. (A key path has no reverse.)
        if case .problem(_, _, let correction?, _) = failure, !correction.utf8Contains(UInt8(ascii: ".")) {
          result.unresolvedProvided.insert(MemberDecl.baseName(of: correction))
        }
      }
      guard let memberPosition else { continue }
      // Read in place: a member's copy costs more than the rest of a valid entry's checks.
      let memberName = required.members[memberPosition].name
      // A member named in the map is never reported as unmapped, even when its entry is wrong.
      if let first = named.recordOrFind(memberName, entry.required.location) {
        diagnostics.report(
          .duplicateMapping,
          "'\(required.name).\(required.members[memberPosition].fullName)' is mapped twice; keep one entry",
          at: entry.required.location, notes: [DiagnosticNote("first mapped here", at: first)])
        continue
      }
      guard let target else {
        result.namedWithoutEntry.insert(memberName)
        continue
      }
      if required.members[memberPosition].isProperty != target.isProperty {
        let (member, targetMember) = (required.members[memberPosition], target.member)
        result.namedWithoutEntry.insert(member.name)
        let (kind, otherKind) = member.isProperty ? ("a property", "a method") : ("a method", "a property")
        diagnostics.report(
          .memberKindMismatch,
          "'\(required.name).\(member.fullName)' is \(kind) but '\(target.owner.name).\(targetMember.fullName)' "
            + "is \(otherKind); map properties to properties and methods to methods",
          at: entry.provided.location, notes: Self.declarationNotes(member, targetMember))
        continue
      }
      result.entries.append(ResolvedMapEntry(entry: entryIndex, required: memberPosition, target: target))
    }
    return result
  }

  // MARK: Directions

  private func pairChecker(facadeOwner: String) -> MemberPairCheck {
    MemberPairCheck(
      fits: TypeFitChecker(protocols: protocols, adapterIndex: adapterIndex, isIncomplete: isIncomplete),
      facadeOwner: facadeOwner)
  }

  /// See ``protocolsWithUndeclaredAncestors``.
  func findProtocolsWithUndeclaredAncestors() -> Set<String> {
    var direct: Set<String> = []
    for decl in manifest.protocols where decl.inherits.contains(where: { protocols[$0.value] == nil }) {
      direct.insert(decl.name.value)
    }
    guard !direct.isEmpty else { return [] }
    return Set(
      protocols.values.filter { direct.contains($0.name) || !$0.ancestors.isDisjoint(with: direct) }.map(
        \.name))
  }

  /// Notes that values cross into each of `crossings` at `site`, which is made only when there
  /// are any.
  private static func record(
    _ crossings: [AdapterCrossing], in used: inout [(AdapterCrossing, AdapterUseSite)],
    at site: @autoclosure () -> AdapterUseSite
  ) {
    guard !crossings.isEmpty else { return }
    let site = site()
    for crossing in crossings { used.append((crossing, site)) }
  }

  /// A facade of `adapt` over a `to` object: every member of `adapt` needs a counterpart.
  private mutating func checkForward(
    _ index: Int, map: ResolvedMap, used: inout [(AdapterCrossing, AdapterUseSite)]
  ) {
    guard let required = adapterProtocolIDs[index].adapt.flatMap({ protocols.infos[$0] }),
      let provided = adapterProtocolIDs[index].to.flatMap({ protocols.infos[$0] })
    else { return }
    // The adapter and the members are read in place: copying each costs more than checking a
    // pair whose types are the same.
    let checker = pairChecker(facadeOwner: required.name)
    var pairings = PairingList(keeping: buildsGraph, capacity: required.members.count)
    var crossings: [AdapterCrossing] = []
    for entry in map.entries {
      let writtenAt = manifest.adapters[index].map[Int(entry.entryIndex)].provided.location
      let facadeIndex = Int(entry.requiredIndex)
      crossings.removeAll(keepingCapacity: true)
      var mayNeedConversion = false
      let problems = checker.problems(
        facade: required.members[facadeIndex], target: entry.target, crossings: &crossings,
        mayNeedConversion: &mayNeedConversion)
      if !problems.isEmpty {
        reportPairProblems(
          problems, member: required.members[facadeIndex], counterpart: entry.target.member, at: writtenAt,
          checking: AdapterCrossing(adapter: index, direction: .forward))
      }
      Self.record(
        crossings, in: &used,
        at: AdapterUseSite(
          location: writtenAt, owner: required, member: facadeIndex, targetOwner: provided,
          target: .path(entry.target.path)))
      pairings.append(
        MemberPairing(
          facade: required.members[facadeIndex], targetName: entry.target.member.name,
          keyPath: entry.target.keyPath, crossesAdapter: !crossings.isEmpty,
          mayNeedConversion: mayNeedConversion))
    }
    var unmapped: [(MemberDecl, String)] = []
    let named = map.namedMembers(of: required)
    for position in required.members.indices {
      let name = required.members[position].name
      if named.contains(name) || map.swappedRequired.contains(name) { continue }
      crossings.removeAll(keepingCapacity: true)
      switch implicitPair(required.members[position], in: provided, checker: checker, crossings: &crossings) {
      case .paired(let mayNeedConversion):
        Self.record(
          crossings, in: &used,
          at: AdapterUseSite(
            location: manifest.adapters[index].location, owner: required, member: position,
            targetOwner: provided, target: .sameName))
        pairings.append(
          MemberPairing(
            facade: required.members[position], targetName: name, crossesAdapter: !crossings.isEmpty,
            mayNeedConversion: mayNeedConversion))
      case .pairedWithProblems(let problems, let same):
        let decl = manifest.adapters[index]
        reportPairProblems(
          problems, member: required.members[position], counterpart: same,
          at: decl.adapt?.location ?? decl.location,
          checking: AdapterCrossing(adapter: index, direction: .forward))
      case .unpaired(let why):
        // It may be declared where the provided body could not be read (already reported).
        if provided.hasUnreadMembers, provided.position(ofMember: name) == nil { continue }
        unmapped.append((required.members[position], why))
      }
    }
    forwardPairings[index] = pairings.finished(allMapped: unmapped.isEmpty)
    let decl = manifest.adapters[index]
    // Members whose entries could not be read are already reported.
    if decl.mapIsUnreadable { return }
    if !decl.unreadMapKeys.isEmpty {
      // A key names a member by base name, or by full name when it writes labels.
      let written = Set(decl.unreadMapKeys)
      unmapped.removeAll { written.contains($0.0.name) || written.contains($0.0.fullName) }
    }
    guard !unmapped.isEmpty else { return }
    let example = unmapped[0].0.fullName
    let kinds = typeNameKinds
    diagnostics.report(
      .unmappedMembers,
      Self.listingMessage(unmapped) { list in
        "the adapter from '\(required.name)' to '\(provided.name)' leaves \(MessageWords.counted(unmapped.count, "member")) "
          + "of '\(required.name)' unmapped: \(list); map each under 'map' (for example "
          + "'\(example): <member of \(provided.name)>') or give '\(provided.name)' members with the same names"
      },
      at: decl.adapt?.location ?? decl.location,
      notes: Self.unmappedNotes(unmapped, counterparts: provided, kinds: kinds))
  }

  /// `message` around the full names of unpaired members: all of them for any real protocol, and
  /// for one of thousands as many as fit in the room the rest of the message leaves within
  /// ``DiagnosticBag/maxListingMessageLength``, so that for any real protocol the cap does not
  /// cut the count of those left out or the advice after the list (names of thousands of
  /// characters, as only hostile input writes, can still fill the message past it).
  private static func listingMessage(_ unpaired: [(MemberDecl, String)], _ message: (String) -> String)
    -> String
  {
    let words = message("").unicodeScalars.count + " and \(unpaired.count) more".count
    let room = max(0, DiagnosticBag.maxListingMessageLength - words)
    return message(MessageWords.quotedList(unpaired.lazy.map(\.0.fullName), withinCharacters: room))
  }

  /// A note at each unpaired member (as many as a diagnostic keeps), saying why it has no
  /// counterpart in `counterparts`, and what a member of the same name there differs in.
  private static func unmappedNotes(
    _ unpaired: [(MemberDecl, String)], counterparts: ProtocolInfo, kinds: NameTable<TypeNameKind>,
    after leading: [DiagnosticNote] = []
  ) -> [DiagnosticNote] {
    DiagnosticBag.notes(for: unpaired, after: leading) { member, why in
      let hint = counterparts.member(named: member.name).map { typoHint(member, $0, kinds: kinds) } ?? ""
      return DiagnosticNote("'\(member.fullName)' is declared here\(why)\(hint)", at: member.location)
    }
  }

  /// A facade of `to` over an `adapt` object: every member of `to` needs a counterpart.
  private mutating func checkReverse(
    _ index: Int, map: ResolvedMap, site: AdapterUseSite?, used: inout [(AdapterCrossing, AdapterUseSite)]
  ) {
    let entries = map.entries
    let decl = manifest.adapters[index]
    guard let required = adapterProtocolIDs[index].adapt.flatMap({ protocols.infos[$0] }),
      let provided = adapterProtocolIDs[index].to.flatMap({ protocols.infos[$0] })
    else { return }
    // Spelled out only when there is something to report.
    func context() -> String {
      "the adapter from '\(required.name)' to '\(provided.name)' is used in reverse, to hand "
        + "\(MessageWords.aQuoted(required.name)) to code that expects \(MessageWords.aQuoted(provided.name))"
    }
    func siteNotes() -> [DiagnosticNote] {
      site.map { [DiagnosticNote("used in reverse here: \($0.reason)", at: $0.location)] } ?? []
    }
    let checker = pairChecker(facadeOwner: provided.name)
    var inverse = FirstSeen<ResolvedMapEntry>(capacity: entries.count)
    for entry in entries where !entry.target.isKeyPath {
      if let other = inverse.recordOrFind(entry.target.member.name, entry) {
        diagnostics.report(
          .duplicateMapping,
          "\(context()); then '\(provided.name).\(entry.target.member.fullName)' would forward to both "
            + "'\(required.members[Int(other.requiredIndex)].fullName)' and "
            + "'\(required.members[Int(entry.requiredIndex)].fullName)': map each member of "
            + "'\(provided.name)' once",
          at: decl.map[Int(entry.entryIndex)].provided.location, notes: siteNotes())
      }
    }
    var pairings = PairingList(keeping: buildsGraph, capacity: provided.members.count)
    var unmapped: [(MemberDecl, String)] = []
    // Members read in place, as in ``checkForward(_:map:used:)``.
    var crossings: [AdapterCrossing] = []
    for position in provided.members.indices {
      let name = provided.members[position].name
      crossings.removeAll(keepingCapacity: true)
      if let entry = inverse.value(for: name) {
        let requiredPosition = Int(entry.requiredIndex)
        let writtenAt = decl.map[Int(entry.entryIndex)].required.location
        let target = MemberTarget(required, member: requiredPosition)
        var mayNeedConversion = false
        let problems = checker.problems(
          facade: provided.members[position], target: target, crossings: &crossings,
          mayNeedConversion: &mayNeedConversion)
        if !problems.isEmpty {
          reportPairProblems(
            problems, member: provided.members[position], counterpart: required.members[requiredPosition],
            at: writtenAt, checking: AdapterCrossing(adapter: index, direction: .reverse),
            context: { context() + ": " }, siteNotes: siteNotes)
        }
        Self.record(
          crossings, in: &used,
          at: AdapterUseSite(
            location: writtenAt, owner: provided, member: position, targetOwner: required,
            target: .member(entry.requiredIndex)))
        pairings.append(
          MemberPairing(
            facade: provided.members[position], targetName: required.members[requiredPosition].name,
            crossesAdapter: !crossings.isEmpty, mayNeedConversion: mayNeedConversion))
        continue
      }
      switch implicitPair(provided.members[position], in: required, checker: checker, crossings: &crossings) {
      case .paired(let mayNeedConversion):
        Self.record(
          crossings, in: &used,
          at: AdapterUseSite(
            location: decl.location, owner: provided, member: position, targetOwner: required,
            target: .sameName))
        pairings.append(
          MemberPairing(
            facade: provided.members[position], targetName: name, crossesAdapter: !crossings.isEmpty,
            mayNeedConversion: mayNeedConversion))
      case .pairedWithProblems(let problems, let same):
        reportPairProblems(
          problems, member: provided.members[position], counterpart: same,
          at: decl.to?.location ?? decl.location,
          checking: AdapterCrossing(adapter: index, direction: .reverse), context: { context() + ": " },
          siteNotes: siteNotes)
      case .unpaired(let why):
        if required.hasUnreadMembers, required.position(ofMember: name) == nil { continue }
        // Named by an entry reported already: written the other way round, or misspelt.
        if map.unresolvedProvided.contains(name) { continue }
        unmapped.append((provided.members[position], why))
      }
    }
    reversePairings[index] = pairings.finished(allMapped: unmapped.isEmpty)
    guard !unmapped.isEmpty else { return }
    let kinds = typeNameKinds
    diagnostics.report(
      .unmappedMembers,
      Self.listingMessage(unmapped) { list in
        "\(context()), but \(MessageWords.counted(unmapped.count, "member")) of '\(provided.name)' "
          + "\(unmapped.count == 1 ? "has" : "have") no counterpart in "
          + "'\(required.name)': \(list); map them one to one (key paths cannot be reversed)"
      },
      at: decl.to?.location ?? decl.location,
      notes: Self.unmappedNotes(unmapped, counterparts: required, kinds: kinds, after: siteNotes()))
  }

  /// Notes at the declarations of two paired members.
  static func declarationNotes(_ first: MemberDecl, _ second: MemberDecl) -> [DiagnosticNote] {
    [
      .declared(first.fullName, at: first.location),
      .declared(second.fullName, at: second.location),
    ]
  }

  private enum ImplicitPair {
    /// Same full name and fitting types (the crossings they need appended to the caller's);
    /// whether the dynamic runtime must check the values' conversion
    /// (``MemberPairing/mayNeedConversion``).
    case paired(mayNeedConversion: Bool)
    /// Same full name and fitting types, but the pair breaks a rule beyond the types: a
    /// settable member over a read-only one, `throws` or `async` that disagree, protocol-typed
    /// values that need adapters that do not exist. Reported as those problems (RC0605, RC0609,
    /// RC0606), not as an unmapped member: SPEC §2 pairs members by full name and type.
    case pairedWithProblems([PairProblem], MemberDecl)
    /// Why the same-named member (if any) does not pair, for the note.
    case unpaired(String)
  }

  /// Reports the problems of a pair of members that `crossing` checks, paired by a `map` entry or
  /// by name, each built only when kept. RC0606 is noted for its member pair: forward in
  /// ``forwardMissingAdapters``, in reverse held in ``reverseMissingAdapters`` until every
  /// direction is checked. `context` starts each message, `siteNotes` start its notes.
  private mutating func reportPairProblems(
    _ problems: [PairProblem], member: MemberDecl, counterpart: MemberDecl, at location: SourceLocation,
    checking crossing: AdapterCrossing, context: () -> String = { "" },
    siteNotes: () -> [DiagnosticNote] = { [] }
  ) {
    let kinds = typeNameKinds
    for problem in problems {
      func message() -> String {
        context() + Self.messageWithTypoHint(problem, member, counterpart, kinds: kinds)
      }
      func notes() -> [DiagnosticNote] { siteNotes() + Self.declarationNotes(member, counterpart) }
      guard problem.code == .missingAdapter else {
        diagnostics.report(problem.code, message(), at: location, notes: notes())
        continue
      }
      let pair = MissingAdapterKey(crossing.adapter, member, counterpart, problem)
      switch crossing.direction {
      case .forward:
        diagnostics.report(problem.code, message(), at: location, notes: notes())
        forwardMissingAdapters.insert(pair)
      case .reverse:
        reverseMissingAdapters.append(
          (pair, Diagnostic(problem.code, message(), at: location, notes: notes())))
      }
    }
  }

  /// A pair problem's message, with ``typoHint(_:_:kinds:)`` when it is about types that
  /// disagree. Static, so that a message built lazily while ``diagnostics`` is being changed
  /// reads no other part of the validator.
  private static func messageWithTypoHint(
    _ problem: PairProblem, _ first: MemberDecl, _ second: MemberDecl, kinds: NameTable<TypeNameKind>
  ) -> String {
    problem.code == .incompatibleTypes
      ? problem.message + typoHint(first, second, kinds: kinds) : problem.message
  }

  /// For two members whose types do not agree, the misspelt protocol name that likely makes them
  /// differ, as its near-miss warning (RC0404) names it: ` ('UserAcount' is not a declared
  /// protocol; did you mean 'UserAccount'?)`. Empty otherwise, and before the type names were
  /// classified.
  ///
  /// Only a name one member writes and the other does not counts: both writing the same name
  /// is not why they differ.
  private static func typoHint(_ first: MemberDecl, _ second: MemberDecl, kinds: NameTable<TypeNameKind>)
    -> String
  {
    let firstNames = first.writtenTypes.flatMap(\.namedTypes)
    let secondNames = second.writtenTypes.flatMap(\.namedTypes)
    let common = Set(firstNames).intersection(secondNames)
    for name in firstNames + secondNames where !common.contains(name) {
      switch kinds[name] {
      case .external(let nearProtocol?)?, .neverHashable(let nearProtocol?)?:
        return " ('\(name)' is not a declared protocol; did you mean '\(nearProtocol)'?)"
      default: continue
      }
    }
    return ""
  }

  /// The problems a same-named pair can have and still be a pair (its types fit).
  private static let problemsOfPairedMembers: Set<DiagnosticCode> = [
    .missingAdapter, .readOnlyTarget, .effectsMismatch,
  ]

  /// A member pairs implicitly with a member of the same full name whose type fits; the
  /// crossings the pair needs are appended to `crossings`.
  private func implicitPair(
    _ member: MemberDecl, in target: ProtocolInfo, checker: MemberPairCheck,
    crossings: inout [AdapterCrossing]
  ) -> ImplicitPair {
    guard let samePosition = target.position(ofMember: member.name),
      target.members[samePosition].hasSameFullName(as: member)
    else {
      return .unpaired("")
    }
    let sameTarget = MemberTarget(target, member: samePosition)
    var mayNeedConversion = false
    let problems = checker.problems(
      facade: member, target: sameTarget, crossings: &crossings, mayNeedConversion: &mayNeedConversion)
    guard let first = problems.first else { return .paired(mayNeedConversion: mayNeedConversion) }
    let same = target.members[samePosition]
    // A read-only target stops the check before the written values' type: it must fit too.
    if problems.contains(where: { $0.code == .readOnlyTarget }),
      let why = checker.writeMismatch(facade: member, target: sameTarget)
    {
      return .unpaired("; '\(target.name).\(same.fullName)' has the same name, but \(why)")
    }
    if problems.allSatisfy({ Self.problemsOfPairedMembers.contains($0.code) }) {
      return .pairedWithProblems(problems, same)
    }
    return .unpaired("; '\(target.name).\(same.fullName)' has the same name, but \(first.reason)")
  }
}

/// An adapter's map with names resolved.
struct ResolvedMap {
  /// Entries whose both sides resolved to members of the same kind.
  var entries: [ResolvedMapEntry] = []
  /// Base names of members of the required protocol the map names without a valid entry for
  /// them (its other side does not resolve or is of the other kind, or the name is a misspelt
  /// key's did-you-mean): with those of ``entries``, the members it names
  /// (``namedMembers(of:)``). Nearly always empty, so a map keeps no list of names of its own.
  var namedWithoutEntry: Set<String> = []
  /// Base names of entries written the other way round (reported once, as such): the member of
  /// the required protocol each names on its right is not also reported unmapped.
  var swappedRequired: Set<String> = []
  /// Base names of members of the provided protocol that entries name without resolving, each
  /// reported once as such: the left of an entry written the other way round, and the member a
  /// misspelt value's did-you-mean names. They are not also reported unmapped in reverse.
  var unresolvedProvided: Set<String> = []

  /// The base names of the members of `required` the map names, whether or not their entry is
  /// valid: a member named in the map is never reported as unmapped, even when its entry is
  /// wrong.
  func namedMembers(of required: ProtocolInfo) -> NamedMembers {
    NamedMembers(entries: entries, required: required, withoutEntry: namedWithoutEntry)
  }

  /// The base names a map names.
  struct NamedMembers {
    private let entries: [ResolvedMapEntry]
    private let required: ProtocolInfo
    private let withoutEntry: Set<String>
    private let positions: NamePositions

    fileprivate init(entries: [ResolvedMapEntry], required: ProtocolInfo, withoutEntry: Set<String>) {
      self.entries = entries
      self.required = required
      self.withoutEntry = withoutEntry
      positions = NamePositions(of: entries.lazy.map { required.members[Int($0.requiredIndex)].name })
    }

    func contains(_ name: String) -> Bool {
      positions.position(of: name, in: entries.lazy.map { required.members[Int($0.requiredIndex)].name })
        != nil
        || (!withoutEntry.isEmpty && withoutEntry.contains(name))
    }
  }
}

/// Where an adapter is put to use: a member that forwards across it, its members named by
/// position. The reason is only spelled out when a note needs it.
struct AdapterUseSite {
  enum Target {
    /// A map entry's path (`header.title`, `notifyString`).
    case path([String])
    /// The member at this position in the target's protocol (a reversed map entry).
    case member(Int32)
    /// The member of the target's protocol with the facade member's full name.
    case sameName
  }

  let location: SourceLocation
  /// The facade's protocol, and its member's position there.
  let owner: ProtocolInfo
  let memberIndex: Int32
  /// The protocol the member forwards to, and what it reaches there.
  let targetOwner: ProtocolInfo
  let target: Target

  init(location: SourceLocation, owner: ProtocolInfo, member: Int, targetOwner: ProtocolInfo, target: Target)
  {
    self.location = location
    self.owner = owner
    self.memberIndex = Int32(truncatingIfNeeded: member)
    self.targetOwner = targetOwner
    self.target = target
  }

  /// `'Owner.member' forwards to 'Target.path'`.
  var reason: String {
    let member = owner.members[Int(memberIndex)]
    let reached: String
    switch target {
    case .path(let path): reached = path.joined(separator: ".")
    case .member(let position): reached = targetOwner.members[Int(position)].fullName
    case .sameName: reached = member.fullName
    }
    return "'\(owner.name).\(member.fullName)' forwards to '\(targetOwner.name).\(reached)'"
  }
}

/// Adapter directions waiting to be checked, each checked once.
struct AdapterWorkList {
  /// Directions queued and not yet taken; each wave takes them all, so what was checked is not
  /// kept.
  private var queue: [(AdapterCrossing, AdapterUseSite?)] = []
  /// The directions ever queued.
  private var queued = AdapterCrossingSet()

  mutating func add(_ crossing: AdapterCrossing, site: AdapterUseSite?) {
    guard queued.insert(crossing) else { return }
    queue.append((crossing, site))
  }

  /// Takes everything queued since the last wave; `nil` when nothing is.
  mutating func nextWave() -> [(AdapterCrossing, AdapterUseSite?)]? {
    guard !queue.isEmpty else { return nil }
    defer { queue = [] }
    return queue
  }

  func hasChecked(_ adapter: Int) -> Bool { queued.containsEither(of: adapter) }
}

/// A missing adapter (RC0606) between two protocols, found pairing two members of an adapter,
/// either way round: a forward check pairs `adapt`'s member with `to`'s, a reverse check `to`'s
/// with `adapt`'s, and each may miss another adapter (types that fit one way only).
struct MissingAdapterKey: Hashable, Sendable {
  let adapter: Int
  let first: SourceLocation
  let second: SourceLocation
  let between: [String]

  init(_ adapter: Int, _ one: MemberDecl, _ other: MemberDecl, _ problem: PairProblem) {
    self.adapter = adapter
    (first, second) =
      one.location < other.location ? (one.location, other.location) : (other.location, one.location)
    between = problem.between
  }
}
