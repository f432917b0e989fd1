import Foundation
import RouteCfgCodegen
import Testing

/// The examples' generated sources are what `routecfg generate` writes today (Examples/generate.sh
/// regenerates them; CI also builds and runs the examples).
@Suite("The modular example's generated sources are current")
struct ExampleSourcesTests {
  static let modules = ["Login", "NoteList", "NoteDetail", "NoteEditor", "NoteStore"]

  @Test("Each module's interface target", arguments: modules)
  func interface(module: String) throws {
    let files = try Generation.files(
      manifest: Generation.path("manifests/NoteApp.yaml"),
      options: CodegenOptions(module: module, access: .public))
    try expectCommitted(files, in: "Examples/NoteApp/Sources/\(module)Interface")
  }

  @Test("The app's wiring target")
  func wiring() throws {
    let files = try Generation.files(
      manifest: Generation.path("manifests/NoteApp.yaml"),
      options: CodegenOptions(access: .public, interfaceModules: "*Interface"))
    try expectCommitted(files, in: "Examples/NoteApp/Sources/NoteAppWiring")
  }

  @Test("The dynamic example's generated code, with its registration for the dynamic runtime")
  func dynamicExample() throws {
    let files = try Generation.files(
      manifest: Generation.path("manifests/NoteApp.yaml"),
      options: CodegenOptions(access: .public, dynamicRegistration: true))
    try expectCommitted(files, in: "Examples/DynamicNoteApp/NoteAppExample/Generated")
  }

  private func expectCommitted(_ files: [GeneratedFile], in directory: String) throws {
    let committed = try FileManager.default.contentsOfDirectory(atPath: Generation.path(directory)).sorted()
    #expect(committed == files.map(\.name).sorted())
    for file in files {
      let text = try? String(contentsOfFile: Generation.path("\(directory)/\(file.name)"), encoding: .utf8)
      #expect(text == file.contents, "\(directory)/\(file.name) is stale; run Examples/generate.sh")
    }
  }
}
