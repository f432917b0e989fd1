import Foundation
import RouteCfgCore
import Testing

/// Inputs no one writes by hand end in a result or a bounded set of diagnostics, quickly: huge
/// files, long lines, many keys, alias bombs, line-ending tricks, enormous URLs (issue 9). Big
/// inputs are made at run time.
@Suite("Hostile input: manifests and URLs")
struct HostileInputTests {
  @Test func aHundredMegabyteFileIsRefusedBeforeItIsRead() throws {
    let scratch = try ScratchDirectory("huge")
    defer { scratch.remove() }
    let path = try scratch.write("", to: "huge.yaml")
    // A sparse file: 100 MB long, nothing written, refused from its size alone.
    try #require(truncate(path, 100 << 20) == 0)
    try scratch.write("routecfg: 1\ninclude: [huge.yaml]\n", to: "root.yaml")
    let direct = try RouteCfg.validate(path: path)
    #expect(direct.diagnostics.map(\.code) == [.fileTooLarge])
    #expect(direct.diagnostics.first?.message.contains("104857600 bytes") == true)
    let included = try RouteCfg.validate(path: scratch.path("root.yaml"))
    #expect(included.diagnostics.map(\.code) == [.fileTooLarge])
    #expect(included.diagnostics.first?.location.line == 2)
  }

  @Test func crlfLineEndingsKeepPositionsInEveryLayer() throws {
    let yaml =
      [
        "routecfg: 1", "protocols:", "  P: |", "    var a: Int", "    var a: Int", "modules:",
        "  Home: {kind: view, provides: [P], requires: [Q], routes: [/h]}", "  Home: {kind: view}",
      ].joined(separator: "\r\n") + "\r\n"
    let result = try RouteCfg.validate(yaml: yaml)
    let positions = result.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.code.rawValue)" }
    #expect(positions == ["5:9 RC0403", "7:48 RC0503", "8:3 RC0109"])
  }

  @Test func aVeryLongLineReportsTheRightColumn() throws {
    let padding = String(repeating: "x", count: 4_000_000)
    let yaml = "routecfg: 1\nmodules:\n  Home: {kind: view, routes: [/\(padding)], colour: red}\n"
    let result = try RouteCfg.validate(yaml: yaml)
    let unknown = try #require(result.diagnostics.first { $0.code == .unknownKey })
    #expect(unknown.location.line == 3)
    #expect(unknown.location.column == 4_000_000 + 35)
    // The pattern is too long for a URL: one diagnostic, and its message is not megabytes long.
    let tooLong = try #require(result.diagnostics.first { $0.code == .invalidRoutePattern })
    #expect(tooLong.message.utf8.count < 1_000)
  }

  @Test func aHundredThousandKeysAreCheckedAndTheirDiagnosticsBounded() throws {
    var yaml = "routecfg: 1\nmodules:\n  Home: {kind: view, routes: [/]}\n"
    yaml.reserveCapacity(2_000_000)
    for index in 0..<100_000 { yaml += "key\(index): \(index)\n" }
    let result = try RouteCfg.validate(yaml: yaml)
    #expect(result.diagnostics.count == DiagnosticBag.defaultLimit)
    #expect(result.report.errorCount == 100_000)
    #expect(result.diagnostics.allSatisfy { $0.code == .unknownKey })
  }

  @Test func aWideAliasBombStopsAtTheBudget() throws {
    // One anchored list aliased far more often than the budget allows.
    var yaml = "routecfg: 1\nx: &a [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\ny: ["
    yaml += Array(repeating: "*a", count: 200_000).joined(separator: ", ") + "]\n"
    let result = try RouteCfg.validate(yaml: yaml)
    #expect(result.diagnostics.map(\.code) == [.aliasBudgetExceeded])
  }

  @Test func aDeepAliasBombStopsAtTheBudget() throws {
    // Each level aliases the one before ten times: 10^30 nodes if expanded.
    var yaml = "routecfg: 1\nl0: &l0 [x, x, x, x, x, x, x, x, x, x]\n"
    for level in 1...30 {
      yaml +=
        "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ")
        + "]\n"
    }
    let result = try RouteCfg.validate(yaml: yaml)
    #expect(result.diagnostics.map(\.code) == [.aliasBudgetExceeded])
  }

  @Test func aKeyWrittenAsAnAliasIsReportedWhereTheAliasIs() throws {
    let yaml = "routecfg: 1\nmodules:\n  &k Home: {kind: view, routes: [/]}\n  *k : {kind: view}\n"
    let result = try RouteCfg.validate(yaml: yaml)
    let duplicate = try #require(result.diagnostics.first { $0.code == .duplicateKey })
    #expect(duplicate.location.start == TextPoint(line: 4, column: 3))
    // The first key is written after its anchor ('&k Home'): the note points at 'Home'.
    #expect(duplicate.notes.map(\.location.start) == [TextPoint(line: 3, column: 6)])
  }

  @Test func aUTF32FileIsCalledUTF32() throws {
    for bom: [UInt8] in [[0xFF, 0xFE, 0x00, 0x00], [0x00, 0x00, 0xFE, 0xFF]] {
      let result = try RouteCfg.validate(bytes: bom + [0x61, 0, 0, 0], path: "wide.yaml")
      #expect(result.diagnostics.map(\.code) == [.invalidUTF8])
      #expect(result.diagnostics.first?.message.contains("looks UTF-32 encoded") == true)
    }
    let utf16 = try RouteCfg.validate(bytes: [0xFE, 0xFF, 0, 0x61], path: "wide.yaml")
    #expect(utf16.diagnostics.first?.message.contains("looks UTF-16 encoded") == true)
  }

  @Test func invalidUTF8BytesReachTheReader() throws {
    let result = try RouteCfg.validate(
      bytes: Array("routecfg: 1\napp: ".utf8) + [0xC3, 0x28, 0x0A], path: "bad.yaml")
    #expect(result.diagnostics.map(\.code) == [.invalidUTF8])
    #expect(result.diagnostics.first?.location.start == TextPoint(line: 2, column: 6))
  }

  // MARK: URLs through the library

  private static let table: RouteTable = {
    let routes = ["/notes/:id", "/files/*path", "/a/b/c"]
    let entries = routes.compactMap { text -> RouteTable.Entry? in
      guard case .success(let pattern) = RoutePattern.parse(text) else { return nil }
      return RouteTable.Entry(
        module: "M", pattern: pattern, parameterTypes: ["id": .int, "path": .string, "q": .string],
        optionalParameters: ["q"])
    }
    return RouteTable(entries: entries, scheme: "app", fallback: "Fallback")
  }()

  @Test func aOneMegabyteURLGoesToTheFallback() {
    let url = "/files/" + String(repeating: "a", count: 1 << 20)
    #expect(Self.table.resolve(url) == .fallback(module: "Fallback"))
    #expect(
      Self.table.resolve("app://notes/1?q=" + String(repeating: "%41", count: 400_000))
        == .fallback(module: "Fallback"))
  }

  @Test func aHundredThousandSegmentsGoToTheFallback() {
    let url = "/files" + String(repeating: "/a", count: 100_000)
    #expect(Self.table.resolve(url) == .fallback(module: "Fallback"))
    #expect(Self.table.resolve(String(repeating: "/", count: 100_000)) == .fallback(module: "Fallback"))
  }

  @Test func aHundredThousandQueryKeysAreRefusedByTheLengthLimitAndFewerAreRead() {
    let many = (0..<100_000).map { "k\($0)=v" }.joined(separator: "&")
    #expect(Self.table.resolve("/notes/7?" + many + "&q=last") == .fallback(module: "Fallback"))
    // Under the 8,192-byte limit, undeclared keys are skipped and the last 'q' wins.
    let some = (0..<700).map { "k\($0)=v" }.joined(separator: "&")
    guard case .matched(let match) = Self.table.resolve("/notes/7?q=first&" + some + "&q=last") else {
      Issue.record("no match")
      return
    }
    #expect(match.parameters == ["id": .int(7), "q": .string("last")])
  }

  @Test func anIPv6HostIsNotCalledAPort() {
    guard case .notRouted(let reason) = Self.table.resolve("app://[::1]/notes/1") else {
      Issue.record("an IP host was routed")
      return
    }
    #expect(reason.contains("IP address"), "\(reason)")
    #expect(!reason.contains("port"))
  }

  /// A command-line path that was not UTF-8 reaches the loader with U+FFFD for its bytes: the
  /// file it names does not exist, and the diagnostic says why.
  @Test func aPathThatWasNotUTF8SaysSo() throws {
    let result = try RouteCfg.validate(path: "missing-\u{FFFD}.yaml")
    let diagnostic = try #require(result.diagnostics.first)
    #expect(diagnostic.code == .fileUnreadable)
    #expect(diagnostic.message.hasSuffix("routecfg opens paths written in UTF-8, so rename the file"))
    let plain = try RouteCfg.validate(path: "missing-plain.yaml")
    #expect(plain.diagnostics.first?.message.contains("U+FFFD") == false)
  }
}
