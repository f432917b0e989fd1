/// What one manifest file declares, before it is merged with the others.
struct ManifestFragment: Sendable {
  var version: Located<Int>?
  var app: Located<String>?
  var scheme: Located<String>?
  var fallback: Located<String>?
  var includes: [Located<String>] = []
  var protocols: [ProtocolDecl] = []
  var modules: [ModuleDecl] = []
  var adapters: [AdapterDecl] = []
  var bindings: [BindingDecl] = []
  var variants: [VariantDecl] = []
  /// See ``Manifest/repeatedProtocolNames``.
  var repeatedProtocolNames: [Located<String>] = []
  /// See ``Manifest/repeatedBindings``: here, those a `bindings` mapping repeats and those of a
  /// variant whose name is invalid.
  var repeatedBindings: [BindingDecl] = []
  /// See ``Manifest/variantsHaveErrors``.
  var variantsHaveErrors = false
  /// See ``Manifest/unreadVariantNames``.
  var unreadVariantNames: [Located<String>] = []
  /// `true` when declarations are missing from the manifest, as a file's that cannot be found
  /// are: an `include` value or entry could not be read (reported), so the files it names are
  /// not loaded, or the file's root is a list or a scalar, whose content is not read.
  var isIncomplete = false
}

/// Reads one file's YAML tree into a ``ManifestFragment`` with strict shapes: unknown keys,
/// wrong shapes, nulls and invalid names are reported and left out.
struct ManifestDecoder {
  static let rootKeys = [
    "routecfg", "app", "scheme", "include", "fallback", "protocols", "modules", "adapters", "bindings",
    "variants",
  ]
  static let rootOnlyKeys: Set<String> = ["app", "scheme", "fallback", "variants"]
  /// The keys of an included file: the root's, but those only the root holds.
  static let includedFileKeys = rootKeys.filter { !rootOnlyKeys.contains($0) }
  static let moduleKeys = ["kind", "provides", "requires", "parameters", "routes"]
  static let adapterKeys = ["adapt", "to", "map"]
  static let protocolKeys = ["inherits", "members"]
  static let variantKeys = ["bindings"]

  var reader: NodeReader
  /// The reader's document, held here as well: read from `reader.document` while `reader` is
  /// borrowed (`&reader.diagnostics`), it would be copied for each such call.
  let document: YAMLDocument
  let isRoot: Bool
  /// `true` when the `protocols` section is decoded beside the other keys (large files).
  let usesThreads: Bool
  /// Protocol bodies already parsed while the file was read.
  let prepared: PreparedMembers
  /// Bindings a `bindings` mapping repeats, and those of a variant whose name is invalid
  /// (``ManifestFragment/repeatedBindings``).
  private var repeatedBindings: [BindingDecl] = []
  /// Bodies parsed here, by node: an alias (`B: *body`) is the anchored body itself, whose
  /// members are parsed, and its problems reported, once.
  private var parsedBodies: [YAMLNodeID: (members: MemberList, isWhole: Bool)] = [:]
  /// Keeps the members, type references and method parameters of the bodies this decoder reads
  /// together, and its modules' parameter types.
  private var writer = BodyWriter.manyBodies

  init(
    document: YAMLDocument, isRoot: Bool, diagnosticLimit: Int? = DiagnosticBag.defaultLimit,
    threads: ThreadUse = .forLargeInputs, prepared: PreparedMembers = PreparedMembers()
  ) {
    self.reader = NodeReader(document: document, diagnosticLimit: diagnosticLimit)
    self.document = document
    self.isRoot = isRoot
    self.usesThreads = threads.splitsDecoding(document)
    self.prepared = prepared
  }

  /// Decodes the file; diagnostics are in `reader.diagnostics`.
  mutating func decode() -> ManifestFragment {
    let fragment = decodeSections()
    reader.reportUnsupportedSyntax()
    return fragment
  }

  /// ``decode()`` but for what is reported wherever it is written, read or not.
  private mutating func decodeSections() -> ManifestFragment {
    var fragment = ManifestFragment()
    // A document of a null alone (`---`, `~`) declares nothing, as an empty file does: no check
    // waits for what it might have declared.
    guard let root = document.root, !reader.isNull(root) || document.tag(of: root) != nil else {
      let what = document.root == nil ? "is empty" : "holds only a null value"
      reader.diagnostics.report(
        .rootNotMapping,
        isRoot
          ? "the file \(what); a manifest starts with 'routecfg: 1'"
          : "the included file \(what); declare its 'protocols', 'modules', 'adapters', 'bindings' or "
            + "'include', or remove it from 'include'",
        at: .startOf(document.file))
      // An empty root declares no variants, as one that is not a mapping declares none.
      fragment.variantsHaveErrors = isRoot
      return fragment
    }
    guard document.kind(of: root) == .mapping else {
      reader.diagnostics.report(
        .rootNotMapping,
        "a manifest is a mapping of keys ('routecfg', 'protocols', 'modules'...), not \(NodeReader.describe(root, in: reader.document))",
        at: reader.document.location(of: root))
      // What the file holds is unknown: the checks it could change wait, and the summary says
      // so, as for a file that is not YAML (the root manifest's too).
      fragment.isIncomplete = true
      // A root's `variants` are not read either.
      fragment.variantsHaveErrors = isRoot
      return fragment
    }
    // The protocols are decoded last: their first part on this thread after the other keys, the
    // rest on another thread meanwhile, after the adapters (``protocolsSplit(_:adapters:root:)``).
    // Keys repeated in a mapping were left out when reading, so there is at most one of each.
    func entry(_ name: String) -> (key: YAMLNodeID, value: YAMLNodeID)? {
      document.entries(of: root).first { entry in
        document.kind(of: entry.key) == .scalar && document.value(of: entry.key) == name
      }
    }
    let protocolsEntry = entry("protocols")
    let adaptersEntry = usesThreads ? entry("adapters") : nil
    let split =
      protocolsEntry.map { protocolsSplit($0.value, adapters: adaptersEntry?.value, root: root) } ?? 0
    var alongside = ManifestDecoder(
      document: document, isRoot: isRoot, diagnosticLimit: reader.diagnostics.limit, prepared: prepared)
    var adapters: [AdapterDecl]?
    var misspelt = MisspeltKeys()
    // Each thread writes its protocols in place in the one array (``TwoPartArray``).
    var protocols = TwoPartArray.build(capacity: protocolCapacity(protocolsEntry?.value), split: split) {
      head, tail in
      ForkJoin.run(
        {
          for (keyID, valueID) in document.entries(of: root) {
            guard let key = reader.key(keyID) else { continue }
            if !isRoot, Self.rootOnlyKeys.contains(key.value) {
              reader.diagnostics.report(
                .rootOnlyKey,
                "'\(key.value)' belongs to the root manifest, not to an included file; move it there",
                at: key.location)
              continue
            }
            if keyID == protocolsEntry?.key || keyID == adaptersEntry?.key { continue }
            decodeRootEntry(
              key, valueID, into: &fragment, of: document.entries(of: root), misspelt: &misspelt)
          }
          if let protocolsEntry { self.protocols(protocolsEntry.value, upTo: split, into: &head) }
        },
        alongside: {
          if let adaptersEntry { adapters = alongside.adapters(adaptersEntry.value) }
          if let protocolsEntry { alongside.protocols(in: protocolsEntry.value, from: split, into: &tail) }
        }, inParallel: usesThreads)
    }
    if let adapters { fragment.adapters = adapters }
    if let protocolsEntry { markRepeatedProtocols(in: &protocols, of: protocolsEntry.value) }
    // Without a 'protocols' key, a misspelt one may have been read as it.
    if protocolsEntry != nil { fragment.protocols = protocols }
    reader.diagnostics.append(contentsOf: alongside.reader.diagnostics)
    fragment.repeatedProtocolNames = reader.repeatedNames + alongside.reader.repeatedNames
    fragment.repeatedBindings = repeatedBindings
    if isRoot, fragment.version == nil, !misspelt.wasRead(as: "routecfg"),
      !document.entries(of: root).contains(where: { document.value(of: $0.key) == "routecfg" }),
      !reader.hasMergeKey(document.entries(of: root))
    {
      reader.diagnostics.report(
        .missingKey, "the manifest has no 'routecfg' key; add 'routecfg: 1' as its first line",
        at: reader.location(root))
    }
    return fragment
  }

  private mutating func decodeRootEntry(
    _ key: Located<String>, _ value: YAMLNodeID, into fragment: inout ManifestFragment,
    of entries: YAMLEntries,
    misspelt: inout MisspeltKeys
  ) {
    // An included file is offered only the keys it may hold: a root-only key would be RC0208.
    guard !decodeRootEntry(key.value, value, into: &fragment),
      let meant = reader.readUnknownKey(
        key, in: "the manifest", known: isRoot ? Self.rootKeys : Self.includedFileKeys, of: entries,
        misspelt: &misspelt)
    else { return }
    decodeRootEntry(meant, value, into: &fragment)
  }

  /// Reads the root's `key`; `false` for a key the manifest format does not have.
  @discardableResult
  private mutating func decodeRootEntry(
    _ key: String, _ value: YAMLNodeID, into fragment: inout ManifestFragment
  )
    -> Bool
  {
    switch key {
    case "routecfg": fragment.version = version(value)
    case "app":
      if let name = reader.string(value, key: "app", expected: "a name", nullHint: "write 'app: MyApp'") {
        fragment.app = reader.declaredName(name, what: "app")
      }
    case "scheme": fragment.scheme = scheme(value)
    case "include":
      includeList(value, into: &fragment)
    case "fallback":
      fragment.fallback = reader.string(
        value, key: "fallback", expected: "a module name", nullHint: "name a module or remove the key")
    case "protocols": fragment.protocols = protocols(value)
    case "modules": fragment.modules = modules(value)
    case "adapters": fragment.adapters = adapters(value)
    case "bindings": fragment.bindings = bindings(value, key: "bindings")
    case "variants":
      (fragment.variants, fragment.variantsHaveErrors, fragment.unreadVariantNames) = variants(value)
    default: return false
    }
    return true
  }

  // MARK: Root scalars

  private mutating func version(_ id: YAMLNodeID) -> Located<Int>? {
    guard
      let text = reader.string(id, key: "routecfg", expected: "the number 1", nullHint: "write 'routecfg: 1'")
    else { return nil }
    let node = document[id]
    // A lone plain item in brackets (`routecfg: [1]`) was reported and is read as the item.
    if node.kind == .scalar, node.style != .plain {
      reader.diagnostics.report(
        .unsupportedVersion,
        "'routecfg' must be the plain number 1, not the string '\(TextFormatter.brief(text.value, limit: 20))'; "
          + (node.style == .literal || node.style == .folded
            ? "write 'routecfg: 1' on one line" : "remove the quotes"),
        at: text.location)
      return nil
    }
    guard text.value == "1" else {
      reader.diagnostics.report(
        .unsupportedVersion,
        "unsupported manifest format version '\(text.value)'; this routecfg reads version 1: "
          + "write 'routecfg: 1'",
        at: text.location)
      return nil
    }
    return Located(1, at: text.location)
  }

  private mutating func scheme(_ id: YAMLNodeID) -> Located<String>? {
    guard
      let text = reader.string(
        id, key: "scheme", expected: "a URL scheme", nullHint: "write 'scheme: myapp' or remove the key")
    else { return nil }
    if text.value.hasSuffix("://") || text.value.hasSuffix(":") {
      let bare = text.value.prefix { $0 != ":" }
      reader.diagnostics.report(
        .invalidValue, "write the scheme without ':' or '://': 'scheme: \(bare)'", at: text.location)
      return nil
    }
    let scalars = Array(text.value.unicodeScalars)
    let valid =
      scalars.first.map(Self.isASCIILetter) == true
      && scalars.allSatisfy {
        Self.isASCIILetter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)
      }
    guard valid else {
      reader.diagnostics.report(
        .invalidValue,
        "'\(text.value)' is not a URL scheme; a scheme starts with a letter followed by letters, "
          + "digits, '+', '-' or '.'",
        at: text.location)
      return nil
    }
    return text
  }

  private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }

  /// The include entries. A value or entry that is not read although it names something (a
  /// wrong shape: `include: {a: a.yaml}`) names files the manifest then lacks, and marks the
  /// fragment ``ManifestFragment/isIncomplete``; an empty one (`""`, `~`, `{}`) names none.
  private mutating func includeList(_ id: YAMLNodeID, into fragment: inout ManifestFragment) {
    guard let items = reader.list(id, key: "include", expected: "a list of file paths", scalarIsItsItem: true)
    else {
      if namesSomething(id) { fragment.isIncomplete = true }
      return
    }
    // An entry an alias wrote is reported (a file loaded twice, say) at the alias.
    let written = document.writtenLocations(ofItems: id)
    fragment.includes = items.enumerated().compactMap { position, item in
      var entry = reader.item(item, of: "include", expected: "a file path")
      if entry == nil, namesSomething(item) { fragment.isIncomplete = true }
      if let written { entry?.location = written[position] }
      return entry
    }
  }

  /// `true` unless `id` is null, an empty scalar or an empty list or mapping.
  private func namesSomething(_ id: YAMLNodeID) -> Bool {
    switch document.kind(of: id) {
    case .scalar: return !reader.isNull(id) && !document.value(of: id).isEmpty
    case .sequence: return document.items(of: id).contains { namesSomething($0) }
    case .mapping: return !document.entries(of: id).isEmpty
    }
  }

  // MARK: Protocols

  /// Places for the protocols of the `protocols` mapping `id`: one per entry.
  private func protocolCapacity(_ id: YAMLNodeID?) -> Int {
    guard let id, document.kind(of: id) == .mapping else { return 0 }
    return document.entries(of: id).count
  }

  /// The protocols of the `protocols` mapping `id`, all decoded on this thread.
  private mutating func protocols(_ id: YAMLNodeID) -> [ProtocolDecl] {
    let capacity = protocolCapacity(id)
    return TwoPartArray.build(capacity: capacity, split: capacity) { all, _ in protocols(id, into: &all) }
  }

  /// The protocols of the `protocols` mapping `id` up to its entry `end`.
  private mutating func protocols(
    _ id: YAMLNodeID, upTo end: Int = .max, into result: inout PartWriter<ProtocolDecl>
  ) {
    guard
      let entries = reader.mapping(
        id, key: "protocols", expected: "a mapping of protocol names to member declarations",
        nullHint: "write 'protocols: {}' or remove the key")
    else { return }
    protocols(entries[..<min(end, entries.count)], into: &result)
  }

  /// The protocols of the `protocols` mapping `id` from its entry `start` on; nothing (and no
  /// diagnostic) when `id` is not a mapping, which ``protocols(_:upTo:into:)`` reports.
  private mutating func protocols(
    in id: YAMLNodeID, from start: Int, into result: inout PartWriter<ProtocolDecl>
  ) {
    guard document.kind(of: id) == .mapping else { return }
    let entries = document.entries(of: id)
    if start < entries.count { protocols(entries[start...], into: &result) }
  }

  private mutating func protocols(_ entries: Slice<YAMLEntries>, into result: inout PartWriter<ProtocolDecl>)
  {
    // The value of the protocol before, for the advice to a member written outside its body.
    var previousValue: YAMLNodeID?
    for (keyID, valueID) in entries {
      guard let key = reader.key(keyID) else { continue }
      if Self.looksLikeDeclaration(key.value) {
        reportMemberOutsideBody(key, after: result.last?.name.value, body: previousValue.map(bodyKey))
        // The protocol above may have been meant to hold it (and those after it).
        result.modifyLast { last in
          if last.members.isEmpty { last.hasUnreadMembers = true }
        }
        continue
      }
      // An invalid name is reported and the declaration kept, so that references to it are not
      // also reported as unknown.
      let name = reader.declaredName(key, what: "protocol") ?? key
      if let decl = protocolDecl(name, valueID) { result.append(decl) }
      previousValue = valueID
    }
  }

  /// Marks the protocols `protocols` declares more than once as not read whole: the declaration
  /// the reader left out (reported as a duplicate key) may hold the members others use.
  private func markRepeatedProtocols(in protocols: inout [ProtocolDecl], of id: YAMLNodeID) {
    let keys = document.repeatedKeys(of: id)
    guard !keys.isEmpty else { return }
    let repeated = Set(keys)
    for index in protocols.indices where repeated.contains(protocols[index].name.value) {
      protocols[index].hasUnreadMembers = true
    }
  }

  /// How a protocol holds its members: in a block string, under a `members:` key, or neither.
  private enum BodyKey { case string, membersKey, noMembersKey }

  /// How the protocol whose value is `id` holds its members.
  private func bodyKey(_ id: YAMLNodeID) -> BodyKey {
    guard document.kind(of: id) == .mapping else { return .string }
    let hasMembers = document.entries(of: id).contains { document.value(of: $0.key) == "members" }
    return hasMembers ? .membersKey : .noMembersKey
  }

  /// Reports a member declaration written where a protocol's name belongs (`var x: Int` at the
  /// indentation of the protocol names, under a `P: |` with nothing indented below it); `body`
  /// is how the protocol before it, if any, holds its members.
  private mutating func reportMemberOutsideBody(
    _ key: Located<String>, after previous: String?, body: BodyKey?
  ) {
    let advice: String
    switch (previous, body ?? .string) {
    case (let name?, .string):
      advice = "indent it (and the members after it) further than '\(name):', under '\(name): |'"
    case (let name?, .membersKey):
      advice = "indent it (and the members after it) further than the 'members:' of '\(name)', in its block"
    case (let name?, .noMembersKey):
      advice = "add 'members: |' to '\(name)' and indent it (and the members after it) further than that key"
    case (nil, _): advice = "indent it under its protocol's 'Name: |' line"
    }
    reader.diagnostics.report(
      .invalidIdentifier, "'\(key.value)' is a member declaration where a protocol name belongs; \(advice)",
      at: key.location)
  }

  /// How many entries of the `protocols` mapping `id` the thread that decodes the other root keys
  /// takes after them, so that both threads take about as long: the file's other lines and the
  /// protocols' first lines against the adapters' lines and the protocols' last ones. A line of
  /// `adapters` weighs 0.5 of another line (0.56 in time at 20,000 modules, 0.41 at 5,000) and a
  /// protocol line ``PreparedMembers/protocolLineWeight``. All of them on one thread.
  private func protocolsSplit(_ id: YAMLNodeID, adapters: YAMLNodeID?, root: YAMLNodeID) -> Int {
    let node = document[id]
    guard node.kind == .mapping else { return 0 }
    let entries = document.entries(of: id)
    guard usesThreads else { return entries.count }
    func lines(_ id: YAMLNodeID) -> Double {
      Double(document.end(of: id).line - document.start(of: id).line) + 1
    }
    let protocolLines = lines(id)
    let adapterLines = adapters.map(lines) ?? 0
    let otherLines = max(0, lines(root) - protocolLines - adapterLines)
    // Protocol lines this thread takes so that both sides weigh the same:
    // other + weight × head = 0.5 × adapters + weight × (protocols − head).
    let weight = prepared.protocolLineWeight
    let headLines = (weight * protocolLines + 0.5 * adapterLines - otherLines) / (2 * weight)
    guard headLines > 0 else { return 0 }
    guard headLines < protocolLines else { return entries.count }
    let boundary = node.start.line + Int32(headLines)
    // The other thread's part starts at a protocol: a member written outside its body is
    // reported with the protocol before it, and marks it, on the thread that decoded that one.
    return entries.firstIndex {
      document.start(of: $0.key).line >= boundary && !Self.looksLikeDeclaration(document.value(of: $0.key))
    } ?? entries.count
  }

  private mutating func protocolDecl(_ name: Located<String>, _ id: YAMLNodeID) -> ProtocolDecl? {
    switch document.kind(of: id) {
    case .scalar:
      if reader.rejectNull(
        id, key: name.value,
        hint: "write its members in a literal block ('\(name.value): |' and one member per line), "
          + "or '\(name.value): \"\"' for a marker protocol")
      {
        return ProtocolDecl(name: name, inherits: [], members: [], hasUnreadMembers: true)
      }
      let body = members(id)
      return ProtocolDecl(name: name, inherits: [], members: body.members, hasUnreadMembers: !body.isWhole)
    case .sequence:
      reader.diagnostics.report(
        .wrongShape,
        "the body of '\(name.value)' is a list; write it as a literal block string instead: "
          + "'\(name.value): |' followed by one member per line, indented, without '- '",
        at: reader.location(id))
      // Still declared, so that references to it are not reported as unknown as well.
      return ProtocolDecl(name: name, inherits: [], members: [], hasUnreadMembers: true)
    case .mapping:
      var decl = ProtocolDecl(name: name, inherits: [], members: [])
      // A repeated 'members' or 'inherits' was left out by the reader (reported): members may
      // be missing.
      decl.hasUnreadMembers = !document.repeatedKeys(of: id).isEmpty
      var misspelt = MisspeltKeys()
      let entries = document.entries(of: id)
      for (keyID, valueID) in entries {
        guard let key = reader.key(keyID) else { continue }
        if readProtocolEntry(key.value, valueID, into: &decl) { continue }
        if Self.looksLikeDeclaration(key.value, alone: true) {
          reader.diagnostics.report(
            .wrongShape,
            "the body of '\(name.value)' is read as a mapping because of ': '; write it as a "
              + "literal block string: '\(name.value): |' followed by one member per line",
            at: key.location)
          return ProtocolDecl(name: name, inherits: decl.inherits, members: [], hasUnreadMembers: true)
        }
        if let meant = reader.readUnknownKey(
          key, in: "protocol '\(name.value)'", known: Self.protocolKeys, of: entries, misspelt: &misspelt)
        {
          readProtocolEntry(meant, valueID, into: &decl)
        } else {
          // What the key holds is not read: it may be the members meant (`body: |`).
          decl.hasUnreadMembers = true
        }
      }
      return decl
    }
  }

  /// Reads the key `key` of a protocol written as a mapping; `false` for a key protocols do not
  /// have.
  @discardableResult
  private mutating func readProtocolEntry(_ key: String, _ valueID: YAMLNodeID, into decl: inout ProtocolDecl)
    -> Bool
  {
    switch key {
    case "inherits":
      decl.inherits = reader.nameList(valueID, key: "inherits", expected: "a list of protocol names")
    case "members":
      guard
        !reader.rejectNull(
          valueID, key: "members", hint: "write the members in a literal block or remove the key")
      else {
        decl.hasUnreadMembers = true
        return true
      }
      guard document.kind(of: valueID) == .scalar else {
        decl.hasUnreadMembers = true
        reader.diagnostics.report(
          .wrongShape,
          "'members' is a string of Swift declarations, not \(NodeReader.describe(valueID, in: reader.document)); "
            + "write 'members: |' followed by one member per line",
          at: reader.document.location(of: valueID))
        return true
      }
      let body = members(valueID)
      decl.members = body.members
      if !body.isWhole { decl.hasUnreadMembers = true }
    default: return false
    }
    return true
  }

  /// The members of the body in `id`, and whether every declaration in it was read (a body
  /// prepared while reading always is).
  private mutating func members(_ id: YAMLNodeID) -> (members: MemberList, isWhole: Bool) {
    if let members = prepared[id] { return (members, true) }
    if let parsed = parsedBodies[id] { return parsed }
    let body = document.value(of: id)
    let locator = document.locator(for: id)
    let errors = reader.diagnostics.errorsReported
    let members = MemberParser.parse(
      body, locate: { locator.location($0) }, diagnostics: &reader.diagnostics, linesJoined: joinsLines(id),
      writer: &writer)
    let parsed = (members, reader.diagnostics.errorsReported == errors)
    parsedBodies[id] = parsed
    return parsed
  }

  /// Whether the scalar `id` was written on several lines of text that YAML joined into one (a
  /// folded or quoted scalar; a literal block keeps its lines).
  private func joinsLines(_ id: YAMLNodeID) -> Bool {
    let node = document[id]
    switch node.style {
    case .literal: return false
    case .folded:
      // Joined when two of its lines hold text: it starts at its header (`>`) and ends in the
      // indentation of the line after it.
      var written = 0
      var line = node.start.line + 1
      while line <= node.end.line, written < 2 {
        var text = document.source.line(line)
        if line == node.end.line { text = text.prefix(max(0, Int(node.end.column) - 1)) }
        if text.contains(where: { $0 != 0x20 && $0 != 0x09 }) { written += 1 }
        line += 1
      }
      return written >= 2
    default: return node.start.line != node.end.line
    }
  }

  /// Whether a mapping key is the start of a member declaration (`var name: String` splits at
  /// ': ', as does `@MainActor func f(): ...`): a member written where a protocol name belongs,
  /// or a body meant as a block of Swift. A keyword alone (`func: f()`) counts only with
  /// `alone`, inside a protocol, whose keys are `inherits` and `members`; under `protocols` it is
  /// a protocol named with a keyword (RC0205).
  private static func looksLikeDeclaration(_ key: String, alone: Bool = false) -> Bool {
    // Most keys are names: their first byte settles it.
    switch key.utf8.first {
    case UInt8(ascii: "@"): return true
    case UInt8(ascii: "v"), UInt8(ascii: "l"), UInt8(ascii: "f"), UInt8(ascii: "s"): break
    default: return false
    }
    let word = key.utf8.prefix { $0 != 0x20 && $0 != 0x09 }
    guard ["var", "let", "func", "static"].contains(where: { $0.utf8.elementsEqual(word) }) else {
      return false
    }
    return alone || word.count < key.utf8.count
  }

  // MARK: Modules

  private mutating func modules(_ id: YAMLNodeID) -> [ModuleDecl] {
    guard
      let entries = reader.mapping(
        id, key: "modules", expected: "a mapping of module names to their declarations",
        nullHint: "write 'modules: {}' or remove the key")
    else { return [] }
    var result: [ModuleDecl] = []
    result.reserveCapacity(entries.count)
    for (keyID, valueID) in entries {
      guard let key = reader.key(keyID) else { continue }
      let name = reader.declaredName(key, what: "module") ?? key
      if let module = module(name, valueID) { result.append(module) }
    }
    return result
  }

  private mutating func module(_ name: Located<String>, _ id: YAMLNodeID) -> ModuleDecl? {
    guard
      let entries = reader.mapping(
        id, key: name.value, expected: "a mapping with 'kind' and the module's other keys",
        nullHint: "give it at least 'kind: view' or 'kind: service'")
    else { return nil }
    var module = ModuleDecl(name: name, kind: nil)
    var sawKind = false
    var misspelt = MisspeltKeys()
    for (keyID, valueID) in entries {
      guard let key = reader.keyText(keyID) else { continue }
      if readModuleEntry(key, valueID, into: &module, sawKind: &sawKind) { continue }
      if let meant = reader.readUnknownKey(
        Located(key, at: reader.location(keyID)), in: "module '\(name.value)'", known: Self.moduleKeys,
        of: entries, misspelt: &misspelt)
      {
        readModuleEntry(meant, valueID, into: &module, sawKind: &sawKind)
      }
    }
    if !sawKind, !reader.hasMergeKey(entries) {
      reader.diagnostics.report(
        .missingKey, "module '\(name.value)' has no 'kind'; add 'kind: view' or 'kind: service'",
        at: name.location)
    }
    return module
  }

  /// Reads the module key `key`; `false` for a key modules do not have.
  @discardableResult
  private mutating func readModuleEntry(
    _ key: String, _ valueID: YAMLNodeID, into module: inout ModuleDecl, sawKind: inout Bool
  ) -> Bool {
    switch key {
    case "kind":
      sawKind = true
      module.kind = kind(valueID, module: module.name.value)
    case "provides":
      module.provides = reader.nameList(valueID, key: "provides", expected: "a list of protocol names")
    case "requires":
      module.requires = reader.nameList(valueID, key: "requires", expected: "a list of protocol names")
    case "parameters": module.parameters = parameters(valueID)
    case "routes": (module.routes, module.routesHaveErrors, module.routeLocators) = routes(valueID)
    default: return false
    }
    return true
  }

  private mutating func kind(_ id: YAMLNodeID, module: String) -> Located<ModuleKind>? {
    guard
      let text = reader.string(
        id, key: "kind", expected: "'view' or 'service'", nullHint: "write 'kind: view' or 'kind: service'")
    else { return nil }
    guard let kind = ModuleKind(rawValue: text.value) else {
      let suggestion = NameSuggester(ModuleKind.allCases.map(\.rawValue)).hint(for: text)
      let advice =
        suggestion.text.isEmpty
        ? "; write 'view' or 'service'" : suggestion.text + " (a module is a 'view' or a 'service')"
      reader.diagnostics.report(
        .invalidValue, "'\(text.value)' is not a module kind\(advice)", at: text.location,
        fixIts: suggestion.fixIts)
      return nil
    }
    return Located(kind, at: text.location)
  }

  private mutating func parameters(_ id: YAMLNodeID) -> [ParameterDecl] {
    guard
      let entries = reader.mapping(
        id, key: "parameters", expected: "a mapping of parameter names to Swift types",
        nullHint: "write 'parameters: {}' or remove the key")
    else { return [] }
    var result: [ParameterDecl] = []
    result.reserveCapacity(entries.count)
    let mayRespell = reader.keysMayRespellOneName(entries)
    var seen = FirstSeen<SourceLocation>(capacity: mayRespell ? entries.count : 0)
    for (keyID, valueID) in entries {
      guard let key = reader.key(keyID) else { continue }
      if mayRespell, let first = seen.recordOrFind(key.value, key.location) {
        reportRespelledKey(key, firstWrittenAt: first)
        continue
      }
      // A parameter whose declaration has an error is still kept (without a type when the type
      // is wrong), so that routes naming it are not also told that it does not exist.
      let validName = reader.declaredName(key, what: "parameter")
      let name = validName ?? key
      var untyped: ParameterDecl {
        ParameterDecl(name: name, type: nil, typeLocation: reader.location(valueID), typeReferences: [])
      }
      if reader.rejectNull(
        valueID, key: name.value, hint: "write its Swift type, such as '\(name.value): Int'")
      {
        result.append(untyped)
        continue
      }
      let kind = document.kind(of: valueID)
      guard kind == .scalar else {
        let written = kind == .sequence ? "[String]" : "[String: Int]"
        reader.diagnostics.report(
          .wrongShape,
          "the type of parameter '\(name.value)' is read as \(NodeReader.describe(valueID, in: reader.document)); "
            + "quote collection types: '\(name.value): \"\(written)\"'",
          at: reader.document.location(of: valueID))
        result.append(untyped)
        continue
      }
      let written = document.value(of: valueID)
      let locator = document.locator(for: valueID)
      // Parsed (and reported) whatever the name, but its references are kept only with it.
      guard validName != nil else {
        _ = TypeParser.parse(written, locate: { locator.location($0) }, diagnostics: &reader.diagnostics)
        result.append(untyped)
        continue
      }
      let parsed = TypeParser.parse(
        written, locate: { locator.location($0) }, diagnostics: &reader.diagnostics, writer: &writer)
      result.append(
        ParameterDecl(
          name: name, type: parsed?.type, typeLocation: reader.location(valueID),
          typeReferences: parsed?.references ?? []))
    }
    return result
  }

  /// The route patterns, whether any entry (or the list itself) had an error, and the locators
  /// of patterns not written as they read (``ModuleDecl/routeLocators``).
  private mutating func routes(_ id: YAMLNodeID) -> (
    [Located<String>], hadErrors: Bool, locators: [ScalarLocator?]
  ) {
    guard
      let items = reader.list(
        id, key: "routes", expected: "a list of URL path patterns", scalarIsItsItem: true)
    else {
      return ([], true, [])
    }
    var routes: [Located<String>] = []
    routes.reserveCapacity(items.count)
    var locators: [ScalarLocator?] = []
    for item in items {
      guard
        var route = reader.item(item, of: "routes", expected: "a URL path pattern such as '/notes/:noteId'")
      else { continue }
      let style = document.style(of: item)
      let isQuoted = style == .singleQuoted || style == .doubleQuoted
      // The pattern's range ends before a closing quote.
      if isQuoted, let end = route.location.end, end.column > 1 {
        route.location.end?.column = end.column - 1
      }
      if document.readsAsWritten(item) {
        // Point at the pattern's first character, inside any quotes, so offsets add up.
        if isQuoted { route.location.start.column += 1 }
      } else {
        if locators.isEmpty { locators = Array(repeating: nil, count: items.count) }
        let locator = document.locator(for: item)
        locators[routes.count] = locator
        // The pattern's first character, after any quote or block header.
        route.location.start = locator.location(BodyPosition(line: 0, column: 0)).start
      }
      routes.append(route)
    }
    if !locators.isEmpty { locators.removeLast(locators.count - routes.count) }
    return (routes, routes.count != items.count, locators)
  }

  // MARK: Adapters

  private mutating func adapters(_ id: YAMLNodeID) -> [AdapterDecl] {
    guard
      let items = reader.list(
        id, key: "adapters", expected: "a list of adapters ('- adapt: Required' with 'to' and 'map')")
    else { return [] }
    var result: [AdapterDecl] = []
    result.reserveCapacity(items.count)
    // An adapter an alias writes again (`- *adapter`) is a repeat written at the alias (RC0607),
    // read once: what is wrong with it is reported at the anchored adapter, once.
    let written = document.writtenLocations(ofItems: id)
    var firstDecoded: [YAMLNodeID: Int] = [:]
    for (position, item) in items.enumerated() {
      if let written {
        if let first = firstDecoded[item] {
          var repeated = result[first]
          repeated.aliasLocation = written[position]
          result.append(repeated)
          continue
        }
        if document.kind(of: item) == .mapping { firstDecoded[item] = result.count }
      }
      let location = reader.location(item)
      guard document.kind(of: item) == .mapping else {
        if reader.isNull(item) {
          reader.diagnostics.report(
            .nullValue,
            "an item of 'adapters' is empty; remove it or write an adapter ('- adapt: Required' with 'to' and 'map')",
            at: location)
        } else {
          let shape = reader.describe(item)
          reader.diagnostics.report(
            .wrongShape, "an item of 'adapters' must be a mapping with 'adapt', 'to' and 'map', not \(shape)",
            at: location)
        }
        continue
      }
      let entries = document.entries(of: item)
      var adapter = AdapterDecl(location: location, adapt: nil, to: nil, map: [])
      // Whether `adapt` and `to` are written (each its own flag: a set per adapter cost more
      // than reading the adapter).
      var written = (adapt: false, to: false)
      var misspelt = MisspeltKeys()
      for (keyID, valueID) in entries {
        guard let key = reader.keyText(keyID) else { continue }
        if readAdapterEntry(key, valueID, into: &adapter, written: &written) { continue }
        if let meant = reader.readUnknownKey(
          Located(key, at: reader.location(keyID)), in: "an adapter", known: Self.adapterKeys, of: entries,
          misspelt: &misspelt)
        {
          readAdapterEntry(meant, valueID, into: &adapter, written: &written)
        }
      }
      // A repeated 'map' was left out by the reader (reported): what it maps is unknown.
      if document.repeatedKeys(of: item).contains("map") { adapter.mapIsUnreadable = true }
      if !(written.adapt && written.to), !reader.hasMergeKey(entries) {
        let keys = [
          ("adapt", written.adapt, "the required protocol it adapts"),
          ("to", written.to, "the provided protocol it forwards to"),
        ]
        for (required, isWritten, what) in keys where !isWritten {
          reader.diagnostics.report(
            .missingKey, "this adapter has no '\(required)'; add '\(required): ' with \(what)",
            at: adapter.location)
        }
      }
      result.append(adapter)
    }
    return result
  }

  /// Reads the adapter key `key`; `false` for a key adapters do not have.
  @discardableResult
  private mutating func readAdapterEntry(
    _ key: String, _ valueID: YAMLNodeID, into adapter: inout AdapterDecl,
    written: inout (adapt: Bool, to: Bool)
  ) -> Bool {
    switch key {
    case "adapt":
      written.adapt = true
      adapter.adapt = reader.string(
        valueID, key: "adapt", expected: "the name of the required protocol",
        nullHint: "name the required protocol")
    case "to":
      written.to = true
      adapter.to = reader.string(
        valueID, key: "to", expected: "the name of the provided protocol",
        nullHint: "name the provided protocol")
    case "map": mapEntries(valueID, into: &adapter)
    default: return false
    }
    return true
  }

  /// Reads `map` into `adapter`, noting what could not be read (already reported), so that the
  /// members it names are not also reported as unmapped.
  private mutating func mapEntries(_ id: YAMLNodeID, into adapter: inout AdapterDecl) {
    guard
      let entries = reader.mapping(
        id, key: "map", expected: "a mapping of required members to provided members",
        nullHint: "write 'map: {}' or remove the key")
    else {
      adapter.mapIsUnreadable = true
      return
    }
    var result: [MapEntry] = []
    result.reserveCapacity(entries.count)
    for (keyID, valueID) in entries {
      guard let key = reader.key(keyID) else { continue }
      guard
        let value = reader.string(
          valueID, key: key.value, expected: "the name of a provided member or a key path",
          nullHint: "name the provided member it maps to")
      else {
        adapter.unreadMapKeys.append(key.value)
        continue
      }
      result.append(MapEntry(required: key, provided: value))
    }
    adapter.map = result
  }

  // MARK: Bindings and variants

  private mutating func bindings(_ id: YAMLNodeID, key: String) -> [BindingDecl] {
    guard
      let entries = reader.mapping(
        id, key: key, expected: "a mapping of protocol names to module names",
        nullHint: "write '\(key): {}' or remove the key")
    else { return [] }
    var result: [BindingDecl] = []
    result.reserveCapacity(entries.count)
    let mayRespell = reader.keysMayRespellOneName(entries)
    var seen = FirstSeen<SourceLocation>(capacity: mayRespell ? entries.count : 0)
    for (keyID, valueID) in entries {
      guard let protocolName = reader.key(keyID),
        let module = reader.string(
          valueID, key: protocolName.value, expected: "a module name",
          nullHint: "name the module that answers it")
      else { continue }
      let binding = BindingDecl(protocolName: protocolName, module: module)
      if mayRespell, let first = seen.recordOrFind(protocolName.value, protocolName.location) {
        reportRespelledKey(protocolName, firstWrittenAt: first)
        repeatedBindings.append(binding)
        continue
      }
      result.append(binding)
    }
    return result
  }

  /// Reports a key of a mapping whose keys are names that repeats an earlier one in other
  /// Unicode characters (`é`, and `e` with U+0301): two keys to YAML, which reported those written
  /// alike and dropped them (RC0109), one name to Swift. Worded as the reader words RC0109.
  private mutating func reportRespelledKey(_ key: Located<String>, firstWrittenAt first: SourceLocation) {
    reader.diagnostics.report(
      .duplicateKey,
      "duplicate key '\(key.value)' in this mapping, spelled with different Unicode characters that "
        + "are the same name; the second one would be ignored: remove it or merge the two entries",
      at: key.location, notes: [DiagnosticNote("'\(key.value)' first written here", at: first)])
  }

  /// The variants; whether a variant's name could not be read (``Manifest/variantsHaveErrors``);
  /// and the names of those whose bodies could not be (``Manifest/unreadVariantNames``).
  private mutating func variants(_ id: YAMLNodeID) -> (
    [VariantDecl], hasErrors: Bool, unread: [Located<String>]
  ) {
    guard
      let entries = reader.mapping(
        id, key: "variants", expected: "a mapping of variant names to their bindings",
        nullHint: "write 'variants: {}' or remove the key")
    else { return ([], true, []) }
    var result: [VariantDecl] = []
    var hasErrors = false
    var unread: [Located<String>] = []
    for (keyID, valueID) in entries {
      guard let name = reader.key(keyID) else {
        hasErrors = true
        continue
      }
      if let problem = Self.variantNameProblem(name.value) {
        reader.diagnostics.report(.invalidIdentifier, problem, at: name.location)
        hasErrors = true
        // Not checked, but where names are written: the language server renames them too.
        repeatedBindings += writtenBindings(of: valueID)
        continue
      }
      guard
        let variantEntries = reader.mapping(
          valueID, key: name.value, expected: "a mapping with 'bindings'",
          nullHint: "give it its bindings ('{bindings: {Protocol: Module}}') or remove the variant")
      else {
        unread.append(name)
        continue
      }
      var variant = VariantDecl(name: name, bindings: [])
      var misspelt = MisspeltKeys()
      for (keyID, valueID) in variantEntries {
        guard let key = reader.key(keyID) else { continue }
        // 'bindings' is a variant's only key: a key that misspells it is read as it.
        if key.value == "bindings"
          || reader.readUnknownKey(
            key, in: "variant '\(name.value)'", known: Self.variantKeys, of: variantEntries,
            misspelt: &misspelt)
            != nil
        {
          variant.bindings = bindings(valueID, key: "bindings")
        }
      }
      result.append(variant)
    }
    return (result, hasErrors, unread)
  }

  /// The bindings a variant's value writes as plain `bindings: {Protocol: Module}` scalars, read
  /// without a check or a diagnostic: those of a variant that is not read (an invalid name).
  private func writtenBindings(of variant: YAMLNodeID) -> [BindingDecl] {
    guard document.kind(of: variant) == .mapping,
      let bindings = document.entries(of: variant).first(where: {
        document.kind(of: $0.key) == .scalar && document.value(of: $0.key) == "bindings"
      })?.value,
      document.kind(of: bindings) == .mapping
    else { return [] }
    return document.entries(of: bindings).compactMap { entry -> BindingDecl? in
      guard document.kind(of: entry.key) == .scalar, document.kind(of: entry.value) == .scalar else {
        return nil
      }
      return BindingDecl(
        protocolName: Located(document.value(of: entry.key), at: document.location(of: entry.key)),
        module: Located(document.value(of: entry.value), at: document.location(of: entry.value)))
    }
  }

  /// Variant names are typed on the command line: ASCII letters, digits, '_', '-' and '.'.
  private static func variantNameProblem(_ name: String) -> String? {
    let allowed = name.unicodeScalars.allSatisfy {
      isASCIILetter($0) || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0)
    }
    if name.isEmpty || !allowed {
      return "invalid variant name '\(name)': use ASCII letters, digits, '_', '-' and '.'"
    }
    return nil
  }
}
