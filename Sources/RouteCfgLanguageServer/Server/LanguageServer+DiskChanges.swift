import Dispatch
import RouteCfgCore

extension LanguageServer {
  /// Checks again, before a request that answers with places in files that are not open, the
  /// projects whose last check read such a file that has changed on disk since (a checkout, a
  /// generator, with no `didChangeWatchedFiles` from the client or not yet): their places would
  /// point at the old text. `true` when it scheduled a check.
  func recheckFilesChangedOnDisk(around uri: String) async -> Bool {
    let keys = involvedProjects(uri)
    var models = keys.compactMap { projects[$0]?.latest }
    if let model = analysisModels[uri] { models.append(model) }
    // The text each model read from disk, for the files it read as YAML.
    var read: [(path: String, bytes: [UInt8])] = []
    for model in models {
      for (file, document) in model.documents where model.openVersions[file] == nil {
        let entry = model.manifest.files[file]
        read.append((entry.canonicalPath ?? entry.path, document.source.bytes))
      }
    }
    let files = read
    let changed = await result(on: .global(qos: .userInitiated)) {
      files.contains { path, bytes in
        guard case .success(let now) = FileSystem.readFile(path, limit: Int.max, regularOnly: true) else {
          return true
        }
        // The loader reads a file without its byte order mark. Compared as bytes: a SourceText
        // would index every line of the file for nothing.
        let text = now.starts(with: [0xEF, 0xBB, 0xBF]) ? now.dropFirst(3) : now[...]
        return text.count != bytes.count || !text.elementsEqual(bytes)
      }
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
