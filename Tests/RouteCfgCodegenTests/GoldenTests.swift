import Foundation
import RouteCfgCodegen
import Testing

/// The generated text of every shipped manifest, compared with the files under `Golden/`.
///
/// Re-record after an intended change with:
///
///     ROUTECFG_RECORD_GOLDEN=1 swift test --filter GoldenTests
///
/// and review the diff like any other change.
@Suite("Golden files")
struct GoldenTests {
  /// One golden case: a manifest, options, and the directory of its expected files.
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let manifest: String
    let options: CodegenOptions

    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "NoteApp", manifest: "manifests/NoteApp.yaml", options: CodegenOptions()),
    Case(
      name: "NoteApp-module-NoteList", manifest: "manifests/NoteApp.yaml",
      options: CodegenOptions(module: "NoteList")),
    Case(
      name: "NoteApp-module-Login", manifest: "manifests/NoteApp.yaml",
      options: CodegenOptions(module: "Login", access: .public)),
    Case(name: "ShopApp", manifest: "manifests/ShopApp/ShopApp.yaml", options: CodegenOptions()),
    Case(name: "LoginDemo", manifest: "manifests/LoginDemo.yaml", options: CodegenOptions()),
    Case(
      name: "LoginDemo-macOS-public", manifest: "manifests/LoginDemo.yaml",
      options: CodegenOptions(variant: "macOS", access: .public)),
    Case(
      name: "Features", manifest: "Tests/RouteCfgCodegenTests/Fixtures/Features.yaml",
      options: CodegenOptions()),
    Case(
      name: "RouteValues", manifest: "Tests/RouteCfgCodegenTests/Fixtures/RouteValues.yaml",
      options: CodegenOptions()),
    Case(
      name: "NoteApp-dynamic", manifest: "manifests/NoteApp.yaml",
      options: CodegenOptions(dynamicRegistration: true)),
  ]

  static let recording = ProcessInfo.processInfo.environment["ROUTECFG_RECORD_GOLDEN"] == "1"

  @Test("Generated text matches the golden files", arguments: cases)
  func matchesGolden(_ golden: Case) throws {
    let files = try Generation.files(manifest: Generation.path(golden.manifest), options: golden.options)
    let directory = Generation.path("Tests/RouteCfgCodegenTests/Golden/\(golden.name)")
    if Self.recording {
      try? FileManager.default.removeItem(atPath: directory)
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      for file in files {
        try file.contents.write(toFile: "\(directory)/\(file.name)", atomically: true, encoding: .utf8)
      }
      return
    }
    let recorded = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    #expect(
      recorded == files.map(\.name).sorted(), "the generated file names differ from Golden/\(golden.name)")
    for file in files {
      let expected = try? String(contentsOfFile: "\(directory)/\(file.name)", encoding: .utf8)
      #expect(
        file.contents == expected,
        "\(file.name) differs from Golden/\(golden.name)/\(file.name); re-record with ROUTECFG_RECORD_GOLDEN=1 swift test --filter GoldenTests if the change is intended:\n\(firstDifference(file.contents, expected ?? ""))"
      )
    }
  }

  @Test("Generation is deterministic: twice gives the same text", arguments: cases)
  func deterministic(_ golden: Case) throws {
    let first = try Generation.files(manifest: Generation.path(golden.manifest), options: golden.options)
    let second = try Generation.files(manifest: Generation.path(golden.manifest), options: golden.options)
    #expect(first == second)
  }

  /// The first line where two texts differ, for a readable failure.
  private func firstDifference(_ actual: String, _ expected: String) -> String {
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    for (number, (line, expectedLine)) in zip(actualLines, expectedLines).enumerated()
    where line != expectedLine {
      return "line \(number + 1):\n  generated: \(line)\n  golden:    \(expectedLine)"
    }
    return "lengths differ: \(actualLines.count) lines generated, \(expectedLines.count) in the golden file"
  }
}
