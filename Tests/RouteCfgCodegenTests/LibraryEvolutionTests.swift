import Foundation
import RouteCfgCodegen
import Testing

/// Public generated code built as a library with library evolution (a binary framework): a
/// client switches over its route enum and `Resolution` exhaustively, as over any enum of its
/// own, because they are `@frozen`.
@Suite("Library evolution")
struct LibraryEvolutionTests {
  @Test("A client of a resilient library switches over its routes without @unknown default")
  func clientSwitchesExhaustively() throws {
    let yaml = """
      routecfg: 1
      app: Evo
      modules:
        Home: {kind: view, routes: [/]}
        Detail: {kind: view, parameters: {id: Int}, routes: [/detail/:id]}
      """
    let scratch = try Scratch()
    let modules = scratch.path + "/modules"
    try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: true)
    let files = try Generation.files(yaml: yaml, path: "Evo.yaml", options: CodegenOptions(access: .public))
    #expect(files.contains { $0.contents.contains("@frozen\npublic nonisolated enum EvoRoute") })
    let paths = try files.map { try scratch.write("Evo/" + $0.name, $0.contents) }
    let library = try SwiftCompiler.run(
      SwiftCompiler.swiftc,
      [
        "-swift-version", "6", "-warnings-as-errors", "-parse-as-library", "-enable-library-evolution",
        "-emit-module", "-module-name", "Evo", "-emit-module-path", modules + "/Evo.swiftmodule",
      ] + paths)
    try #require(library.succeeded, "\(library.output)")
    let client = try scratch.write(
      "Client/Client.swift",
      """
      import Evo

      public func describe(_ url: String) -> String {
        switch EvoRoute.resolve(url) {
        case .none: return "not the app's"
        case .unmatched?: return "unmatched"
        case .route(let route)?:
          switch route {
          case .home: return "home"
          case .detail(let id): return "detail \\(id)"
          }
        }
      }
      """)
    let outcome = try SwiftCompiler.compile(
      [client], module: "Client", isolation: .nonisolated, output: scratch.path + "/libClient.so",
      typecheckOnly: true, extraFlags: ["-I", modules])
    #expect(outcome.succeeded, "\(outcome.output)")
  }
}
