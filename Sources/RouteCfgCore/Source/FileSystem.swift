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
    let descriptor = open(path, (regularOnly ? O_RDONLY | O_NONBLOCK : O_RDONLY) | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(.system(errnoText())) }
    defer { close(descriptor) }
    return readAll(descriptor: descriptor, limit: limit, regularOnly: regularOnly)
  }

  /// Reads a whole open file (the caller closes it), with the checks of
  /// ``readFile(_:limit:regularOnly:)``.
  static func readAll(descriptor: Int32, limit: Int, regularOnly: Bool) -> Result<[UInt8], FileReadError> {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(.system(errnoText())) }
    if (info.st_mode & S_IFMT) == S_IFDIR { return .failure(.isDirectory) }
    if regularOnly, (info.st_mode & S_IFMT) != S_IFREG { return .failure(.notRegularFile) }
    let size = Int(info.st_size)
    if size > limit { return .failure(.tooLarge(size)) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(size + 1)
    var chunk = [UInt8](repeating: 0, count: max(4096, min(size + 1, 1 << 20)))
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress, buffer.count)
      }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(.system(errnoText()))
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
      // Files that grow while being read (or special files) still obey the limit.
      if bytes.count > limit { return .failure(.tooLargeWhileReading(bytes.count)) }
    }
    return .success(bytes)
  }

  /// The path with symbolic links, `.` and `..` resolved, or `nil` when it does not exist.
  public static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
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

  /// `true` when `path` is `directory` itself or lies below it (both canonical).
  public static func isInside(_ path: String, directory: String) -> Bool {
    if path == directory { return true }
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    return path.hasPrefix(prefix)
  }

  static func errnoText(_ code: Int32 = errno) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }
}
