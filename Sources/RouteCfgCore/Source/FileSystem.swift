#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a file could not be read.
public enum FileReadError: Error, Sendable, Hashable {
  /// The operating system refused: the text of `errno` (no such file, permission denied...).
  case system(String)
  /// The path names a directory.
  case isDirectory
  /// The file is larger than the limit; the size in bytes.
  case tooLarge(Int)
  /// Reading went past the limit (a file without a size, such as a device); the bytes read.
  case tooLargeWhileReading(Int)
  /// A FIFO, device or socket where only a regular file is accepted.
  case notRegularFile
}

/// The few file-system operations routecfg needs, on POSIX calls (no Foundation).
public enum FileSystem {
  /// Reads a whole file, refusing files larger than `limit` bytes before reading them.
  ///
  /// With `regularOnly`, anything but a regular file (a FIFO, a device, a socket) is refused
  /// without blocking: the file is opened non-blocking and checked before it is read. The root
  /// manifest may be a pipe (`routecfg validate <(generate)`); an include may not.
  public static func readFile(_ path: String, limit: Int, regularOnly: Bool = false) -> Result<
    [UInt8], FileReadError
  > {
    withOpenFile(path, regularOnly: regularOnly) { descriptor in
      readAll(descriptor: descriptor, limit: limit, regularOnly: regularOnly)
    }
  }

  /// Opens `path` for reading (non-blocking with `regularOnly`, so that a FIFO is refused
  /// rather than waited on), runs `body` with the descriptor and closes it.
  private static func withOpenFile<T>(
    _ path: String, regularOnly: Bool, _ body: (Int32) -> Result<T, FileReadError>
  ) -> Result<T, FileReadError> {
    let descriptor = open(path, (regularOnly ? O_RDONLY | O_NONBLOCK : O_RDONLY) | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(.system(errnoText())) }
    defer { close(descriptor) }
    return body(descriptor)
  }

  /// The size of an open file, or why it may not be read: a directory, or anything but a
  /// regular file with `regularOnly`.
  private static func readableSize(descriptor: Int32, regularOnly: Bool) -> Result<Int, FileReadError> {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(.system(errnoText())) }
    if (info.st_mode & S_IFMT) == S_IFDIR { return .failure(.isDirectory) }
    if regularOnly, (info.st_mode & S_IFMT) != S_IFREG { return .failure(.notRegularFile) }
    return .success(Int(info.st_size))
  }

  /// Reads a whole open file (the caller closes it), with the checks of
  /// ``readFile(_:limit:regularOnly:)``.
  static func readAll(descriptor: Int32, limit: Int, regularOnly: Bool) -> Result<[UInt8], FileReadError> {
    let size: Int
    switch readableSize(descriptor: descriptor, regularOnly: regularOnly) {
    case .success(let readable): size = readable
    case .failure(let error): return .failure(error)
    }
    if size > limit { return .failure(.tooLarge(size)) }
    // The size `fstat` gives is read straight into the array, with room for one byte more to
    // see the end (a manifest is then neither copied from a buffer nor zeroed first); a file
    // that grows while being read, or a special file, goes on in chunks.
    var failure: FileReadError?
    var atEnd = false
    var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, initialized in
      while initialized < buffer.count {
        let rest = UnsafeMutableBufferPointer(rebasing: buffer[initialized...])
        let count = readRetrying(descriptor, into: UnsafeMutableRawBufferPointer(rest))
        if count < 0 {
          failure = .system(errnoText())
          return
        }
        if count == 0 {
          atEnd = true
          return
        }
        initialized += count
      }
    }
    if let failure { return .failure(failure) }
    if bytes.count > limit { return .failure(.tooLargeWhileReading(bytes.count)) }
    if atEnd { return .success(bytes) }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { readRetrying(descriptor, into: $0) }
      if count < 0 { return .failure(.system(errnoText())) }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
      // Files that grow while being read (or special files) still obey the limit.
      if bytes.count > limit { return .failure(.tooLargeWhileReading(bytes.count)) }
    }
    return .success(bytes)
  }

  /// One `read(2)` into `buffer`, repeated when a signal interrupts it: the bytes read, 0 at the
  /// end of the file, or -1 with `errno` set.
  private static func readRetrying(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
    while true {
      let count = read(descriptor, buffer.baseAddress, buffer.count)
      if count >= 0 || errno != EINTR { return count }
    }
  }

  /// Reads at most `count` bytes from the start of a file, with the checks of
  /// ``readFile(_:limit:regularOnly:)`` (a FIFO or device is refused with `regularOnly`).
  package static func readPrefix(_ path: String, count: Int, regularOnly: Bool = false) -> Result<
    [UInt8], FileReadError
  > {
    withOpenFile(path, regularOnly: regularOnly) { descriptor in
      readableSize(descriptor: descriptor, regularOnly: regularOnly).flatMap { _ in
        var bytes = [UInt8](repeating: 0, count: max(0, count))
        var filled = 0
        while filled < bytes.count {
          let got = bytes.withUnsafeMutableBytes { buffer in
            readRetrying(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
          }
          if got < 0 { return .failure(.system(errnoText())) }
          if got == 0 { break }
          filled += got
        }
        bytes.removeSubrange(filled...)
        return .success(bytes)
      }
    }
  }

  /// What a path names, following symbolic links.
  package enum EntryKind: Sendable, Hashable {
    case regularFile, directory, other
  }

  /// The kind of the file at `path` (after symbolic links), or `nil` when nothing is there.
  package static func kind(of path: String) -> EntryKind? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .regularFile
    case S_IFDIR: return .directory
    default: return .other
    }
  }

  /// The names in a directory, without `.` and `..`, in no particular order; `nil` when it
  /// cannot be listed.
  package static func entries(ofDirectory path: String) -> [String]? {
    // A record `readdir` returns is only as long as its name: read the name through a pointer
    // to the field (`entry.pointee.d_name` would copy all 256 bytes, past the record's end).
    guard let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name),
      let stream = opendir(path)
    else { return nil }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = String(
        cString: (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self))
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// The path with symbolic links, `.` and `..` resolved, or `nil` when it does not exist.
  public static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// What the symbolic link `name` points to, as written in it, with `name` relative to the open
  /// directory `directory` (the working directory by default, for a path); `nil` when it is not a
  /// link.
  package static func linkTarget(_ name: String, in directory: Int32 = AT_FDCWD) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = buffer.withUnsafeMutableBufferPointer { pointer in
      guard let base = pointer.baseAddress else { return -1 }
      return readlinkat(directory, name, base, pointer.count - 1)
    }
    guard count >= 0 else { return nil }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The running executable's path, symbolic links resolved (`/proc/self/exe` on Linux,
  /// `_NSGetExecutablePath` on Darwin); `nil` when the system does not say.
  package static func executablePath() -> String? {
    #if canImport(Darwin)
      var size: UInt32 = 0
      _ = _NSGetExecutablePath(nil, &size)
      var buffer = [CChar](repeating: 0, count: Int(size) + 1)
      guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
      return realPath(String(cString: buffer))
    #else
      return realPath("/proc/self/exe")
    #endif
  }

  /// `true` when something exists at the path.
  public static func exists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
  }

  /// The directory part of a path as written (`a/b.yaml` → `a`, `b.yaml` → ``).
  public static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    if slash == path.startIndex { return "/" }
    return String(path[..<slash])
  }

  /// Joins a directory and a relative path as written, without normalising either.
  public static func join(_ directory: String, _ path: String) -> String {
    if directory.isEmpty || path.hasPrefix("/") { return path }
    if directory.hasSuffix("/") { return directory + path }
    return directory + "/" + path
  }

  /// `path` with `.` segments, empty segments (`//`) and each `name/..` pair removed:
  /// `./login/../shared.yaml` is `shared.yaml`. A `name` that is a symbolic link keeps its `..`
  /// (`link/..` is the directory the link leads to, not the one it is in). Leading `..` segments
  /// stay; an absolute path stays absolute; a path that names its starting directory is `.`.
  public static func lexicallyNormalized(_ path: String) -> String {
    let isAbsolute = path.hasPrefix("/")
    var segments: [Substring] = []
    var isLink: [Bool] = []
    // Whether a segment is a link matters only before a `..`; most paths have none.
    let climbs = path.contains("..")
    func linkAt(_ count: Int) -> Bool {
      guard climbs else { return false }
      var info = stat()
      let prefix = (isAbsolute ? "/" : "") + segments.prefix(count).joined(separator: "/")
      return lstat(prefix, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }
    for segment in path.split(separator: "/", omittingEmptySubsequences: true) where segment != "." {
      if segment == "..", let last = segments.last, last != "..", !(isLink.last ?? false) {
        segments.removeLast()
        isLink.removeLast()
      } else if segment == "..", isAbsolute, segments.isEmpty {
        continue  // `/..` is `/`
      } else {
        segments.append(segment)
        isLink.append(segment != ".." && linkAt(segments.count))
      }
    }
    let joined = segments.joined(separator: "/")
    if isAbsolute { return "/" + joined }
    return joined.isEmpty ? "." : joined
  }

  /// The file name of `path` without its directory and its last extension: `Docs/app.yaml` →
  /// `app`; a name whose only dot starts it (`.yaml`) is kept whole.
  package static func stem(of path: String) -> Substring {
    var name = Substring(path)
    if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
    if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = name[..<dot] }
    return name
  }

  /// `true` when `path` is `directory` itself or lies below it (both canonical).
  public static func isInside(_ path: String, directory: String) -> Bool {
    if path == directory { return true }
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    return path.hasPrefix(prefix)
  }

  /// Creates the new file `temporary` for writing, to be renamed into place: created, never
  /// opened, so that a symbolic link planted there is not written through; an entry of that name
  /// (left by an earlier process of the same ID) is removed first. The descriptor, or -1 (see
  /// `errno`).
  package static func createTemporaryFile(_ temporary: String, mode: mode_t) -> Int32 {
    let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
    var descriptor = open(temporary, flags, mode)
    if descriptor < 0, errno == EEXIST, unlink(temporary) == 0 {
      descriptor = open(temporary, flags, mode)
    }
    return descriptor
  }

  /// Writes all of `text` to `descriptor`, again after an interrupted write; `false` on an error
  /// (see `errno`).
  package static func writeAll(_ text: String, to descriptor: Int32) -> Bool {
    var text = text
    return text.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count {
        let count = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        if count < 0 {
          if errno == EINTR { continue }
          return false
        }
        offset += count
      }
      return true
    }
  }

  static func errnoText(_ code: Int32 = errno) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }
}
