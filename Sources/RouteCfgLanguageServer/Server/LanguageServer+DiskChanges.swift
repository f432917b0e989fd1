import Dispatch
import RouteCfgCore

extension LanguageServer {
  /// Checks every project again after files changed on disk (`workspace/didChangeWatchedFiles`),
  /// and looks again for the root of each open document in a changed file's directory or below
  /// it (every open document when the notification names no files): a root there may have
  /// started including it, or be nearer than the one it has.
  func filesChangedOnDisk(_ params: JSONValue?) {
    // Without a list of changes, anything may have changed: every project is checked again.
    let changes = params?["changes"]?.arrayValue
    if changes == nil {
      logToClient("workspace/didChangeWatchedFiles without a 'changes' list; every manifest is checked again")
    }
    for key in projects.keys { schedule(key) }
    let changed = changes?.compactMap {
      $0["uri"]?.stringValue.flatMap(DocumentURI.path)
    }
    lookAgainForRoots(near: changed)
  }

  /// Looks again for the root of each open document that a root in the directory of a file of
  /// `changed` could be nearer for (of every open document when `changed` is `nil`): the
  /// directory holds the document, and is its own root's directory or below it (any directory,
  /// for a document that is a root of its own). See ``lookAgainForRoot(of:)``.
  func lookAgainForRoots(near changed: [String]?) {
    let directories = changed.map { Set($0.map(FileSystem.directory(of:))) }
    for uri in owners.keys.sorted() {
      guard let canonical = documents[uri]?.canonicalPath, let path = DocumentURI.path(of: uri),
        let owner = owners[uri], let current = projects[owner]
      else { continue }
      if let directories {
        let ownRoot = current.rootURI == uri
        let rootDirectory = FileSystem.directory(of: current.rootPath)
        guard
          directories.contains(where: { directory in
            (FileSystem.isInside(path, directory: directory)
              || FileSystem.isInside(canonical, directory: directory))
              && (ownRoot || FileSystem.isInside(directory, directory: rootDirectory))
          })
        else { continue }
      }
      lookAgainForRoot(of: uri, path: path, canonical: canonical)
    }
  }

  /// Looks for an open document's root as opening it does (``RootDiscovery``, off the actor), and
  /// checks the root found when the document would join it: when the document is a root of its
  /// own, or the root found is nearer than its project's. That root's check takes the document
  /// when it reaches it (``adoptDocuments(reachedBy:of:)``); a root that does not is dropped
  /// after its check, as a project nothing open belongs to is.
  func lookAgainForRoot(of uri: String) {
    guard let canonical = documents[uri]?.canonicalPath, let path = DocumentURI.path(of: uri) else { return }
    lookAgainForRoot(of: uri, path: path, canonical: canonical)
  }

  private func lookAgainForRoot(of uri: String, path: String, canonical: String) {
    // One discovery at a time per document: a burst of notices asks once.
    guard rootDiscoveries.insert(uri).inserted else { return }
    Task {
      let root = await discoveredRoot(of: path, canonical: canonical)
      rootDiscoveries.remove(uri)
      checkRoot(root, foundFor: uri)
    }
  }

  /// The manifest that includes the file at `path`, as ``RootDiscovery`` finds it with the
  /// editor's open buffers; it reads files, so it runs off the actor, on the analysis queue.
  /// The search starts from the path without its `.` and `..` steps, as an editor shows it
  /// (`sub/../sub/part.yaml` is looked for from `sub`), so that the root found has a plain path.
  func discoveredRoot(of path: String, canonical: String) async -> String? {
    let folders = workspaceFolders
    let overlays = overlayBytes()
    let plainPath = DocumentURI.normalized(path)
    return await result(on: analysisQueue) {
      RootDiscovery.root(
        of: plainPath, canonicalPath: canonical, workspaceFolders: folders, overlays: overlays)
    }
  }

  /// Checks the root found for an open document when the document would join it: the document
  /// is a root of its own, or the root found is nearer than its root and not a file its root
  /// includes (a manifest another one includes belongs to that one, with what it includes).
  private func checkRoot(_ root: String?, foundFor uri: String) {
    guard let root, documents[uri] != nil, let owner = owners[uri], let current = projects[owner],
      let canonicalRoot = FileSystem.realPath(root), canonicalRoot != owner
    else { return }
    if current.rootURI != uri {
      guard Self.isNearer(root, than: current.rootPath),
        current.latest?.manifest.files.files.contains(where: { $0.canonicalPath == canonicalRoot }) != true
      else { return }
    }
    guard let key = project(ofRoot: root) else { return }
    schedule(key, immediately: true)
  }

  /// Checks again, before a request that answers with places in files that are not open, the
  /// projects whose last check read such a file that has changed on disk since (a checkout, a
  /// generator, with no `didChangeWatchedFiles` from the client or not yet): their places would
  /// point at the old text. `true` when it scheduled a check.
  func recheckFilesChangedOnDisk(around uri: String) async -> Bool {
    let keys = involvedProjects(uri)
    // The newest check of each project: a document's last parsed model may be older than it and
    // would see the same change again on every request.
    var stamps: [String: FileStamp?] = [:]
    for key in keys {
      guard let model = projects[key]?.latest else { continue }
      stamps.merge(model.diskStamps) { first, _ in first }
    }
    guard !stamps.isEmpty else { return false }
    let files = stamps
    let changed = await result(on: .global(qos: .userInitiated)) {
      files.contains { path, stamp in FileStamp(path: path) != stamp }
    }
    guard changed else { return false }
    for key in keys { schedule(key, immediately: true) }
    return true
  }

  /// The projects an answer about a document reads: its own, and the other roots whose last check
  /// read the document or a file its root reads.
  func involvedProjects(_ uri: String) -> [String] {
    guard let key = owners[uri] else { return [] }
    // The document itself too: a root that does not parse read none of its includes.
    let read = Set((projects[key]?.latest?.uris ?? []) + [uri])
    return projects.values.filter { project in
      project.key == key || project.latest?.uris.contains(where: read.contains) == true
    }.map(\.key)
  }
}

extension LanguageServer {
  /// The real paths of a list of `WorkspaceFolder`s (`{uri, name}`); entries that are not
  /// `file:` folders are left out.
  static func folderPaths(_ list: JSONValue?) -> [String] {
    (list?.arrayValue ?? []).compactMap { folder in
      folder["uri"]?.stringValue.flatMap(DocumentURI.path).map { FileSystem.realPath($0) ?? $0 }
    }
  }

  /// `workspace/didChangeWorkspaceFolders`: the folders bound the search for roots, so every
  /// open document looks for its root again within the new ones.
  func workspaceFoldersChanged(_ params: JSONValue?) {
    guard let event = params?["event"],
      event["added"]?.arrayValue != nil || event["removed"]?.arrayValue != nil
    else {
      logToClient(
        "ignored workspace/didChangeWorkspaceFolders: its parameters have no 'event' with 'added' or 'removed'"
      )
      return
    }
    let removed = Set(Self.folderPaths(event["removed"]))
    var folders = workspaceFolders.filter { !removed.contains($0) }
    for added in Self.folderPaths(event["added"]) where !folders.contains(added) { folders.append(added) }
    workspaceFolders = folders
    lookAgainForRoots(near: nil)
  }
}
