import RouteCfgCore

/// An open document: the editor's text (the unsaved buffer wins over the file on disk), its
/// version and the edits made since the last analysis.
struct TextDocument: Sendable {
  let uri: String
  /// The file path of a `file:` URI.
  let path: String?
  /// The path with symbolic links resolved, when the file exists on disk.
  let canonicalPath: String?
  private(set) var version: Int
  private(set) var bytes: [UInt8]
  private(set) var lines: LineIndex
  private(set) var edits: EditLog
  /// The version the document was opened at, and a fingerprint of the text it was opened with.
  let opened: (version: Int, text: TextFingerprint)

  init(uri: String, version: Int, text: String, canonicalPath: String?) {
    self.uri = uri
    self.path = DocumentURI.path(of: uri)
    self.canonicalPath = canonicalPath
    self.version = version
    self.bytes = Array(text.utf8)
    self.lines = LineIndex(bytes)
    self.edits = EditLog(baseVersion: version)
    self.opened = (version, TextFingerprint(bytes))
  }

  /// One content change of `textDocument/didChange`: the whole text (`range` `nil`) or a range
  /// replaced. Every change of one notification carries its version.
  mutating func apply(text: String, range: LSPRange?, version: Int, encoding: PositionEncoding) {
    let replacement = Array(text.utf8)
    let edit: ByteEdit
    if let range {
      var start = lines.offset(of: range.start, in: bytes, encoding: encoding)
      var end = lines.offset(of: range.end, in: bytes, encoding: encoding)
      if end < start { swap(&start, &end) }
      bytes.replaceSubrange(start..<end, with: replacement)
      edit = ByteEdit(version: version, offset: start, removed: end - start, inserted: replacement.count)
    } else {
      edit = Self.difference(from: bytes, to: replacement, version: version)
      bytes = replacement
    }
    lines = LineIndex(bytes)
    self.version = version
    edits.record(edit)
  }

  /// Moves to `version` without changing the text (a change notification with no content
  /// changes: LSP's version is the one after all of them, none here).
  mutating func advance(to version: Int) {
    self.version = version
    edits.record(ByteEdit(version: version, offset: 0, removed: 0, inserted: 0))
  }

  /// Forgets edits up to `version` (no analysis older than it is in use any more).
  mutating func trimEdits(upTo version: Int) {
    edits.trim(upTo: version)
  }

  /// A whole-text replacement as one edit: what lies between the common prefix and suffix.
  static func difference(from old: [UInt8], to new: [UInt8], version: Int) -> ByteEdit {
    let limit = min(old.count, new.count)
    var prefix = 0
    while prefix < limit, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < limit - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
    return ByteEdit(
      version: version, offset: prefix, removed: old.count - prefix - suffix,
      inserted: new.count - prefix - suffix)
  }

  /// The text, for the loader.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  func position(ofOffset offset: Int, encoding: PositionEncoding) -> LSPPosition {
    lines.position(ofOffset: offset, in: bytes, encoding: encoding)
  }

  func offset(of position: LSPPosition, encoding: PositionEncoding) -> Int {
    lines.offset(of: position, in: bytes, encoding: encoding)
  }
}

/// The length and a 64-bit hash of a text as a check reads it (a leading byte order mark is not
/// part of it): whether a check read on disk the text a document was opened with, without
/// keeping a copy of that text.
struct TextFingerprint: Sendable {
  let count: Int
  let hash: Int
  /// Whether the text began with a byte order mark, which the count and hash leave out.
  let beginsWithByteOrderMark: Bool

  init(_ bytes: [UInt8]) {
    let text = Self.asRead(bytes)
    var hasher = Hasher()
    text.withUnsafeBytes { hasher.combine(bytes: $0) }
    count = text.count
    hash = hasher.finalize()
    beginsWithByteOrderMark = text.startIndex > 0
  }

  /// Whether both fingerprints are of the same text as a check reads it (a byte order mark aside).
  func readsAlike(_ other: TextFingerprint) -> Bool { count == other.count && hash == other.hash }

  /// An editor's text as a check reads it: without a leading UTF-8 byte order mark, which
  /// ``SourceText`` does not hold.
  static func asRead(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
    bytes.starts(with: SourceText.utf8ByteOrderMark) ? bytes[3...] : bytes[...]
  }
}
