import Foundation
import RouteCfgCore
import Testing

/// The documentation is checked like code: Docs/Diagnostics.md's section of every code is the
/// registry's explanation (`DiagnosticExplanation`, the source `routecfg explain` prints), every
/// example there produces the output printed under it, and the README's sample output is what the
/// tool prints.
///
/// After changing an explanation, run `ROUTECFG_UPDATE_DOCS=1 swift test --filter DocumentationTests`
/// to write the sections and the code table into Docs/Diagnostics.md.
@Suite("Documentation stays true")
struct DocumentationTests {
  static let diagnosticsPath = Routecfg.repository + "/Docs/Diagnostics.md"

  @Test func everyCodeHasAnExplanation() {
    #expect(DiagnosticExplanation.all.map(\.code) == DiagnosticCode.allCases)
  }

  @Test func theDiagnosticsPageIsTheRegistry() throws {
    let page = try String(contentsOfFile: Self.diagnosticsPath, encoding: .utf8)
    let generated = DiagnosticsPage.regenerated(page)
    if ProcessInfo.processInfo.environment["ROUTECFG_UPDATE_DOCS"] == "1", generated != page {
      try generated.write(toFile: Self.diagnosticsPath, atomically: true, encoding: .utf8)
      return
    }
    let sections = DiagnosticsPage.sections(of: page)
    #expect(
      sections.map(\.code) == DiagnosticCode.allCases.map(\.rawValue), "sections out of order or missing")
    for section in sections {
      guard let explanation = DiagnosticCode(rawValue: section.code)?.explanation else { continue }
      #expect(
        section.text == explanation.markdown,
        "Docs/Diagnostics.md's \(section.code) differs from its explanation; run ROUTECFG_UPDATE_DOCS=1 swift test --filter DocumentationTests"
      )
    }
    #expect(page.contains(DiagnosticExplanation.codeTable), "the code table is out of date")
  }

  @Test func everyExampleProducesItsOutput() throws {
    var checked = 0
    for explanation in DiagnosticExplanation.all where explanation.isRunnable {
      // Examples that print absolute paths outside their directory (`'/tmp/project/...'`) are
      // not rebuilt; route patterns (`'/notes'`) are not paths.
      guard !explanation.output.contains(where: { $0.contains("'/tmp/") }) else { continue }
      let directory = try Routecfg.scratchDirectory("doc")
      defer { try? FileManager.default.removeItem(at: directory) }
      for file in explanation.files {
        let url = directory.appendingPathComponent(file.name)
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try file.text.write(to: url, atomically: true, encoding: .utf8)
      }
      let result = try Routecfg.run(explanation.command, in: directory.path)
      // `validate` prints on standard output; `generate` prints its diagnostics on standard error.
      let printed = result.standardOutput + result.standardError
      for line in explanation.output {
        #expect(
          printed.contains(line + "\n"),
          "\(explanation.code.rawValue): missing '\(line)' in:\n\(printed)")
      }
      #expect(
        printed.contains("[\(explanation.code.rawValue)]"),
        "\(explanation.code.rawValue)'s example does not produce it")
      checked += 1
    }
    #expect(checked >= 54, "only \(checked) examples were checked")
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
    // The annotation shown for `--format github` is one the tool prints for the same file.
    let github = try Routecfg.run(["validate", path, "--format", "github"])
    let annotation = try #require(readme.split(separator: "\n").first { $0.hasPrefix("::error file=") })
    #expect(github.standardOutput.split(separator: "\n").contains(annotation))
  }
}

/// Docs/Diagnostics.md as sections: each code's text from its `### RCxxxx` heading to the next
/// heading, and the page with those sections and the code table written from the registry.
enum DiagnosticsPage {
  struct Section {
    let code: String
    let range: Range<String.Index>
    let text: String
  }

  static func sections(of page: String) -> [Section] {
    var sections: [Section] = []
    var searchStart = page.startIndex
    while let heading = page.range(of: "\n### RC", range: searchStart..<page.endIndex) {
      let start = page.index(after: heading.lowerBound)
      let rest = page[heading.upperBound...]
      let nextSection = rest.range(of: "\n### ")?.lowerBound
      let nextGroup = rest.range(of: "\n## ")?.lowerBound
      let end =
        [nextSection, nextGroup].compactMap { $0 }.min().map { page.index(after: $0) } ?? page.endIndex
      // A section ends with one blank line before the next heading.
      var textEnd = end
      if textEnd < page.endIndex || page.hasSuffix("\n\n") {
        textEnd = page.index(before: textEnd)
      }
      let code = String(page[start...].dropFirst(4).prefix(6))
      sections.append(Section(code: code, range: start..<textEnd, text: String(page[start..<textEnd])))
      searchStart = textEnd
    }
    return sections
  }

  static func regenerated(_ page: String) -> String {
    var page = page
    for section in sections(of: page).reversed() {
      if let explanation = DiagnosticCode(rawValue: section.code)?.explanation {
        page.replaceSubrange(section.range, with: explanation.markdown)
      }
    }
    if let start = page.range(of: "| Code | Name | Default severity | Summary |\n"),
      let end = page.range(of: "\n\n", range: start.lowerBound..<page.endIndex)
    {
      page.replaceSubrange(
        start.lowerBound..<page.index(after: end.lowerBound), with: DiagnosticExplanation.codeTable)
    }
    return page
  }
}
