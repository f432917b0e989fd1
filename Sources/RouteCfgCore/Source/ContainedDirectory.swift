#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a path below a ``ContainedDirectory`` could not be opened.
enum ContainedOpenError: Error, Hashable {
  /// Nothing exists at the path. `wouldBe` holds the real components the file would have below
  /// the directory (the names that are there resolved, the missing ones as written), unless the
  /// missing part climbs out with `..`.
  case notFound(wouldBe: [String]?)
  /// The path, its symbolic links followed, leads outside the directory; the place it leads to.
  case outside(String)
  /// Symbolic links lead from one to another more than ``ContainedDirectory/maxLinkHops`` times.
  case linkLoop
  /// A component before the last is not a directory; that component.
  case notADirectory(String)
  /// A socket or another file that cannot be opened for reading as a file.
  case notRegularFile
  /// The path leads to a directory (`.`, `sub/..`, `sub/`).
  case isDirectory
  /// The operating system refused (permission denied...): the component and the `errno` text.
  case system(component: String, reason: String)
}

/// A file opened below a ``ContainedDirectory``.
struct ContainedFile {
  /// Open for reading (non-blocking); the caller closes it.
  let descriptor: Int32
  /// The components of its real path below the directory (symbolic links resolved).
  let components: [String]
  /// The real path of the directory that holds the name as written, before a link at the last
  /// component is followed: where `Shared/link.yaml` is, wherever the link leads.
  let directoryAsWritten: [String]

  func close() {
    #if canImport(Glibc)
      _ = Glibc.close(descriptor)
    #elseif canImport(Musl)
      _ = Musl.close(descriptor)
    #else
      _ = Darwin.close(descriptor)
    #endif
  }
}

/// A directory that included files must stay inside, held open so that what is checked is what
/// is read.
///
/// A path is resolved one component at a time from the directory's descriptor with `openat` and
/// `O_NOFOLLOW`; a symbolic link is read with `readlinkat` and its target resolved the same way.
/// The file finally opened is the one the walk reached, so swapping a link for another between
/// the check and the read cannot lead outside the directory. Paths that leave the directory on
/// the way (`../root/x.yaml`, an absolute link back inside) are resolved to their real path and
/// walked again from the directory.
final class ContainedDirectory {
  /// How many symbolic links one path may pass through (as `SYMLOOP_MAX` on Linux).
  static let maxLinkHops = 40

  /// The directory's real path.
  let path: String
  private let descriptor: Int32

  /// Opens the directory at `path` (its real path); `nil` when it cannot be opened.
  init?(realPath path: String) {
    let descriptor = open(path, Self.directoryFlags)
    guard descriptor >= 0 else { return nil }
    self.path = path
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// The real path of components below the directory.
  func realPath(of components: [String]) -> String {
    components.isEmpty ? path : FileSystem.join(path, components.joined(separator: "/"))
  }

  /// Opens `relative` (a relative path as written) from the directory `base` (real components
  /// below this directory), following symbolic links only while they stay inside.
  func openFile(_ relative: String, from base: [String]) -> Result<ContainedFile, ContainedOpenError> {
    // A trailing '/' says the last name is a directory, as it does to open(2): `a.yaml/` is
    // not a file, and `sub/` is a directory.
    let written = Self.split(relative) + (relative.hasSuffix("/") ? ["."] : [])
    var pending = Array((base + written).reversed())
    var walk = Walk(root: descriptor)
    defer { walk.closeAll() }
    var hops = 0
    var restarts = 0
    // The directory of the last component as written: recorded when it is first reached.
    var directoryAsWritten: [String]?
    while let component = pending.popLast() {
      if component.isEmpty || component == "." { continue }
      if component == ".." {
        if walk.names.isEmpty {
          // Leaving the directory: find where the whole path leads, and walk it again from the
          // directory when that is inside.
          let escaped =
            path + "/.." + (pending.isEmpty ? "" : "/" + pending.reversed().joined(separator: "/"))
          switch reenter(escaped, restarts: &restarts) {
          case .success(let components):
            pending = components.reversed()
            continue
          case .failure(let error): return .failure(error)
          }
        }
        walk.pop()
        continue
      }
      let isLast = pending.isEmpty
      if isLast, directoryAsWritten == nil { directoryAsWritten = walk.names }
      let flags = isLast ? O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC : Self.directoryFlags | O_NOFOLLOW
      let opened = openat(walk.current, component, flags)
      if opened >= 0 {
        if isLast {
          return .success(
            ContainedFile(
              descriptor: opened, components: walk.names + [component],
              directoryAsWritten: directoryAsWritten ?? walk.names))
        }
        walk.push(opened, name: component)
        continue
      }
      let failure = errno
      guard let target = FileSystem.linkTarget(component, in: walk.current) else {
        switch failure {
        case ENOENT:
          return .failure(.notFound(wouldBe: Self.missingPath(walk.names + [component], then: pending)))
        case ENOTDIR: return .failure(.notADirectory(walk.shown(component)))
        case ELOOP: return .failure(.linkLoop)
        case ENXIO, EOPNOTSUPP: return .failure(.notRegularFile)
        default:
          return .failure(.system(component: walk.shown(component), reason: FileSystem.errnoText(failure)))
        }
      }
      hops += 1
      if hops > Self.maxLinkHops { return .failure(.linkLoop) }
      if target.hasPrefix("/") {
        let escaped = target + (pending.isEmpty ? "" : "/" + pending.reversed().joined(separator: "/"))
        switch reenter(escaped, restarts: &restarts) {
        case .success(let components):
          walk.popAll()
          pending = components.reversed()
        case .failure(let error): return .failure(error)
        }
        continue
      }
      pending.append(contentsOf: Self.split(target).reversed())
    }
    // The path ended with '.' or '..' (or a link to one): it names the directory reached.
    return .failure(.isDirectory)
  }

  /// The real components a missing path would have below the directory: those walked, the one
  /// missing, and the rest as written (`pending`, last first); `nil` when the rest climbs out
  /// with `..`, whose meaning depends on links that are not there.
  private static func missingPath(_ reached: [String], then pending: [String]) -> [String]? {
    var components = reached
    for component in pending.reversed() where !component.isEmpty && component != "." {
      if component == ".." { return nil }
      components.append(component)
    }
    return components
  }

  /// Where a path that left the directory leads: its components below the directory when it
  /// comes back inside, or the error to report.
  private func reenter(_ escaped: String, restarts: inout Int) -> Result<[String], ContainedOpenError> {
    restarts += 1
    if restarts > Self.maxLinkHops { return .failure(.linkLoop) }
    guard let real = FileSystem.realPath(escaped) else {
      return .failure(errno == ELOOP ? .linkLoop : .notFound(wouldBe: nil))
    }
    guard FileSystem.isInside(real, directory: path) else { return .failure(.outside(real)) }
    let below = real.dropFirst(path.count)
    return .success(Self.split(String(below)))
  }

  private static func split(_ path: String) -> [String] {
    path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
  }

  /// Directories are opened only to look up names in them: `O_PATH` on Linux needs no read
  /// permission, only search permission, as path lookup does.
  private static var directoryFlags: Int32 {
    #if os(Linux)
      // O_PATH (Glibc leaves it out of Swift's view: it is a GNU extension).
      let pathOnly: Int32 = 0o10_000_000
      return pathOnly | O_DIRECTORY | O_CLOEXEC
    #else
      return O_RDONLY | O_DIRECTORY | O_CLOEXEC
    #endif
  }

  /// The directories opened on the way down, below the root.
  private struct Walk {
    let root: Int32
    var descriptors: [Int32] = []
    var names: [String] = []

    var current: Int32 { descriptors.last ?? root }

    func shown(_ component: String) -> String { (names + [component]).joined(separator: "/") }

    mutating func push(_ descriptor: Int32, name: String) {
      descriptors.append(descriptor)
      names.append(name)
    }

    mutating func pop() {
      if let last = descriptors.popLast() { close(last) }
      names.removeLast()
    }

    mutating func popAll() {
      while !names.isEmpty { pop() }
    }

    mutating func closeAll() { popAll() }
  }
}
