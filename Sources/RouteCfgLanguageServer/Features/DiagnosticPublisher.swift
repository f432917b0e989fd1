import RouteCfgCore

/// Where each diagnostic code is explained: Docs/Diagnostics.md has a section per code, headed
/// `RC0101 FileUnreadable`, whose anchor is `#rc0101-fileunreadable`.
///
/// routecfg's documentation is not published at a stable address, so the default is the copy
/// that comes with the binary: Docs/Diagnostics.md of the checkout it was built in (found from
/// the executable, `.build/release/routecfg` → `Docs/`), or `share/doc/routecfg/Diagnostics.md`
/// beside an installed `bin/routecfg`. Without either, diagnostics carry their code and no link.
/// The initialization option `diagnosticsDocumentation` sets the page (a published fork's).
struct DiagnosticLinks: Sendable {
  let base: String?

  func url(for code: DiagnosticCode) -> String? {
    base.map { $0 + "#" + code.rawValue.lowercased() + "-" + code.name.lowercased() }
  }

  /// The Diagnostics.md that comes with the executable at `path`, as a `file:` URI; for a binary
  /// installed without it, one made from the code registry under the user's cache directory
  /// (``GeneratedDiagnosticsPage``).
  static func bundled(
    executable path: String, cacheDirectory: String? = GeneratedDiagnosticsPage.cacheDirectory()
  ) -> DiagnosticLinks {
    var directory = FileSystem.directory(of: FileSystem.realPath(path) ?? path)
    for _ in 0..<4 where !directory.isEmpty {
      for candidate in ["Docs/Diagnostics.md", "share/doc/routecfg/Diagnostics.md"] {
        let file = FileSystem.join(directory, candidate)
        if FileSystem.exists(file) { return DiagnosticLinks(base: DocumentURI.fileURI(path: file)) }
      }
      let parent = FileSystem.directory(of: directory)
      if parent == directory { break }
      directory = parent
    }
    let generated = cacheDirectory.flatMap(GeneratedDiagnosticsPage.path(in:))
    return DiagnosticLinks(base: generated.map { DocumentURI.fileURI(path: $0) })
  }
}

/// Turns a model's diagnostics into `textDocument/publishDiagnostics` notifications: one per
/// file of the manifest, with ranges in the editor's current text, the code and its link, notes
/// as related information (or, for a client that takes none, at the end of the message).
enum DiagnosticPublisher {
  /// At most this many diagnostics are sent for one file; a last one says how many were left out.
  static let maxPerFile = 1_000

  /// The diagnostics of each file of the model, by URI (files without any included, so that
  /// earlier diagnostics are cleared).
  static func publications(
    model: ManifestModel, mapper: PositionMapper, links: DiagnosticLinks, client: ClientCapabilities
  ) -> [(uri: String, diagnostics: [JSONValue])] {
    var byFile: [SourceFileID: [Diagnostic]] = [:]
    for diagnostic in model.diagnostics { byFile[diagnostic.location.file, default: []].append(diagnostic) }
    return model.manifest.files.files.map { file in
      let diagnostics = byFile[file.id] ?? []
      var converted = diagnostics.prefix(maxPerFile).map {
        convert($0, model: model, mapper: mapper, links: links, client: client)
      }
      if diagnostics.count > maxPerFile {
        let range = LSPRange(
          start: LSPPosition(line: 0, character: 0), end: LSPPosition(line: 0, character: 0))
        converted.append(
          .object([
            ("range", range.json), ("severity", .int(3)), ("source", .string("routecfg")),
            (
              "message",
              .string(
                "\(diagnostics.count - maxPerFile) more problems in this file are not shown; "
                  + "run 'routecfg validate --max-diagnostics 0' for all of them")
            ),
          ]))
      }
      return (model.uri(of: file.id), converted)
    }
  }

  static func convert(
    _ diagnostic: Diagnostic, model: ManifestModel, mapper: PositionMapper, links: DiagnosticLinks,
    client: ClientCapabilities
  ) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("range", range(of: diagnostic.location, model: model, mapper: mapper).json),
      ("severity", .int(diagnostic.severity == .error ? 1 : 2)),
      ("code", .string(diagnostic.code.rawValue)),
    ]
    if client.takesCodeDescriptions, let url = links.url(for: diagnostic.code) {
      members.append(("codeDescription", .object([("href", .string(url))])))
    }
    guard client.takesRelatedInformation else {
      // `Login/login.yaml:3:5: note: ...` lines, as `routecfg validate` writes them, with paths
      // from the root manifest's directory.
      let files = model.manifest.files
      let rootDirectory = files.files.first.map { FileSystem.directory(of: $0.path) + "/" } ?? ""
      let notes = diagnostic.notes.map { note in
        var path = files.path(of: note.location.file)
        if !rootDirectory.isEmpty, path.hasPrefix(rootDirectory) { path.removeFirst(rootDirectory.count) }
        return "\n" + TextFormatter.place(path, note.location) + ": note: " + note.message
      }
      members += [("source", .string("routecfg")), ("message", .string(diagnostic.message + notes.joined()))]
      return .object(members)
    }
    members += [("source", .string("routecfg")), ("message", .string(diagnostic.message))]
    if !diagnostic.notes.isEmpty {
      let related = diagnostic.notes.map { note -> JSONValue in
        let range = range(of: note.location, model: model, mapper: mapper)
        return .object([
          (
            "location", .object([("uri", .string(model.uri(of: note.location.file))), ("range", range.json)])
          ),
          ("message", .string(note.message)),
        ])
      }
      members.append(("relatedInformation", .array(related)))
    }
    return .object(members)
  }

  /// The range of a location; one without an end covers the word at its start (or one
  /// character), so that editors can underline it.
  static func range(of location: SourceLocation, model: ManifestModel, mapper: PositionMapper) -> LSPRange {
    if let end = location.end, end > location.start {
      return mapper.range(in: location.file, start: location.start, end: end)
    }
    guard let end = wordEnd(at: location, model: model) else {
      // A byte that starts no character (in a file that is not UTF-8): one unit.
      let start = mapper.position(in: location.file, point: location.start)
      return LSPRange(start: start, end: LSPPosition(line: start.line, character: start.character + 1))
    }
    return mapper.range(in: location.file, start: location.start, end: end)
  }

  /// The end of the word at a location's start, or of the character there; `nil` at a byte that
  /// starts no well-formed character (in a file that is not UTF-8), which is one unit to editors.
  private static func wordEnd(at location: SourceLocation, model: ManifestModel) -> TextPoint? {
    guard let source = model.readText(of: location.file) else { return location.start }
    let line = source.line(location.start.line)
    var offset = PositionMapper.offset(of: location.start, in: source)
    guard offset >= line.startIndex, offset < line.endIndex else { return location.start }
    var column = location.start.column
    let first = offset
    while offset < line.endIndex, CursorAnalyzer.isIdentifierByte(line[offset]),
      let length = wellFormedUTF8SequenceLength(in: source.bytes, at: offset, limit: line.endIndex)
    {
      offset += length
      column += 1
    }
    if offset == first {
      // Not a word: the one character there, unless the byte starts none.
      guard wellFormedUTF8SequenceLength(in: source.bytes, at: offset, limit: line.endIndex) != nil else {
        return nil
      }
      column += 1
    }
    return TextPoint(line: location.start.line, column: column)
  }
}
