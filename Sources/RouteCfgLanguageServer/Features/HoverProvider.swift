import RouteCfgCore

/// Hover: a protocol's members (inherited ones marked), a module's kind, protocols, parameters
/// and routes, both sides of an adapter's `map` entry, a member's signature, a key's meaning.
enum HoverProvider {
  static func hover(_ context: FeatureContext, at position: LSPPosition) -> JSONValue {
    if let model = context.model, let mapper = context.mapper,
      let occurrence = context.occurrence(at: position),
      let text = markdown(for: occurrence, model: model)
    {
      // The name without its quotes, as references give it.
      let range = NavigationProvider.nameRange(of: occurrence, model: model, mapper: mapper)
      return result(text, range: range, format: context.client.hoverFormat)
    }
    if let model = context.model, let (occurrence, range) = context.aliasedOccurrence(at: position),
      let text = markdown(for: occurrence, model: model)
    {
      return result(text, range: range, format: context.client.hoverFormat)
    }
    if let missing = missingIncludeHover(context, at: position) { return missing }
    if let key = keyHover(context, at: position) { return key }
    return .null
  }

  /// An `include` entry that names no file the load took (missing, outside the root): the path
  /// it names, and that it could not be read or is not included, which its diagnostic explains.
  /// Entries a file was loaded from are occurrences of it (``markdown(for:model:)``).
  private static func missingIncludeHover(_ context: FeatureContext, at position: LSPPosition) -> JSONValue? {
    guard let model = context.model, let mapper = context.mapper,
      let (file, point) = mapper.point(uri: context.uri, position: position), model.parsed(file),
      let include = model.manifest.includes.first(where: { include in
        guard include.file == nil, include.path.location.file == file, let end = include.path.location.end
        else { return false }
        return include.path.location.start <= point && point <= end
      }), let end = include.path.location.end
    else { return nil }
    let including = model.manifest.files.path(of: file)
    let path = FileSystem.lexicallyNormalized(
      FileSystem.join(FileSystem.directory(of: including), include.path.value))
    let range = mapper.range(in: file, start: include.path.location.start, end: end)
    // A file that is there was refused (outside the root, an absolute path); a missing one was not read.
    let text =
      FileSystem.realPath(path) == nil ? "could not be read" : "is not included (its diagnostic says why)"
    return result("`\(path)` \(text)", range: range, format: context.client.hoverFormat)
  }

  /// A `Hover` with the text in the client's format.
  private static func result(_ markdown: String, range: LSPRange?, format: MarkupKind) -> JSONValue {
    var members: [(String, JSONValue)] = [("contents", format.content(markdown: markdown))]
    if let range { members.append(("range", range.json)) }
    return .object(members)
  }

  static func markdown(for occurrence: Occurrence, model: ManifestModel) -> String? {
    switch occurrence.target {
    case .protocolName(let name): return protocolMarkdown(name, model: model)
    case .module(let name): return moduleMarkdown(name, model: model)
    case .member(let protocolName, let fullName):
      if let entry = mapEntry(at: occurrence, model: model) { return entry }
      guard let info = model.index.protocols[protocolName],
        let member = info.members.first(where: { $0.fullName == fullName })
      else { return nil }
      return swiftBlock(SwiftSignature.member(member)) + "\nmember of `\(protocolName)`"
    case .parameter(let module, let name):
      return parameterMarkdown(name, of: module, model: model)
    case .file(let file):
      let path = FileSystem.lexicallyNormalized(model.manifest.files.path(of: file))
      // A file that could not be read (missing, a directory, not YAML) has its diagnostic.
      return model.source(of: file) == nil ? "`\(path)` could not be read" : "included file `\(path)`"
    }
  }

  private static func swiftBlock(_ code: String) -> String { "```swift\n\(code)\n```" }

  static func protocolMarkdown(_ name: String, model: ManifestModel) -> String? {
    guard let info = model.index.protocols[name] else {
      return "`\(name)` is not a declared protocol"
    }
    var text = swiftBlock(SwiftSignature.protocolDeclaration(info))
    let manifest = model.manifest
    let providers = manifest.modules.filter { $0.provides.contains { $0.value == name } }.map(\.name.value)
    let requirers = manifest.modules.filter { $0.requires.contains { $0.value == name } }.map(\.name.value)
    let adaptedTo = manifest.adapters.filter { $0.adapt?.value == name }.compactMap { $0.to?.value }
    let adaptedFrom = manifest.adapters.filter { $0.to?.value == name }.compactMap { $0.adapt?.value }
    var lines: [String] = []
    if !providers.isEmpty { lines.append("provided by " + quotedList(providers)) }
    // Where no module lists it, the modules providing a protocol that inherits it make it, but
    // answer no requirement of it (SPEC §2): that needs a module that lists it.
    if providers.isEmpty {
      let inheriting = manifest.modules.compactMap { module -> String? in
        guard
          let child = module.provides.first(where: {
            model.index.protocols[$0.value]?.ancestors.contains(name) == true
          })
        else { return nil }
        return "`\(module.name.value)` (as `\(child.value)`)"
      }
      if !inheriting.isEmpty {
        lines.append(
          "provided by " + inheriting.joined(separator: ", ")
            + (requirers.isEmpty
              ? ""
              : ", which \(inheriting.count == 1 ? "answers" : "answer") no `requires` of it: list it in a "
                + "module's `provides`"))
      }
    }
    if !requirers.isEmpty { lines.append("required by " + quotedList(requirers)) }
    if !adaptedTo.isEmpty { lines.append("adapted to " + quotedList(adaptedTo)) }
    if !adaptedFrom.isEmpty { lines.append("adapter from " + quotedList(adaptedFrom)) }
    if !lines.isEmpty { text += "\n" + lines.map { "- " + $0 }.joined(separator: "\n") }
    return text
  }

  static func moduleMarkdown(_ name: String, model: ManifestModel) -> String? {
    guard let index = model.index.moduleDeclarations[name] else {
      return "`\(name)` is not a declared module"
    }
    let module = model.manifest.modules[index]
    var text = module.kind.map { "**\($0.value.rawValue)** module `\(name)`" } ?? "module `\(name)`"
    var lines: [String] = []
    if !module.provides.isEmpty { lines.append("provides " + quotedList(module.provides.map(\.value))) }
    if !module.requires.isEmpty { lines.append("requires " + quotedList(module.requires.map(\.value))) }
    if !module.parameters.isEmpty {
      let parameters = module.parameters.map { "`\($0.name.value): \($0.type.map(\.description) ?? "?")`" }
      lines.append("parameters " + parameters.joined(separator: ", "))
    }
    if !module.routes.isEmpty { lines.append("routes " + quotedList(module.routes.map(\.value))) }
    if model.manifest.fallback?.value == name { lines.append("the fallback for unmatched URLs") }
    if !lines.isEmpty { text += "\n\n" + lines.map { "- " + $0 }.joined(separator: "\n") }
    return text
  }

  /// A module parameter: its type, and whether URLs give it in their paths or their queries.
  static func parameterMarkdown(_ name: String, of index: Int, model: ManifestModel) -> String? {
    guard model.manifest.modules.indices.contains(index) else { return nil }
    let module = model.manifest.modules[index]
    guard let parameter = module.parameters.first(where: { $0.name.value == name }) else { return nil }
    var text = swiftBlock("\(name): \(parameter.type.map(\.description) ?? "?")")
    text += "\nparameter of module `\(module.name.value)`"
    let binding = module.routes.filter { route in
      RoutePattern.segmentsAsRead(in: route.value).segments.contains { $0.parameterName == name }
    }
    if !binding.isEmpty {
      // A module of thousands of routes is named in a hover of a few lines.
      let shown = 10
      text += "\n- bound by " + quotedList(binding.prefix(shown).map(\.value))
      if binding.count > shown { text += " and \(binding.count - shown) more" }
    } else if parameter.type?.isOptional == true, !module.routes.isEmpty {
      text += "\n- read from the query (`?\(name)=...`)"
    }
    return text
  }

  /// Both sides of the `map` entry an occurrence belongs to.
  private static func mapEntry(at occurrence: Occurrence, model: ManifestModel) -> String? {
    for adapter in model.manifest.adapters where adapter.location.file == occurrence.file {
      for entry in adapter.map
      where contains(entry.required.location, occurrence) || contains(entry.provided.location, occurrence) {
        guard let adapt = adapter.adapt?.value, let to = adapter.to?.value else { return nil }
        let required = model.index.member(named: entry.required.value, in: adapt)
        let provided = keyPathEnd(entry.provided.value, from: to, model: model)
        var text = "```swift\n"
        text +=
          required.map { "// \(adapt) (required)\n" + SwiftSignature.member($0.member) }
          ?? "// \(adapt): no member '\(entry.required.value)'"
        text += "\n"
        text +=
          provided.map {
            "// \(to) (provided\(entry.provided.value.contains(".") ? ", key path \(entry.provided.value)" : ""))\n"
              + SwiftSignature.member($0)
          }
          ?? "// \(to): no member or key path '\(entry.provided.value)'"
        return text + "\n```"
      }
    }
    return nil
  }

  private static func contains(_ location: SourceLocation, _ occurrence: Occurrence) -> Bool {
    location.file == occurrence.file && location.start <= occurrence.start
      && occurrence.end <= (location.end ?? location.start)
  }

  /// The member a key path ends at.
  private static func keyPathEnd(_ path: String, from protocolName: String, model: ManifestModel)
    -> MemberDecl?
  {
    var current = protocolName
    let steps = path.split(separator: ".", omittingEmptySubsequences: false)
    for (position, step) in steps.enumerated() {
      guard let (member, _) = model.index.member(named: String(step), in: current) else { return nil }
      if position == steps.count - 1 { return member }
      guard let next = model.index.protocolOf(member) else { return nil }
      current = next
    }
    return nil
  }

  /// A manifest key's description from the schema.
  private static func keyHover(_ context: FeatureContext, at position: LSPPosition) -> JSONValue? {
    // A key after a byte-order mark or `---` on the first line starts its line as well.
    let bytes = CursorText.masked(context.document.bytes)
    let offset = context.document.offset(of: position, encoding: context.encoding)
    let line = context.document.lines.line(ofOffset: offset)
    let range = context.document.lines.contentRange(ofLine: line, in: bytes)
    guard
      let key = blockKey(around: offset, in: bytes, line: range)
        ?? flowKey(around: offset, in: bytes, line: range)
    else { return nil }
    // The context just after the colon holds the key in its path.
    guard
      let cursor = CursorContext.at(offset: key.colon + 1, in: bytes, lines: context.document.lines),
      // The key's own value (not a word before a colon inside a quoted scalar).
      cursor.slot == .value, cursor.path.last == .key(key.name),
      let node = context.schema.node(at: cursor.path),
      let description = node.description
    else { return nil }
    let keyRange = LSPRange(
      start: context.document.position(ofOffset: key.start, encoding: context.encoding),
      end: context.document.position(ofOffset: key.end, encoding: context.encoding))
    return result("`\(key.name)`: \(description)", range: keyRange, format: context.client.hoverFormat)
  }

  /// A key written at the start of the line (`kind: view`) that holds `offset`: its name, where
  /// it starts and ends, and its colon, as offsets in the document.
  private static func blockKey(around offset: Int, in bytes: [UInt8], line: Range<Int>) -> HoveredKey? {
    guard let key = LineShape(bytes[line]).key else { return nil }
    let column = offset - line.lowerBound
    guard column >= key.column, column <= key.colon else { return nil }
    return HoveredKey(
      name: key.name, start: line.lowerBound + key.column, end: line.lowerBound + key.colon,
      colon: line.lowerBound + key.colon)
  }

  /// A key of a flow mapping that holds `offset`: `kind` in `{kind: view}`, or `"kind"` in a
  /// manifest written as JSON; the key is the word before a colon, quoted or not.
  private static func flowKey(around offset: Int, in bytes: [UInt8], line: Range<Int>) -> HoveredKey? {
    func isWordByte(_ byte: UInt8) -> Bool { !" \t{}[],:\"'#".utf8.contains(byte) }
    var start = offset
    while start > line.lowerBound, isWordByte(bytes[start - 1]) { start -= 1 }
    var end = offset
    while end < line.upperBound, isWordByte(bytes[end]) { end += 1 }
    guard start < end else { return nil }
    let name = String(decoding: bytes[start..<end], as: UTF8.self)
    // A quoted key: its quotes are part of it.
    if start > line.lowerBound, end < line.upperBound, bytes[start - 1] == bytes[end],
      bytes[end] == UInt8(ascii: "\"") || bytes[end] == UInt8(ascii: "'")
    {
      start -= 1
      end += 1
    }
    var colon = end
    while colon < line.upperBound, bytes[colon] == 0x20 { colon += 1 }
    guard colon < line.upperBound, bytes[colon] == UInt8(ascii: ":") else { return nil }
    // Before the key: the mapping's `{` or a `,`, past spaces.
    var before = start
    while before > line.lowerBound, bytes[before - 1] == 0x20 { before -= 1 }
    guard before > line.lowerBound,
      bytes[before - 1] == UInt8(ascii: "{") || bytes[before - 1] == UInt8(ascii: ",")
    else { return nil }
    return HoveredKey(name: name, start: start, end: end, colon: colon)
  }

  /// A key under the cursor, by offsets in the document.
  private struct HoveredKey {
    let name: String
    let start: Int
    let end: Int
    let colon: Int
  }

  private static func quotedList(_ names: [String]) -> String {
    names.map { "`\($0)`" }.joined(separator: ", ")
  }
}
