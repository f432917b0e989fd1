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
/// key; each is loaded, and the first whose load reaches the document includes it. That file may
/// itself be included (`root.yaml` includes `A/a.yaml`, which includes `A/B/b.yaml`): the search
/// goes on from it, and the root is the last file found whose load reaches the document.
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
    // Of nested folders that hold it, the outermost: a root above an inner folder is still in
    // the workspace.
    let workspace = workspaceFolders.filter { FileSystem.isInside(documentPath, directory: $0) }
      .min { $0.count < $1.count }
    var top = FileSystem.directory(of: documentPath)
    if let workspace {
      top = workspace
    } else {
      for _ in 0..<levelsOutsideWorkspace {
        let parent = FileSystem.directory(of: top)
        if parent.isEmpty || parent == top { break }
        top = parent
      }
    }
    var search = Search(top: top, overlays: overlays)
    var root: String?
    // The files passed on the way up (the document, then each includer found): a cycle of
    // includes ends the search at the file that closes it.
    var passed: Set<String> = [canonicalPath]
    var current = (path: documentPath, canonical: canonicalPath)
    while let includer = search.nearestIncluder(
      of: current.path, canonicalPath: current.canonical, reaching: canonicalPath),
      let canonical = FileSystem.realPath(includer), passed.insert(canonical).inserted
    {
      root = includer
      current = (includer, canonical)
    }
    return root
  }

  /// One document's search for its root, up to `top`: the directories above it are searched
  /// again for each includer found on the way up, and each candidate is loaded once.
  private struct Search {
    /// The highest directory searched: the workspace folder that holds the document, or
    /// ``RootDiscovery/levelsOutsideWorkspace`` above the document's directory.
    let top: String
    let overlays: [String: [UInt8]]
    /// Candidates loaded so far (at most ``RootDiscovery/maxCandidates``), with the real paths of
    /// the files their load reads besides themselves.
    private var loaded: [String: Set<String>] = [:]

    init(top: String, overlays: [String: [UInt8]]) {
      self.top = top
      self.overlays = overlays
    }

    /// The nearest manifest above `path` (in its directory or one above, nearest first, up to
    /// `top`) whose load reaches both `path` and the document at `documentCanonical`.
    mutating func nearestIncluder(
      of path: String, canonicalPath: String, reaching documentCanonical: String
    ) -> String? {
      var directory = FileSystem.directory(of: path)
      while !directory.isEmpty {
        for candidate in candidates(in: directory, excluding: canonicalPath, overlays: overlays) {
          guard let files = files(loadedBy: candidate) else { return nil }
          if files.contains(canonicalPath), files.contains(documentCanonical) { return candidate }
        }
        if directory == top || !FileSystem.isInside(directory, directory: top) { break }
        let parent = FileSystem.directory(of: directory)
        if parent == directory { break }
        directory = parent
      }
      return nil
    }

    /// The real paths of the files a candidate's load reads besides itself; `nil` once
    /// ``RootDiscovery/maxCandidates`` candidates have been loaded.
    private mutating func files(loadedBy candidate: String) -> Set<String>? {
      if let files = loaded[candidate] { return files }
      guard loaded.count < maxCandidates else { return nil }
      var loader = ManifestLoader()
      loader.overlays = overlays
      let files = Set(
        loader.load(path: candidate).manifest.files.files.dropFirst().compactMap(\.canonicalPath))
      loaded[candidate] = files
      return files
    }
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

  /// `true` when the text has `routecfg` and `include` keys (see ``declaresFormat(_:)``); an
  /// `include` key may be misspelt as the decoder reads it (`includ:`, reported as RC0201 and
  /// read as `include`), so that its children still find it.
  static func startsManifest(_ bytes: [UInt8]) -> Bool {
    guard declaresFormat(bytes) else { return false }
    if hasKey(in: bytes, where: { $0.elementsEqual("include".utf8) }) { return true }
    // Rarely needed: a key is made a string only when its length is near `include`'s.
    return hasKey(in: bytes) { key in
      (3...11).contains(key.count) && ManifestLoader.mayMeanInclude(String(decoding: key, as: UTF8.self))
    }
  }

  /// `true` when the text has a top-level `routecfg` key: what tells a manifest from other YAML.
  /// Read from the text, so that it also answers for a file that is not valid YAML yet: a line
  /// that starts with `routecfg`, plain or quoted (`routecfg: 1`, `"routecfg": 1`, `routecfg : 1`,
  /// `? routecfg`, after `---` too), with lines ending in LF, CRLF or CR; in a file whose root is a
  /// flow mapping (a manifest written as JSON, `{` first, `--- {routecfg: 1}`), a key of that
  /// mapping itself, on any line (``flowRootKey(in:from:where:)``), or a line that starts after it
  /// (after its first line when it is not closed).
  static func declaresFormat(_ bytes: [UInt8]) -> Bool {
    hasKey(in: bytes) { $0.elementsEqual("routecfg".utf8) }
  }

  /// `true` when the root file of `model` declares the format: in its text (see
  /// ``declaresFormat(_:)``, which also answers while the text does not parse), or, where the
  /// text shows no such line, among the keys of its root mapping as YAML read them: written after
  /// `---` on its line, after an anchor (`&a routecfg: 1`) or with escapes (`"route\x63fg": 1`).
  static func declaresFormat(_ model: ManifestModel) -> Bool {
    guard let source = model.source(of: SourceFileID(0)) else { return true }
    if declaresFormat(source.bytes) { return true }
    guard let document = model.documents[SourceFileID(0)], let root = document.root else { return false }
    return document.entries(of: root).contains { document[$0.key].value == "routecfg" }
  }

  /// `true` when a top-level line of `bytes` (see ``declaresFormat(_:)``) starts with a key that
  /// `matches`, followed by `:` (or by the end of the line after `?`); in a flow root, when a key
  /// of the root mapping does.
  private static func hasKey(in bytes: [UInt8], where matches: (ArraySlice<UInt8>) -> Bool) -> Bool {
    // A byte-order mark before the first line is no part of it.
    var position = bytes.starts(with: SourceText.utf8ByteOrderMark) ? 3 : 0
    var isFirstContent = true
    while position < bytes.count {
      var end = position
      while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
      let line = LineShape.afterDocumentStart(bytes[position..<end])
      if isFirstContent, let first = line.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
        line[first] != 0x23, line[first] != 0x25, !line.starts(with: [0x2D, 0x2D, 0x2D])
      {
        // The first line with content, not a comment, a directive or `---`.
        isFirstContent = false
        if line[first] == 0x7B {
          // A flow root: its own keys; else, as for a `{}` or `{` typed above a manifest's
          // lines (which then do not parse), the lines that start after it closes, or after its
          // line when it does not.
          switch flowRootKey(in: bytes, from: first, where: matches) {
          case .found: return true
          case .notFound(closedAt: nil):
            position = end + 1
            continue
          case .notFound(closedAt: let close?):
            end = close
            while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            position = end + 1
            continue
          }
        }
      }
      if let key = key(startingLine: line), matches(key) { return true }
      position = end + 1
    }
    return false
  }

  /// What ``flowRootKey(in:from:where:)`` found.
  private enum FlowRootKey {
    case found
    /// No key of the root matches; `closedAt` is the index of the bracket that closed the root,
    /// `nil` when the root runs to the end of the text.
    case notFound(closedAt: Int?)
  }

  /// Whether a key of the root written as a flow mapping whose `{` is at `start` `matches`: keys
  /// of that mapping alone (after its `{` or a `,` at its own level, plain or quoted, before a
  /// `:`), never those of mappings nested in it or text inside quotes or comments. One pass over
  /// the bytes, however they are laid out on lines.
  private static func flowRootKey(
    in bytes: [UInt8], from start: Int, where matches: (ArraySlice<UInt8>) -> Bool
  ) -> FlowRootKey {
    var depth = 0
    var index = start
    // Whether the next scalar is in a key's place in the root mapping.
    var atKey = false
    // The last byte read that is not white space: a quote starts a quoted scalar only where a
    // scalar may begin (`it's` and `5" screen` are plain).
    var previous: UInt8 = 0x7B
    while index < bytes.count {
      let byte = bytes[index]
      let mayStartScalar = [0x7B, 0x5B, 0x2C, 0x3A, 0x3F].contains(previous)
      if byte != 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D { previous = byte }
      switch byte {
      case 0x7B, 0x5B:  // `{`, `[`
        depth += 1
        atKey = depth == 1 && byte == 0x7B
        index += 1
      case 0x7D, 0x5D:  // `}`, `]`
        depth -= 1
        if depth <= 0 { return .notFound(closedAt: index) }
        atKey = false
        index += 1
      case 0x2C:  // `,`
        atKey = depth == 1
        index += 1
      case 0x20, 0x09, 0x0A, 0x0D:
        index += 1
      case 0x3F where atKey:  // `? key`
        index += 1
      case 0x23 where index == 0 || [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index - 1]):  // a comment
        while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
      case 0x22 where mayStartScalar, 0x27 where mayStartScalar:
        // A quoted scalar: `''` and `\"` do not end it.
        var end = index + 1
        while end < bytes.count {
          if byte == 0x22, bytes[end] == 0x5C {
            end += 2
          } else if bytes[end] != byte {
            end += 1
          } else if byte == 0x27, end + 1 < bytes.count, bytes[end + 1] == 0x27 {
            end += 2
          } else {
            break
          }
        }
        end = min(end, bytes.count)
        let text = bytes[(index + 1)..<end]
        index = min(end + 1, bytes.count)
        if atKey, isColon(after: index, in: bytes), matches(text) { return .found }
        atKey = false
      default:
        let textStart = index
        while index < bytes.count, isKeyByte(bytes[index]) { index += 1 }
        guard index > textStart else {
          // Another character of a plain scalar.
          index += 1
          atKey = false
          continue
        }
        if atKey, isColon(after: index, in: bytes), matches(bytes[textStart..<index]) { return .found }
        atKey = false
      }
    }
    return .notFound(closedAt: nil)
  }

  /// `true` when a `:` follows `index`, after spaces, tabs and line breaks.
  private static func isColon(after index: Int, in bytes: [UInt8]) -> Bool {
    var index = index
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    return index < bytes.count && bytes[index] == 0x3A
  }

  /// The key a line starts with (after the openers a key may follow on its line, `{`, `[`, `?`,
  /// and its quotes), when a `:` follows it (or the end of the line after `?`).
  private static func key(startingLine line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
    var index = line.startIndex
    var explicit = false
    // Indentation (in a flow root) and the openers a key may follow on its line.
    while index < line.endIndex {
      let byte = line[index]
      if byte == 0x7B || byte == 0x5B || byte == 0x3F {
        if byte == 0x3F { explicit = true }
      } else if byte == 0x20 || byte == 0x09 {
        guard index > line.startIndex else { return nil }
      } else {
        break
      }
      index += 1
    }
    var quote: UInt8?
    if index < line.endIndex, line[index] == 0x22 || line[index] == 0x27 {
      quote = line[index]
      index += 1
    }
    let keyStart = index
    // A key's text: letters, digits, `_` and `-` (any key this cares about is one).
    while index < line.endIndex, isKeyByte(line[index]) { index += 1 }
    let key = line[keyStart..<index]
    guard !key.isEmpty else { return nil }
    if let quote {
      guard index < line.endIndex, line[index] == quote else { return nil }
      index += 1
    }
    while index < line.endIndex, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
    guard index < line.endIndex else { return explicit ? key : nil }
    return line[index] == 0x3A ? key : nil
  }

  private static func isKeyByte(_ byte: UInt8) -> Bool {
    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
      || byte == 0x5F || byte == 0x2D
  }
}
