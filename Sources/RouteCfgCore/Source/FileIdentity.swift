#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file as the file system knows it (device and inode): one file under two hard-linked
/// names has one identity, which its paths, even resolved, do not show.
struct FileIdentity: Hashable, Sendable {
  let device: UInt64
  let inode: UInt64

  /// The identity of an open file; `nil` when it cannot be read.
  init?(descriptor: Int32) {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return nil }
    self.init(info)
  }

  /// The identity of the file at `path` (links followed); `nil` when it cannot be read.
  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    self.init(info)
  }

  private init(_ info: stat) {
    device = UInt64(truncatingIfNeeded: info.st_dev)
    inode = UInt64(truncatingIfNeeded: info.st_ino)
  }
}
