import RouteCfgCore

/// Go to definition, find references and document highlights, from the symbol index.
enum NavigationProvider {
  /// Where the name at a position is declared: the protocol, module or member (across included
  /// files), or the file an include entry names. Falls back to the name under the cursor when the
  /// index has no occurrence there because the text was typed since the last analysis (outside
  /// comments); where the analysis read the text as it is, a word the index does not hold (in a
  /// comment, say) has no definition, as it has no hover. An include entry that names no file an
  /// editor can open (a directory) has none either.
  static func definition(_ context: FeatureContext, at position: LSPPosition) -> JSONValue {
    guard let model = context.model else { return .null }
    var targets: [SymbolTarget] = []
    if let occurrence = context.occurrence(at: position)
      ?? context.aliasedOccurrence(at: position)?.occurrence
    {
      targets = [occurrence.target]
    } else if let file = context.file, model.openVersions[file] != context.document.version,
      context.cursorContext(at: position) != nil, let word = context.identifier(at: position)
    {
      if model.index.protocolDeclarations[word] != nil { targets.append(.protocolName(word)) }
      if model.index.moduleDeclarations[word] != nil { targets.append(.module(word)) }
    }
    let locations = targets.compactMap { target -> JSONValue? in
      guard let declaration = model.index.declaration(of: target, in: model.manifest) else { return nil }
      if case .file(let file) = target, !isOpenable(file, context) { return nil }
      // The declared name without its quotes (`"Bar"`), as references and rename take it.
      if let mapper = context.mapper,
        let found = model.index.occurrences[declaration.file]?.first(where: {
          $0.isDeclaration && $0.target == target && $0.start == declaration.start
        })
      {
        let range = nameRange(of: found, model: model, mapper: mapper)
        return .object([("uri", .string(mapper.location(declaration).uri)), ("range", range.json)])
      }
      return context.locationJSON(declaration)
    }
    return locations.isEmpty ? .null : .array(locations)
  }

  /// Whether an included file is one an editor can open: an open document, or a regular file.
  private static func isOpenable(_ file: SourceFileID, _ context: FeatureContext) -> Bool {
    guard let model = context.model, context.documents[model.uri(of: file)] == nil else { return true }
    let entry = model.manifest.files[file]
    return FileSystem.kind(of: entry.canonicalPath ?? entry.path) == .regularFile
  }

  /// Every place the name at a position is written, in every file of the manifest.
  static func references(_ context: FeatureContext, at position: LSPPosition, includeDeclaration: Bool)
    -> JSONValue
  {
    guard
      let occurrence = context.occurrence(at: position) ?? context.aliasedOccurrence(at: position)?.occurrence
    else { return .null }
    // In every root manifest that reads the document (a file two roots include), each place once.
    var seen: Set<DocumentPlace> = []
    var locations: [JSONValue] = []
    // A place whose text was deleted since the last check that parsed is no longer there.
    for (model, mapper, found) in context.occurrencesInEveryRoot(of: occurrence.target)
    where (includeDeclaration || !found.isDeclaration)
      && !mapper.isReplaced(in: found.file, start: found.start, end: found.end)
    {
      let uri = model.uri(of: found.file)
      let range = nameRange(of: found, model: model, mapper: mapper)
      guard seen.insert(DocumentPlace(uri: uri, range: range)).inserted else { continue }
      locations.append(.object([("uri", .string(uri)), ("range", range.json)]))
    }
    return .array(locations)
  }

  /// The occurrences of the name at a position in this document: the declaration as a write,
  /// references as reads.
  static func highlights(_ context: FeatureContext, at position: LSPPosition) -> JSONValue {
    guard let model = context.model, let mapper = context.mapper, let file = context.file,
      let occurrence = context.occurrence(at: position) ?? context.aliasedOccurrence(at: position)?.occurrence
    else { return .null }
    let highlights = (model.index.occurrences[file] ?? [])
      .filter { $0.target == occurrence.target && !mapper.isReplaced(in: file, start: $0.start, end: $0.end) }
      .map { found -> JSONValue in
        let range = nameRange(of: found, model: model, mapper: mapper)
        return .object([("range", range.json), ("kind", .int(found.isDeclaration ? 3 : 2))])
      }
    return .array(highlights)
  }

  /// Where an occurrence's name is in the current text: a protocol's or module's name without
  /// the quotes it may be written in (`"Bar"`), the range rename edits; a member's without its
  /// quotes (`"x"`, as a JSON manifest writes a map's entries), as a name rename cannot edit
  /// (written with escapes, `"\u0042ar"`); a file as found.
  static func nameRange(of found: Occurrence, model: ManifestModel, mapper: PositionMapper)
    -> LSPRange
  {
    switch found.target {
    case .protocolName(let name), .module(let name):
      if let range = RenameProvider.nameRange(of: found, name: name, model: model, mapper: mapper) {
        return range
      }
      if let range = insideQuotes(found, model: model, mapper: mapper) { return range }
    case .member, .parameter:
      if let range = insideQuotes(found, model: model, mapper: mapper) { return range }
    case .file: break
    }
    return mapper.range(in: found.file, start: found.start, end: found.end)
  }

  /// The range inside the quotes of an occurrence written as a quoted scalar on one line.
  private static func insideQuotes(_ found: Occurrence, model: ManifestModel, mapper: PositionMapper)
    -> LSPRange?
  {
    guard let text = RenameProvider.text(of: found, model: model), let first = text.unicodeScalars.first,
      first == "\"" || first == "'", text.unicodeScalars.count >= 2, text.unicodeScalars.last == first
    else { return nil }
    let start = TextPoint(line: found.start.line, column: found.start.column + 1)
    let end = TextPoint(line: found.end.line, column: found.end.column - 1)
    return mapper.range(in: found.file, start: start, end: end)
  }
}

/// A range in a document, to tell places found twice apart (two root manifests that read one
/// file, a YAML alias).
struct DocumentPlace: Hashable {
  let uri: String
  let range: LSPRange
}
