import RouteCfgCore
import Testing

/// Every `yaml` block of Docs/Manifest.md is a manifest or a part of one that reads as written: a
/// whole manifest validates, and a part (a `modules:` or `adapters:` section alone, given the
/// `routecfg: 1` line) has no error but the references to declarations the rest of a manifest
/// would hold (unknown protocols and modules, included files that are not there).
@Suite("Docs/Manifest.md's examples read as written")
struct ManifestGuideExampleTests {
  /// The codes a part of a manifest may get for what lies outside it.
  static let outsideReferences: Set<DiagnosticCode> = [.unknownProtocol, .unknownModule, .includeNotFound]

  @Test func everyExampleReadsAsWritten() throws {
    let blocks = try DocumentationSnippetTests.snippets(
      in: RuntimeFixtures.repository + "/Docs/Manifest.md", language: "yaml")
    #expect(blocks.count >= 5)
    for block in blocks {
      let text = block.lines.joined(separator: "\n") + "\n"
      let whole = text.hasPrefix("routecfg:")
      let result = try RouteCfg.validate(
        yaml: whole ? text : "routecfg: 1\n" + text, path: "Manifest.md-\(block.line).yaml")
      let problems = result.diagnostics.filter {
        $0.severity == .error && (whole || !Self.outsideReferences.contains($0.code))
      }
      #expect(problems.isEmpty, "\(block): \(problems.map { "\($0.code.rawValue) \($0.message)" })")
    }
  }
}
