import Foundation
import RouteCfgCore
import RouteCfgSynthetic
import Testing

@testable import RouteCfgLanguageServer

/// Requests while validation runs: cancellation, ContentModified, answers from the last analysis
/// with positions mapped through the edits made since, and versions of published diagnostics.
@Suite("routecfg lsp: responsiveness")
struct ResponsivenessTests {
  /// A manifest large enough that its first analysis takes a while in a debug build.
  static let large = SyntheticManifest.yaml(moduleCount: 1_500)

  @Test("a request waiting for the first analysis is answered RequestCancelled when cancelled")
  func cancellation() throws {
    let scratch = try ScratchDirectory()
    let uri = scratch.uri("large.yaml")
    let client = try LSPClient(directory: scratch.path)
    try client.initialize()
    // didOpen, a hover and its cancellation in one write: the hover waits for the analysis.
    let open = RouteCfgCore.JSONValue.object([
      ("jsonrpc", .string("2.0")), ("method", .string("textDocument/didOpen")),
      (
        "params",
        .object([
          (
            "textDocument",
            .object([
              ("uri", .string(uri)), ("languageId", .string("yaml")), ("version", .int(1)),
              ("text", .string(Self.large)),
            ])
          )
        ])
      ),
    ])
    let hover = RouteCfgCore.JSONValue.object([
      ("jsonrpc", .string("2.0")), ("id", .int(100)), ("method", .string("textDocument/hover")),
      ("params", LSPClient.at(uri, 10, 4)),
    ])
    let cancel = RouteCfgCore.JSONValue.object([
      ("jsonrpc", .string("2.0")), ("method", .string("$/cancelRequest")),
      ("params", .object([("id", .int(100))])),
    ])
    client.sendRaw(LSPClient.frame(open) + LSPClient.frame(hover) + LSPClient.frame(cancel))
    let response = try client.response(to: 100)
    #expect(response["error"]?["code"]?.intValue == -32800)
    // The server goes on: the analysis finishes and later requests are answered.
    #expect(try client.diagnostics(for: uri).isEmpty)
    let later = try client.result("textDocument/hover", LSPClient.at(uri, 7, 4))
    #expect(later["contents"]?["value"]?.stringValue?.contains("protocol Feature0Input") == true)
    #expect(try client.shutdownAndExit() == 0)
  }

  /// The error code of a hover sent right after the large manifest is opened, while it waits for
  /// the first analysis and `interrupt` happens.
  private func codeOfWaitingHover(_ interrupt: (LSPClient, String) -> Void) throws -> Int? {
    let scratch = try ScratchDirectory()
    let uri = scratch.uri("large.yaml")
    let client = try LSPClient(directory: scratch.path)
    try client.initialize()
    client.open(uri, text: Self.large)
    let id = client.sendRequest("textDocument/hover", LSPClient.at(uri, 8, 4))
    interrupt(client, uri)
    let code = try client.response(to: id)["error"]?["code"]?.intValue
    #expect(try client.shutdownAndExit() == 0)
    return code
  }

  @Test("a request waiting for the first analysis whose document changes meanwhile gets ContentModified")
  func contentModified() throws {
    let code = try codeOfWaitingHover { client, uri in
      client.change(uri, version: 2, [((0, 0, 0, 0), "# edited\n")])
    }
    #expect(code == -32801)
  }

  @Test("a request waiting for the check of an edit gets ContentModified as soon as the text changes again")
  func contentModifiedAtOnce() throws {
    let scratch = try ScratchDirectory()
    let uri = scratch.uri("app.yaml")
    let client = try LSPClient(directory: scratch.path)
    // A quiet time longer than the test would wait: the answer cannot come from a check.
    try client.initialize(options: .object([("validationDelay", .int(10_000))]))
    let text = "routecfg: 1\nmodules:\n  Home: {kind: view, routes: [/]}\n"
    client.open(uri, text: text)
    _ = try client.diagnostics(for: uri, version: 1)
    client.change(uri, version: 2, [((0, 0, 0, 0), "# a\n")])
    let started = Date()
    let id = client.sendRequest(
      "textDocument/documentSymbol", .object([("textDocument", .object([("uri", .string(uri))]))]))
    client.change(uri, version: 3, [((0, 0, 0, 0), "# b\n")])
    #expect(try client.response(to: id)["error"]?["code"]?.intValue == -32801)
    // Well before the quiet time (10 s) would let a check answer it.
    #expect(Date().timeIntervalSince(started) < 8)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("references and rename start the check they wait for at once, whatever the quiet time")
  func userRequestsStartThePendingCheck() throws {
    let scratch = try ScratchDirectory()
    let uri = scratch.uri("app.yaml")
    let client = try LSPClient(directory: scratch.path)
    // The longest quiet time the server takes (10 s), which no answer below waits out: only a
    // check started at once answers in time.
    try client.initialize(options: .object([("validationDelay", .int(10_000))]))
    let text =
      "routecfg: 1\nprotocols:\n  P: \"func f()\"\nmodules:\n  Home: {kind: view, provides: [P], routes: [/]}\n"
    client.open(uri, text: text)
    _ = try client.diagnostics(for: uri, version: 1)
    // A module that requires P, typed since the last check.
    client.change(uri, version: 2, [((5, 0, 5, 0), "  Other: {kind: view, requires: [P], routes: [/o]}\n")])
    let started = Date()
    let references = try client.result(
      "textDocument/references",
      .object([
        ("textDocument", .object([("uri", .string(uri))])),
        ("position", LSPPosition(line: 2, character: 2).json),
        ("context", .object([("includeDeclaration", .bool(false))])),
      ]))
    let lines = references.arrayValue?.compactMap { $0["range"]?["start"]?["line"]?.intValue }.sorted()
    #expect(lines == [4, 5])
    // Another module typed since that check: rename starts the next one at once too.
    client.change(uri, version: 3, [((6, 0, 6, 0), "  Third: {kind: view, requires: [P], routes: [/t]}\n")])
    let renamed = try client.result(
      "textDocument/rename",
      .object([
        ("textDocument", .object([("uri", .string(uri))])),
        ("position", LSPPosition(line: 2, character: 2).json), ("newName", .string("Q")),
      ]))
    #expect(renamed["changes"]?[uri]?.arrayValue?.count == 4)
    #expect(Date().timeIntervalSince(started) < 8)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("a request waiting for the first analysis of a document closed meanwhile gets ContentModified")
  func closedWhileWaiting() throws {
    // The client did not cancel it: not RequestCancelled (-32800); and hover does not declare it
    // may be cancelled by the server, so not ServerCancelled (-32802) either.
    #expect(try codeOfWaitingHover { client, uri in client.close(uri) } == -32801)
  }

  @Test("a request waiting for the first analysis when the client shuts down is answered first")
  func shutDownWhileWaiting() throws {
    let scratch = try ScratchDirectory()
    let uri = scratch.uri("large.yaml")
    let client = try LSPClient(directory: scratch.path)
    try client.initialize()
    client.open(uri, text: Self.large)
    let hover = client.sendRequest("textDocument/hover", LSPClient.at(uri, 8, 4))
    let shutdown = client.sendRequest("shutdown", .null)
    // No analysis comes after 'shutdown', so the request fails (RequestFailed).
    #expect(try client.response(to: hover)["error"]?["code"]?.intValue == -32803)
    #expect(try client.response(to: shutdown)["result"] == .null)
    client.notify("exit", .null)
    #expect(try client.waitForExit() == 0)
  }

  @Test("while validation lags behind typing, answers come from the last analysis at the right places")
  func staleModelMapping() throws {
    // No analysis after the first one: every answer below maps through the edit log.
    let session = try TourSession(options: .object([("validationDelay", .int(10_000))]))
    // Three lines above everything and a longer module name before a reference on its line.
    session.client.change(
      session.uri, version: 2, [((0, 0, 0, 0), "# one\n# two\n# three\n")])
    let line = session.finder.line(of: "  IOSAlert: {kind: view, provides: [AlertInput]}") + 3
    session.client.change(session.uri, version: 3, [((line, 2, line, 2), "Renamed")])
    let definition = try session.client.result(
      "textDocument/definition", LSPClient.at(session.uri, line, 45))
    let declared = session.finder.position(of: "AlertInput: |")
    #expect(
      definition.arrayValue?.first?["range"]?["start"]
        == LSPPosition(line: declared.line + 3, character: declared.character).json)
    let hover = try session.client.result("textDocument/hover", LSPClient.at(session.uri, line, 45))
    #expect(hover["range"]?["start"] == LSPPosition(line: line, character: 43).json)
    // Text typed since the analysis has no occurrence: the new name is only a module key.
    let typed = try session.client.result("textDocument/hover", LSPClient.at(session.uri, line, 5))
    #expect(typed["contents"]?["value"]?.stringValue?.hasPrefix("`RenamedIOSAlert`: A module:") == true)
    try session.finish()
  }

  @Test("published diagnostics carry their version and end with the latest text")
  func versions() throws {
    let session = try TourSession(options: .object([("validationDelay", .int(0))]))
    let line = session.finder.line(of: "fallback: Missing")
    for version in 2...12 {
      session.client.change(
        session.uri, version: version,
        [((line, 10, line, 17), version.isMultiple(of: 2) ? "Nowhere" : "Missing")])
    }
    let final = try session.client.diagnostics(for: session.uri, version: 12)
    #expect(final.compactMap { $0["code"]?.stringValue }.first == "RC0504")
    try session.finish()
  }

  @Test("random edits, most of them invalid YAML, never stop the server from answering")
  func randomEdits() throws {
    let session = try TourSession(options: .object([("validationDelay", .int(0))]))
    var generator = SeededRandom(seed: 0x5EED)
    var text = Array(TourSession.text.utf16)
    let alphabet = Array(": -[]{},|>#\"'\n  \tAlertInput\u{1F600}é&*!%".utf16)
    let methods = [
      "textDocument/hover", "textDocument/definition", "textDocument/completion", "textDocument/references",
      "textDocument/documentHighlight",
    ]
    for version in 2...201 {
      let lines = String(decoding: text, as: UTF16.self).split(
        separator: "\n", omittingEmptySubsequences: false)
      let line = Int(generator.next() % UInt64(lines.count))
      let character = Int(generator.next() % UInt64(lines[line].utf16.count + 2))
      let insert = (0..<Int(generator.next() % 4)).map { _ in
        alphabet[Int(generator.next() % UInt64(alphabet.count))]
      }
      let removeLength = Int(generator.next() % 3)
      session.client.change(
        session.uri, version: version,
        [((line, character, line, character + removeLength), String(decoding: insert, as: UTF16.self))])
      text = Self.apply(text, line: line, character: character, removing: removeLength, inserting: insert)
      if version.isMultiple(of: 10) {
        for method in methods {
          let response = try session.client.request(method, LSPClient.at(session.uri, line, character))
          #expect(
            response["result"] != nil || response["error"]?["code"]?.intValue == -32801,
            "\(method): \(response.rendered())")
        }
        let symbols = try session.client.request(
          "textDocument/documentSymbol", .object([("textDocument", .object([("uri", .string(session.uri))]))])
        )
        #expect(symbols["result"] != nil)
      }
    }
    session.client.change(session.uri, version: 202, [(nil, TourSession.text)])
    #expect(try session.client.diagnostics(for: session.uri, version: 202).isEmpty)
    try session.finish()
  }

  /// Applies an edit to UTF-16 text as LSP defines it (positions past a line's end clamp to it).
  static func apply(_ text: [UInt16], line: Int, character: Int, removing: Int, inserting: [UInt16])
    -> [UInt16]
  {
    var lineStart = 0
    var current = 0
    while current < line, let newline = text[lineStart...].firstIndex(of: 10) {
      lineStart = newline + 1
      current += 1
    }
    let lineEnd = text[lineStart...].firstIndex(of: 10) ?? text.count
    var start = min(lineStart + character, lineEnd)
    var end = min(lineStart + character + removing, lineEnd)
    // A position inside a surrogate pair means the pair's start.
    if start > lineStart, start < text.count, UTF16.isTrailSurrogate(text[start]) { start -= 1 }
    if end > lineStart, end < text.count, UTF16.isTrailSurrogate(text[end]) { end -= 1 }
    var result = text
    result.replaceSubrange(start..<max(start, end), with: inserting)
    return result
  }
}
