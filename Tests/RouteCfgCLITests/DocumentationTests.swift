import Foundation
import RouteCfgCore
import Testing

/// The documentation is checked like code: every diagnostic code has a section in
/// Docs/Diagnostics.md, every example there produces the output printed under it, and the
/// README's sample output is what the tool prints.
@Suite("Documentation stays true")
struct DocumentationTests {
  static let diagnosticsPage =
    (try? String(contentsOfFile: Routecfg.repository + "/Docs/Diagnostics.md", encoding: .utf8)) ?? ""

  @Test func everyCodeHasASection() {
    for code in DiagnosticCode.allCases {
      #expect(
        Self.diagnosticsPage.contains("\n### \(code.rawValue) \(code.name)\n"),
        "Docs/Diagnostics.md has no section '### \(code.rawValue) \(code.name)'")
    }
  }

  @Test func everyExampleProducesItsOutput() throws {
    let sections = Self.diagnosticsPage.components(separatedBy: "\n### ").dropFirst()
    var checked = 0
    for section in sections {
      guard let example = DocumentedExample(section: section) else { continue }
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "routecfg-doc-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      for (name, text) in example.files {
        try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
      }
      let result = try Routecfg.run(["validate", "example.yaml"], in: directory.path)
      for line in example.expectedLines {
        #expect(
          result.standardOutput.contains(line),
          "\(example.code): missing '\(line)' in:\n\(result.standardOutput)")
      }
      checked += 1
    }
    #expect(checked >= 50, "only \(checked) examples were checked")
  }

  @Test func readmeSampleOutputIsWhatTheToolPrints() throws {
    let readme = try String(contentsOfFile: Routecfg.repository + "/README.md", encoding: .utf8)
    let marker = "$ swift run routecfg validate "
    let start = try #require(readme.range(of: marker))
    let block = readme[start.upperBound...].prefix { $0 != "`" }
    var lines = block.split(separator: "\n").map(String.init)
    let path = lines.removeFirst()
    let result = try Routecfg.run(["validate", path])
    #expect(result.standardOutput == lines.joined(separator: "\n") + "\n")
  }
}

/// One example of Docs/Diagnostics.md: its files (a block after "`name.yaml`:" is that file,
/// otherwise `example.yaml`) and the output lines printed under them. Examples that depend on
/// absolute paths outside their directory are not rebuilt.
struct DocumentedExample {
  let code: String
  var files: [(String, String)] = []
  var expectedLines: [String] = []

  init?(section: String) {
    code = String(section.prefix(6))
    var pendingName: String?
    var block: [String]?
    var blockKind = ""
    for line in section.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if var current = block {
        if line == "```" {
          // Blocks after the output show the fix, not the example.
          if blockKind == "yaml", expectedLines.isEmpty {
            files.append((pendingName ?? "example.yaml", current.joined(separator: "\n") + "\n"))
            pendingName = nil
          } else if blockKind == "text", expectedLines.isEmpty {
            expectedLines += current
          }
          block = nil
        } else {
          current.append(line)
          block = current
        }
      } else if line.hasPrefix("```") {
        blockKind = String(line.dropFirst(3))
        block = []
      } else if line.hasPrefix("`"), line.hasSuffix("`:") {
        pendingName = String(line.dropFirst().dropLast(2))
      }
    }
    guard files.contains(where: { $0.0 == "example.yaml" }), !expectedLines.isEmpty,
      !expectedLines.contains(where: { $0.contains("'/") })
    else { return nil }
  }
}
