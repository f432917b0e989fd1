import Foundation
import RouteCfgCore
import Testing

@testable import RouteCfgLanguageServer

/// Quick fixes: a did-you-mean diagnostic offers the edit that writes the suggestion, and
/// applying the edits the server offers fixes what they were offered for.
@Suite("routecfg lsp: code actions")
struct CodeActionTests {
  static func codeActions(
    _ client: LSPClient, _ uri: String, _ range: LSPRange, only: [String]? = nil
  ) throws -> [RouteCfgCore.JSONValue] {
    var context: [(String, RouteCfgCore.JSONValue)] = [("diagnostics", .array([]))]
    if let only { context.append(("only", .array(only.map { .string($0) }))) }
    let params: RouteCfgCore.JSONValue = .object([
      ("textDocument", .object([("uri", .string(uri))])), ("range", range.json),
      ("context", .object(context)),
    ])
    return try client.result("textDocument/codeAction", params).arrayValue ?? []
  }

  @Test("every did-you-mean of a manifest is a quick fix, and applying them all leaves no problem")
  func quickFixesFixMisspeltNames() throws {
    let session = try OpenedManifest("manifests/invalid/typos.yaml")
    let (uri, client) = (session.uri, session.client)
    #expect(
      session.capabilities["capabilities"]?["codeActionProvider"]?["codeActionKinds"]
        == .array([.string("quickfix")]))
    // Code action options only for a client that takes code action objects (LSP 3.17).
    let plain = try LSPClient(directory: session.scratch.path)
    let plainCapabilities = try plain.initialize(textDocument: .object([]))
    #expect(plainCapabilities["capabilities"]?["codeActionProvider"] == .bool(true))
    #expect(try plain.shutdownAndExit() == 0)
    #expect(session.diagnostics.count == 5)  // typos.yaml's expectations: no cascades of its typos
    let whole = LSPRange(start: LSPPosition(line: 0, character: 0), end: LSPPosition(line: 30, character: 0))
    let actions = try Self.codeActions(client, uri, whole)
    #expect(
      actions.compactMap { $0["title"]?.stringValue } == [
        "Replace 'knd' with 'kind'", "Replace 'provide' with 'provides'", "Replace 'veiw' with 'view'",
        "Replace 'NoteInptu' with 'NoteInput'", "Replace 'NotFund' with 'NotFound'",
      ])
    #expect(actions.allSatisfy { $0["kind"]?.stringValue == "quickfix" && $0["isPreferred"] == .bool(true) })
    #expect(actions.first?["diagnostics"]?.arrayValue?.first?["code"]?.stringValue == "RC0201")
    // Only the fix at the cursor, on 'veiw' (line 12, zero-based 11).
    let atCursor = try Self.codeActions(
      client, uri,
      LSPRange(start: LSPPosition(line: 11, character: 12), end: LSPPosition(line: 11, character: 12)))
    #expect(atCursor.compactMap { $0["title"]?.stringValue } == ["Replace 'veiw' with 'view'"])
    // A client that asks for refactorings only gets none.
    #expect(try Self.codeActions(client, uri, whole, only: ["refactor"]).isEmpty)
    // Apply every edit, last first, as an editor would. (The fixes are of version 1: once the
    // text changes, none is offered until it is checked.)
    let edits = actions.compactMap { $0["edit"]?["changes"]?[uri]?.arrayValue?.first }
      .compactMap { edit -> (LSPRange, String)? in
        guard let range = LSPRange(edit["range"]), let text = edit["newText"]?.stringValue else { return nil }
        return (range, text)
      }
      .sorted { $0.0.start > $1.0.start }
    #expect(edits.count == 5)
    client.change(
      uri, version: 2,
      edits.map { edit in
        ((edit.0.start.line, edit.0.start.character, edit.0.end.line, edit.0.end.character), edit.1)
      })
    #expect(try client.diagnostics(for: uri, version: 2).isEmpty)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("no fix is offered for text changed since its check")
  func noStaleFixes() throws {
    let session = try OpenedManifest("manifests/invalid/typos.yaml", validationDelay: 2_000)
    let (uri, client) = (session.uri, session.client)
    let veiw = LSPRange(
      start: LSPPosition(line: 11, character: 12), end: LSPPosition(line: 11, character: 12))
    #expect(try Self.codeActions(client, uri, veiw).count == 1)
    client.change(uri, version: 2, [((11, 11, 11, 12), "vXX")])
    #expect(try Self.codeActions(client, uri, veiw).isEmpty)
    #expect(try client.shutdownAndExit() == 0)
  }
}
