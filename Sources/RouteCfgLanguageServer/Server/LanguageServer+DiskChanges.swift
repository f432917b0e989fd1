import Dispatch
import RouteCfgCore

extension LanguageServer {
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
