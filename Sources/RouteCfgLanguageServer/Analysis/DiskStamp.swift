#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a file on disk looked like when a check read it: its identity, size and modification
/// time. A file whose stamp differs now has changed since (or been replaced); comparing stamps
/// costs one `stat` a file, where comparing contents would read every file of the manifest.
struct DiskStamp: Hashable, Sendable {
  let device: UInt64
  let inode: UInt64
  let size: Int64
  let modifiedSeconds: Int64
  let modifiedNanoseconds: Int64

  /// The stamp of the file at `path` now; `nil` when it cannot be read.
  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    device = UInt64(truncatingIfNeeded: info.st_dev)
    inode = UInt64(truncatingIfNeeded: info.st_ino)
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
