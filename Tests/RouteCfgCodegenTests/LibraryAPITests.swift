import Foundation
import RouteCfgCodegen
import RouteCfgCore
import Testing

/// `RouteCfgCodegen` used as a library, as Docs/Codegen.md ("From Swift") shows it.
@Suite("Code generation from Swift")
struct LibraryAPITests {
  /// A service providing a view's protocol: its factory is put on the main actor (RC1006).
  static let manifest = """
    routecfg: 1
    protocols:
      ScreenP: "func show()"
    modules:
      Screen: {kind: view, provides: [ScreenP], routes: [/s]}
      Cache: {kind: service, provides: [ScreenP]}
    """

  /// The files and warnings of one analysis are those `generate` and `warnings` give apart.
  @Test func generatedCodeHoldsTheFilesAndTheWarnings() throws {
    let result = try RouteCfg.validate(yaml: Self.manifest, path: "App.yaml")
    let graph = try #require(result.graph, "\(result.diagnostics)")
    let options = CodegenOptions()
    let generated = try CodeGenerator.generatedCode(graph, manifestPath: "App.yaml", options: options)
    let files = try CodeGenerator.generate(graph, manifestPath: "App.yaml", options: options)
    #expect(generated.files == files)
    #expect(generated.warnings == CodeGenerator.warnings(graph, manifestPath: "App.yaml", options: options))
    #expect(generated.warnings.map(\.code.rawValue).sorted() == ["RC1005", "RC1006"])
  }

  /// The snippet of Docs/Codegen.md, run on the repository's NoteApp manifest.
  @Test func theDocumentedSnippetWritesTheFiles() throws {
    let scratch = try Scratch()
    let manifestPath = Generation.path("manifests/NoteApp.yaml")
    let outputDirectory = scratch.path + "/Generated"
    let result = try RouteCfg.validate(path: manifestPath)
    if let graph = result.graph {
      let options = CodegenOptions(access: .public)
      let generated = try CodeGenerator.generatedCode(graph, manifestPath: manifestPath, options: options)
      for warning in generated.warnings { print(warning.message) }
      let summary = try OutputDirectory.write(generated.files, to: outputDirectory)
      print("\(summary.written.count) files written")
    } else {
      print(TextFormatter.format(result.report))
    }

    let written = try FileManager.default.contentsOfDirectory(atPath: outputDirectory).sorted()
    let graph = try #require(result.graph)
    let files = try CodeGenerator.generate(
      graph, manifestPath: manifestPath, options: CodegenOptions(access: .public))
    #expect(written == files.map(\.name).sorted())
    #expect(written.contains("NoteAppRegistry.swift"))
  }
}
