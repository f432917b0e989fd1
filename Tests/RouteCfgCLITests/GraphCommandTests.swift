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
