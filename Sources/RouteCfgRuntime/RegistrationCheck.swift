import RouteCfgCore

/// Compares registrations with a validated manifest and lists every mismatch.
@MainActor
struct RegistrationCheck {
  let graph: AppGraph
  let registrations: Registrations

  func problems() -> [String] {
    // One pass over the modules (their names are unique) finds each factory once; the problems
    // are listed missing factories first, then unknown ones, modules registered twice and
    // unknown protocols, then each module's, then the tables' own.
    var problems: [String] = []
    var moduleProblems: [String] = []
    var typeNames = TypeNameCache(aliases: registrations.typeAliases, protocols: graph.protocols.keys)
    // The entries of each type table the modules' members were compared with.
    var comparedEntries: [ObjectIdentifier: Set<String>] = [:]
    var matched = 0
    for name in graph.moduleNames {
      guard let factory = registrations.factories[NameKey(name)] else {
        problems.append(
          "module '\(name)' has no factory; register it with view(_:_:make:) or service(_:_:make:)")
        continue
      }
      matched += 1
      // `module(_:kind:make:)` with the kind the manifest does not give the module (a typed
      // `view(...)` of a service stays legal: it is how a service whose type is not `Sendable` is
      // registered, made on the main actor).
      if factory.kind == .view, factory.type == nil, !factory.isStandIn, graph.modules[name]?.kind == .service
      {
        moduleProblems.append(
          "module '\(name)' is a service; register it with module(_:kind: .service, make:)")
      }
      // The module is read only for what can be wrong: a service factory for a view, and the
      // members of a type that does not answer them itself (a recording mock does, and reports a
      // method the runtime cannot call when it is called).
      guard factory.kind == .service || !factory.describesItsMembers, let module = graph.modules[name]
      else { continue }
      if module.kind == .view, factory.kind == .service {
        moduleProblems.append(
          "module '\(name)' is a view; register it with "
            + (factory.type == nil
              ? "module(_:kind: .view, make:)" : "view(_:_:make:), which runs on the main actor"))
      }
      moduleProblems += memberProblems(
        module, factory: factory, typeNames: &typeNames, comparedEntries: &comparedEntries)
    }
    if matched < registrations.factories.count {
      for name in registrations.factories.keys.map(\.name).filter({ graph.modules[$0] == nil }).sorted() {
        let hint = closestName(to: name, among: graph.moduleNames).map { "; did you mean '\($0)'?" } ?? ""
        problems.append("a factory is registered for '\(name)', which the manifest does not declare\(hint)")
      }
    }
    problems += registeredTwiceProblems()
    problems += unknownProxyProblems()
    let protocolTables = protocolTableProblems(typeNames: &typeNames)
    problems += protocolTables.unknown
    problems += moduleProblems
    problems += protocolTables.entries
    problems += typeTableProblems(comparedEntries: comparedEntries, typeNames: &typeNames)
    problems += proxyProblems()
    problems += uncallableCrossingProblems()
    problems += conversionProblems()
    return problems
  }

  /// The methods the dynamic runtime cannot call (async, or of more arguments than it passes) of
  /// a protocol whose values are made at an adapter, such as a delegate protocol no module
  /// provides: a proxy of it would have to call them through the object it wraps, so they fail
  /// here, at build, rather than when the first value crosses. A protocol a module provides is
  /// reported with that module's members; values handed to modules that answer members
  /// themselves (recording mocks) are not, as their own such members are not: the rest of the
  /// manifest can still be tested with them.
  private func uncallableCrossingProblems() -> [String] {
    // Most manifests have no such method: one pass over the crossed adapters' pairings settles it.
    let crossedInto = Self.protocolsCrossedIntoWithUncallableMethods(graph.adapters)
    if crossedInto.isEmpty { return [] }
    let limited = crossedInto.subtracting(graph.modules.values.flatMap(\.provides))
    if limited.isEmpty { return [] }
    // Where values become each of them, at adapters whose provider is not answered by mocks only.
    let sites = crossingSites { !isProvidedOnlyBySelfDescribingObjects($0.to) }
    var problems: [String] = []
    for name in limited.sorted() {
      guard let site = sites[name], let info = graph.protocols[name] else { continue }
      for member in info.members {
        guard let limitation = member.method?.dynamicCallLimitation else { continue }
        problems.append(
          "'\(name).\(member.fullName)' \(limitation), and values of '\(name)' are made at an adapter "
            + "(\(site)); use generated code")
      }
    }
    return problems
  }

  /// Every member of every protocol the module provides must be in its type's table (or, for a
  /// factory registered without a type, in the provided protocols' tables), with the declared
  /// type, settable when declared settable. The type table's entries compared are added to
  /// `comparedEntries`, under the table's key.
  private func memberProblems(
    _ module: ModuleInfo, factory: Registrations.Factory, typeNames: inout TypeNameCache,
    comparedEntries: inout [ObjectIdentifier: Set<String>]
  ) -> [String] {
    // Objects that answer members themselves need no table.
    if factory.describesItsMembers { return [] }
    // Spelled only for a message.
    let typeName = { factory.type.map { String(describing: $0) } }
    var members: [(MemberDecl, String, String)] = []
    // A protocol's members are each listed once; only several protocols can repeat one.
    var seen: Set<String>? = module.provides.count > 1 ? [] : nil
    for provided in module.provides {
      guard let info = graph.protocols[provided] else { continue }
      for (member, origin) in zip(info.members, info.origins) {
        if seen?.insert(member.fullName).inserted == false { continue }
        members.append((member, origin, provided))
      }
    }
    if members.isEmpty { return [] }
    let keyedTable = factory.type.flatMap { registrations.keyedTable(for: $0) }
    let typeTable = keyedTable?.table
    guard typeTable != nil || module.provides.contains(where: { registrations.protocolTables[$0] != nil })
    else {
      guard let type = typeName() else {
        // Registered without a type (`module(_:kind:make:)`): its members come from protocol tables.
        // A protocol with members to register (the first provided one may be a marker).
        let first =
          module.provides.first { graph.protocols[$0]?.members.isEmpty == false } ?? module.provides.first
          ?? ""
        return [
          "module '\(module.name)' has no member table; register the members of what it provides with "
            + "members(of: (any \(first)).self, as: \"\(first)\")"
        ]
      }
      return [
        "'\(type)' (module '\(module.name)') has no member table; register its members with members(of:_:)"
      ]
    }
    var problems: [String] = []
    var compared: Set<String> = []
    for (member, origin, provided) in members {
      // Message text is only built for a problem.
      let owner = {
        (typeName().map { "'\($0).\(member.fullName)'" } ?? "'\(member.fullName)' of module '\(module.name)'")
          + " (from '\(origin)')"
      }
      let fullName = member.fullName
      let typeEntry = typeTable?.entries[fullName]
      let entry =
        typeEntry ?? registrations.protocolTables[provided]?.entries[fullName]
        ?? registrations.protocolTables[origin]?.entries[fullName]
      // A method the dynamic runtime cannot call: its reason, in place of (or beside) the table's.
      let uncallable = member.method?.dynamicCallLimitation.map { "\(owner()) \($0); use generated code" }
      guard let entry else {
        // A type's own table when it has one (it has a type then), else the protocol's.
        let table = typeTable == nil ? provided : typeName() ?? provided
        problems.append(uncallable ?? "\(owner()) is missing from the member table of '\(table)'")
        continue
      }
      // A protocol table's entries are compared with their declarations once, with the table
      // (protocolTableProblems), however many modules they serve.
      if typeEntry != nil {
        compared.insert(fullName)
        for mismatch in Self.mismatches(of: entry, as: member, typeNames: &typeNames) {
          problems.append("\(owner()) \(mismatch)")
        }
      }
      if let uncallable, case .method = entry.kind { problems.append(uncallable) }
    }
    if let key = keyedTable?.key, !compared.isEmpty { comparedEntries[key, default: []].formUnion(compared) }
    return problems
  }

  /// What is wrong with `entry` as the registration of `member`, each as the rest of a sentence
  /// whose subject names the entry ("is registered as 'String', declared 'Int'"); empty when it
  /// matches. The one comparison of a registration with its declaration, for a module's members,
  /// a protocol's table and a delegate class's table alike. Nonisolated, with a plain loop, so
  /// that nothing in it checks the executor per parameter.
  nonisolated static func mismatches(
    of entry: MemberEntry, as member: MemberDecl, typeNames: inout TypeNameCache
  ) -> [String] {
    switch (member.kind, entry.kind) {
    case (.property(let property), .property(_, let set)):
      var found: [String] = []
      if !typeNames.matches(entry.valueType, property.type) {
        let registered = SwiftTypeName.of(entry.valueType)
        found.append(
          "is registered as '\(registered)', declared '\(property.type)'"
            + aliasHint(declared: property.type, registered: entry.valueType, typeNames: typeNames)
            + attributeHint(registered: registered))
      }
      if property.isSettable, set == nil {
        found.append("is settable but registered read-only (a read-only key path, or no 'set:' closure)")
      }
      return found
    case (.method(let method), .method(_, let parameterTypes, let resultType)):
      // A throwing registration of a member declared without `throws` would throw where no
      // caller of the member expects it to.
      var matches =
        method.parameters.count == parameterTypes.count && typeNames.matches(resultType, method.result)
        && (method.isThrowing || !entry.isThrowing)
      var index = 0
      while matches, index < parameterTypes.count {
        matches = typeNames.matches(parameterTypes[index], method.parameters[index].type)
        index += 1
      }
      if matches { return [] }
      let (registered, declared) = (signature(of: entry), signature(of: member))
      let names = method.parameters.flatMap(\.type.namedTypes) + method.result.namedTypes
      return [
        "is registered as '\(registered)', declared '\(declared)'"
          + nestedAliasHint(declared: declared, names: names, registered: registered)
      ]
    default:
      return ["is registered as a \(member.isProperty ? "method" : "property")"]
    }
  }

  /// For a declared type that is one name (`NoteID`, `NoteID?`) registered as another plain
  /// type, what to do: for a protocol the manifest declares, register the member as the
  /// protocol's type (` (register it as 'any Store', the protocol's type, not a type that
  /// conforms to it)`); for a name of the app's own, say that it stands for that type
  /// (` (if 'NoteID' is a type alias, register it: 'registrations.typeAlias("NoteID", for:
  /// Int.self)')`). Empty otherwise.
  nonisolated static func aliasHint(declared: TypeRef, registered: Any.Type, typeNames: TypeNameCache)
    -> String
  {
    let name: String
    var spelled = SwiftTypeName.of(registered)
    let optional: Bool
    switch declared {
    case .named(let written):
      (name, optional) = (written, false)
    case .optional(.named(let written)) where spelled.hasSuffix("?"):
      (name, optional) = (written, true)
      spelled.removeLast()
    default:
      return nestedAliasHint(declared: declared.description, names: declared.namedTypes, registered: spelled)
    }
    guard !TypeRef.isStandardTypeName(name), !name.contains("."), spelled != name,
      spelled.allSatisfy(SwiftTypeName.isNameCharacter)
    else { return "" }
    if typeNames.protocols.contains(name) {
      return " (register it as '\(optional ? "(any \(name))?" : "any \(name)")', the protocol's type, not a "
        + "type that conforms to it; its Swift protocol must be named '\(name)')"
    }
    return " (if '\(name)' is a type alias, register it: 'registrations.typeAlias(\"\(name)\", for: "
      + "\(spelled).self)')"
  }

  /// ``aliasHint(declared:registered:typeNames:)`` for names of the app's own inside a declared
  /// type (`[NoteID]`, `(NoteID) -> Bool`) that the registered spelling writes as other types
  /// where the rest agrees (`[Int]`): ` (if 'NoteID' is a type alias, register it:
  /// 'registrations.typeAlias("NoteID", for: Int.self)')`. Empty when the spellings differ
  /// elsewhere too, or the names are standard or qualified.
  nonisolated static func nestedAliasHint(declared: String, names: [String], registered: String) -> String {
    let appNames = Set(names.filter { !TypeRef.isStandardTypeName($0) && !$0.contains(".") })
    // A few names in a short type: the match tries the places each name may end.
    guard !appNames.isEmpty, appNames.count <= 4, registered.count <= 200 else { return "" }
    // The declared spelling as pieces: the text between app names, and the names.
    var pieces: [AliasPattern.Piece] = []
    var word = ""
    func flush() {
      guard !word.isEmpty else { return }
      pieces.append(appNames.contains(word) ? .name(word) : .text(word))
      word = ""
    }
    for character in declared {
      if character.isLetter || character.isNumber || character == "_" || character == "." {
        word.append(character)
      } else {
        flush()
        pieces.append(.text(String(character)))
      }
    }
    flush()
    guard let bound = AliasPattern(pieces).match(Array(registered)) else { return "" }
    let hints = bound.filter { $0.name != $0.type }.map {
      "'registrations.typeAlias(\"\($0.name)\", for: \($0.type).self)'"
    }
    guard !hints.isEmpty else { return "" }
    let named =
      hints.count == 1
      ? "'\(bound.first { $0.name != $0.type }?.name ?? "")' is a type alias, register it"
      : "these are type aliases, register them"
    return " (if \(named): \(hints.joined(separator: ", ")))"
  }

  /// For a registered type with a function attribute a manifest cannot write (`@Sendable`,
  /// `@MainActor`), whose values do not cast to the plain type, what to do. Empty otherwise.
  nonisolated static func attributeHint(registered: String) -> String {
    guard registered.contains("@") else { return "" }
    return " (a manifest cannot write a closure's '@Sendable' or '@MainActor': declare the Swift member "
      + "with the manifest's plain type, or forward it through generated code)"
  }

  /// A registered member's type as the manifest writes it: a property's type, or a method's
  /// `(String, Bool) -> Bool`.
  nonisolated static func signature(of entry: MemberEntry) -> String {
    guard case .method(_, let parameterTypes, let resultType) = entry.kind else {
      return SwiftTypeName.of(entry.valueType)
    }
    return "(" + parameterTypes.map(SwiftTypeName.of).joined(separator: ", ")
      + (entry.isThrowing ? ") throws -> " : ") -> ") + SwiftTypeName.of(resultType)
  }

  /// A declared member's type: a property's type, or a method's `(String, Bool) -> Bool`.
  nonisolated static func signature(of member: MemberDecl) -> String {
    switch member.kind {
    case .property(let property): return property.type.description
    case .method(let method):
      return "(" + method.parameters.map(\.type.description).joined(separator: ", ")
        + (method.isThrowing ? ") throws -> " : ") -> ") + "\(method.result)"
    }
  }

  /// Protocols whose values cross an adapter need a proxy that makes a Swift value of them.
  private func proxyProblems() -> [String] {
    // The validator marked the adapters values cross; where they cross is only worked out, from
    // the pairings, when a proxy is missing.
    // Every protocol the validator can mark crossed is declared.
    guard registrations.declaredProtocolsProxy == nil,
      Self.isProxyMissing(adapters: graph.adapters, proxies: registrations.proxies)
    else { return [] }
    let sites = crossingSites()
    return sites.keys.sorted().filter { registrations.proxies[NameKey($0)] == nil }.compactMap { name in
      sites[name].map {
        "values of '\(name)' cross an adapter (\($0)); register a proxy with proxy(for: \"\(name)\")"
      }
    }
  }

  /// The protocols values become at an adapter whose members there include a method the
  /// dynamic runtime cannot call: `adapt` for an adapter crossed forward, `to` for one crossed in
  /// reverse, read from the pairings of that direction. A plain loop outside the main actor, as
  /// ``isProxyMissing(adapters:proxies:)``.
  private nonisolated static func protocolsCrossedIntoWithUncallableMethods(_ adapters: [AdapterInfo]) -> Set<
    String
  > {
    var names: Set<String> = []
    for index in adapters.indices {
      if adapters[index].isCrossedForward, hasUncallable(adapters[index].forward) {
        names.insert(adapters[index].adapt)
      }
      if adapters[index].isCrossedInReverse, hasUncallable(adapters[index].reverse) {
        names.insert(adapters[index].to)
      }
    }
    return names
  }

  /// Read in place, by index: a pairing copied out of the array retains and releases each of
  /// its names, which at 5,000 modules cost a registry build 2-5 ms.
  private nonisolated static func hasUncallable(_ pairings: [MemberPairing]) -> Bool {
    pairings.withUnsafeBufferPointer { buffer in
      for index in buffer.indices where buffer[index].isDynamicallyUncallable { return true }
      return false
    }
  }

  /// `true` when a protocol that values become at an adapter has no proxy. A plain loop outside
  /// the main actor: a closure formed in the main-actor check is isolated to it and checks the
  /// executor on each call, which costs more than the lookup (a registry checks every adapter).
  private nonisolated static func isProxyMissing(
    adapters: [AdapterInfo], proxies: [NameKey: Registrations.ProxyMaker]
  ) -> Bool {
    for index in adapters.indices {
      let crossed = protocolsCrossing(adapters, at: index)
      if let forward = crossed.forward, proxies[NameKey(forward)] == nil { return true }
      if let reverse = crossed.reverse, proxies[NameKey(reverse)] == nil { return true }
    }
    return false
  }

  /// The protocols the validator found values becoming: `adapt` for an adapter crossed forward,
  /// `to` for one crossed in reverse. Includes every protocol of ``crossingSites()``.
  func protocolsCrossingAdapters() -> Set<String> {
    var names: Set<String> = []
    let adapters = graph.adapters
    for index in adapters.indices {
      let crossed = Self.protocolsCrossing(adapters, at: index)
      if let forward = crossed.forward { names.insert(forward) }
      if let reverse = crossed.reverse { names.insert(reverse) }
    }
    return names
  }

  /// The protocol values become when they cross adapter `index` forward (its `adapt`) and in
  /// reverse (its `to`), each `nil` unless the validator marked that direction crossed. Read by
  /// index, the two marks and names only: handing each adapter over whole would copy it (its
  /// pairings and names) for every one of thousands of adapters.
  private nonisolated static func protocolsCrossing(_ adapters: [AdapterInfo], at index: Int) -> (
    forward: String?, reverse: String?
  ) {
    (
      adapters[index].isCrossedForward ? adapters[index].adapt : nil,
      adapters[index].isCrossedInReverse ? adapters[index].to : nil
    )
  }

  /// For each protocol whose values a member pairing converts into, the first pairing that does,
  /// spelled for a message. `markedOnly` reads only the pairings the validator marked as crossing
  /// (`false` reads them all, to test the marks); only the pairings of the adapters `included`.
  func crossingSites(markedOnly: Bool = true, at included: (AdapterInfo) -> Bool = { _ in true }) -> [String:
    String]
  {
    var needed: [String: String] = [:]
    for adapter in graph.adapters where included(adapter) {
      collect(
        adapter, facade: adapter.adapt, target: adapter.to, pairings: adapter.forward, markedOnly: markedOnly,
        into: &needed)
      collect(
        adapter, facade: adapter.to, target: adapter.adapt, pairings: adapter.reverse, markedOnly: markedOnly,
        into: &needed)
    }
    return needed
  }

  private func collect(
    _ adapter: AdapterInfo, facade: String, target: String, pairings: [MemberPairing], markedOnly: Bool,
    into needed: inout [String: String]
  ) {
    guard let facadeInfo = graph.protocols[facade] else { return }
    // The validator marked the pairings whose values change protocol on the way.
    for pairing in pairings where pairing.crossesAdapter || !markedOnly {
      guard let member = facadeInfo.member(named: pairing.memberName),
        let owner = ownerInfo(through: pairing.stepsBeforeTarget, from: target),
        let targetMember = owner.member(named: pairing.targetName)
      else { continue }
      // Where the crossing happens, for the message; built only when a proxy is found missing.
      let site = { "'\(facade).\(member.fullName)' to '\(target).\(pairing.path.joined(separator: "."))'" }
      switch (member.kind, targetMember.kind) {
      case (.property(let property), .property(let targetProperty)):
        note(from: targetProperty.type, to: property.type, site: site, into: &needed)
        if property.isSettable {
          note(from: property.type, to: targetProperty.type, site: site, into: &needed)
        }
      case (.method(let method), .method(let targetMethod)):
        for (parameter, targetParameter) in zip(method.parameters, targetMethod.parameters) {
          note(from: parameter.type, to: targetParameter.type, site: site, into: &needed)
        }
        note(from: targetMethod.result, to: method.result, site: site, into: &needed)
      default: continue
      }
    }
  }

  /// The protocol that declares the member a key path ends at, reached from `root` through `steps`.
  private func ownerInfo(through steps: ArraySlice<String>, from root: String) -> ProtocolInfo? {
    var current = graph.protocols[root]
    for step in steps {
      guard let type = current?.member(named: step)?.property?.type,
        case .named(let name) = type.unwrappedOptional ?? type
      else { return nil }
      current = graph.protocols[name]
    }
    return current
  }

  /// Records the protocols a value of `source` must become to be used as `destination`.
  private func note(
    from source: TypeRef, to destination: TypeRef, site: () -> String, into needed: inout [String: String]
  ) {
    switch (source, destination) {
    case (.optional(let inner), .optional(let target)), (.optional(let inner), let target),
      (let inner, .optional(let target)),
      (.array(let inner), .array(let target)):
      note(from: inner, to: target, site: site, into: &needed)
    case (.named(let sourceName), .named(let destinationName)):
      guard sourceName != destinationName, let info = graph.protocols[sourceName],
        graph.protocols[destinationName] != nil,
        !info.conforms(to: destinationName), needed[destinationName] == nil
      else { return }
      needed[destinationName] = site()
    default:
      return
    }
  }
}

/// The manifest spellings of the runtime and declared types a check compares, and whether they
/// match, each worked out once: a registry of thousands of modules shares a handful of member
/// types.
struct TypeNameCache {
  private struct Pair: Hashable {
    let type: ObjectIdentifier
    let declared: TypeRef
  }

  /// The app's type aliases (``Registrations/typeAlias(_:for:)``).
  let aliases: [String: String]
  /// The protocols the manifest declares, for advice on a mismatch: the graph's keys, read in
  /// place (a set of them cost a tenth of a registry build, for advice rarely given).
  let protocols: Dictionary<String, ProtocolInfo>.Keys
  private var runtimeNames: [ObjectIdentifier: String] = [:]
  private var declaredNames: [TypeRef: String] = [:]
  private var answers: [Pair: Bool] = [:]

  init(aliases: [String: String], protocols: Dictionary<String, ProtocolInfo>.Keys) {
    self.aliases = aliases
    self.protocols = protocols
  }

  /// `true` when the Swift type is the manifest type (``SwiftTypeName/matches(_:_:)``).
  mutating func matches(_ type: Any.Type, _ declared: TypeRef) -> Bool {
    let pair = Pair(type: ObjectIdentifier(type), declared: declared)
    if let answer = answers[pair] { return answer }
    let answer = SwiftTypeName.keysMatch(runtime: name(of: type), declared: name(of: declared))
    answers[pair] = answer
    return answer
  }

  private mutating func name(of type: Any.Type) -> String {
    let key = ObjectIdentifier(type)
    if let name = runtimeNames[key] { return name }
    let name = SwiftTypeName.runtimeKey(type)
    runtimeNames[key] = name
    return name
  }

  private mutating func name(of declared: TypeRef) -> String {
    if let name = declaredNames[declared] { return name }
    let name = SwiftTypeName.declaredKey(declared, aliases: aliases)
    declaredNames[declared] = name
    return name
  }
}

/// A declared type's spelling with the app's names in it left open, matched against a
/// registered type's spelling: what each name stands for there (`[NoteID]` against `[Int]`:
/// `NoteID` is `Int`), the same name the same type each time.
struct AliasPattern {
  enum Piece {
    case text(String)
    case name(String)
  }

  let pieces: [Piece]

  init(_ pieces: [Piece]) { self.pieces = pieces }

  /// Each name with the text it stands for, in the order first written; `nil` when the
  /// spellings do not match.
  func match(_ written: [Character]) -> [(name: String, type: String)]? {
    var bound: [(name: String, type: String)] = []
    return match(piece: 0, at: 0, written, &bound) ? bound : nil
  }

  private func match(
    piece: Int, at offset: Int, _ written: [Character], _ bound: inout [(name: String, type: String)]
  ) -> Bool {
    guard piece < pieces.count else { return offset == written.count }
    switch pieces[piece] {
    case .text(let text):
      let characters = Array(text)
      guard written[offset...].starts(with: characters) else { return false }
      return match(piece: piece + 1, at: offset + characters.count, written, &bound)
    case .name(let name):
      if let type = bound.first(where: { $0.name == name })?.type {
        let characters = Array(type)
        guard written[offset...].starts(with: characters) else { return false }
        return match(piece: piece + 1, at: offset + characters.count, written, &bound)
      }
      // The shortest text that lets the rest match, as a name stands for one type.
      for end in (offset + 1)..<(written.count + 1) {
        bound.append((name, String(written[offset..<end])))
        if match(piece: piece + 1, at: end, written, &bound) { return true }
        bound.removeLast()
      }
      return false
    }
  }
}
