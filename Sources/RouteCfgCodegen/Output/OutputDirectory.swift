import RouteCfgCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why generated files could not be written.
public enum OutputError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The output path exists and is not a directory.
  case notADirectory(String)
  /// The directory holds Swift files that are not its generated files (files without the marker,
  /// or any Swift file in a subdirectory, which generate never writes); nothing was written.
  case foreignSwiftFiles(directory: String, files: [String])
  /// A file's name is longer than file systems allow (``maximumNameBytes``); nothing was written.
  case fileNameTooLong(name: String)
  /// The operating system refused: the path and the reason.
  case system(path: String, reason: String)
  /// The directory could not be listed, so its files cannot be told apart; nothing was written.
  case unlistable(directory: String, reason: String)
  /// A Swift file in the directory could not be read to see whether routecfg wrote it; nothing
  /// was written.
  case unreadable(path: String, reason: String)
  /// A generated file no longer produced could not be removed (the new files are written).
  case unremovable(path: String, reason: String)
  /// The output path is a symbolic link to nothing.
  case danglingLink(path: String, target: String)

  public var description: String {
    switch self {
    case .notADirectory(let path):
      return
        "cannot write generated files to '\(path)': it is not a directory; name a directory with --output"
    case .foreignSwiftFiles(let directory, let files):
      let shown = files.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + (files.count > 5 ? ", ..." : "")
      return "'\(directory)' holds Swift files that are not its generated files (\(shown)); generated "
        + "files need a directory of their own, subdirectories included: choose another --output, or move "
        + "those files"
    case .fileNameTooLong(let name):
      let shown = name.count > 48 ? name.prefix(24) + "..." + name.suffix(20) : Substring(name)
      let (limit, printed) = (OutputDirectory.maximumNameBytes, TextFormatter.printable(String(shown)))
      return "cannot write '\(printed)': its name is \(name.utf8.count) bytes, "
        + "and file systems take at most \(limit): pass a shorter --file-prefix (file names start with the "
        + "manifest's 'app' by default), or, with --module, shorten the module's name"
    case .system(let path, let reason): return "cannot write '\(path)': \(reason)"
    case .unlistable(let directory, let reason):
      return "cannot list '\(directory)' to find the files generated there before: \(reason)"
    case .unreadable(let path, let reason):
      return "cannot read '\(path)' to see whether routecfg generated it: \(reason)"
    case .unremovable(let path, let reason):
      return
        "cannot remove '\(path)', a generated file no longer produced: \(reason); the new files are written"
    case .danglingLink(let path, let target):
      return
        "cannot write generated files to '\(path)': it is a symbolic link to '\(target)', which does not "
        + "exist; create that directory, or name another with --output"
    }
  }
}

/// What writing the generated files did.
public struct OutputSummary: Sendable, Equatable {
  /// Files written because they were new or their content changed.
  public var written: [String] = []
  /// Files left untouched because their content was already the same.
  public var unchanged: [String] = []
  /// Generated files removed because they are no longer produced.
  public var removed: [String] = []
}

/// Writes generated files into a directory without losing anything: only files that start with
/// the routecfg marker are ever replaced or removed, a directory holding other Swift files is
/// refused before anything is written, each file is replaced atomically (written next to it,
/// then renamed, with the permissions of the file it replaces) once every changed file is
/// written, and a file whose content is unchanged is not touched (its modification time stays,
/// so builds do not redo work).
public enum OutputDirectory {
  /// The longest file name, in bytes, that common file systems take (`NAME_MAX`).
  public static let maximumNameBytes = 255

  public static func write(_ files: [GeneratedFile], to directory: String) throws(OutputError)
    -> OutputSummary
  {
    // Before anything is written: a run that fails halfway would leave a mix of old and new files.
    if let long = files.first(where: { $0.name.utf8.count > maximumNameBytes }) {
      throw .fileNameTooLong(name: long.name)
    }
    try prepare(directory)
    removeTemporaryFilesOfEndedRuns(in: directory)
    let existing = try swiftFiles(in: directory)
    if let unreadable = existing.first(where: { $0.unreadable != nil }) {
      throw .unreadable(
        path: FileSystem.join(directory, unreadable.name), reason: unreadable.unreadable ?? "")
    }
    let foreign = existing.filter { !$0.isGenerated }.map(\.name) + nestedSwiftFiles(in: directory)
    if !foreign.isEmpty { throw .foreignSwiftFiles(directory: directory, files: foreign) }
    var summary = OutputSummary()
    // Compared by their bytes, as the file system compares names: `Ü` written precomposed and
    // decomposed are equal strings but two files, and a file of the old spelling is stale.
    let produced = Set(files.map { Array($0.name.utf8) })
    // Every changed file is written to its temporary file first, and only once all are written
    // are they renamed over their places: a run that cannot write one (a full disk, a file size
    // limit) leaves every file as it was.
    var staged: [(temporary: String, path: String, name: String)] = []
    for (index, file) in files.enumerated() {
      let path = FileSystem.join(directory, file.name)
      if case .success(let bytes) = FileSystem.readFile(path, limit: 1 << 28, regularOnly: true),
        bytes.elementsEqual(file.contents.utf8)
      {
        summary.unchanged.append(file.name)
        continue
      }
      let temporary = FileSystem.join(directory, temporaryName(index))
      do {
        try stage(file.contents, at: temporary, for: path)
      } catch {
        for written in staged { unlink(written.temporary) }
        throw error
      }
      staged.append((temporary, path, file.name))
    }
    for (position, file) in staged.enumerated() {
      guard rename(file.temporary, file.path) != 0 else { continue }
      let reason = errnoText()
      for left in staged[position...] { unlink(left.temporary) }
      let replaced = staged[..<position].map { "'\($0.name)'" }
      throw .system(
        path: file.path,
        reason: reason
          + (replaced.isEmpty
            ? ""
            : "; \(replaced.joined(separator: ", ")) \(replaced.count == 1 ? "was" : "were") replaced already")
      )
    }
    summary.written = staged.map(\.name)
    // A file system that compares names regardless of case or Unicode form (APFS, HFS+) finds a
    // produced file under its old spelling too (`notes.swift` for `Notes.swift`), and lists the
    // one entry under one of them: a stale name that is a produced file whose own name the
    // directory does not list is that file, not a stale one. (A hard link is listed twice.)
    var producedFiles: [FileIdentity: [UInt8]] = [:]
    for file in files {
      if let identity = FileIdentity(path: FileSystem.join(directory, file.name)) {
        producedFiles[identity] = Array(file.name.utf8)
      }
    }
    let listed = Set((FileSystem.entries(ofDirectory: directory) ?? []).map { Array($0.utf8) })
    var unremovable: OutputError?
    for file in existing where file.isGenerated && !produced.contains(Array(file.name.utf8)) {
      let path = FileSystem.join(directory, file.name)
      if let identity = FileIdentity(path: path), let producedName = producedFiles[identity],
        !listed.contains(producedName)
      {
        continue
      }
      if unlink(path) == 0 {
        summary.removed.append(file.name)
      } else if errno != ENOENT, unremovable == nil {
        // (Gone already, ENOENT: another run writing the directory removed it.) The others are
        // still removed; the first that cannot be is reported.
        unremovable = .unremovable(path: path, reason: errnoText())
      }
    }
    if let unremovable { throw unremovable }
    return summary
  }

  /// Creates the directory (and its parents) when it is missing; refuses anything else.
  private static func prepare(_ directory: String) throws(OutputError) {
    var info = stat()
    var prefix = directory.hasPrefix("/") ? "/" : ""
    for component in directory.split(separator: "/") {
      if !prefix.isEmpty && !prefix.hasSuffix("/") { prefix += "/" }
      prefix += component
      if stat(prefix, &info) == 0 {
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw .notADirectory(prefix) }
        continue
      }
      // A link whose target is missing (not one that loops or cannot be followed, which mkdir
      // reports below).
      if errno == ENOENT, lstat(prefix, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
        throw .danglingLink(path: prefix, target: FileSystem.linkTarget(prefix) ?? "")
      }
      if mkdir(prefix, 0o777) != 0, errno != EEXIST { throw .system(path: prefix, reason: errnoText()) }
    }
  }

  private struct ExistingFile {
    let name: String
    let isGenerated: Bool
    /// Why a regular file could not be read, when it could not.
    var unreadable: String?
  }

  /// The `.swift` entries of the directory, each marked as generated when it is a regular file
  /// whose first line is the marker line (``startsWithMarkerLine(_:)``; a symbolic link or
  /// anything else is never routecfg's).
  private static func swiftFiles(in directory: String) throws(OutputError) -> [ExistingFile] {
    guard let entries = FileSystem.entries(ofDirectory: directory) else {
      throw .unlistable(directory: directory, reason: errnoText())
    }
    return entries.filter { $0.hasSuffix(".swift") }.sorted().compactMap { name in
      let path = FileSystem.join(directory, name)
      var info = stat()
      guard lstat(path, &info) == 0 else {
        // Listed, then gone (another run writing the directory removed it): not there to refuse.
        return errno == ENOENT ? nil : ExistingFile(name: name, isGenerated: false)
      }
      guard (info.st_mode & S_IFMT) == S_IFREG else { return ExistingFile(name: name, isGenerated: false) }
      switch FileSystem.readPrefix(path, count: firstLineLimit, regularOnly: true) {
      case .success(let prefix): return ExistingFile(name: name, isGenerated: startsWithMarkerLine(prefix))
      case .failure(let error):
        // Removed between the two looks, as above.
        if lstat(path, &info) != 0, errno == ENOENT { return nil }
        let reason: String
        if case .system(let text) = error { reason = text } else { reason = "\(error)" }
        return ExistingFile(name: name, isGenerated: false, unreadable: reason)
      }
    }
  }

  /// Swift files in the directory's subdirectories (`sub/A.swift`), which routecfg never writes:
  /// a target built from the directory compiles them with the generated files, so they are as
  /// foreign as files beside them. Hidden directories (`.build`) are not entered; a symbolic link
  /// to a directory is, as SwiftPM follows it into the target, once per directory (a cycle of
  /// links ends there). The search goes 4 levels down and lists 10,000 entries at most, and stops
  /// at the first 6 files found (enough to name them in the error).
  private static func nestedSwiftFiles(in directory: String) -> [String] {
    var found: [String] = []
    var queue: [(relative: String, depth: Int)] = [("", 0)]
    var listed = 0
    var entered: Set<[UInt64]> = []
    var top = stat()
    if stat(directory, &top) == 0 { entered.insert([UInt64(top.st_dev), UInt64(top.st_ino)]) }
    while !queue.isEmpty, found.count < 6, listed < 10_000 {
      let (relative, depth) = queue.removeFirst()
      let absolute = relative.isEmpty ? directory : FileSystem.join(directory, relative)
      guard let names = FileSystem.entries(ofDirectory: absolute) else { continue }
      for name in names.sorted() where !name.hasPrefix(".") {
        listed += 1
        let child = relative.isEmpty ? name : relative + "/" + name
        var info = stat()
        let path = FileSystem.join(directory, child)
        guard lstat(path, &info) == 0 else { continue }
        // A link is what it leads to; a dangling one stays a name.
        if (info.st_mode & S_IFMT) == S_IFLNK {
          var target = stat()
          if stat(path, &target) == 0 { info = target }
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
          if depth < 4, entered.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted {
            queue.append((child, depth + 1))
          }
        } else if !relative.isEmpty, name.hasSuffix(".swift") {
          found.append(child)
          if found.count == 6 { break }
        }
      }
    }
    return found
  }

  /// How much of a file is read to find its first line.
  private static let firstLineLimit = 1024

  /// Whether `prefix`, a file's first bytes, starts with routecfg's marker line: the marker
  /// alone, or as versions before 2026-11-24 wrote it, followed by ` from ` and the manifest and
  /// ending in `. Do not edit.`. A line that only starts like the marker
  /// (`// Code generated by routecfgx`, `// Code generated by routecfg 2 from ...`) is someone
  /// else's. A line break of `\r\n`, as a checkout that converts line endings writes, still ends
  /// the line.
  static func startsWithMarkerLine(_ prefix: [UInt8]) -> Bool {
    guard let lineEnd = prefix.firstIndex(of: UInt8(ascii: "\n")) else { return false }
    var line = prefix[..<lineEnd]
    if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
    let marker = Array(CodeGenerator.marker.utf8)
    guard line.starts(with: marker) else { return false }
    let rest = line.dropFirst(marker.count)
    let ending = Array(". Do not edit.".utf8)
    return rest.isEmpty
      || (rest.starts(with: Array(" from ".utf8)) && rest.suffix(ending.count).elementsEqual(ending))
  }

  /// The temporary file the `index`th file is written to before it is renamed over its place:
  /// hidden, short whatever the file's name (so that a name near the file system's limit can be
  /// written), and not a `.swift` file, so that another run writing into the same directory at
  /// the same time neither removes it as a stale generated file nor refuses it as a foreign one.
  static func temporaryName(_ index: Int, process: Int32 = getpid()) -> String {
    ".routecfg-\(process)-\(index).tmp"
  }

  /// Removes the temporary files (``temporaryName(_:process:)``) of runs that ended without
  /// renaming them (killed while writing); those of runs still going are left alone.
  private static func removeTemporaryFilesOfEndedRuns(in directory: String) {
    for name in FileSystem.entries(ofDirectory: directory) ?? []
    where name.hasPrefix(".routecfg-") && name.hasSuffix(".tmp") {
      let fields = name.dropFirst(".routecfg-".count).dropLast(".tmp".count).split(separator: "-")
      guard fields.count == 2, let process = Int32(fields[0]), Int(fields[1]) != nil, process > 0,
        process != getpid(), kill(process, 0) != 0, errno == ESRCH
      else { continue }
      unlink(FileSystem.join(directory, name))
    }
  }

  /// Writes `contents` to the new file `temporary` and flushes it, with the permissions of the
  /// file at `path` when there is one (a file made read-only by its owner stays so). The file is
  /// created, never opened: an entry of that name (a symbolic link planted to redirect the write,
  /// or a file left by an earlier process of the same ID) is removed first, not written through.
  private static func stage(_ contents: String, at temporary: String, for path: String) throws(OutputError) {
    let descriptor = FileSystem.createTemporaryFile(temporary, mode: 0o666)
    guard descriptor >= 0 else { throw .system(path: path, reason: errnoText()) }
    var existing = stat()
    var failure: String?
    if lstat(path, &existing) == 0, (existing.st_mode & S_IFMT) == S_IFREG,
      fchmod(descriptor, existing.st_mode & 0o7777) != 0
    {
      failure = errnoText()
    }
    if failure == nil, !FileSystem.writeAll(contents, to: descriptor) { failure = errnoText() }
    if failure == nil, fsync(descriptor) != 0 { failure = errnoText() }
    close(descriptor)
    if let failure {
      unlink(temporary)
      throw .system(path: path, reason: failure)
    }
  }

  private static func errnoText() -> String { String(cString: strerror(errno)) }
}
