import RouteCfgCore

/// The checks of what is registered beside the modules' factories: modules registered twice,
/// proxies and protocol tables of protocols the manifest does not declare, and the entries of
/// every member table, so that a table no module's members read (a delegate's) fails at build
/// rather than at its first call.
extension RegistrationCheck {
  /// Modules registered more than once, each named once: the last registration would silently
  /// replace the others.
  func registeredTwiceProblems() -> [String] {
    if registrations.registeredTwice.isEmpty { return [] }
    var reported: Set<String> = []
    var problems: [String] = []
    for module in registrations.registeredTwice where reported.insert(module).inserted {
      problems.append(
        "module '\(module)' is registered twice; the last registration would replace the first (take the "
          + "first out with removeModule(_:) to replace it on purpose)")
    }
    return problems
  }

  /// Proxies registered for protocols the manifest does not declare, with a did-you-mean.
  func unknownProxyProblems() -> [String] {
    var problems: [String] = []
    var reported: Set<String> = []
    for name in registrations.proxyNamesToCheck where graph.protocols[name] == nil {
      guard reported.insert(name).inserted else { continue }
      problems.append(
        "a proxy is registered for '\(name)', which the manifest does not declare\(protocolHint(for: name))")
    }
    return problems
  }

  /// "; did you mean 'P'?" for a misspelt protocol name, or nothing.
  private func protocolHint(for name: String) -> String {
    closestName(to: name, among: graph.protocolNames).map { "; did you mean '\($0)'?" } ?? ""
  }

  /// Every protocol table's entries against its protocol's members (inherited ones included):
  /// tables of protocols the manifest does not declare (`unknown`), and entries that are no
  /// member of the protocol or differ from its declaration (`entries`), each reported once here
  /// rather than by every module the table serves.
  func protocolTableProblems(typeNames: inout TypeNameCache) -> (unknown: [String], entries: [String]) {
    if registrations.protocolTables.isEmpty { return ([], []) }
    var unknown: [String] = []
    var found: [TableProblem] = []
    for (name, table) in registrations.protocolTables {
      guard let info = graph.protocols[name] else {
        unknown.append(name)
        continue
      }
      for (fullName, entry) in table.entries {
        let owner = "'\(fullName)' in the member table of protocol '\(name)'"
        guard let position = info.position(ofMember: MemberDecl.baseName(of: fullName)),
          info.members[position].fullName == fullName
        else {
          let hint = closestName(to: fullName, among: info.members.map(\.fullName)).map {
            "; did you mean '\($0)'?"
          }
          found.append(
            TableProblem(
              table: name, entry: fullName, text: "\(owner) is no member of '\(name)'\(hint ?? "")"))
          continue
        }
        let origin = info.origins[position]
        let from = origin == name ? "" : " (from '\(origin)')"
        for mismatch in Self.mismatches(of: entry, as: info.members[position], typeNames: &typeNames) {
          found.append(TableProblem(table: name, entry: fullName, text: "\(owner)\(from) \(mismatch)"))
        }
      }
    }
    let unknownProblems = unknown.sorted().map { name in
      "a member table is registered for protocol '\(name)', which the manifest does not declare"
        + protocolHint(for: name)
    }
    return (unknownProblems, TableProblem.sorted(found))
  }

  /// Every type table's entries against the manifest: an entry must be a member of some declared
  /// protocol (a view controller's table may hold a delegate protocol's members), and one that
  /// no module's members were compared with (`comparedEntries`, by `memberProblems`) — every
  /// entry of a delegate class's table, read only when the delegate is called — must match one
  /// declaration of its full name.
  ///
  /// The declared members are indexed only when some type table has entries.
  func typeTableProblems(
    comparedEntries: [ObjectIdentifier: Set<String>], typeNames: inout TypeNameCache
  ) -> [String] {
    var hasEntries = false
    for table in registrations.tables.values where !table.entries.isEmpty {
      hasEntries = true
      break
    }
    guard hasEntries else { return [] }
    let declared = DeclaredMembers(graph)
    var allNames: [String]?
    var found: [TableProblem] = []
    for (key, table) in registrations.tables {
      let compared = comparedEntries[key]
      for (fullName, entry) in table.entries {
        // Compared with a provided member, so declared: checked by `memberProblems`.
        if compared?.contains(fullName) == true { continue }
        let owner = "'\(table.typeName).\(fullName)'"
        let candidates = declared.members(fullName: fullName)
        if candidates.isEmpty {
          let names = allNames ?? declared.fullNames()
          allNames = names
          let hint = closestName(to: fullName, among: names).map { "; did you mean '\($0)'?" } ?? ""
          found.append(
            TableProblem(
              table: table.typeName, entry: fullName,
              text: "\(owner) is registered, but no protocol of the manifest declares '\(fullName)'\(hint)"))
          continue
        }
        var mismatches: [[String]] = []
        for candidate in candidates {
          let differences = Self.mismatches(of: entry, as: candidate.member, typeNames: &typeNames)
          if differences.isEmpty {
            mismatches = []
            break
          }
          mismatches.append(differences)
        }
        guard let first = mismatches.first else { continue }
        if candidates.count == 1 {
          for mismatch in first {
            found.append(
              TableProblem(
                table: table.typeName, entry: fullName,
                text: "\(owner) (from '\(candidates[0].origin)') \(mismatch)"
              ))
          }
        } else {
          let declarations = candidates.map { "'\(Self.declaration(of: $0.member))' (in '\($0.origin)')" }
          found.append(
            TableProblem(
              table: table.typeName, entry: fullName,
              text:
                "\(owner) is registered as '\(Self.registration(of: entry))', which matches no declaration of "
                + "'\(fullName)': \(declarations.joined(separator: ", "))"))
        }
      }
    }
    return TableProblem.sorted(found)
  }

  /// A declaration as a message names it: `String? { get set }`, `(Int) -> Void`.
  private nonisolated static func declaration(of member: MemberDecl) -> String {
    guard let property = member.property else { return signature(of: member) }
    return signature(of: member) + (property.isSettable ? " { get set }" : " { get }")
  }

  /// A registration as a message names it, as ``declaration(of:)`` does.
  private nonisolated static func registration(of entry: MemberEntry) -> String {
    guard case .property = entry.kind else { return signature(of: entry) }
    return signature(of: entry) + (entry.isSettable ? " { get set }" : " { get }")
  }

  /// A problem of one table entry, sorted by table and entry for a stable listing (tables are
  /// dictionaries), in the order found within one entry.
  private struct TableProblem {
    let table: String
    let entry: String
    let text: String

    static func sorted(_ problems: [TableProblem]) -> [String] {
      if problems.isEmpty { return [] }
      return problems.enumerated().sorted { lhs, rhs in
        (lhs.element.table, lhs.element.entry, lhs.offset) < (
          rhs.element.table, rhs.element.entry, rhs.offset
        )
      }.map(\.element.text)
    }
  }

  /// Every protocol's own members by base name, each with the protocol that declares it: what a
  /// type table's entries are looked up in. Built by one pass over the declared members.
  private struct DeclaredMembers {
    private var byName: [String: [(member: MemberDecl, origin: String)]] = [:]

    init(_ graph: AppGraph) {
      for name in graph.protocolNames {
        guard let info = graph.protocols[name] else { continue }
        // Inherited members are their ancestors' own, listed with them.
        for (member, origin) in zip(info.members, info.origins) where origin == name {
          byName[member.name, default: []].append((member, name))
        }
      }
    }

    /// The declarations of a full name (`title`, `highlight(range:animated:)`).
    func members(fullName: String) -> [(member: MemberDecl, origin: String)] {
      guard let candidates = byName[MemberDecl.baseName(of: fullName)] else { return [] }
      return candidates.filter { $0.member.fullName == fullName }
    }

    /// Every declared full name, once each, for a did-you-mean.
    func fullNames() -> [String] {
      var seen: Set<String> = []
      var names: [String] = []
      for candidates in byName.values {
        for candidate in candidates where seen.insert(candidate.member.fullName).inserted {
          names.append(candidate.member.fullName)
        }
      }
      return names.sorted()
    }
  }
}
