// Docs/Diagnostics.md, "In Swift", and Docs/Runtime.md, "URLs" (the router without a registry).
import RouteCfgCore
import Testing

@Suite("Docs/Diagnostics.md and the router's examples")
struct DiagnosticsInSwiftExamples {
  @Test func diagnosticsInSwift() throws {
    let result = try RouteCfg.validate(path: "manifests/invalid/login-adapter.yaml")
    for diagnostic in result.diagnostics {
      let file = result.report.path(of: diagnostic.location)  // manifests/invalid/login-adapter.yaml
      let place = "\(file):\(diagnostic.location.line):\(diagnostic.location.column)"  // ...:25:12 first
      print("\(place): \(diagnostic.severity): \(diagnostic.message) [\(diagnostic.code.rawValue)]")
    }
    // The line printed for the first diagnostic is the one `routecfg validate` writes.
    let first = try #require(result.diagnostics.first)
    let printed =
      "\(result.report.path(of: first.location)):\(first.location.line):\(first.location.column): "
      + "\(first.severity): \(first.message) [\(first.code.rawValue)]"
    #expect(TextFormatter.format(result.report).hasPrefix(printed + "\n"))
    #expect(printed.hasPrefix("manifests/invalid/login-adapter.yaml:25:12: error: "))
    #expect(first.code.rawValue == "RC0606" && first.code.name == "MissingAdapter")
  }

  @Test func routerWithoutARegistry() throws {
    let manifest = try RouteCfg.load(path: "manifests/NoteApp.yaml")  // valid, so its graph is set
    if let graph = manifest.graph, case .matched(let match) = RouteTable(graph: graph).resolve("/notes/42") {
      print(match.module, match.value(for: "noteId")?.intValue ?? 0)  // NoteDetail 42
    }
    let graph = try #require(manifest.graph)
    guard case .matched(let match) = RouteTable(graph: graph).resolve("/notes/42") else {
      Issue.record("/notes/42 did not match")
      return
    }
    #expect(match.value(for: "noteId")?.intValue == 42)
    #expect(match.value(for: "noteId")?.swiftValue as? Int == 42)
    #expect(match.value(for: "noteId")?.stringValue == nil)
    #expect(RouteValue.double(2.5).doubleValue == 2.5 && RouteValue.bool(true).boolValue == true)
    #expect(RouteValue.string("a").stringValue == "a" && RouteValue.int(1).doubleValue == nil)
  }
}
