import Foundation
import Testing

@Suite("routecfg graph")
struct GraphCommandTests {
  @Test func dotIsTheDefault() throws {
    let result = try Routecfg.run(["graph", "manifests/NoteApp.yaml"])
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix("digraph \"NoteApp\" {\n"))
    #expect(
      result.standardOutput.contains(
        #""NoteList" -> "Login" [label="ModuleARequiredLoginViewInput\nvia adapter to ProvidedLoginViewInput", style=dashed];"#
      ))
    // The delegate adapter, which no requirement resolves through, joins the two modules.
    #expect(
      result.standardOutput.contains(
        #""NoteList" -> "Login" [label="adapter ModuleARequiredLoginViewDelegate\nto ProvidedLoginViewDelegate", style=dotted, dir=none];"#
      ))
    #expect(result.standardOutput.hasSuffix("}\n"))
  }

  @Test func mermaidDrawsTheSameGraph() throws {
    let result = try Routecfg.run(["graph", "manifests/NoteApp.yaml", "--format", "mermaid"])
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix("---\ntitle: \"NoteApp\"\n---\nflowchart LR\n"))
    #expect(
      result.standardOutput.contains(
        #"-. "ModuleARequiredLoginViewInput via adapter to ProvidedLoginViewInput" .->"#))
  }

  @Test func variantsChangeTheEdges() throws {
    let base = try Routecfg.run(["graph", "manifests/LoginDemo.yaml"])
    let mac = try Routecfg.run(["graph", "manifests/LoginDemo.yaml", "--variant", "macOS"])
    #expect(base.status == 0 && mac.status == 0)
    #expect(base.standardOutput.contains(#""Login" -> "IOSAlert""#))
    #expect(mac.standardOutput.contains(#""Login" -> "MacAlert""#))
    #expect(mac.standardOutput.hasPrefix("digraph \"LoginDemo (variant macOS)\""))
  }

  /// Without an `app`, the graph is named after the file; the warnings of a valid manifest are
  /// printed on standard error by `graph`, `resolve` and `routes`, as by `generate`, and change
  /// neither their output nor their status.
  @Test func aManifestWithoutAppIsNamedAfterItsFileAndItsWarningsAreShown() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "routecfg-graph-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let manifest = directory.appendingPathComponent("warn.yaml").path
    try """
    routecfg: 1
    protocols:
      Unused: ""
    modules:
      A: {kind: view, routes: [/]}

    """.write(toFile: manifest, atomically: true, encoding: .utf8)
    let warning = "warn.yaml:3:3: warning: protocol 'Unused' is not used"
    let dot = try Routecfg.run(["graph", manifest])
    #expect(dot.status == 0)
    #expect(dot.standardOutput.hasPrefix("digraph \"warn\" {\n"))
    #expect(dot.standardError.contains(warning), "\(dot.standardError)")
    let mermaid = try Routecfg.run(["graph", manifest, "--format", "mermaid"])
    #expect(mermaid.standardOutput.hasPrefix("---\ntitle: \"warn\"\n"))
    let resolve = try Routecfg.run(["resolve", manifest, "/", "--format", "json"])
    #expect(resolve.status == 0)
    #expect(resolve.standardOutput.hasPrefix("{"))
    #expect(resolve.standardError.contains(warning))
    let routes = try Routecfg.run(["routes", manifest])
    #expect(routes.status == 0)
    #expect(routes.standardError.contains(warning))
  }

  @Test func aManifestWithErrorsPrintsItsDiagnostics() throws {
    let result = try Routecfg.run(["graph", "manifests/invalid/resolution.yaml"])
    #expect(result.status == 1)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.contains("[RC0702]"))
  }

  @Test func misuseExits64() throws {
    #expect(try Routecfg.run(["graph"]).status == 64)
    #expect(try Routecfg.run(["graph", "manifests/NoteApp.yaml", "--format", "png"]).status == 64)
    #expect(try Routecfg.run(["graph", "manifests/NoteApp.yaml", "--variant", "nope"]).status == 64)
  }

  @Test func helpDescribesTheCommand() throws {
    let result = try Routecfg.run(["graph", "--help"])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("--format <format>"))
    #expect(result.standardOutput.contains("dot or mermaid"))
  }
}
