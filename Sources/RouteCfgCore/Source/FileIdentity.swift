#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file as the file system knows it (device and inode): one file under two hard-linked
/// names has one identity, which its paths, even resolved, do not show.
package struct FileIdentity: Hashable, Sendable {
  let device: UInt64
  let inode: UInt64

  /// The identity of an open file; `nil` when it cannot be read.
  init?(descriptor: Int32) {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return nil }
    self.init(info)
  }

  /// The identity of the file at `path` (links followed); `nil` when it cannot be read.
  package init?(path: String) {
    guard let info = Self.status(path) else { return nil }
    self.init(info)
  }

  fileprivate init(_ info: stat) {
    device = UInt64(truncatingIfNeeded: info.st_dev)
    inode = UInt64(truncatingIfNeeded: info.st_ino)
  }

  fileprivate static func status(_ path: String) -> stat? {
    var info = stat()
    return stat(path, &info) == 0 ? info : nil
  }
}

/// What a file on disk looks like now: its identity, size and modification time. A file whose
/// stamp differs later has changed since (or been replaced); comparing stamps costs one `stat`
/// a file, where comparing contents would read it.
package struct FileStamp: Hashable, Sendable {
  let identity: FileIdentity
  let size: Int64
  let modifiedSeconds: Int64
  let modifiedNanoseconds: Int64

  /// The stamp of the file at `path` now (links followed); `nil` when it cannot be read.
  package init?(path: String) {
    guard let info = FileIdentity.status(path) else { return nil }
    identity = FileIdentity(info)
    size = Int64(info.st_size)
    #if canImport(Darwin)
      modifiedSeconds = Int64(info.st_mtimespec.tv_sec)
      modifiedNanoseconds = Int64(info.st_mtimespec.tv_nsec)
    #else
      modifiedSeconds = Int64(info.st_mtim.tv_sec)
      modifiedNanoseconds = Int64(info.st_mtim.tv_nsec)
    #endif
  }
}
