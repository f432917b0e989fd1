import RouteCfgCore

/// One completion candidate before it is filtered and written out.
struct CompletionCandidate: Sendable {
  /// LSP `CompletionItemKind`.
  enum Kind: Int, Sendable {
    case method = 2
    case module = 9
    case property = 10
    case value = 12
    case keyword = 14
    case file = 17
    case enumMember = 20
    case interface = 8
    case variable = 6
    case structure = 22
  }

  var label: String
  var kind: Kind
  var detail: String?
  var documentation: String?
  /// The text inserted, when it is not the label.
  var insertText: String?
  /// Lower groups sort first.
  var group = 1
  /// What `completionItem/resolve` documents: `("protocol", name)` or `("module", name)`.
  var resolves: (kind: String, name: String)?
  /// A detail written only for the items sent (a large manifest has thousands of names).
  var summary: Summary?

  enum Summary: Sendable {
    case protocolMembers(Int)
    case module(ModuleKind?)

    var text: String {
      switch self {
      case .protocolMembers(let count): return "protocol, \(count) member\(count == 1 ? "" : "s")"
      case .module(let kind): return kind.map { "\($0.rawValue) module" } ?? "module"
      }
    }
  }
}

/// Completion of keys (from the schema), protocol and module names, module kinds, types, member
/// declarations, include paths and, inside an adapter's `map`, the members of `adapt` (keys) and
/// of `to` (values, with key paths through protocol-typed properties).
enum CompletionProvider {
  /// At most this many items are sent; the list is then marked incomplete so that the editor
  /// asks again as more is typed.
  static let maxItems = 1_000

  static func completion(_ context: FeatureContext, at position: LSPPosition) -> JSONValue {
    // A line past the end is no place in the text: an edit there could not contain it.
    guard position.line < context.document.lines.lineCount, let cursor = context.cursorContext(at: position),
      let role = CompletionRole.of(cursor.path, slot: cursor.slot)
    else { return list([], incomplete: false) }
    var replaceStart = cursor.tokenRange.lowerBound
    var filter = cursor.prefix
    // Where the replaced text ends, when it is not the token's end.
    var wordEnd: Int?
    var candidates: [CompletionCandidate]
    switch role {
    case .schemaKeys:
      candidates = schemaKeys(context, cursor)
    case .schemaValues:
      candidates = context.schema.allowedValues(at: cursor.path).compactMap { value in
        switch value {
        case .string(let text): return CompletionCandidate(label: text, kind: .enumMember)
        case .int(let number): return CompletionCandidate(label: String(number), kind: .value)
        default: return nil
        }
      }.sorted { $0.label < $1.label }
    case .protocolName:
      candidates = protocolNames(context, cursor)
    case .moduleName:
      candidates = moduleNames(context, cursor)
    case .requiredMember:
      candidates = requiredMembers(context, cursor)
    case .providedMember:
      let split = keyPathSplit(cursor.prefix)
      replaceStart += split.headLength
      filter = split.last
      candidates = providedMembers(context, cursor, through: split.steps)
    case .type:
      candidates = types(context)
      // A type is one word of the value (`Strin` of `Strin?` or `[Strin: Int]`): only that word
      // is replaced, so that `?` and brackets around it stay.
      let bytes = context.document.bytes
      var start = cursor.cursor
      while start > cursor.tokenRange.lowerBound, Self.isTypeNameByte(bytes[start - 1]) { start -= 1 }
      var end = cursor.cursor
      while end < cursor.tokenRange.upperBound, Self.isTypeNameByte(bytes[end]) { end += 1 }
      (replaceStart, wordEnd) = (start, end)
      filter = String(decoding: bytes[start..<cursor.cursor], as: UTF8.self)
    case .memberDeclarations:
      candidates = memberDeclarationWords(context, cursor)
    case .routeParameter:
      // The pattern as written up to the cursor, read from the text: `/notes/:` with nothing
      // after the `:` reads as a key (`/notes/`), whose value the cursor is in.
      let bytes = context.document.bytes
      var start = cursor.cursor
      while start > 0, !Self.endsRoutePattern(bytes[start - 1]) { start -= 1 }
      let pattern = String(decoding: bytes[start..<cursor.cursor], as: UTF8.self)
      let split = routeSegmentSplit(pattern)
      replaceStart = cursor.cursor - split.name.utf8.count
      filter = split.name
      candidates =
        split.isParameter
        ? routeParameters(context, cursor, pattern: pattern, catchAll: split.isCatchAll) : []
    case .includePath:
      let before = replaceStart > 0 ? context.document.bytes[replaceStart - 1] : 0
      let quote = before == UInt8(ascii: "\"") || before == UInt8(ascii: "'") ? before : nil
      candidates = includePaths(context).map { candidate in
        var candidate = candidate
        candidate.insertText = YAMLPathText.written(candidate.label, insideQuote: quote)
        return candidate
      }
    }
    var replaceEnd = max(replaceStart, wordEnd ?? cursor.tokenRange.upperBound)
    // A route's segment ends at the next `/`: the rest of the pattern stays.
    if role == .routeParameter,
      let slash = context.document.bytes[cursor.cursor..<replaceEnd].firstIndex(of: UInt8(ascii: "/"))
    {
      replaceEnd = slash
    }
    guard
      Self.keepsTheLineValid(
        replacing: replaceStart..<replaceEnd, cursor: cursor.cursor, in: context.document.bytes,
        scalarStart: cursor.tokenRange.lowerBound)
    else { return list([], incomplete: false) }
    // A key ends with ': ', and in flow style a '#' right after it would then start a comment
    // over the rest of the line, closing brackets included: no key keeps that line valid.
    let bytes = context.document.bytes
    if cursor.slot == .key, cursor.inFlow, replaceEnd < bytes.count, bytes[replaceEnd] == UInt8(ascii: "#") {
      return list([], incomplete: false)
    }
    let range = LSPRange(
      start: context.document.position(ofOffset: replaceStart, encoding: context.encoding),
      end: context.document.position(ofOffset: replaceEnd, encoding: context.encoding))
    let spacing =
      cursor.slot == .blockScalar || role == .routeParameter
      ? YAMLSpacing(lead: "", trail: "")
      : YAMLSpacing(context.document.bytes, replaceStart..<replaceEnd, inFlow: cursor.inFlow)
    // Candidates come in label order; the better-fitting group goes first.
    let matching = candidates.filter { FuzzyMatch.matches(filter, $0.label) }
    let ordered = matching.filter { $0.group == 0 } + matching.filter { $0.group != 0 }
    let kept = ordered.prefix(maxItems)
    let items = kept.enumerated().map { position, candidate in
      item(
        candidate, range: range, spacing: spacing, position: position, uri: context.uri,
        format: context.client.completionDocumentationFormat)
    }
    return list(items, incomplete: matching.count > kept.count)
  }

  /// Whether an edit of `range` is one completion may offer at `cursor`: the range holds the
  /// cursor (LSP requires it), does not write over a closing quote (`"P"|` would lose it), and does
  /// not insert beside the opening quote of a scalar after it (`[|"P"]` would become `[Q"P"]`).
  /// `scalarStart` is where the scalar being written starts, when the range is only its end (a
  /// key path's last step, `"header.|"`): an empty range before a quote is inside that scalar's
  /// quotes when a quote opens it.
  static func keepsTheLineValid(
    replacing range: Range<Int>, cursor: Int, in bytes: [UInt8], scalarStart: Int? = nil
  ) -> Bool {
    guard range.lowerBound <= cursor, cursor <= range.upperBound else { return false }
    func isQuote(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") }
    // A quoted value's own quotes may hold doubled ones (`'it''s'`); one it ends with is its close.
    if !range.isEmpty, range.upperBound <= bytes.count, isQuote(bytes[range.upperBound - 1]) { return false }
    let start = min(scalarStart ?? range.lowerBound, range.lowerBound)
    if range.isEmpty, range.upperBound < bytes.count, isQuote(bytes[range.upperBound]),
      start == 0 || !isQuote(bytes[start - 1])
    {
      return false
    }
    return true
  }

  private static func list(_ items: [JSONValue], incomplete: Bool) -> JSONValue {
    .object([("isIncomplete", .bool(incomplete)), ("items", .array(items))])
  }

  private static func item(
    _ candidate: CompletionCandidate, range: LSPRange, spacing: YAMLSpacing, position: Int, uri: String,
    format: MarkupKind?
  ) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("label", .string(candidate.label)), ("kind", .int(candidate.kind.rawValue)),
    ]
    if let detail = candidate.detail ?? candidate.summary?.text {
      members.append(("detail", .string(detail)))
    }
    if let documentation = candidate.documentation {
      members.append(("documentation", MarkupKind.documentation(markdown: documentation, in: format)))
    }
    let sortKey = String(position)
    members.append(("sortText", .string(String(repeating: "0", count: max(0, 5 - sortKey.count)) + sortKey)))
    members.append(("filterText", .string(candidate.label)))
    members.append(
      (
        "textEdit",
        .object([
          ("range", range.json),
          ("newText", .string(spacing.around(candidate.insertText ?? candidate.label))),
        ])
      ))
    if let (kind, name) = candidate.resolves {
      members.append(("data", .object([(kind, .string(name)), ("uri", .string(uri))])))
    }
    return .object(members)
  }

  // MARK: Keys

  private static func schemaKeys(_ context: FeatureContext, _ cursor: CursorContext) -> [CompletionCandidate]
  {
    var existing = cursor.existingKeys
    // A file its root includes may not hold the root's own keys (RC0208).
    if cursor.path.isEmpty, let file = context.model?.file(for: context.uri), file.index != 0 {
      existing.formUnion(ManifestSchema.rootOnlyKeys)
    }
    let separator = keySeparator(context, cursor)
    return context.schema.keys(at: cursor.path).compactMap { key in
      guard !existing.contains(key.name) else { return nil }
      return CompletionCandidate(
        label: key.name, kind: .property, detail: "key", documentation: key.description,
        insertText: key.name + separator)
    }.sorted { $0.label < $1.label }

  }

  /// `": "` after a key being written, unless a colon already follows it or the key is inside
  /// quotes, whose closing quote stays where it is (the colon belongs after it), or is yet to be
  /// typed (a colon before it would end up inside the quoted key).
  private static func keySeparator(_ context: FeatureContext, _ cursor: CursorContext) -> String {
    let bytes = context.document.bytes
    let range = cursor.tokenRange
    if range.lowerBound > 0,
      bytes[range.lowerBound - 1] == UInt8(ascii: "\"") || bytes[range.lowerBound - 1] == UInt8(ascii: "'")
    {
      return ""
    }
    var after = cursor.tokenRange.upperBound
    while after < bytes.count, bytes[after] == 0x20 { after += 1 }
    return after < bytes.count && bytes[after] == UInt8(ascii: ":") ? "" : ": "
  }

  // MARK: Names

  private static func protocolNames(_ context: FeatureContext, _ cursor: CursorContext)
    -> [CompletionCandidate]
  {
    guard let model = context.model else { return [] }
    let keys = cursor.path.compactMap { step -> String? in
      if case .key(let key) = step { return key }
      return nil
    }
    let manifest = model.manifest
    // Protocols that fit the place sort first: for 'adapt', those modules require and nobody
    // provides; for 'to', those a module provides.
    var preferred: Set<String> = []
    // A binding's key: the protocols it names are the mapping's keys, left out once written (a
    // second is RC0109), and those two modules provide, which a binding decides, sort first.
    let isBindingKey = cursor.slot == .key
    if isBindingKey {
      var providers: [String: Int] = [:]
      for module in manifest.modules {
        for name in Set(module.provides.map(\.value)) { providers[name, default: 0] += 1 }
      }
      preferred = Set(providers.filter { $0.value > 1 }.keys)
    } else if keys.last == "adapt" {
      let provided = Set(manifest.modules.flatMap { $0.provides.map(\.value) })
      preferred = Set(manifest.modules.flatMap { $0.requires.map(\.value) }).subtracting(provided)
    } else if keys.last == "to" {
      preferred = Set(manifest.modules.flatMap { $0.provides.map(\.value) })
    }
    let own = keys.count >= 2 && keys[0] == "protocols" ? keys[1] : nil
    // In a list (`provides`, `requires`, `inherits`), the names it holds already: one listed
    // twice is RC0506.
    let listed = cursor.path.last == .item ? cursor.existingItems : isBindingKey ? cursor.existingKeys : []
    let separator = isBindingKey ? keySeparator(context, cursor) : ""
    return model.index.sortedProtocolNames.compactMap { name in
      guard name != own, !listed.contains(name), let info = model.index.protocols[name] else { return nil }
      var candidate = CompletionCandidate(
        label: name, kind: .interface, group: preferred.contains(name) ? 0 : 1, resolves: ("protocol", name),
        summary: .protocolMembers(info.members.count))
      if isBindingKey { candidate.insertText = name + separator }
      return candidate
    }
  }

  private static func moduleNames(_ context: FeatureContext, _ cursor: CursorContext) -> [CompletionCandidate]
  {
    guard let model = context.model else { return [] }
    // For a binding, the modules that provide its protocol sort first.
    var bound: String?
    if cursor.path.count >= 2, case .key(let key) = cursor.path[cursor.path.count - 1],
      case .key("bindings") = cursor.path[cursor.path.count - 2]
    {
      bound = key
    }
    // The fallback is made with no parameters: a module with one that is not optional is no
    // choice (RC0808).
    let isFallback = cursor.path == [.key("fallback")]
    return model.index.sortedModuleNames.compactMap { name in
      let module = model.manifest.modules[model.index.moduleDeclarations[name] ?? 0]
      if isFallback, !module.nonOptionalParameters.isEmpty { return nil }
      let provides =
        bound.map { protocolName in module.provides.contains { $0.value == protocolName } } ?? false
      return CompletionCandidate(
        label: name, kind: .module, group: provides ? 0 : 1, resolves: ("module", name),
        summary: .module(module.kind?.value))
    }
  }

  // MARK: Adapter members

  /// The protocol named by `adapt` or `to` beside the `map` that holds the cursor.
  private static func adapterSide(_ side: String, _ cursor: CursorContext) -> String? {
    guard let mapIndex = cursor.path.lastIndex(of: .key("map")) else { return nil }
    let value = cursor.siblingScalars(ofKeyAt: mapIndex)[side]
    return value?.isEmpty == false ? value : nil
  }

  private static func requiredMembers(_ context: FeatureContext, _ cursor: CursorContext)
    -> [CompletionCandidate]
  {
    guard let model = context.model, let adapt = adapterSide("adapt", cursor),
      let info = model.index.protocols[adapt]
    else { return [] }
    let existing = cursor.existingKeys
    let separator = cursor.slot == .key ? keySeparator(context, cursor) : ""
    return members(of: info).compactMap { candidate in
      guard !existing.contains(candidate.label) else { return nil }
      var candidate = candidate
      candidate.insertText = candidate.label + separator
      return candidate
    }
  }

  private static func providedMembers(
    _ context: FeatureContext, _ cursor: CursorContext, through steps: [String]
  )
    -> [CompletionCandidate]
  {
    guard let model = context.model, let to = adapterSide("to", cursor) else { return [] }
    var current = to
    for step in steps {
      guard let (member, _) = model.index.member(named: step, in: current),
        let next = model.index.protocolOf(member)
      else { return [] }
      current = next
    }
    guard let info = model.index.protocols[current] else { return [] }
    // Members of the same kind as the required member sort first.
    var wantsProperty: Bool?
    if steps.isEmpty, let adapt = adapterSide("adapt", cursor), case .key(let required)? = cursor.path.last {
      wantsProperty = model.index.member(named: required, in: adapt)?.member.isProperty
    }
    // Every step of a key path is a property (SPEC §2): after a dot, methods are no choice.
    return members(of: info).compactMap { candidate in
      if !steps.isEmpty, candidate.kind != .property { return nil }
      var candidate = candidate
      if let wantsProperty { candidate.group = (candidate.kind == .property) == wantsProperty ? 0 : 1 }
      return candidate
    }
  }

  /// A protocol's members as candidates: named by base name when that is unambiguous, else by
  /// full name (as `map` entries name them).
  private static func members(of info: ProtocolInfo) -> [CompletionCandidate] {
    var counts: [String: Int] = [:]
    for member in info.members { counts[member.name, default: 0] += 1 }
    return info.members.enumerated().map { position, member in
      let label = counts[member.name] == 1 ? member.name : member.fullName
      let origin = info.origins[position]
      return CompletionCandidate(
        label: label, kind: member.isProperty ? .property : .method,
        detail: SwiftSignature.member(member),
        documentation: origin == info.name ? "member of `\(info.name)`" : "inherited from `\(origin)`")
    }.sorted { $0.label < $1.label }

  }

  /// `header.ti` → steps `[header]`, last `ti`, and the length of `header.` in bytes.
  private static func keyPathSplit(_ prefix: String) -> (steps: [String], last: String, headLength: Int) {
    guard let dot = prefix.lastIndex(of: ".") else { return ([], prefix, 0) }
    let head = prefix[..<dot]
    return (
      head.split(separator: ".").map(String.init), String(prefix[prefix.index(after: dot)...]),
      head.utf8.count + 1
    )
  }

  /// `true` for a byte no route pattern holds, which ends one written before it: white space,
  /// quotes and the punctuation of YAML lists and mappings.
  private static func endsRoutePattern(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "["),
      UInt8(ascii: ","), UInt8(ascii: "{"), UInt8(ascii: "\""), UInt8(ascii: "'"):
      return true
    default: return false
    }
  }

  /// The last segment of a route pattern written up to the cursor: the name after its `:` or `*`,
  /// and whether it is a parameter and a catch-all.
  private static func routeSegmentSplit(_ pattern: String) -> (
    name: String, isParameter: Bool, isCatchAll: Bool
  ) {
    let segment = pattern.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    guard let marker = segment.first, marker == ":" || marker == "*" else { return ("", false, false) }
    return (String(segment.dropFirst()), true, marker == "*")
  }

  /// The parameters of the module whose route holds the cursor; those no segment of that route
  /// names yet first.
  /// A catch-all (`*`) carries text: only `String` parameters are offered there.
  private static func routeParameters(
    _ context: FeatureContext, _ cursor: CursorContext, pattern: String, catchAll: Bool
  ) -> [CompletionCandidate] {
    guard cursor.path.count > 1, case .key(let moduleName) = cursor.path[1],
      let declared = moduleParameters(moduleName, context, cursor)
    else { return [] }
    let named = Set(
      pattern.split(separator: "/").dropLast().compactMap { segment in
        segment.first == ":" || segment.first == "*" ? String(segment.dropFirst()) : nil
      })
    let parameters = declared.filter { parameter in
      !catchAll || parameter.type.map { RouteValueType($0) == .string } ?? true
    }
    return parameters.map { parameter in
      let name = parameter.name.value
      return CompletionCandidate(
        label: name, kind: .variable, detail: parameter.type.map(\.description),
        group: named.contains(name) ? 1 : 0)
    }.sorted { $0.label < $1.label }
  }

  /// The parameters of the module named `moduleName`, from the last model that read the document,
  /// or else from the text with a name put after the cursor's `:`: YAML refuses a `:` right
  /// before a flow collection's `]` or `,` (`routes: [/notes/:]`, as an editor that closes
  /// brackets leaves it), so a document opened that way has no model to read them from.
  private static func moduleParameters(
    _ moduleName: String, _ context: FeatureContext, _ cursor: CursorContext
  ) -> [ParameterDecl]? {
    if let model = context.model, let index = model.index.moduleDeclarations[moduleName] {
      return model.manifest.modules[index].parameters
    }
    var bytes = context.document.bytes
    guard cursor.cursor > 0, cursor.cursor <= bytes.count, bytes[cursor.cursor - 1] == UInt8(ascii: ":")
    else {
      return nil
    }
    bytes.insert(UInt8(ascii: "x"), at: cursor.cursor)
    // Read alone, from a directory that cannot exist (`/dev/null` is a file), so that no include
    // is read from disk for a keystroke: the module's routes and parameters are in its own mapping.
    let loaded = ManifestLoader(maxDiagnostics: 1).load(bytes: bytes, path: "/dev/null/manifest.yaml")
    return loaded.manifest.modules.first { $0.name.value == moduleName }?.parameters
  }

  // MARK: Swift text

  private static func types(_ context: FeatureContext) -> [CompletionCandidate] {
    let standard = TypeRef.standardTypeNames.map {
      CompletionCandidate(label: $0, kind: .structure, group: 1)
    }
    let protocols = (context.model?.index.sortedProtocolNames).map { names in
      names.map {
        CompletionCandidate(
          label: $0, kind: .interface, detail: "protocol", group: 0, resolves: ("protocol", $0))
      }
    }
    return (protocols ?? []) + standard
  }

  private static func memberDeclarationWords(_ context: FeatureContext, _ cursor: CursorContext)
    -> [CompletionCandidate]
  {
    let bytes = context.document.bytes
    let line = context.document.lines.line(ofOffset: cursor.cursor)
    let lineStart = context.document.lines.starts[line]
    let before = String(decoding: bytes[lineStart..<cursor.tokenRange.lowerBound], as: UTF8.self)
    func keywords(_ words: [String], then suffix: String = "") -> [CompletionCandidate] {
      words.map { CompletionCandidate(label: $0, kind: .keyword, insertText: $0 + suffix) }
    }
    // A word retyped in place (`v|ar x: Int`) keeps the space after it.
    let end = cursor.tokenRange.upperBound
    let spaceFollows = end < bytes.count && (bytes[end] == 0x20 || bytes[end] == 0x09)
    switch SwiftLinePlace(before) {
    case .declarationStart: return keywords(["func", "let", "var"], then: spaceFollows ? "" : " ")
    case .type: return types(context)
    case .afterParameters: return keywords(["async", "throws"])
    case .afterAsync: return keywords(["throws"])
    case .accessorStart: return keywords(["get", "set"])
    case .afterGet: return keywords(["set"])
    case .nothing: return []
    }
  }

  /// A byte of a type's name as written in a parameter: an identifier's, or the `.` of a module
  /// (`Foundation.URL`).
  private static func isTypeNameByte(_ byte: UInt8) -> Bool {
    CursorAnalyzer.isIdentifierByte(byte) || byte == UInt8(ascii: ".")
  }

  // MARK: Includes

  /// What separates the words of a list of paths, block or flow. Line ends are listed one by
  /// one: in a `String`, `"\r\n"` is one `Character`, which a lone `"\n"` is not.
  private static let wordSeparators: Set<Character> = [
    " ", "\t", "\r", "\n", "\r\n", "[", "]", ",", "'", "\"", "#",
  ]

  /// Manifest files below the document's directory (three levels down at most), relative to it,
  /// but those the root already loads through another file and those the document's text names
  /// now (the last check may be older than what is being typed: a file just written in the list
  /// is left out, and while a list is retyped the files it no longer names are offered again).
  private static func includePaths(_ context: FeatureContext) -> [CompletionCandidate] {
    guard let path = context.document.path else { return [] }
    let directory = FileSystem.directory(of: path)
    // What the last check loaded through another file; this document's own list is read from
    // its text as it is now.
    var loadedElsewhere: Set<String> = []
    if let model = context.model {
      let files = model.manifest.files
      let here = model.file(for: context.uri)
      // The files this document's entries loaded: each file's first entry (a later one names a
      // file loaded before it, RC0304, or closes a cycle, RC0303, as one naming the root, which
      // no entry loads, does).
      var firstEntries: [SourceFileID: SourceFileID] = [:]
      for include in model.manifest.includes {
        guard let file = include.file, file != SourceFileID(0), firstEntries[file] == nil else { continue }
        firstEntries[file] = include.path.location.file
      }
      let listedHere = Set(firstEntries.filter { $0.value == here }.keys)
      for file in files.files where !listedHere.contains(file.id) {
        if let canonical = file.canonicalPath { loadedElsewhere.insert(canonical) }
      }
    }
    // The words of the text, and its quoted strings and block list items whole (a path may
    // hold spaces): a file named in the list as it is now (or anywhere) is not offered.
    let text = context.document.text
    let written = Set(
      (text.split(whereSeparator: wordSeparators.contains).map(String.init) + YAMLPathText.phrases(in: text))
        .map { $0.hasPrefix("./") ? String($0.dropFirst(2)) : $0 })
    var found: [CompletionCandidate] = []
    var queue: [(String, Int)] = [("", 0)]
    while let (relative, depth) = queue.first, found.count < 2_000 {
      queue.removeFirst()
      let absolute = relative.isEmpty ? directory : directory + "/" + relative
      guard let entries = FileSystem.entries(ofDirectory: absolute) else { continue }
      for entry in entries.sorted() where !entry.hasPrefix(".") {
        let child = relative.isEmpty ? entry : relative + "/" + entry
        let childPath = directory + "/" + child
        guard let kind = FileSystem.kind(of: childPath) else { continue }
        if kind == .directory {
          if depth < 3 { queue.append((child, depth + 1)) }
        } else if entry.hasSuffix(".yaml") || entry.hasSuffix(".yml"),
          let canonical = FileSystem.realPath(childPath), !loadedElsewhere.contains(canonical),
          !written.contains(child),
          canonical != context.document.canonicalPath
        {
          found.append(CompletionCandidate(label: child, kind: .file))
        }
      }
    }
    return found.sorted { $0.label < $1.label }
  }
}

/// Subsequence matching, ASCII letters in either case, as editors filter completions.
enum FuzzyMatch {
  static func matches(_ pattern: String, _ candidate: String) -> Bool {
    guard !pattern.isEmpty else { return true }
    var remaining = pattern.utf8.makeIterator()
    var wanted = remaining.next().map(folded)
    for byte in candidate.utf8 {
      guard let current = wanted else { return true }
      if folded(byte) == current { wanted = remaining.next().map(folded) }
    }
    return wanted == nil
  }

  private static func folded(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
  }
}
