import Testing

@testable import RouteCfgCore

/// Every format writes its text in pieces of about `OutputPieces.size` bytes as it makes it, so
/// that listing every diagnostic (`--max-diagnostics 0`) does not hold the whole output; the
/// pieces make exactly the text of the whole document.
@Suite("Output in pieces")
struct OutputPiecesTests {
  /// 5,000 duplicate members: 5,000 errors, each with a note.
  static let report: DiagnosticReport = {
    let body = String(repeating: "var a: Int; ", count: 5_001)
    let yaml =
      "routecfg: 1\nprotocols:\n  P: \"\(body)\"\nmodules:\n  M: {kind: view, provides: [P], routes: [/m]}\n"
    return (try? RouteCfg.validate(yaml: yaml, path: "dup.yaml", maxDiagnostics: nil).report)
      ?? DiagnosticReport(files: SourceFileTable(), diagnostics: [])
  }()

  /// Each formatter, and the lines it writes for the report: text a line for each diagnostic
  /// and note, GitHub one for both, the terminal (with no source to show) a blank line more.
  static let formatters: [(any DiagnosticFormatter, lines: Int)] = [
    (TextFormatter(), 10_000), (GitHubFormatter(), 5_000),
    (TerminalFormatter(colors: true) { _ in nil }, 15_000),
    (JSONFormatter(), 0), (SARIFFormatter(), 0),
  ]

  @Test(arguments: formatters.indices)
  func piecesAreBounded(_ index: Int) {
    let (formatter, lines) = Self.formatters[index]
    var pieces: [String] = []
    formatter.write(Self.report) { pieces.append($0) }
    #expect(Self.report.diagnostics.count == 5_000)
    #expect(pieces.count > 2, "\(type(of: formatter))")
    // A piece ends after the item that took it past the size. The largest item is a SARIF rule,
    // which holds its code's whole explanation twice (text and Markdown).
    let largestItem = Self.largestRule
    #expect(largestItem < 16_384)
    #expect(pieces.allSatisfy { $0.utf8.count < OutputPieces.size + largestItem })
    if lines > 0 {
      #expect(pieces.joined().split(separator: "\n", omittingEmptySubsequences: false).count == lines + 1)
    }
  }

  /// The bytes of the longest explanation, written twice as a SARIF rule is, with room for the
  /// rule's other fields.
  static let largestRule =
    DiagnosticCode.allCases.map { code in
      code.explanation.map { 2 * ($0.text().utf8.count + $0.markdown.utf8.count) } ?? 0
    }.max().map { $0 + 1_024 } ?? 4_096

  /// The documents written in pieces are the documents built whole.
  @Test func documentsInPiecesAreTheValuesRendered() {
    #expect(
      JSONFormatter.format(Self.report) == JSONFormatter.value(Self.report).rendered(pretty: true) + "\n")
    #expect(
      SARIFFormatter.format(Self.report) == SARIFFormatter.value(Self.report).rendered(pretty: true) + "\n")
  }
}
