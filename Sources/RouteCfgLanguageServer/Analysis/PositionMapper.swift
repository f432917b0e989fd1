import RouteCfgCore

/// Converts between the core's positions (1-based lines, columns in Unicode scalars, in the
/// text a model read) and LSP positions (0-based, in the negotiated encoding, in the editor's
/// current text), mapping through the edits made since the model was built.
struct PositionMapper: Sendable {
  let model: ManifestModel
  /// Open documents by URI.
  let documents: [String: TextDocument]
  let encoding: PositionEncoding
  /// For each file of the model (by index): the open document it was read from, when it still is.
  private let openDocuments: [TextDocument?]

  init(model: ManifestModel, documents: [String: TextDocument], encoding: PositionEncoding) {
    self.model = model
    self.documents = documents
    self.encoding = encoding
    openDocuments = model.uris.enumerated().map { index, uri in
      model.openVersions[SourceFileID(Int32(index))] == nil ? nil : documents[uri]
    }
  }

  /// The URI and current range of a core location (a point when it has no end).
  func location(_ location: SourceLocation) -> (uri: String, range: LSPRange) {
    let uri = model.uri(of: location.file)
    return (uri, range(in: location.file, start: location.start, end: location.end ?? location.start))
  }

  func range(in file: SourceFileID, start: TextPoint, end: TextPoint) -> LSPRange {
    let startPosition = position(in: file, point: start)
    let endPosition = position(in: file, point: end, isEnd: true)
    return LSPRange(start: startPosition, end: max(startPosition, endPosition))
  }

  /// The current LSP position of a core point; text typed at the point since goes after it, but
  /// for the end of a range (`isEnd`).
  func position(in file: SourceFileID, point: TextPoint, isEnd: Bool = false) -> LSPPosition {
    let source = model.source(of: file)
    if let document = openDocuments[Int(file.index)], let readVersion = model.openVersions[file], let source {
      let shift = shiftForByteOrderMark(in: file)
      let offset = Self.offset(of: point, in: source) + shift
      let current =
        document.version == readVersion
        ? offset : document.edits.offsetInCurrent(offset, fromVersion: readVersion, isEnd: isEnd) ?? offset
      return document.position(ofOffset: min(current, document.bytes.count), encoding: encoding)
    }
    // A file that is not open: its byte offset, then the editor's line and units, each found
    // from the nearest checkpoint of a long line (the model has the lines of every text it read).
    guard let source = model.readText(of: file), let lines = model.readLines[file] else {
      return LSPPosition(line: max(0, Int(point.line) - 1), character: max(0, Int(point.column) - 1))
    }
    return lines.position(ofOffset: Self.offset(of: point, in: source), in: source.bytes, encoding: encoding)
  }

  /// Whether the edits made since the model read the file changed the text from `start` to `end`
  /// (deleted, wrote over or typed inside any of it), or made it part of a longer word (text
  /// typed right against it, `AlertInputs`): a place that no longer holds what the model read,
  /// which references, highlights and the outline leave out.
  func isReplaced(in file: SourceFileID, start: TextPoint, end: TextPoint) -> Bool {
    guard let document = openDocuments[Int(file.index)], let readVersion = model.openVersions[file],
      readVersion != document.version, let source = model.source(of: file)
    else { return false }
    let shift = shiftForByteOrderMark(in: file)
    let lower = Self.offset(of: start, in: source) + shift
    let upper = Self.offset(of: end, in: source) + shift
    guard lower < upper else { return false }
    if document.edits.changedText(lower..<upper, since: readVersion) { return true }
    guard let currentLower = document.edits.offsetInCurrent(lower, fromVersion: readVersion),
      let currentUpper = document.edits.offsetInCurrent(upper, fromVersion: readVersion, isEnd: true)
    else { return false }
    let (old, current) = (source.bytes, document.bytes)
    let (oldLower, oldUpper) = (lower - shift, upper - shift)
    guard currentLower <= currentUpper, currentUpper <= current.count, oldLower >= 0, oldUpper <= old.count,
      current[currentLower..<currentUpper].elementsEqual(old[oldLower..<oldUpper])
    else { return true }
    // A word character now right after or before the place, where there was none (a byte order
    // mark, typed or kept before the first line, is none).
    func isWordByte(_ bytes: [UInt8], _ index: Int) -> Bool {
      index >= 0 && index < bytes.count && CursorAnalyzer.isIdentifierByte(bytes[index])
        && !(index < SourceText.utf8ByteOrderMark.count && bytes.starts(with: SourceText.utf8ByteOrderMark))
    }
    return (isWordByte(current, currentUpper) && !isWordByte(old, oldUpper))
      || (isWordByte(current, currentLower - 1) && !isWordByte(old, oldLower - 1))
  }

  /// The core file and point an LSP position of an open document stands for in the model's
  /// text; `nil` when the document is not part of the model or the edit log no longer reaches
  /// back to the text it read.
  func point(uri: String, position: LSPPosition) -> (file: SourceFileID, point: TextPoint)? {
    guard let document = documents[uri], let file = model.file(for: uri), let source = model.source(of: file)
    else { return nil }
    let offset = document.offset(of: position, encoding: encoding)
    var read = offset
    if let readVersion = model.openVersions[file], readVersion != document.version {
      guard let older = document.edits.offsetInOlder(offset, version: readVersion) else { return nil }
      read = older
    }
    read -= shiftForByteOrderMark(in: file)
    return (file, source.point(atByteOffset: max(0, read)))
  }

  /// 3 when the editor's text the model read began with a byte order mark, which the core's text
  /// does not hold (whether the buffer still begins with one, the edits since say).
  private func shiftForByteOrderMark(in file: SourceFileID) -> Int {
    model.byteOrderMarks.contains(file) ? SourceText.utf8ByteOrderMark.count : 0
  }

  /// The byte offset of a core point in the text it was read from (clamped to its line); on a
  /// long line, walked from the nearest column checkpoint.
  static func offset(of point: TextPoint, in source: SourceText) -> Int {
    guard point.line >= 1 else { return 0 }
    guard Int(point.line) <= source.lineCount else { return source.bytes.count }
    return source.byteOffset(line: point.line, column: point.column)
  }
}

extension LSPPosition {
  var json: JSONValue { .object([("line", .int(line)), ("character", .int(character))]) }

  init?(_ json: JSONValue?) {
    guard let line = json?["line"]?.intValue, let character = json?["character"]?.intValue, line >= 0,
      character >= 0
    else { return nil }
    self.init(line: line, character: character)
  }
}

extension LSPRange {
  var json: JSONValue { .object([("start", start.json), ("end", end.json)]) }

  init?(_ json: JSONValue?) {
    guard let start = LSPPosition(json?["start"]), let end = LSPPosition(json?["end"]) else { return nil }
    self.init(start: start, end: end)
  }
}
