import RouteCfgCore

/// What a request about one document reads: the document's current text, the other open
/// documents, the last model that read the document as YAML, and the negotiated encoding.
/// A value, taken when the request arrives, so later edits do not change its answer.
struct FeatureContext: Sendable {
  let uri: String
  let document: TextDocument
  let documents: [String: TextDocument]
  let model: ManifestModel?
  let encoding: PositionEncoding
  let schema: SchemaNavigator
  /// What the client handles (the format of documentation, the shape of the outline).
  let client: ClientCapabilities
  /// The latest models of the other root manifests that read the document, or a file the
  /// document's root reads (a file two roots include): rename and references cover those that
  /// declare the name in the same file, and rename checks the new name against all of them.
  var otherModels: [ManifestModel] = []
  /// Other open roots that read the document (or a file its root reads) when they last parsed,
  /// and do not parse now: their names are not known, so rename refuses rather than miss them.
  var unparsedRootsReading: [String] = []

  var mapper: PositionMapper? {
    model.map { PositionMapper(model: $0, documents: documents, encoding: encoding) }
  }

  /// Every occurrence of `target` in the model and in ``otherModels``, each with the model that
  /// found it and that model's mapper to the current text (a place two models share comes twice).
  func occurrencesInEveryRoot(of target: SymbolTarget) -> [(
    model: ManifestModel, mapper: PositionMapper, occurrence: Occurrence
  )] {
    guard let model else { return [] }
    // Another root counts when its declaration of the name is the same one (in a file both read);
    // a name it declares elsewhere is another protocol or module of the same name.
    func declaringFile(_ current: ManifestModel) -> String? {
      current.index.declaration(of: target, in: current.manifest).map { current.uri(of: $0.file) }
    }
    let declared = declaringFile(model)
    let sharing = otherModels.filter { other in
      other.file(for: uri) != nil || (declared != nil && declaringFile(other) == declared)
    }
    return ([model] + sharing).flatMap { current in
      let mapper = PositionMapper(model: current, documents: documents, encoding: encoding)
      return current.index.occurrences(of: target).map { (current, mapper, $0) }
    }
  }

  /// The model's file for this document, when the model read it as YAML.
  var file: SourceFileID? {
    guard let model, let file = model.file(for: uri), model.parsed(file) else { return nil }
    return file
  }

  /// The occurrence at a position, checked against the current text: after edits the model has
  /// not seen, an occurrence only counts when the identifier under the cursor still reads the same.
  func occurrence(at position: LSPPosition) -> Occurrence? {
    guard let model, let mapper, let (file, point) = mapper.point(uri: uri, position: position),
      model.parsed(file), let occurrence = model.index.occurrence(in: file, at: point)
    else { return nil }
    if let readVersion = model.openVersions[file], readVersion != document.version {
      let range = mapper.range(in: file, start: occurrence.start, end: occurrence.end)
      let written = text(in: range)
      guard let word = identifier(at: position), written.contains(word) else { return nil }
    }
    return occurrence
  }

  /// The name a YAML alias at the position stands for (`*p`, where `&p Foo` names `Foo`): the
  /// anchored scalar's occurrence, with the alias's own range. For go to definition, hover,
  /// references and highlights; rename keeps to names as written. Only where the last check read
  /// the text as it is (an alias typed since is not looked into).
  func aliasedOccurrence(at position: LSPPosition) -> (occurrence: Occurrence, range: LSPRange)? {
    guard let model, let mapper, let (file, point) = mapper.point(uri: uri, position: position),
      model.parsed(file), model.openVersions[file].map({ $0 == document.version }) ?? true,
      let yaml = model.documents[file], let alias = yaml.alias(at: point)
    else { return nil }
    let node = yaml[alias.target]
    guard node.kind == .scalar,
      let occurrence = model.index.occurrence(in: file, within: node.start, node.end)
    else { return nil }
    return (occurrence, mapper.range(in: file, start: alias.start, end: alias.end))
  }

  /// The text of a range of the current document.
  func text(in range: LSPRange) -> String {
    let start = document.offset(of: range.start, encoding: encoding)
    let end = max(start, document.offset(of: range.end, encoding: encoding))
    return String(decoding: document.bytes[start..<end], as: UTF8.self)
  }

  /// The identifier (Swift identifier characters) under or just before a position.
  func identifier(at position: LSPPosition) -> String? {
    let offset = document.offset(of: position, encoding: encoding)
    let bytes = document.bytes
    var start = offset
    while start > 0, CursorAnalyzer.isIdentifierByte(bytes[start - 1]) { start -= 1 }
    var end = offset
    while end < bytes.count, CursorAnalyzer.isIdentifierByte(bytes[end]) { end += 1 }
    guard start < end else { return nil }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// The cursor context at a position of the current text.
  func cursorContext(at position: LSPPosition) -> CursorContext? {
    CursorContext.at(
      offset: document.offset(of: position, encoding: encoding), in: document.bytes, lines: document.lines)
  }

  /// An LSP location (`{uri, range}`) for a core location.
  func locationJSON(_ location: SourceLocation) -> JSONValue? {
    guard let mapper else { return nil }
    let (uri, range) = mapper.location(location)
    return .object([("uri", .string(uri)), ("range", range.json)])
  }
}
