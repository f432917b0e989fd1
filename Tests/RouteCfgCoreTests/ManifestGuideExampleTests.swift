import Foundation
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

  /// The `yaml` blocks of the page, each with the line its text starts on.
  static func blocks() throws -> [(line: Int, text: String)] {
    let page = try String(contentsOfFile: FixturePaths.repository + "/Docs/Manifest.md", encoding: .utf8)
    var blocks: [(line: Int, text: String)] = []
    var open: (line: Int, lines: [Substring])?
    for (index, line) in page.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if let block = open {
        if line.trimmingCharacters(in: .whitespaces) == "```" {
          blocks.append((block.line, block.lines.joined(separator: "\n") + "\n"))
          open = nil
        } else {
          open?.lines.append(line)
        }
      } else if line.trimmingCharacters(in: .whitespaces) == "```yaml" {
        open = (index + 2, [])
      }
    }
    return blocks
  }

  @Test func everyExampleReadsAsWritten() throws {
    let blocks = try Self.blocks()
    #expect(blocks.count >= 5)
    for block in blocks {
      let whole = block.text.hasPrefix("routecfg:")
      let text = whole ? block.text : "routecfg: 1\n" + block.text
      let result = try RouteCfg.validate(yaml: text, path: "Manifest.md-\(block.line).yaml")
      let problems = result.diagnostics.filter {
        $0.severity == .error && (whole || !Self.outsideReferences.contains($0.code))
      }
      #expect(
        problems.isEmpty,
        "Docs/Manifest.md:\(block.line): \(problems.map { "\($0.code.rawValue) \($0.message)" })")
    }
  }
}
