import Foundation
import RouteCfgCore
import Testing

/// The POSIX file operations the language server uses instead of Foundation's: listing a
/// directory, the kind of an entry, the head of a file, the executable's path.
@Suite("FileSystem: listing, kinds, prefixes")
struct FileSystemTests {
  @Test func entriesListEveryNameButTheDotsAndNoneOfANestedDirectory() throws {
    let scratch = try ScratchDirectory("fs-entries")
    defer { scratch.remove() }
    try scratch.write("a", to: "a.yaml")
    try scratch.write("b", to: "sub/b.yaml")
    try scratch.write("c", to: ".hidden")
    try scratch.write("é", to: "é.yml")
    let names = try #require(FileSystem.entries(ofDirectory: scratch.path))
    #expect(names.sorted() == [".hidden", "a.yaml", "sub", "é.yml"])
    #expect(FileSystem.entries(ofDirectory: scratch.path("missing")) == nil)
    #expect(FileSystem.entries(ofDirectory: scratch.path("a.yaml")) == nil)
  }

  @Test(arguments: [
    ("./main.yaml", "main.yaml"), ("login/../shared.yaml", "shared.yaml"), ("p/q//b.yaml", "p/q/b.yaml"),
    ("p/./q/../q/a.yaml", "p/q/a.yaml"), ("../up.yaml", "../up.yaml"), ("a/../../up.yaml", "../up.yaml"),
    ("/abs/./x/../y.yaml", "/abs/y.yaml"), ("/../y.yaml", "/y.yaml"), ("./", "."), ("a/..", "."),
  ])
  func pathsAreNormalisedAsText(_ path: String, _ normalised: String) {
    #expect(FileSystem.lexicallyNormalized(path) == normalised)
  }

  /// `link/..` is where the link leads, not the directory it is in: it stays as written.
  @Test func aLinkBeforeDotDotIsKept() throws {
    let scratch = try ScratchDirectory("normalize-link")
    defer { scratch.remove() }
    try scratch.write("x", to: "deep/x.yaml")
    try scratch.write("x", to: "deep/inner/y.yaml")
    #expect(symlink(scratch.path("deep/inner"), scratch.path("lnk")) == 0)
    #expect(FileSystem.lexicallyNormalized(scratch.path("lnk/../x.yaml")) == scratch.path("lnk/../x.yaml"))
    #expect(
      FileSystem.lexicallyNormalized(scratch.path("deep/inner/../x.yaml")) == scratch.path("deep/x.yaml"))
  }

  @Test func kindsFollowSymbolicLinks() throws {
    let scratch = try ScratchDirectory("fs-kinds")
    defer { scratch.remove() }
    try scratch.write("a", to: "dir/a.yaml")
    try scratch.link("to-dir", to: "dir")
    try scratch.link("to-file", to: "dir/a.yaml")
    try scratch.link("dangling", to: "nowhere")
    try #require(mkfifo(scratch.path("pipe"), 0o600) == 0)
    #expect(FileSystem.kind(of: scratch.path("dir")) == .directory)
    #expect(FileSystem.kind(of: scratch.path("to-dir")) == .directory)
    #expect(FileSystem.kind(of: scratch.path("dir/a.yaml")) == .regularFile)
    #expect(FileSystem.kind(of: scratch.path("to-file")) == .regularFile)
    #expect(FileSystem.kind(of: scratch.path("pipe")) == .other)
    #expect(FileSystem.kind(of: scratch.path("dangling")) == nil)
  }

  @Test func aPrefixIsAtMostTheCountAndAFIFOIsRefusedWithoutBlocking() throws {
    let scratch = try ScratchDirectory("fs-prefix")
    defer { scratch.remove() }
    let text = String(repeating: "routecfg: 1\n", count: 10_000)
    try scratch.write(text, to: "big.yaml")
    try scratch.write("short", to: "short.yaml")
    try #require(mkfifo(scratch.path("pipe.yaml"), 0o600) == 0)
    #expect(
      FileSystem.readPrefix(scratch.path("big.yaml"), count: 100) == .success(Array(text.utf8.prefix(100))))
    #expect(FileSystem.readPrefix(scratch.path("short.yaml"), count: 100) == .success(Array("short".utf8)))
    #expect(FileSystem.readPrefix(scratch.path("short.yaml"), count: 0) == .success([]))
    #expect(
      FileSystem.readPrefix(scratch.path("pipe.yaml"), count: 100, regularOnly: true)
        == .failure(.notRegularFile))
    #expect(FileSystem.readPrefix(scratch.path("."), count: 100) == .failure(.isDirectory))
    guard case .failure(.system) = FileSystem.readPrefix(scratch.path("missing"), count: 100) else {
      Issue.record("a missing file is a system error")
      return
    }
  }

  /// Whole files come back byte for byte, from regular files of several sizes and from pipes,
  /// whose size `fstat` does not know ahead (0 on Linux, what is buffered so far on Darwin).
  @Test func wholeFilesAreReadExactlyFromFilesAndPipes() throws {
    let scratch = try ScratchDirectory("fs-read")
    defer { scratch.remove() }
    for count in [0, 1, 4_095, 4_097, (1 << 20) + 7] {
      let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
      let path = scratch.path("file-\(count)")
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      #expect(FileSystem.readFile(path, limit: 1 << 24) == .success(bytes), "\(count) bytes")
      #expect(FileSystem.readFile(path, limit: count) == .success(bytes), "\(count) bytes at the limit")
      if count > 0 {
        #expect(FileSystem.readFile(path, limit: count - 1) == .failure(.tooLarge(count)))
      }
    }
    // Everything written to a pipe is read, and the limit still holds (how far past it reading
    // gets depends on how the pipe hands the bytes over).
    let text = String(repeating: "k: v\n", count: 3_000)
    for limit in [1 << 20, 4_096] {
      let pipe = Pipe()
      let written = DispatchSemaphore(value: 0)
      let writer = Thread {
        pipe.fileHandleForWriting.write(Data(text.utf8))
        try? pipe.fileHandleForWriting.close()
        written.signal()
      }
      writer.start()
      let read = FileSystem.readFile("/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)", limit: limit)
      switch read {
      case .success(let bytes): #expect(limit > text.utf8.count && bytes == Array(text.utf8))
      case .failure(.tooLargeWhileReading(let count)), .failure(.tooLarge(let count)):
        #expect(limit < text.utf8.count && count > limit)
      case .failure(let error): Issue.record("a pipe read failed: \(error)")
      }
      // What the read left is drained, so that the writer finishes before the pipe closes.
      _ = pipe.fileHandleForReading.readDataToEndOfFile()
      written.wait()
      try? pipe.fileHandleForReading.close()
    }
  }

  @Test func theExecutablePathIsTheRunningBinary() throws {
    let path = try #require(FileSystem.executablePath())
    #expect(path.hasPrefix("/"))
    #expect(FileSystem.kind(of: path) == .regularFile)
    #expect(FileSystem.realPath(path) == path)
  }
}
