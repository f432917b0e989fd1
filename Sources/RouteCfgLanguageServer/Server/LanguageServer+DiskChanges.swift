import Dispatch
import RouteCfgCore

extension LanguageServer {
  /// Checks every project again after files changed on disk (`workspace/didChangeWatchedFiles`),
  /// and looks again for the root of each open document that is a root of its own when a file in
  /// its directory or one above changed (or the notification names no files): a root there may
  /// have started including it. The root found is checked, and takes the document when its
  /// check reaches it (``adoptDocuments(reachedBy:of:)``).
  func filesChangedOnDisk(_ params: JSONValue?) {
    for key in projects.keys { schedule(key) }
    let changed = params?["changes"]?.arrayValue?.compactMap {
      $0["uri"]?.stringValue.flatMap(DocumentURI.path)
    }
    let folders = workspaceFolders
    let overlays = overlayBytes()
    let queue = analysisQueue
    for (uri, key) in owners.sorted(by: { $0.key < $1.key }) where projects[key]?.rootURI == uri {
      guard let canonical = documents[uri]?.canonicalPath, let path = DocumentURI.path(of: uri) else {
        continue
      }
      if let changed,
        !changed.contains(where: { file in
          let directory = FileSystem.directory(of: file)
          return FileSystem.isInside(path, directory: directory)
            || FileSystem.isInside(canonical, directory: directory)
        })
      {
        continue
      }
      Task {
        let root = await result(on: queue) {
          RootDiscovery.root(
            of: path, canonicalPath: canonical, workspaceFolders: folders, overlays: overlays)
        }
        self.checkRoot(root, foundFor: uri, own: key)
      }
    }
  }

  /// Checks the root found for a document that is a root of its own, if it still is.
  private func checkRoot(_ root: String?, foundFor uri: String, own: String) {
    guard let root, owners[uri] == own, projects[own]?.rootURI == uri, let key = project(ofRoot: root),
      key != own
    else { return }
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
    let read = Set(projects[key]?.latest?.uris ?? [uri])
    return projects.values.filter { project in
      project.key == key || project.latest?.uris.contains(where: read.contains) == true
    }.map(\.key)
  }
}
