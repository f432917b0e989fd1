import Foundation
import Testing

/// `routecfg routes FILE`: every route in precedence order with its module and typed parameters.
@Suite("routecfg routes")
struct RoutesCommandTests {
  @Test func listsNoteAppsRoutesInPrecedenceOrder() throws {
    let result = try Routecfg.run(["routes", "manifests/NoteApp.yaml"])
    #expect(result.status == 0)
    #expect(
      result.standardOutput == """
        ROUTE                MODULE      PARAMETERS
        /                    NoteList
        /login               Login
        /notes               NoteList
        /notes/new           NoteEditor  noteId: Int? (query)
        /notes/:noteId       NoteDetail  noteId: Int, query: String? (query)
        /notes/:noteId/edit  NoteEditor  noteId: Int?
        (fallback)           NotFound

        """)
  }

  @Test func columnsLineUpInTerminalCellsWithWideCharacters() throws {
    let directory = try Routecfg.scratchDirectory("wide")
    defer { try? FileManager.default.removeItem(at: directory) }
    let manifest = """
      routecfg: 1
      modules:
        Wide: {kind: view, routes: ["/한글", "/🇯🇵", "/👍🏽x"]}
        Narrow: {kind: view, routes: ["/abcd"]}
      """
    let path = directory.appendingPathComponent("wide.yaml").path
    try manifest.write(toFile: path, atomically: true, encoding: .utf8)
    let result = try Routecfg.run(["routes", path])
    #expect(result.status == 0)
    // `/한글` is three characters but five cells, like `/abcd`; a flag is one character of two
    // scalars in two cells, and so is an emoji with a skin tone.
    #expect(
      result.standardOutput == """
        ROUTE  MODULE  PARAMETERS
        /abcd  Narrow
        /한글  Wide
        /🇯🇵    Wide
        /👍🏽x   Wide

        """)
  }

  @Test func jsonListsTypedParametersAndWhereTheyComeFrom() throws {
    let result = try Routecfg.run(["routes", "manifests/ShopApp/ShopApp.yaml", "--format", "json"])
    #expect(result.status == 0)
    let object = try #require(try Routecfg.json(result.standardOutput) as? [String: Any])
    let routes = try #require(object["routes"] as? [[String: Any]])
    #expect(routes.compactMap { $0["route"] as? String }.suffix(2) == ["/search", "/search/*query"])
    let search = try #require(routes.last?["parameters"] as? [[String: String]])
    #expect(
      search == [
        ["name": "query", "type": "String?", "from": "catchAll"],
        ["name": "page", "type": "Int?", "from": "query"],
      ])
    #expect(object["fallback"] as? String == "ShopNotFound")
  }

  @Test func theFirstListedRouteThatMatchesIsTheOneResolveFinds() throws {
    let listed = try Routecfg.run(["routes", "manifests/NoteApp.yaml", "--format", "json"])
    let object = try #require(try Routecfg.json(listed.standardOutput) as? [String: Any])
    let order = try #require(object["routes"] as? [[String: Any]]).compactMap { $0["route"] as? String }
    let resolved = try Routecfg.run(["resolve", "manifests/NoteApp.yaml", "/notes/new", "--format", "json"])
    let match = try #require(try Routecfg.json(resolved.standardOutput) as? [String: Any])
    #expect(match["route"] as? String == "/notes/new")
    #expect(order.firstIndex(of: "/notes/new")! < order.firstIndex(of: "/notes/:noteId")!)
  }

  @Test func aManifestWithErrorsPrintsItsDiagnostics() throws {
    let result = try Routecfg.run(["routes", "manifests/invalid/routes.yaml"])
    #expect(result.status == 1)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.contains("[RC08"))
  }

  @Test func misuseExits64() throws {
    #expect(try Routecfg.run(["routes"]).status == 64)
    #expect(try Routecfg.run(["routes", "manifests/NoteApp.yaml", "--format", "dot"]).status == 64)
    #expect(try Routecfg.run(["routes", "manifests/LoginDemo.yaml", "--variant", "nope"]).status == 64)
    let help = try Routecfg.run(["routes", "--help"])
    #expect(help.status == 0)
    #expect(help.standardOutput.contains("USAGE: routecfg routes"))
  }
}
