import Foundation
import RouteCfgCore
import Testing

@testable import RouteCfgLanguageServer

/// A route's `:name` and `*name` segments refer to the module's parameters: definition,
/// references, highlights and hover reach them, as they reach protocols and modules.
@Suite("routecfg lsp: route parameters")
struct RouteParameterTests {
  static let text = """
    routecfg: 1
    modules:
      NoteDetail:
        kind: view
        parameters:
          noteId: Int
          query: String?
          rest: String
        routes: ["/notes/:noteId/*rest", /n/:noteId/x/*rest]
      Other:
        kind: view
        parameters: {noteId: String}
        routes: [/o/:noteId, /o/:missing]

    """

  @Test("definition and references of a route's parameter segment reach the module's parameter")
  func definitionAndReferences() throws {
    let session = try OpenedManifest(text: Self.text)
    let (uri, client) = (session.uri, session.client)
    let definition = try client.result("textDocument/definition", LSPClient.at(uri, 8, 23))  // ':noteId'
    #expect(definition.arrayValue?.first?["range"]?["start"] == LSPPosition(line: 5, character: 6).json)
    let references = try client.result("textDocument/references", LSPClient.referencesAt(uri, 5, 7))
    #expect(
      references.arrayValue?.map { [$0["range"]?["start"], $0["range"]?["end"]] } == [
        [LSPPosition(line: 5, character: 6).json, LSPPosition(line: 5, character: 12).json],
        [LSPPosition(line: 8, character: 22).json, LSPPosition(line: 8, character: 28).json],
        [LSPPosition(line: 8, character: 41).json, LSPPosition(line: 8, character: 47).json],
      ], "only NoteDetail's own routes, not Other's parameter of the same name")
    let catchAll = try client.result("textDocument/definition", LSPClient.at(uri, 8, 31))  // '*rest'
    #expect(catchAll.arrayValue?.first?["range"]?["start"] == LSPPosition(line: 7, character: 6).json)
    let other = try client.result("textDocument/definition", LSPClient.at(uri, 12, 18))  // Other's ':noteId'
    #expect(other.arrayValue?.first?["range"]?["start"] == LSPPosition(line: 11, character: 17).json)
    // A segment that names no parameter (RC0802's) and a literal lead nowhere.
    #expect(try client.result("textDocument/definition", LSPClient.at(uri, 12, 31)) == .null)
    #expect(try client.result("textDocument/definition", LSPClient.at(uri, 8, 17)) == .null)
    #expect(try session.client.shutdownAndExit() == 0)
  }

  @Test("hover on a parameter gives its type, its module and the routes that bind it")
  func hover() throws {
    let session = try OpenedManifest(text: Self.text)
    let (uri, client) = (session.uri, session.client)
    let segment = try client.result("textDocument/hover", LSPClient.at(uri, 8, 24))
    let text = segment["contents"]?["value"]?.stringValue ?? ""
    #expect(text.contains("noteId: Int"), "\(segment)")
    #expect(text.contains("parameter of module `NoteDetail`"), "\(text)")
    #expect(text.contains("bound by `/notes/:noteId/*rest`, `/n/:noteId/x/*rest`"), "\(text)")
    let query = try client.result("textDocument/hover", LSPClient.at(uri, 6, 8))
    #expect(query["contents"]?["value"]?.stringValue?.contains("read from the query") == true, "\(query)")
    #expect(try session.client.shutdownAndExit() == 0)
  }
}

extension RouteParameterTests {
  @Test("completion after ':' or '*' in a route offers the module's parameters, unbound ones first")
  func completion() throws {
    let routes = #"    routes: ["/notes/:", "/s/:slug/:", /a/:noteId/*, /a/:noteId/x]"#
    let text = """
      routecfg: 1
      modules:
        NoteDetail:
          kind: view
          parameters:
            noteId: Int
            slug: String
            query: String?
      \(routes)
        Block:
          kind: view
          parameters: {id: Int}
          routes:
            - /b/:

      """
    let session = try OpenedManifest(text: text)
    let (uri, client) = (session.uri, session.client)
    /// The column just after `needle` on the routes line, less `back`.
    func after(_ needle: String, back: Int = 0) -> Int {
      (routes.range(of: needle).map { routes.utf16.distance(from: routes.startIndex, to: $0.upperBound) } ?? 0)
        - back
    }
    func items(_ line: Int, _ character: Int) throws -> [(String, String)] {
      let result = try client.result("textDocument/completion", LSPClient.at(uri, line, character))
      return (result["items"]?.arrayValue ?? []).map {
        ($0["label"]?.stringValue ?? "", $0["textEdit"]?["newText"]?.stringValue ?? "")
      }
    }
    #expect(try items(8, after("/notes/:")).map(\.0) == ["noteId", "query", "slug"])
    #expect(try items(8, after("/notes/:")).map(\.1) == ["noteId", "query", "slug"], "no space after ':'")
    #expect(try items(8, after("/s/:slug/:")).map(\.0) == ["noteId", "query", "slug"], "bound ones last")
    #expect(try items(8, after("/s/:slug/:")).first?.0 != "slug")
    #expect(try items(8, after("/a/:noteId/*")).map(\.0) == ["query", "slug"], "a catch-all carries text")
    // Typed on inside a segment, only the segment is replaced: '/x' after it stays.
    let inside = try client.result(
      "textDocument/completion", LSPClient.at(uri, 8, after("/a/:noteId/x", back: 6)))  // /a/:no|teId/x
    let edit = try #require(inside["items"]?.arrayValue?.first?["textEdit"])
    #expect(edit["range"]?["start"] == LSPPosition(line: 8, character: after("/a/:noteId/x", back: 8)).json)
    #expect(edit["range"]?["end"] == LSPPosition(line: 8, character: after("/a/:noteId/x", back: 2)).json)
    #expect(try items(8, after("/a/:noteId/x")).isEmpty, "a literal segment offers nothing")
    // `- /b/:` reads as a key, `/b/`, until a name follows the `:`.
    #expect(try items(13, 12).map(\.0) == ["id"])
    #expect(try session.client.shutdownAndExit() == 0)
  }

  @Test(
    "completion right after ':' before a flow list's ']' or ',' (which YAML refuses), in a document opened that way",
    arguments: [
      "    kind: view\n    parameters: {id: Int, name: String}\n    routes: [/f/:‸]",
      "    kind: view\n    parameters: {id: Int, name: String}\n    routes: [/x, /f/:‸, /g]",
      "    kind: view\n    parameters: {id: Int, name: String}\n    routes: [/x, /g/:id/:‸]",
      "    {kind: view, parameters: {id: Int, name: String}, routes: [/f/:‸]}",
    ])
  func completionBeforeAClosingBracket(module: String) throws {
    let text = "routecfg: 1\nmodules:\n  Flow:\n" + module.replacing("‸", with: "") + "\n"
    let lines = module.split(separator: "\n")
    let line = try #require(lines.firstIndex { $0.contains("‸") })
    let character = try #require(lines[line].firstRange(of: "‸")).lowerBound.utf16Offset(in: lines[line])
    let session = try OpenedManifest(text: text)
    let result = try session.client.result(
      "textDocument/completion", LSPClient.at(session.uri, 3 + line, character))
    let items = (result["items"]?.arrayValue ?? []).map { $0["label"]?.stringValue ?? "" }
    #expect(items == (module.contains(":id/:") ? ["name", "id"] : ["id", "name"]), "\(result)")
    #expect(try session.client.shutdownAndExit() == 0)
  }
}

extension RouteParameterTests {
  @Test("a route shared through a YAML alias is its anchor's module's place, not the alias's")
  func aliasedRoutes() throws {
    let text = """
      routecfg: 1
      modules:
        ById: {kind: view, parameters: {id: Int}, routes: &shared [/items/:id]}
        BySlug: {kind: view, parameters: {id: String}, routes: *shared}

      """
    let session = try OpenedManifest(text: text)
    let (uri, client) = (session.uri, session.client)
    let segment = 69  // the `id` of `/items/:id`
    let hover = try client.result("textDocument/hover", LSPClient.at(uri, 2, segment))
    let value = hover["contents"]?["value"]?.stringValue ?? ""
    #expect(value.contains("id: Int") && value.contains("`ById`"), "\(hover)")
    let highlights = try client.result("textDocument/documentHighlight", LSPClient.at(uri, 2, segment))
    #expect(
      highlights.arrayValue?.map { $0["range"]?["start"]?["line"] } == [.int(2), .int(2)],
      "ById's declaration and its route, nothing of BySlug: \(highlights)")
    #expect(try session.client.shutdownAndExit() == 0)
  }
}
