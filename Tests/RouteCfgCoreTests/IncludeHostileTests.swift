import Foundation
import RouteCfgCore
import Testing

/// Include trees no one writes by hand still end in a result or a diagnostic: no stack overflow,
/// no blocking read, no file name cut short.
@Suite("Includes: hostile trees")
struct IncludeHostileTests {
  /// A fresh directory for one test, removed afterwards by the caller.
  private static func scratch() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "routecfg-includes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  private static func write(_ text: String, to url: URL) throws {
    try text.write(to: url, atomically: true, encoding: .utf8)
  }

  /// `root.yaml` includes `c0.yaml`, which includes `c1.yaml`, and so on; the last one includes
  /// `closing` when given.
  private static func chain(_ length: Int, closing: String? = nil, in directory: URL) throws -> String {
    try write(
      "routecfg: 1\ninclude: [c0.yaml]\nmodules:\n  Home: {kind: view, routes: [/]}\n",
      to: directory.appendingPathComponent("root.yaml"))
    for index in 0..<length {
      let next = index + 1 < length ? "c\(index + 1).yaml" : closing
      let include = next.map { "include: [\($0)]\n" } ?? ""
      try write(
        include + "modules:\n  M\(index): {kind: view, routes: [/m\(index)]}\n",
        to: directory.appendingPathComponent("c\(index).yaml"))
    }
    return directory.appendingPathComponent("root.yaml").path
  }

  @Test func aVeryLongChainLoadsWithoutRecursion() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try RouteCfg.validate(path: try Self.chain(5_000, in: directory))
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.prefix(2).map(\.message))")
    #expect(result.graph?.modules.count == 5_001)
  }

  @Test func aCycleAtTheEndOfALongChainIsFound() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try RouteCfg.validate(path: try Self.chain(3_000, closing: "root.yaml", in: directory))
    #expect(result.diagnostics.map(\.code) == [.includeCycle])
    #expect(result.diagnostics.first?.location.start == TextPoint(line: 1, column: 11))
  }

  @Test func aFIFOIsRefusedWithoutBlocking() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("pipe.yaml").path
    try #require(mkfifo(fifo, 0o600) == 0)
    try Self.write(
      "routecfg: 1\ninclude: [pipe.yaml, pipe.yaml]\n", to: directory.appendingPathComponent("root.yaml"))
    let result = try RouteCfg.validate(path: directory.appendingPathComponent("root.yaml").path)
    // Reported once; naming it again is the usual warning.
    #expect(result.diagnostics.map(\.code) == [.fileUnreadable, .includedTwice])
    #expect(result.diagnostics.first?.message.contains("is not a regular file") == true)
    // Nothing was loaded, so the second entry is not called "already loaded".
    #expect(
      result.diagnostics.last?.message
        == "'pipe.yaml' names the same file as an earlier entry, which could not be read; remove this entry")
  }

  @Test func aNULInAnEntryIsNotCutShort() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Self.write("modules: {}\n", to: directory.appendingPathComponent("s.yaml"))
    try Self.write(
      "routecfg: 1\ninclude: [\"s.yaml\\0.txt\"]\n", to: directory.appendingPathComponent("root.yaml"))
    let result = try RouteCfg.validate(path: directory.appendingPathComponent("root.yaml").path)
    #expect(result.diagnostics.map(\.code) == [.includeNotFound])
    #expect(result.graph == nil)
  }
}
