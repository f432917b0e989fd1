import RouteCfgCore

/// One load and validation of a root manifest with the editor's unsaved buffers: the manifest,
/// its diagnostics, the YAML trees and the symbol index every feature reads. Immutable and
/// shared between requests.
final class ManifestModel: Sendable {
  /// The root manifest's path (as the loader was given it).
  let rootPath: String
  let manifest: Manifest
  let diagnostics: [Diagnostic]
  /// The YAML tree of each file that parsed.
  let documents: [SourceFileID: YAMLDocument]
  /// The text of open documents that did not parse (for positions of their diagnostics).
  let unparsedTexts: [SourceFileID: SourceText]
  /// The text of files read from disk that did not parse (not UTF-8, a syntax error): only for
  /// the positions of their diagnostics, in the units the editor counts.
  let unparsedDiskTexts: [SourceFileID: SourceText]
  /// The URI of each file, by file index: the editor's URI for open documents.
  let uris: [String]
  /// For files read from an open document: its URI and the version read.
  let openVersions: [SourceFileID: Int]
  /// The files read from an open document whose text began with a byte order mark, which the
  /// core's text does not hold: their places are 3 bytes further on in that version's text.
  let byteOrderMarks: Set<SourceFileID>
  let index: SymbolIndex
  /// How long loading, validating and indexing took.
  let duration: Duration
  /// The stamps of the files this load read from disk, by path, taken as the load ends (a file
  /// changed in the moment between its read and its stamp is seen at its next change); `nil`
  /// for a file that could not be stamped.
  let diskStamps: [String: FileStamp?]
  /// The editor's lines of each file's text as this load read it, for the positions of places
  /// in a file that is not open (any more): made once per load, so that a request maps each place
  /// from the nearest checkpoint of a long line, not by a walk from its start.
  let readLines: [SourceFileID: LineIndex]

  init(
    rootPath: String, manifest: Manifest, diagnostics: [Diagnostic], documents: [SourceFileID: YAMLDocument],
    index: SymbolIndex, uris: [String], openVersions: [SourceFileID: Int],
    byteOrderMarks: Set<SourceFileID> = [], unparsedTexts: [SourceFileID: SourceText],
    unparsedDiskTexts: [SourceFileID: SourceText] = [:],
    duration: Duration, diskStamps: [String: FileStamp?] = [:]
  ) {
    self.rootPath = rootPath
    self.manifest = manifest
    self.diagnostics = diagnostics
    self.documents = documents
    self.unparsedTexts = unparsedTexts
    self.unparsedDiskTexts = unparsedDiskTexts
    self.uris = uris
    self.openVersions = openVersions
    self.byteOrderMarks = byteOrderMarks
    self.index = index
    self.duration = duration
    self.diskStamps = diskStamps
    var lines: [SourceFileID: LineIndex] = [:]
    for (file, document) in documents { lines[file] = LineIndex(document.source.bytes) }
    for (file, text) in unparsedTexts { lines[file] = LineIndex(text.bytes) }
    for (file, text) in unparsedDiskTexts { lines[file] = LineIndex(text.bytes) }
    self.readLines = lines
  }

  /// A copy of `model` with other URIs, open versions and stamps.
  private init(
    _ model: ManifestModel, uris: [String], openVersions: [SourceFileID: Int],
    byteOrderMarks: Set<SourceFileID>, diskStamps: [String: FileStamp?]
  ) {
    rootPath = model.rootPath
    manifest = model.manifest
    diagnostics = model.diagnostics
    documents = model.documents
    unparsedTexts = model.unparsedTexts
    unparsedDiskTexts = model.unparsedDiskTexts
    self.uris = uris
    self.openVersions = openVersions
    self.byteOrderMarks = byteOrderMarks
    index = model.index
    duration = model.duration
    self.diskStamps = diskStamps
    readLines = model.readLines
  }

  /// Open documents by canonical path, for ``readingOpenDocuments(_:)``.
  static func openDocumentsByPath(_ documents: [String: TextDocument]) -> [String: TextDocument] {
    var byPath: [String: TextDocument] = [:]
    for document in documents.values {
      if let path = document.canonicalPath { byPath[path] = document }
    }
    return byPath
  }

  /// This load with each file it read on disk and parsed counted as read from the open document
  /// of that file (`open`, by canonical path), when the document holds the text it read: as it
  /// is now, at its version; or as it was opened, at that version, when its edits since are all
  /// known. A check that began before the document was opened then stands for its buffer, and
  /// the places it found in the file map through the edits made since (a file broken by the
  /// next keystroke keeps answering from it). `self` when no such file is open.
  func readingOpenDocuments(_ open: [String: TextDocument]) -> ManifestModel {
    guard !open.isEmpty else { return self }
    var (uris, versions, marks, stamps) = (self.uris, openVersions, byteOrderMarks, diskStamps)
    for file in manifest.files.files where versions[file.id] == nil {
      guard let path = file.canonicalPath, let document = open[path], let source = documents[file.id]?.source,
        let (version, beginsWithByteOrderMark) = Self.version(of: document, holding: source)
      else { continue }
      versions[file.id] = version
      if beginsWithByteOrderMark { marks.insert(file.id) }
      uris[Int(file.id.index)] = document.uri
      // Open, it is no longer compared with the disk.
      stamps[path] = nil
    }
    return versions.count == openVersions.count
      ? self
      : ManifestModel(self, uris: uris, openVersions: versions, byteOrderMarks: marks, diskStamps: stamps)
  }

  /// Whether this load read on disk a file that is open (`open`, by canonical path): after
  /// ``readingOpenDocuments(_:)``, a text the buffer does not hold, whose places in that file
  /// are not the buffer's.
  func readsOnDisk(anyOf open: [String: TextDocument]) -> Bool {
    guard !open.isEmpty else { return false }
    return manifest.files.files.contains { file in
      openVersions[file.id] == nil && file.canonicalPath.map { open[$0] != nil } == true
    }
  }

  /// The version of `document` whose text is `source`, and whether that version's text begins
  /// with a byte order mark: its current one, or the one it was opened at when its edits since
  /// are all known; `nil` when neither holds it.
  private static func version(of document: TextDocument, holding source: SourceText) -> (
    Int, beginsWithByteOrderMark: Bool
  )? {
    let text = TextFingerprint.asRead(document.bytes)
    if text.count == source.bytes.count, text.elementsEqual(source.bytes) {
      return (document.version, text.startIndex > 0)
    }
    let opened = document.opened
    guard opened.version != document.version, document.edits.baseVersion <= opened.version,
      opened.text.count == source.bytes.count, opened.text.readsAlike(TextFingerprint(source.bytes))
    else { return nil }
    return (opened.version, opened.text.beginsWithByteOrderMark)
  }

  /// The file a URI names in this load.
  func file(for uri: String) -> SourceFileID? {
    uris.firstIndex(of: uri).map { SourceFileID(Int32($0)) }
  }

  func uri(of file: SourceFileID) -> String { uris[Int(file.index)] }

  /// The version of the open document at `uri` this load read; `nil` when it read the file on
  /// disk or not at all.
  func openVersion(of uri: String) -> Int? { file(for: uri).flatMap { openVersions[$0] } }

  /// The text of a file as this load read it, when known.
  func source(of file: SourceFileID) -> SourceText? {
    documents[file]?.source ?? unparsedTexts[file]
  }

  /// The text of a file as this load read it, whether or not it parsed or is open: for
  /// positions in it.
  func readText(of file: SourceFileID) -> SourceText? {
    source(of: file) ?? unparsedDiskTexts[file]
  }

  /// `true` when the file was read as YAML (its declarations are in the manifest).
  func parsed(_ file: SourceFileID) -> Bool { documents[file] != nil }

  /// `true` when the root's text was read but does not parse (being typed): the load read none
  /// of its includes.
  var rootIsUnparsed: Bool { source(of: SourceFileID(0)) != nil && !parsed(SourceFileID(0)) }

  /// `true` when an open document this load read does not parse (being typed), the root or an
  /// included one: the load read none of that document's includes.
  var hasUnparsedDocument: Bool { !unparsedTexts.isEmpty }
}
