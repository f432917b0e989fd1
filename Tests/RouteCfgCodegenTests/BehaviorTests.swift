import Foundation
import RouteCfgCodegen
import Testing

/// Generated code compiled by the real compiler and run: values and calls arrive where the
/// manifest says.
@Suite("Generated code at run time")
struct BehaviorTests {
  @Test(
    "NoteApp: the seed's login scenario, routes and the registry", arguments: SwiftCompiler.Isolation.allCases
  )
  func noteApp(isolation: SwiftCompiler.Isolation) throws {
    let scratch = try Scratch()
    let files = try Generation.files(manifest: Generation.path("manifests/NoteApp.yaml"))
    let outcome = try Generation.runProgram(
      files, program: ["main.swift": try Generation.program("NoteApp.swift")], scratch: scratch,
      isolation: isolation)
    #expect(outcome.succeeded, "\(outcome.output)")
    #expect(!outcome.output.contains("FAIL"), "\(outcome.output)")
  }
}

extension BehaviorTests {
  @Test(
    "Every adapter feature: key paths, renamed methods, throws, async, protocol values in collections and closures",
    arguments: SwiftCompiler.Isolation.allCases)
  func features(isolation: SwiftCompiler.Isolation) throws {
    let scratch = try Scratch()
    let files = try Generation.files(
      manifest: Generation.path("Tests/RouteCfgCodegenTests/Fixtures/Features.yaml"))
    let outcome = try Generation.runProgram(
      files, program: ["main.swift": try Generation.program("Features.swift")], scratch: scratch,
      isolation: isolation)
    #expect(outcome.succeeded, "\(outcome.output)")
    #expect(!outcome.output.contains("FAIL"), "\(outcome.output)")
  }
}

extension BehaviorTests {
  @Test("The README's quick start runs with the code generated for NoteApp")
  func quickStart() throws {
    let scratch = try Scratch()
    let files = try Generation.files(manifest: Generation.path("manifests/NoteApp.yaml"))
    let outcome = try Generation.runProgram(
      files, program: ["main.swift": try Generation.program("QuickStart.swift")], scratch: scratch)
    #expect(outcome.succeeded && outcome.output == "ok\n", "\(outcome.output)")
  }
}

extension BehaviorTests {
  @Test("Manifest names that meet the generated code's own names route, wire and forward")
  func generatedNames() throws {
    let scratch = try Scratch()
    let files = try Generation.files(
      manifest: Generation.path("Tests/RouteCfgCodegenTests/Fixtures/GeneratedNames.yaml"))
    let outcome = try Generation.runProgram(
      files, program: ["main.swift": try Generation.program("GeneratedNames.swift")], scratch: scratch)
    #expect(outcome.succeeded && outcome.output == "ok\n", "\(outcome.output)")
  }
}

extension BehaviorTests {
  @Test("An adapter used only in reverse has its proxy as well as its bridge")
  func reverseOnlyAdapter() throws {
    let scratch = try Scratch()
    let files = try Generation.files(
      manifest: Generation.path("Tests/RouteCfgCodegenTests/Fixtures/ReverseOnly.yaml"))
    #expect(files.contains { $0.contents.contains("final class PDAsRD: RD") })
    #expect(!files.contains { $0.contents.contains("class PLAsLD") }, "LD has a member PL lacks")
    let outcome = try Generation.runProgram(
      files, program: ["main.swift": try Generation.program("ReverseOnly.swift")], scratch: scratch)
    #expect(outcome.succeeded && outcome.output == "ok\n", "\(outcome.output)")
  }
}

extension BehaviorTests {
  @Test("Modules named in snake case or with a plural acronym get lowerCamelCase cases and labels")
  func moduleNameCases() throws {
    let scratch = try Scratch()
    let files = try Generation.files(
      manifest: Generation.path("Tests/RouteCfgCodegenTests/Fixtures/ModuleNameCases.yaml"))
    let outcome = try Generation.runProgram(
      files, program: ["main.swift": try Generation.program("ModuleNameCases.swift")], scratch: scratch)
    #expect(outcome.succeeded && outcome.output == "ok\n", "\(outcome.output)")
  }
}
