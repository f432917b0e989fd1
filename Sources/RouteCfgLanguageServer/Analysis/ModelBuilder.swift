import RouteCfgCore

/// An open document's text given to a load in place of the file on disk.
struct Overlay: Sendable {
  let uri: String
  let version: Int
  let bytes: [UInt8]
}

/// What one analysis reads: the root manifest and the open documents' texts.
struct AnalysisInput: Sendable {
  /// The root manifest's path; for a document that is not a file (`untitled:`), a made-up path
  /// in the working directory that anchors its includes.
  let rootPath: String
  let rootURI: String
  /// The root's text when it is not a file on disk; otherwise it comes from `overlays` or disk.
  let rootText: Overlay?
  /// Open documents by canonical path.
  let overlays: [String: Overlay]
}

/// Loads and validates a manifest the way `routecfg validate` does, with the editor's buffers,
/// and builds the symbol index.
enum ModelBuilder {
  static func build(_ input: AnalysisInput) -> ManifestModel {
    let clock = ContinuousClock()
    let started = clock.now
    // An editor shows every problem in the buffer it has open, so nothing is held back here.
    var loader = ManifestLoader(maxDiagnostics: nil)
    loader.keepsDocuments = true
    loader.overlays = input.overlays.mapValues(\.bytes)
    let loaded: LoadedManifest
    if let rootText = input.rootText {
      loaded = loader.load(bytes: rootText.bytes, path: input.rootPath)
    } else {
      loaded = loader.load(path: input.rootPath)
    }
    // Validating every variant (no `variant`) cannot throw.
    let diagnostics = (try? RouteCfg.validate(loaded, maxDiagnostics: nil).diagnostics) ?? loaded.diagnostics
    var uris: [String] = []
    var openVersions: [SourceFileID: Int] = [:]
    var byteOrderMarks: Set<SourceFileID> = []
    var unparsed: [SourceFileID: SourceText] = [:]
    var unparsedDiskTexts: [SourceFileID: SourceText] = [:]
    let parsed = Set(loaded.documents.map(\.file))
    for file in loaded.manifest.files.files {
      var overlay = file.canonicalPath.flatMap { input.overlays[$0] }
      if file.id.index == 0, let rootText = input.rootText { overlay = rootText }
      if let overlay {
        uris.append(overlay.uri)
        openVersions[file.id] = overlay.version
        if overlay.bytes.starts(with: SourceText.utf8ByteOrderMark) { byteOrderMarks.insert(file.id) }
        // The loader kept the text it read, as the core reads it (without a byte order mark).
        if !parsed.contains(file.id) {
          unparsed[file.id] = loaded.unparsedTexts[file.id] ?? SourceText(fileContents: overlay.bytes)
        }
      } else if file.id.index == 0 {
        uris.append(input.rootURI)
      } else {
        uris.append(DocumentURI.fileURI(path: DocumentURI.normalized(file.path)))
      }
      if overlay == nil, let text = loaded.unparsedTexts[file.id] { unparsedDiskTexts[file.id] = text }
    }
    var documents: [SourceFileID: YAMLDocument] = [:]
    for document in loaded.documents { documents[document.file] = document }
    let index = SymbolIndex(manifest: loaded.manifest, documents: documents)
    var stamps: [String: FileStamp?] = [:]
    for file in loaded.manifest.files.files where openVersions[file.id] == nil {
      let path = file.canonicalPath ?? file.path
      stamps[path] = FileStamp(path: path)
    }
    // An include that names no file yet: its appearing (re-created, checked out) is a change too.
    for include in loaded.manifest.includes where include.file == nil && !include.path.value.hasPrefix("/") {
      let including = loaded.manifest.files.path(of: include.path.location.file)
      let path = FileSystem.join(FileSystem.directory(of: including), include.path.value)
      if stamps[path] == nil { stamps[path] = .some(FileStamp(path: path)) }
    }
    return ManifestModel(
      rootPath: input.rootPath, manifest: loaded.manifest, diagnostics: diagnostics, documents: documents,
      index: index, uris: uris, openVersions: openVersions, byteOrderMarks: byteOrderMarks,
      unparsedTexts: unparsed,
      unparsedDiskTexts: unparsedDiskTexts, duration: clock.now - started, diskStamps: stamps)
  }
}
