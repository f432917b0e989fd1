import Foundation
import RouteCfgCore
import Testing

/// Includes are opened through the root directory's descriptor, one component at a time: the
/// file read is the file checked, whatever happens to the links meanwhile (issue 9).
@Suite("Includes: containment")
struct IncludeContainmentTests {
  private static let root = "routecfg: 1\ninclude: [part.yaml]\nmodules:\n  Home: {kind: view, routes: [/]}\n"

  @Test func aLinkFlippedBetweenInsideAndOutsideNeverLeaksTheOutsideFile() throws {
    let outer = try ScratchDirectory("race")
    defer { outer.remove() }
    try outer.write(Self.root, to: "root/root.yaml")
    try outer.write("modules:\n  Inside: {kind: view, routes: [/in]}\n", to: "root/inside.yaml")
    try outer.write("modules:\n  SECRET: {kind: view, routes: [/secret]}\n", to: "secret.yaml")
    let link = outer.path("root/part.yaml")
    let staged = outer.path("root/.staged")
    let targets = [outer.path("root/inside.yaml"), outer.path("secret.yaml")]
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: targets[0])
    // A thread of its own swaps the link atomically (rename over it) as fast as it can.
    let flipper = LinkFlipper()
    let thread = Thread {
      var flips = 0
      while !flipper.isStopped {
        flips += 1
        unlink(staged)
        guard symlink(targets[flips % 2], staged) == 0 else { continue }
        rename(staged, link)
        flipper.record(flips: flips)
      }
      flipper.finish(flips: flips)
    }
    thread.start()
    var loadedInside = 0
    var refused = 0
    var loads = 0
    // At least 400 loads, and on until the link has flipped often enough to race them (a busy
    // machine can starve the flipping thread), within a bound.
    while loads < 400 || (flipper.flipsSoFar <= 100 && loads < 20_000) {
      loads += 1
      let result = try RouteCfg.validate(path: outer.path("root/root.yaml"), maxDiagnostics: nil)
      let modules = result.manifest.modules.map(\.name.value)
      #expect(!modules.contains("SECRET"))
      #expect(!result.diagnostics.contains { $0.message.contains("SECRET") })
      if modules.contains("Inside") { loadedInside += 1 }
      if result.diagnostics.contains(where: { $0.code == .includeOutsideRoot }) { refused += 1 }
    }
    let flips = flipper.stop()
    // Both ends of the race were seen: the test exercised it.
    #expect(flips > 100)
    #expect(loadedInside + refused == loads)
  }

  @Test func aLinkInsideTheRootIsFollowedWhereverItIsWritten() throws {
    let scratch = try ScratchDirectory("inside-link")
    defer { scratch.remove() }
    try scratch.write(Self.root, to: "root.yaml")
    try scratch.write("modules:\n  Real: {kind: view, routes: [/real]}\n", to: "features/real.yaml")
    try scratch.link("features/alias", to: ".")
    try scratch.link("part.yaml", to: "features/alias/alias/real.yaml")
    let result = try RouteCfg.validate(path: scratch.path("root.yaml"))
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
    #expect(result.graph?.modules["Real"] != nil)
    #expect(result.manifest.files.files.last?.canonicalPath?.hasSuffix("/features/real.yaml") == true)
  }

  /// A hard link has a path of its own, even resolved: the file is known by its identity.
  @Test func aHardLinkToALoadedFileIsTheSameFile() throws {
    let scratch = try ScratchDirectory("hard-link")
    defer { scratch.remove() }
    try scratch.write(
      "routecfg: 1\ninclude: [a.yaml, sub/hard.yaml]\nmodules:\n  Home: {kind: view, routes: [/]}\n",
      to: "root.yaml")
    try scratch.write("modules:\n  A: {kind: view, routes: [/a]}\n", to: "a.yaml")
    try scratch.write("", to: "sub/placeholder")
    try #require(link(scratch.path("a.yaml"), scratch.path("sub/hard.yaml")) == 0)
    let result = try RouteCfg.validate(path: scratch.path("root.yaml"))
    #expect(result.diagnostics.map(\.code) == [.includedTwice], "\(result.diagnostics.map(\.message))")
    #expect(result.graph?.modules["A"] != nil)
    // A file that includes a hard link to itself closes a cycle.
    try scratch.write("routecfg: 1\ninclude: [self.yaml]\n", to: "loop/root.yaml")
    try #require(link(scratch.path("loop/root.yaml"), scratch.path("loop/self.yaml")) == 0)
    let loop = try RouteCfg.validate(path: scratch.path("loop/root.yaml"))
    #expect(loop.diagnostics.map(\.code) == [.includeCycle], "\(loop.diagnostics.map(\.message))")
    // The message names the file as it was loaded, not only the other spelling that reached it.
    let (selfPath, rootPath) = (scratch.path("loop/self.yaml"), scratch.path("loop/root.yaml"))
    #expect(
      loop.diagnostics.first?.message
        == "include 'self.yaml' closes a cycle: '\(selfPath)' is '\(rootPath)', which is already being "
        + "loaded; remove this entry")
  }

  @Test func anIncludedLinksOwnIncludesAreRelativeToTheLinkAsItsDiagnosticsSay() throws {
    let scratch = try ScratchDirectory("link-includes")
    defer { scratch.remove() }
    try scratch.write(
      "routecfg: 1\ninclude: [entry.yaml, Sub/nested.yaml, ./second.yaml]\nmodules:\n  Home: {kind: view, routes: [/]}\n",
      to: "root.yaml")
    try scratch.write(
      "include: [child.yaml]\nmodules:\n  Real: {kind: view, routes: [/real]}\n", to: "lib/real.yaml")
    try scratch.write("include: [sibling.yaml]\n", to: "lib/nested.yaml")
    try scratch.write("modules:\n  Decoy: {kind: view, routes: [/decoy]}\n", to: "lib/child.yaml")
    try scratch.write("modules:\n  Child: {kind: view, routes: [bad]}\n", to: "child.yaml")
    try scratch.write("modules:\n  Sibling: {kind: view, routes: [/sibling]}\n", to: "Sub/sibling.yaml")
    try scratch.write("include: [other.yaml]\n", to: "lib/second.yaml")
    try scratch.write("modules:\n  Other: {kind: view, routes: [/other]}\n", to: "other.yaml")
    try scratch.link("entry.yaml", to: "lib/real.yaml")
    try scratch.link("second.yaml", to: "lib/second.yaml")
    try scratch.link("Sub/nested.yaml", to: "../lib/nested.yaml")
    let result = try RouteCfg.validate(path: scratch.path("root.yaml"))
    // 'child.yaml' is read next to the link, where the diagnostic says it is.
    let diagnostic = try #require(result.diagnostics.first)
    #expect(result.diagnostics.count == 1)
    #expect(result.manifest.files.path(of: diagnostic.location.file).hasSuffix("/child.yaml"))
    #expect(!result.manifest.files.path(of: diagnostic.location.file).hasSuffix("/lib/child.yaml"))
    #expect(diagnostic.code == .invalidRoutePattern)
    #expect(
      result.manifest.modules.map(\.name.value).sorted() == ["Child", "Home", "Other", "Real", "Sibling"])
  }

  @Test func anAbsoluteLinkBackInsideAndAPathThatLeavesAndReturnsAreFollowed() throws {
    let scratch = try ScratchDirectory("reenter")
    defer { scratch.remove() }
    let name = scratch.url.lastPathComponent
    try scratch.write(
      "routecfg: 1\ninclude: [part.yaml, ../\(name)/other.yaml]\nmodules:\n  Home: {kind: view, routes: [/]}\n",
      to: "root.yaml")
    try scratch.write("modules:\n  A: {kind: view, routes: [/a]}\n", to: "a.yaml")
    try scratch.write("modules:\n  B: {kind: view, routes: [/b]}\n", to: "other.yaml")
    try scratch.link("part.yaml", to: scratch.path("a.yaml"))
    let result = try RouteCfg.validate(path: scratch.path("root.yaml"))
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
    #expect(result.graph?.modules.keys.sorted() == ["A", "B", "Home"])
  }

  @Test func linksOutOfTheRootAreRefusedWithoutReadingThem() throws {
    let scratch = try ScratchDirectory("out-links")
    defer { scratch.remove() }
    try scratch.write(
      "routecfg: 1\ninclude: [zero.yaml, up.yaml, nested/deep.yaml]\nmodules:\n  Home: {kind: view, routes: [/]}\n",
      to: "root/root.yaml")
    try scratch.write("modules:\n  Outside: {kind: view}\n", to: "outside.yaml")
    // A device outside the root that never ends: refused before anything is read.
    try scratch.link("root/zero.yaml", to: "/dev/zero")
    try scratch.link("root/up.yaml", to: "../outside.yaml")
    try FileManager.default.createDirectory(
      atPath: scratch.path("root/nested"), withIntermediateDirectories: true)
    try scratch.link("root/nested/deep.yaml", to: "../../outside.yaml")
    let result = try RouteCfg.validate(path: scratch.path("root/root.yaml"))
    #expect(
      result.diagnostics.map(\.code) == [.includeOutsideRoot, .includeOutsideRoot, .includeOutsideRoot])
    #expect(result.diagnostics.first?.message.contains("'/dev/zero'") == true)
    #expect(result.graph == nil)
  }

  @Test func aLinkLoopIsCalledALoop() throws {
    let scratch = try ScratchDirectory("loop")
    defer { scratch.remove() }
    try scratch.write(Self.root, to: "root.yaml")
    try scratch.link("part.yaml", to: "other.yaml")
    try scratch.link("other.yaml", to: "part.yaml")
    let result = try RouteCfg.validate(path: scratch.path("root.yaml"))
    let diagnostic = try #require(result.diagnostics.first)
    #expect(result.diagnostics.count == 1)
    #expect(diagnostic.code == .includeNotFound)
    #expect(diagnostic.message.contains("symbolic links that loop"), "\(diagnostic.message)")
  }

  @Test func aFileWhereADirectoryBelongsIsCalledThat() throws {
    let scratch = try ScratchDirectory("not-dir")
    defer { scratch.remove() }
    try scratch.write("routecfg: 1\ninclude: [file.yaml/part.yaml]\n", to: "root.yaml")
    try scratch.write("modules: {}\n", to: "file.yaml")
    let result = try RouteCfg.validate(path: scratch.path("root.yaml"))
    #expect(result.diagnostics.map(\.code) == [.includeNotFound])
    #expect(result.diagnostics.first?.message.contains("'file.yaml' is not a directory") == true)
  }

  /// `a.yaml/` is not a file (a trailing '/' names a directory), and `.`, `sub/..` and `sub/`
  /// are directories, not missing files.
  @Test func pathsThatEndAtADirectoryAreCalledThat() throws {
    let scratch = try ScratchDirectory("trailing")
    defer { scratch.remove() }
    try scratch.write(
      "routecfg: 1\ninclude: [\"file.yaml/\", ., sub/.., sub/, ./file.yaml]\n", to: "root.yaml")
    try scratch.write("modules: {}\n", to: "file.yaml")
    try scratch.write("", to: "sub/placeholder")
    let result = try RouteCfg.validate(path: scratch.path("root.yaml"))
    #expect(
      result.diagnostics.map(\.code) == [
        .includeNotFound, .fileUnreadable, .fileUnreadable, .fileUnreadable,
      ],
      "\(result.diagnostics.map(\.message))")
    #expect(result.diagnostics.first?.message.contains("'file.yaml' is not a directory") == true)
    #expect(
      result.diagnostics.dropFirst().map(\.message) == [
        "'.' is a directory; name a manifest file", "'sub/..' is a directory; name a manifest file",
        "'sub/' is a directory; name a manifest file",
      ])
  }

  /// Root reads any directory, so this runs only for other users (as developers usually are).
  @Test(.enabled(if: geteuid() != 0)) func anUnreadableDirectoryIsNotCalledMissing() throws {
    let scratch = try ScratchDirectory("unreadable")
    defer {
      chmod(scratch.path("locked"), 0o755)
      scratch.remove()
    }
    try scratch.write("routecfg: 1\ninclude: [locked/part.yaml]\n", to: "root.yaml")
    try scratch.write("modules: {}\n", to: "locked/part.yaml")
    chmod(scratch.path("locked"), 0)
    let result = try RouteCfg.validate(path: scratch.path("root.yaml"))
    #expect(result.diagnostics.map(\.code) == [.fileUnreadable])
    #expect(result.diagnostics.first?.message.contains("Permission denied") == true)
  }

  /// The same path as a directory nobody may search, and one root can take too: the system's
  /// reason is given, not "cannot find".
  @Test func aComponentTheSystemRefusesIsNotCalledMissing() throws {
    let scratch = try ScratchDirectory("refused")
    defer { scratch.remove() }
    let long = String(repeating: "x", count: 300)
    try scratch.write("routecfg: 1\ninclude: [\(long)/part.yaml]\n", to: "root.yaml")
    let result = try RouteCfg.validate(path: scratch.path("root.yaml"))
    #expect(result.diagnostics.map(\.code) == [.fileUnreadable])
    #expect(result.diagnostics.first?.message.contains("File name too long") == true)
    #expect(result.diagnostics.first?.message.contains("cannot find") == false)
  }

  @Test func aSocketInsideTheRootIsRefusedAsNotARegularFile() throws {
    let scratch = try ScratchDirectory("socket")
    defer { scratch.remove() }
    try scratch.write("routecfg: 1\ninclude: [socket.yaml]\n", to: "root.yaml")
    let socketPath = scratch.path("socket.yaml")
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(socketPath.utf8)
    try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path))
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (index, byte) in bytes.enumerated() { buffer[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    try #require(bound == 0)
    let result = try RouteCfg.validate(path: scratch.path("root.yaml"))
    #expect(result.diagnostics.map(\.code) == [.fileUnreadable])
  }
}

/// Stops the link-flipping thread and waits for its count of flips.
private final class LinkFlipper: @unchecked Sendable {
  private let condition = NSCondition()
  private var stopped = false
  private var flips: Int?
  private var flipped = 0

  var isStopped: Bool {
    condition.lock()
    defer { condition.unlock() }
    return stopped
  }

  /// How often the thread has flipped the link so far.
  var flipsSoFar: Int {
    condition.lock()
    defer { condition.unlock() }
    return flipped
  }

  func record(flips: Int) {
    condition.lock()
    flipped = flips
    condition.unlock()
  }

  func finish(flips: Int) {
    condition.lock()
    self.flips = flips
    condition.broadcast()
    condition.unlock()
  }

  /// Tells the thread to stop and returns how often it flipped the link.
  func stop() -> Int {
    condition.lock()
    defer { condition.unlock() }
    stopped = true
    while flips == nil { condition.wait() }
    return flips ?? 0
  }
}
