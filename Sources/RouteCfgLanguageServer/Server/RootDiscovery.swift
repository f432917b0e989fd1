import RouteCfgCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the root manifest of a document that another manifest includes, so that an included
/// file opened on its own is checked as part of its manifest (its references resolve against the
/// root's declarations).
///
/// Includes must stay inside the root manifest's directory, so a root lies in the document's
/// directory or above it. Each directory from the document's up to the workspace folder that
/// holds it (or four levels, outside any workspace) is searched, nearest first, for `.yaml` and
/// `.yml` files that start a manifest (`routecfg:` at the start of a line) and have an `include`
/// key; each is loaded, and the first whose load reaches the document is its root.
enum RootDiscovery {
  /// Levels searched above a document that is in no workspace folder.
  static let levelsOutsideWorkspace = 4
  /// Candidate files loaded at most per document.
  static let maxCandidates = 64
  /// Files looked at per directory (in name order).
  static let maxFilesPerDirectory = 500

  static func root(
    of documentPath: String, canonicalPath: String, workspaceFolders: [String], overlays: [String: [UInt8]]
  ) -> String? {
    let workspace = workspaceFolders.filter { FileSystem.isInside(documentPath, directory: $0) }
      .max { $0.count < $1.count }
    var directory = FileSystem.directory(of: documentPath)
    var levels = 0
    var loads = 0
    while !directory.isEmpty {
      for candidate in candidates(in: directory, excluding: canonicalPath, overlays: overlays) {
        guard loads < maxCandidates else { return nil }
        loads += 1
        var loader = ManifestLoader()
        loader.overlays = overlays
        let loaded = loader.load(path: candidate)
        if loaded.manifest.files.files.dropFirst().contains(where: { $0.canonicalPath == canonicalPath }) {
          return candidate
        }
      }
      if let workspace, directory == workspace || !FileSystem.isInside(directory, directory: workspace) {
        break
      }
      levels += 1
      if workspace == nil, levels > levelsOutsideWorkspace { break }
      let parent = FileSystem.directory(of: directory)
      if parent == directory { break }
      directory = parent
    }
    return nil
  }

  /// The manifest files of a directory that may include others, in name order: `routecfg:`
  /// within their first 64 KiB (a root manifest starts with it), `include:` anywhere.
  private static func candidates(
    in directory: String, excluding canonicalPath: String, overlays: [String: [UInt8]]
  )
    -> [String]
  {
    guard let names = FileSystem.entries(ofDirectory: directory) else { return [] }
    return names.sorted().prefix(maxFilesPerDirectory).compactMap { name -> String? in
      guard name.hasSuffix(".yaml") || name.hasSuffix(".yml") else { return nil }
      let path = FileSystem.join(directory, name)
      guard let canonical = FileSystem.realPath(path), canonical != canonicalPath else { return nil }
      if let overlay = overlays[canonical] { return startsManifest(overlay) ? path : nil }
      // Regular files only: opening a FIFO would block.
      guard
        case .success(let head) = FileSystem.readPrefix(canonical, count: 64 << 10, regularOnly: true),
        declaresFormat(head)
      else { return nil }
      guard
        case .success(let bytes) = FileSystem.readFile(
          path, limit: YAMLLimits.standard.maxFileBytes, regularOnly: true)
      else { return nil }
      return startsManifest(bytes) ? path : nil
    }
  }

  /// `true` when the text has `routecfg:` and `include:` keys at the start of a line.
  static func startsManifest(_ bytes: [UInt8]) -> Bool {
    declaresFormat(bytes) && hasKeyAtLineStart("include:", in: bytes)
  }

  /// `true` when the text has a top-level `routecfg:` key: what tells a manifest from other YAML.
  static func declaresFormat(_ bytes: [UInt8]) -> Bool {
    hasKeyAtLineStart("routecfg:", in: bytes)
  }

  private static func hasKeyAtLineStart(_ key: String, in bytes: [UInt8]) -> Bool {
    let needle = Array(key.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return false }
      var lineStart = 0
      while lineStart + needle.count <= buffer.count {
        if memcmp(base + lineStart, needle, needle.count) == 0 { return true }
        guard let newline = memchr(base + lineStart, 0x0A, buffer.count - lineStart) else { return false }
        lineStart = base.distance(to: newline.assumingMemoryBound(to: UInt8.self)) + 1
      }
      return false
    }
  }

}
