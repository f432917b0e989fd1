import Dispatch
import RouteCfgCore

extension LanguageServer {
  func didOpen(_ params: JSONValue?) {
    guard let item = params?["textDocument"], let uri = item["uri"]?.stringValue,
      let text = item["text"]?.stringValue
    else {
      logToClient("ignored textDocument/didOpen without a string 'uri' and 'text' in its 'textDocument'")
      return
    }
    if documents[uri] != nil {
      // LSP forbids it; the new text wins, as a reopened document's would.
      logToClient("textDocument/didOpen of \(uri), which is open already; the server takes the new text")
    }
    open(uri, version: item["version"]?.intValue ?? 0, text: text)
  }

  /// Opens a document: finds the project it belongs to (its root's, or its own).
  private func open(_ uri: String, version: Int, text: String) {
    var canonical = DocumentURI.path(of: uri).flatMap(Self.canonicalPath(ofOpened:))
    // The same file open under another URI (a symbolic link and its target, `a/../b.yaml`): that
    // document's buffer stands for the file; this one is checked as a buffer of its own, as an
    // untitled one is, so that neither takes the other's place in a project.
    if let path = canonical, documents.values.contains(where: { $0.uri != uri && $0.canonicalPath == path }) {
      canonical = nil
    }
    documents[uri] = TextDocument(uri: uri, version: version, text: text, canonicalPath: canonical)
    analysedDocuments.remove(uri)
    readOpenedDocumentInChecks()
    if let key = existingProject(for: uri) {
      attach(uri, to: key)
      // The project that read it first is not always its nearest root.
      lookAgainForRoot(of: uri)
      return
    }
    guard let path = DocumentURI.path(of: uri), let canonical else {
      attach(uri, to: makeProject(rootURI: uri))
      return
    }
    Task {
      let root = await discoveredRoot(of: path, canonical: canonical)
      finishOpen(uri, version: version, root: root)
    }
  }

  /// The real path of an opened file; for a file not yet on disk (an editor's `:e new.yaml`, or
  /// `:e NewDir/new.yaml` in a directory not made yet), the path it will have: the real path of
  /// the nearest directory above it that exists, then the missing names as written, as the
  /// loader names a missing include. A root that includes it then reads its buffer, as it reads
  /// an open file's, instead of reporting it missing.
  static func canonicalPath(ofOpened path: String) -> String? {
    if let real = FileSystem.realPath(path) { return real }
    var missing: [String] = []
    var existing = path
    while true {
      guard let name = existing.split(separator: "/").last, name != "..", name != "." else { return nil }
      missing.append(String(name))
      let parent = FileSystem.directory(of: existing)
      guard parent != existing, !parent.isEmpty else { return nil }
      if let real = FileSystem.realPath(parent) {
        return missing.reversed().reduce(real) { FileSystem.join($0, $1) }
      }
      existing = parent
    }
  }

  private func finishOpen(_ uri: String, version: Int, root: String?) {
    guard documents[uri] != nil, owners[uri] == nil else { return }
    attach(uri, to: root.flatMap(project(ofRoot:)) ?? makeProject(rootURI: uri))
  }

  /// The project of a root manifest found on disk, created when there is none.
  func project(ofRoot root: String) -> String? {
    guard let canonicalRoot = FileSystem.realPath(root) else { return nil }
    if projects[canonicalRoot] != nil { return canonicalRoot }
    return makeProject(rootURI: rootURI(forPath: root, canonical: canonicalRoot))
  }

  /// Applies a notification's content changes in order. A change without a `range` key
  /// replaces the whole text; one whose `range` (or `text`) is malformed makes the whole
  /// notification rejected, as a notification that does not decode: the document keeps its text
  /// and version, and the server logs (also to the client) that it is out of sync.
  func didChange(_ params: JSONValue?) {
    guard let uri = params?["textDocument"]?["uri"]?.stringValue else {
      logToClient("ignored textDocument/didChange without a string 'uri' in its 'textDocument'")
      return
    }
    guard var document = documents[uri] else {
      logToClient(
        "ignored textDocument/didChange of \(uri), which is not open; open it with textDocument/didOpen")
      return
    }
    guard let changes = params?["contentChanges"]?.arrayValue else {
      logToClient("ignored textDocument/didChange of \(uri) without a 'contentChanges' array")
      return
    }
    let sentVersion = params?["textDocument"]?["version"]?.intValue
    let version = sentVersion ?? document.version + 1
    if sentVersion == nil {
      logToClient(
        "textDocument/didChange of \(uri) has no integer 'version', which LSP requires; the server numbers the "
          + "change \(version), the number its diagnostics for the new text carry")
    }
    var edits: [(text: String, range: LSPRange?)] = []
    for (index, change) in changes.enumerated() {
      let rangeJSON = change["range"]
      let range = LSPRange(rangeJSON)
      // A range that ends before it starts is malformed too (no editor sends one).
      guard let text = change["text"]?.stringValue,
        rangeJSON == nil || range.map({ $0.start <= $0.end }) == true
      else {
        let problem =
          change["text"]?.stringValue == nil
          ? "no 'text'" : range == nil ? "a malformed 'range'" : "a 'range' that ends before it starts"
        logToClient(
          "ignored textDocument/didChange of \(uri) (version \(version)): content change \(index) has "
            + "\(problem); the server keeps version \(document.version) of the text and is out of sync "
            + "until the document is reopened")
        return
      }
      edits.append((text, range))
    }
    for edit in edits {
      document.apply(text: edit.text, range: edit.range, version: version, encoding: encoding)
    }
    if edits.isEmpty { document.advance(to: version) }
    documents[uri] = document
    // Requests about the text before the change are answered at once.
    resumeWaitersOfChanged(uri)
    scheduleProjects(reading: uri)
  }

  /// Checks again the project that owns the document and every other project whose last check
  /// read it (a file two roots include): each must see the new text, or it would keep showing
  /// what it found in the old one.
  private func scheduleProjects(reading uri: String) {
    let owner = owners[uri]
    if let owner { schedule(owner) }
    scheduleOtherProjects(reading: uri, besides: owner)
  }

  /// Checks again every project but `owner` whose last check read the document.
  private func scheduleOtherProjects(reading uri: String, besides owner: String?) {
    for (key, project) in projects where key != owner && project.latest?.file(for: uri) != nil {
      schedule(key)
    }
  }

  /// Logs on standard error and, as `window/logMessage` (an error), in the client's log.
  func logToClient(_ message: String) {
    ServerLog.write(message)
    sink.send(
      OutgoingMessage.notification(
        "window/logMessage", .object([("type", .int(1)), ("message", .string("routecfg: \(message)"))])))
  }

  func didClose(_ params: JSONValue?) {
    guard let uri = params?["textDocument"]?["uri"]?.stringValue else {
      logToClient("ignored textDocument/didClose without a string 'uri' in its 'textDocument'")
      return
    }
    guard documents[uri] != nil else {
      logToClient("ignored textDocument/didClose of \(uri), which is not open")
      return
    }
    close(uri)
  }

  /// Closes a document; a document open under a second URI of the same file, checked as a
  /// buffer of its own until now, then becomes the file's buffer.
  private func close(_ uri: String) {
    let canonical = documents[uri]?.canonicalPath
    forget(uri)
    guard let canonical else { return }
    let second = documents.values.filter { document in
      document.canonicalPath == nil && document.path.flatMap(Self.canonicalPath(ofOpened:)) == canonical
    }
    guard let document = second.min(by: { $0.uri < $1.uri }) else { return }
    forget(document.uri)
    open(document.uri, version: document.version, text: String(decoding: document.bytes, as: UTF8.self))
  }

  /// Takes a closed document out of its project, which is checked again or dropped.
  private func forget(_ uri: String) {
    documents[uri] = nil
    analysisModels[uri] = nil
    analysedDocuments.remove(uri)
    resumeWaiters(for: uri, analysed: false)
    guard let key = owners.removeValue(forKey: uri) else { return }
    let wasRoot = projects[key]?.rootURI == uri
    // Other projects that read it now read the file on disk.
    scheduleOtherProjects(reading: uri, besides: key)
    if owners.values.contains(key) {
      // The others still open are checked against the file on disk now.
      schedule(key)
    } else {
      dropProject(key)
    }
    // A root closed with edits its file does not have may include open documents on disk.
    if wasRoot, let path = DocumentURI.path(of: uri) { lookAgainForRoots(near: [path]) }
  }

  /// The project whose last analysis read the document, or whose root it is.
  private func existingProject(for uri: String) -> String? {
    let canonical = documents[uri]?.canonicalPath
    if projects[canonical ?? uri] != nil { return canonical ?? uri }
    for (key, project) in projects {
      guard let model = project.latest else { continue }
      if model.file(for: uri) != nil { return key }
      if let canonical, model.manifest.files.files.contains(where: { $0.canonicalPath == canonical }) {
        return key
      }
    }
    return nil
  }

  /// Creates the project of a root manifest (or returns the existing one).
  func makeProject(rootURI: String) -> String {
    let path = DocumentURI.path(of: rootURI)
    var key = path.flatMap(Self.canonicalPath(ofOpened:)) ?? rootURI
    if let existing = projects[key] {
      // The project of the file under another open URI is not this document's: a document
      // open twice is keyed by its URI.
      guard existing.rootURI != rootURI, documents[existing.rootURI] != nil, documents[rootURI] != nil else {
        return key
      }
      key = rootURI
      if projects[key] != nil { return key }
    }
    let rootPath = path ?? untitledPath(for: rootURI)
    projects[key] = Project(key: key, rootPath: rootPath, rootURI: rootURI)
    return key
  }

  private func attach(_ uri: String, to key: String) {
    owners[uri] = key
    // The project's last check read the document's buffer (opened while it ran, with the text it
    // read on disk): the document's requests answer from it until a check that parses it ends,
    // as they would had it joined before that check ended.
    if analysisModels[uri] == nil, let latest = projects[key]?.latest, let file = latest.file(for: uri),
      latest.parsed(file), latest.openVersions[file] != nil
    {
      analysisModels[uri] = latest
    }
    schedule(key, immediately: true)
    // Other roots that read the file now read its buffer instead of the file on disk.
    scheduleOtherProjects(reading: uri, besides: key)
  }

  func dropProject(_ key: String) {
    guard let project = projects.removeValue(forKey: key) else { return }
    project.debounce?.cancel()
    for uri in project.published.keys.sorted() {
      sendDiagnostics(for: uri, own: [], of: key)
    }
    // A request about another root's document may have waited for this project's check.
    resumeAnalysedWaiters()
  }

  /// The URI of a root found on disk: the editor's, when the root is open.
  private func rootURI(forPath path: String, canonical: String) -> String {
    documents.values.first { $0.canonicalPath == canonical }?.uri ?? DocumentURI.fileURI(path: path)
  }

  /// A path for a document that is not a file: its name in the first workspace folder (in the
  /// working directory when the client names none), so that its includes are read from the
  /// workspace the editor shows, whatever directory the server was started in.
  func untitledPath(for uri: String) -> String {
    let name = uri.split(whereSeparator: { $0 == "/" || $0 == ":" }).last.map(String.init) ?? "untitled"
    let safe = name.isEmpty ? "untitled" : name
    let directory = workspaceFolders.first ?? FileSystem.realPath(".") ?? ""
    return FileSystem.join(directory, safe.hasSuffix(".yaml") ? safe : safe + ".yaml")
  }

  /// The open documents' texts by canonical path.
  func overlayBytes() -> [String: [UInt8]] {
    var overlays: [String: [UInt8]] = [:]
    for document in documents.values {
      if let canonical = document.canonicalPath { overlays[canonical] = document.bytes }
    }
    return overlays
  }
}
