import RouteCfgCore

/// The outline of a manifest file: its top-level keys, with protocols and their members,
/// modules and their routes, adapters and their `map` entries, bindings, variants and includes.
enum DocumentSymbolProvider {
  /// LSP `SymbolKind` values used here.
  private enum Kind: Int {
    case file = 1
    case module = 2
    case namespace = 3
    case adapter = 5
    case method = 6
    case property = 7
    case field = 8
    case interface = 11
    case constant = 14
    case string = 15
  }

  /// At most this many symbols are sent. Past it, members, routes and `map` entries are left out
  /// (protocols, modules and adapters are always listed), so that an outline of a very large
  /// manifest stays a few megabytes.
  static let maxSymbols = 40_000

  static func symbols(_ context: FeatureContext) -> JSONValue {
    guard let model = context.model, let mapper = context.mapper, let file = context.file,
      let document = model.documents[file], let root = document.root
    else { return .array([]) }
    var builder = OutlineBuilder(model: model, mapper: mapper, file: file, document: document)
    let tree = builder.build(root: root)
    guard context.client.hierarchicalDocumentSymbols else {
      var flat: [JSONValue] = []
      flatten(tree, container: nil, uri: context.uri, into: &flat)
      return .array(flat)
    }
    return .array(tree)
  }

  /// The outline for a client without hierarchical symbols (LSP `SymbolInformation[]`): every
  /// symbol in outline order, named with its parent as `containerName`, located by its range.
  private static func flatten(
    _ symbols: [JSONValue], container: String?, uri: String, into flat: inout [JSONValue]
  ) {
    for symbol in symbols {
      guard let name = symbol["name"], let kind = symbol["kind"], let range = symbol["range"] else {
        continue
      }
      var members: [(String, JSONValue)] = [
        ("name", name), ("kind", kind), ("location", .object([("uri", .string(uri)), ("range", range)])),
      ]
      if let container { members.append(("containerName", .string(container))) }
      flat.append(.object(members))
      flatten(symbol["children"]?.arrayValue ?? [], container: name.stringValue, uri: uri, into: &flat)
    }
  }

  /// A symbol's name as the outline shows it: LSP forbids a name that is empty or only white
  /// space, so an empty one reads `(empty)` and one of blanks is quoted, tabs, line breaks and
  /// spaces other than U+0020 escaped (`' '`, `'\t'`, `'\u{3000}'`).
  static func shownName(_ name: String) -> String {
    if name.isEmpty { return "(empty)" }
    guard name.allSatisfy(\.isWhitespace) else { return name }
    return "'" + TextFormatter.printable(name) + "'"
  }

  private struct OutlineBuilder {
    let model: ManifestModel
    let mapper: PositionMapper
    let file: SourceFileID
    let document: YAMLDocument
    var leafBudget = 0
    let protocolsByPlace: [TextPoint: ProtocolDecl]
    let modulesByPlace: [TextPoint: ModuleDecl]

    init(model: ManifestModel, mapper: PositionMapper, file: SourceFileID, document: YAMLDocument) {
      self.model = model
      self.mapper = mapper
      self.file = file
      self.document = document
      var protocols: [TextPoint: ProtocolDecl] = [:]
      for decl in model.manifest.protocols where decl.name.location.file == file {
        protocols[decl.name.location.start] = decl
      }
      var modules: [TextPoint: ModuleDecl] = [:]
      for decl in model.manifest.modules where decl.name.location.file == file {
        modules[decl.name.location.start] = decl
      }
      protocolsByPlace = protocols
      modulesByPlace = modules
    }

    mutating func build(root: YAMLNodeID) -> [JSONValue] {
      let entries = document.entries(of: root)
      var branches = 0
      for (_, value) in entries {
        branches += max(document.entries(of: value).count, document.items(of: value).count)
      }
      leafBudget = DocumentSymbolProvider.maxSymbols - entries.count - branches
      return entries.compactMap { key, value in topLevel(key: key, value: value) }
    }

    private mutating func topLevel(key: YAMLNodeID, value: YAMLNodeID) -> JSONValue? {
      let name = document[key].value
      var children: [JSONValue] = []
      var kind = Kind.namespace
      var detail: String?
      switch name {
      case "protocols":
        children = document.entries(of: value).compactMap { protocolSymbol(key: $0.key, value: $0.value) }
      case "modules":
        children = document.entries(of: value).compactMap { moduleSymbol(key: $0.key, value: $0.value) }
      case "adapters":
        children = document.items(of: value).compactMap { adapterSymbol($0) }
      case "bindings":
        children = bindingSymbols(value)
      case "variants":
        children = document.entries(of: value).compactMap { key, value in
          let bindings = document.entries(of: value).first { document[$0.key].value == "bindings" }
          return symbol(
            document[key].value, .namespace, detail: "variant", key: key, value: value,
            children: bindings.map { bindingSymbols($0.value) } ?? [])
        }
      case "include":
        children = document.items(of: value).compactMap { item in
          symbol(document[item].value, .file, detail: "include", key: item, value: item)
        }
      default:
        kind = document[value].kind == .scalar ? .constant : .namespace
        detail = document[value].kind == .scalar ? document[value].value : nil
      }
      return symbol(name, kind, detail: detail, key: key, value: value, children: children)
    }

    private mutating func protocolSymbol(key: YAMLNodeID, value: YAMLNodeID) -> JSONValue? {
      let name = document[key].value
      guard let decl = protocolsByPlace[document[key].start] else {
        return symbol(name, .interface, detail: "protocol", key: key, value: value)
      }
      var children: [JSONValue] = []
      for member in decl.members where takeLeaf() {
        let end = member.location.end ?? member.location.start
        if mapper.isReplaced(in: file, start: member.location.start, end: end) { continue }
        let selection = mapper.range(in: file, start: member.location.start, end: end)
        let declaration = declarationLine(of: member, body: value).flatMap { line in
          mapper.isReplaced(in: file, start: line.start, end: line.end)
            ? nil : mapper.range(in: file, start: line.start, end: line.end)
        }
        children.append(
          Self.json(
            name: member.fullName, kind: member.isProperty ? .property : .method,
            detail: SwiftSignature.member(member), range: declaration ?? selection, selection: selection,
            children: []))
      }
      let inherits = decl.inherits.isEmpty ? "" : ": " + decl.inherits.map(\.value).joined(separator: ", ")
      return symbol(
        name, .interface, detail: "protocol" + inherits, key: key, value: value, children: children)
    }

    /// Where a member's declaration is written: its line of a block body without the blanks
    /// around it (a block body holds a declaration a line), so that an editor shows the member
    /// wherever the cursor is on its declaration. `nil` for a line the body shares with its key
    /// (`P: "var a: Int"`), one holding several declarations, or a long one (no line is walked
    /// whole for each of its members).
    private func declarationLine(of member: MemberDecl, body: YAMLNodeID) -> (
      start: TextPoint, end: TextPoint
    )? {
      let number = member.location.start.line
      guard number > document[body].start.line, number <= document[body].end.line,
        let source = model.source(of: file)
      else { return nil }
      let line = source.line(number)
      guard line.count <= 1_000, !line.contains(UInt8(ascii: ";")) else { return nil }
      func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
      guard let first = line.firstIndex(where: { !isBlank($0) }),
        let last = line.lastIndex(where: { !isBlank($0) })
      else { return nil }
      // The slice's indices are offsets in the whole text.
      return (source.point(atByteOffset: first), source.point(atByteOffset: last + 1))
    }

    private mutating func moduleSymbol(key: YAMLNodeID, value: YAMLNodeID) -> JSONValue? {
      let name = document[key].value
      let decl = modulesByPlace[document[key].start]
      var children: [JSONValue] = []
      for route in decl?.routes ?? [] where takeLeaf() {
        let end = route.location.end ?? route.location.start
        if mapper.isReplaced(in: file, start: route.location.start, end: end) { continue }
        let range = mapper.range(in: file, start: route.location.start, end: end)
        children.append(
          Self.json(
            name: route.value, kind: .string, detail: "route", range: range, selection: range, children: []))
      }
      let detail = decl?.kind.map { "\($0.value.rawValue) module" } ?? "module"
      return symbol(name, .module, detail: detail, key: key, value: value, children: children)
    }

    private mutating func adapterSymbol(_ item: YAMLNodeID) -> JSONValue? {
      let entries = document.entries(of: item)
      func scalar(_ key: String) -> String? {
        entries.first { document[$0.key].value == key }.map { document[$0.value].value }
      }
      let name = "\(scalar("adapt") ?? "?") → \(scalar("to") ?? "?")"
      var children: [JSONValue] = []
      if let map = entries.first(where: { document[$0.key].value == "map" }) {
        var written = document[map.value].start
        for (key, value) in document.entries(of: map.value) where takeLeaf() {
          let entry = symbol(
            "\(document[key].value) → \(document[value].value)", .field, detail: "map", key: key,
            value: value,
            writtenAfter: written)
          written = entry?.end ?? written
          if let entry { children.append(entry.json) }
        }
      }
      // The outline selects the adapted protocol's name, as it does a protocol's or module's key.
      let adapt = entries.first { document[$0.key].value == "adapt" }?.value
      return symbol(
        name, .adapter, detail: "adapter", key: item, value: item, selecting: adapt, children: children)
    }

    private mutating func bindingSymbols(_ mapping: YAMLNodeID) -> [JSONValue] {
      var written = document[mapping].start
      return document.entries(of: mapping).compactMap { key, value in
        let entry = symbol(
          "\(document[key].value) → \(document[value].value)", .field, detail: "binding", key: key,
          value: value, writtenAfter: written)
        written = entry?.end ?? written
        return entry?.json
      }
    }

    private mutating func takeLeaf() -> Bool {
      guard leafBudget > 0 else { return false }
      leafBudget -= 1
      return true
    }

    /// A symbol whose range runs from its key to the end of its value and whose selection is
    /// the key, or the node `selecting` names; `nil` when the edits made since the model read the
    /// text replaced all of the selected text (the symbol is no longer there).
    private func symbol(
      _ name: String, _ kind: Kind, detail: String?, key: YAMLNodeID, value: YAMLNodeID,
      selecting selected: YAMLNodeID? = nil, children: [JSONValue] = []
    ) -> JSONValue? {
      symbol(
        name, kind, detail: detail, key: key, value: value, selecting: selected, children: children,
        writtenAfter: nil
      )?.json
    }

    /// The symbol of an entry of a mapping whose entries before it end at `written` (the
    /// mapping's start for its first): a key written as an alias (`*p : Login`) is the anchored
    /// node, written elsewhere, so the entry's place is the alias's, the first one written after
    /// `written` that stands for it. Also gives where the entry ends as written.
    private func symbol(
      _ name: String, _ kind: Kind, detail: String?, key: YAMLNodeID, value: YAMLNodeID,
      selecting selected: YAMLNodeID? = nil, children: [JSONValue] = [], writtenAfter written: TextPoint?
    ) -> (json: JSONValue, end: TextPoint)? {
      let keyNode = document[key]
      let valueNode = document[value]
      var keyPlace = (start: keyNode.start, end: keyNode.end)
      if let written, keyNode.start < written,
        let alias = document.alias(writtenAfter: written, standingFor: key)
      {
        keyPlace = (alias.start, alias.end)
      }
      var end = max(keyPlace.end, valueNode.end)
      var children = children
      // A value written as an alias (`B: *body`) is the anchored node, written before the key:
      // the entry ends with the alias, and what the value holds is listed at the anchor's own
      // entry, so that no child lies outside its symbol.
      if key != value, valueNode.start < keyPlace.start,
        let alias = document.alias(writtenAfter: keyPlace.end, standingFor: value)
      {
        end = max(keyPlace.end, alias.end)
        children = []
      }
      var range = mapper.range(in: file, start: keyPlace.start, end: end)
      // A node reached through an alias is the anchored one, which may lie outside the symbol:
      // the key is selected then, since a selection must lie within the symbol's range.
      var selection = Self.withoutQuotes(
        keyPlace, of: keyPlace.start == keyNode.start ? key : nil, in: document)
      if let selected, document[selected].start >= keyPlace.start, document[selected].end <= end {
        selection = Self.withoutQuotes(
          (document[selected].start, document[selected].end), of: selected, in: document)
      }
      if mapper.isReplaced(in: file, start: selection.start, end: selection.end) { return nil }
      let selectionRange = mapper.range(in: file, start: selection.start, end: selection.end)
      if range.end < selectionRange.end { range.end = selectionRange.end }
      let json = Self.json(
        name: name, kind: kind, detail: detail, range: range, selection: selectionRange, children: children)
      return (json, end)
    }

    /// The place of `node`'s name without its quotes, when it is a quoted scalar on one line
    /// (`"Bar"`: the name is `Bar`, as references and rename take it); `place` otherwise.
    private static func withoutQuotes(
      _ place: (start: TextPoint, end: TextPoint), of node: YAMLNodeID?, in document: YAMLDocument
    ) -> (start: TextPoint, end: TextPoint) {
      guard let node, [.singleQuoted, .doubleQuoted].contains(document[node].style),
        place.start.line == place.end.line, place.end.column - place.start.column >= 2
      else { return place }
      return (
        TextPoint(line: place.start.line, column: place.start.column + 1),
        TextPoint(line: place.end.line, column: place.end.column - 1)
      )
    }

    private static func json(
      name: String, kind: Kind, detail: String?, range: LSPRange, selection: LSPRange, children: [JSONValue]
    ) -> JSONValue {
      var members: [(String, JSONValue)] = [
        ("name", .string(DocumentSymbolProvider.shownName(name))), ("kind", .int(kind.rawValue)),
      ]
      if let detail { members.append(("detail", .string(detail))) }
      members.append(("range", range.json))
      members.append(("selectionRange", selection.json))
      if !children.isEmpty { members.append(("children", .array(children))) }
      return .object(members)
    }
  }
}
