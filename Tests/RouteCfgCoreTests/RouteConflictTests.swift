import RouteCfgCore
import Testing

/// Routes of one shape are reported at every route, each with notes at all the others.
@Suite("Route conflicts")
struct RouteConflictTests {
  @Test func everyRouteOfAConflictNotesEveryOther() throws {
    let yaml = """
      routecfg: 1
      modules:
        A: {kind: view, routes: [/x]}
        B: {kind: view, routes: [/x]}
        C: {kind: view, routes: [/x/]}
      """
    let result = try RouteCfg.validate(yaml: yaml, path: "conflicts.yaml")
    let conflicts = result.diagnostics.filter { $0.code == .routeConflict }
    #expect(conflicts.map(\.location.start.line) == [3, 4, 5])
    for conflict in conflicts {
      let noted = Set(conflict.notes.map(\.location.start.line))
      #expect(noted == Set([3, 4, 5]).subtracting([conflict.location.start.line]), "\(conflict.message)")
      #expect(conflict.message.contains("2 other routes"))
      #expect(conflict.message.contains("one URL would match all 3"), "\(conflict.message)")
    }
  }

  @Test func twoRoutesNameEachOther() throws {
    let yaml = """
      routecfg: 1
      modules:
        A: {kind: view, parameters: {id: Int}, routes: ["/n/:id"]}
        B: {kind: view, parameters: {key: Int?}, routes: ["/n/:key"]}
      """
    let result = try RouteCfg.validate(yaml: yaml, path: "two.yaml")
    let messages = result.diagnostics.filter { $0.code == .routeConflict }.map(\.message)
    #expect(messages.count == 2)
    #expect(messages.first?.contains("as '/n/:key' of module 'B'") == true)
    #expect(messages.last?.contains("as '/n/:id' of module 'A'") == true)
    #expect(messages.allSatisfy { $0.contains("one URL would match both") })
  }

  /// The shape a conflict names is read back from the key the routes were grouped by: every
  /// parameter type, a catch-all and the literals, whatever the parameters are called.
  @Test func theMessageNamesTheShapeOfEveryKindOfSegment() throws {
    let yaml = """
      routecfg: 1
      modules:
        A:
          kind: view
          parameters: {i: Int, d: Double, b: Bool?, s: String, rest: String}
          routes: ["/x/:i/:d/y/:b/:s/*rest"]
        B:
          kind: view
          parameters: {n: Int?, r: Double, f: Bool, t: String?, all: String}
          routes: ["/x/:n/:r/y/:f/:t/*all/"]
      """
    let result = try RouteCfg.validate(yaml: yaml, path: "kinds.yaml")
    let messages = result.diagnostics.filter { $0.code == .routeConflict }.map(\.message)
    #expect(messages.count == 2)
    for message in messages {
      #expect(message.contains("same shape (/x/{Int}/{Double}/y/{Bool}/{String}/{*})"), "\(message)")
    }
  }

  @Test func eachShapeOfSeveralIsItsOwnGroup() throws {
    // Routes of two conflicting shapes interleaved with shapes no other route has, across modules.
    let yaml = """
      routecfg: 1
      modules:
        A: {kind: view, routes: [/a, /b, /c]}
        B: {kind: view, routes: [/b, /d]}
        C: {kind: view, routes: [/a, /e, /b]}
      """
    let result = try RouteCfg.validate(yaml: yaml, path: "shapes.yaml")
    let conflicts = result.diagnostics.filter { $0.code == .routeConflict }
    let reported = conflicts.map { "\($0.location.start.line):\($0.location.start.column)" }
    #expect(reported == ["3:28", "3:32", "4:28", "5:28", "5:36"])
    let groupOf = ["3:28": "/a", "5:28": "/a", "3:32": "/b", "4:28": "/b", "5:36": "/b"]
    for conflict in conflicts {
      let place = "\(conflict.location.start.line):\(conflict.location.start.column)"
      let others = conflict.notes.map { "\($0.location.start.line):\($0.location.start.column)" }
      let expected = groupOf.filter { $0.value == groupOf[place] && $0.key != place }.keys.sorted()
      #expect(others.sorted() == expected, "\(conflict.message)")
    }
  }

  @Test func largeGroupsSummariseTheirNotes() throws {
    var yaml = "routecfg: 1\nmodules:\n"
    for index in 0..<50 { yaml += "  M\(index): {kind: view, routes: [/same]}\n" }
    let result = try RouteCfg.validate(yaml: yaml, path: "many.yaml")
    let conflicts = result.diagnostics.filter { $0.code == .routeConflict }
    #expect(conflicts.count == 50)
    for conflict in conflicts {
      #expect(conflict.notes.count == DiagnosticBag.maxNotes + 1)
      #expect(
        conflict.notes.last?.message == "and \(49 - DiagnosticBag.maxNotes) more routes of the same shape")
    }
  }

  /// The routes are checked in two parts, the last modules' beside the others' (on two threads
  /// for a large manifest): a group whose routes fall in both parts, one first seen in the last
  /// part, and the notes of each in the order the routes are listed, are as from one pass.
  @Test func conflictGroupsSpanEveryModule() throws {
    var yaml = "routecfg: 1\nmodules:\n"
    for index in 0..<40 {
      let late = index >= 36 ? ", /late" : ""
      yaml += "  M\(index): {kind: view, routes: [/same, /own\(index)\(late)]}\n"
    }
    let result = try RouteCfg.validate(yaml: yaml, path: "parts.yaml")
    let conflicts = result.diagnostics.filter { $0.code == .routeConflict }
    #expect(conflicts.count == 44)
    let late = conflicts.filter { $0.message.contains("'/late'") }
    #expect(late.map(\.location.start.line) == [39, 40, 41, 42])
    for conflict in conflicts {
      let lines = conflict.notes.filter { !$0.message.hasPrefix("and ") }.map(\.location.start.line)
      #expect(lines == lines.sorted(), "\(conflict.message)")
      #expect(!lines.contains(conflict.location.start.line))
    }
    #expect(late.allSatisfy { $0.notes.count == 3 })
  }

  @Test func parameterNamesDoNotCountTowardsTheURLLimit() throws {
    let name = String(repeating: "a", count: 1_000)
    let names = (0..<9).map { "\(name)\($0)" }
    let yaml = """
      routecfg: 1
      modules:
        Long:
          kind: view
          parameters: {\(names.map { "\($0): Int" }.joined(separator: ", "))}
          routes: ["\(names.map { "/:" + $0 }.joined())"]
      """
    let result = try RouteCfg.validate(yaml: yaml, path: "long.yaml")
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
    let literal = String(repeating: "x", count: 8_200)
    let tooLong = try RouteCfg.validate(
      yaml: "routecfg: 1\nmodules:\n  A: {kind: view, routes: [/\(literal)]}\n", path: "literal.yaml")
    #expect(tooLong.diagnostics.map(\.code) == [.invalidRoutePattern])
    #expect(
      tooLong.diagnostics.first?.message.hasPrefix("route pattern has 1 segment and its shortest URL is 8201")
        == true)
  }
}
