import ArgumentParser
import RouteCfgCore

/// `routecfg explain [CODE] [--format text|markdown]`.
struct ExplainCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "explain",
    abstract: "Explain a diagnostic code: what it means, an example that triggers it and the fix.",
    discussion: """
      CODE is a diagnostic code as validate prints it (RC0601; also rc0601 or 0601) or its rule \
      name (UnknownAdapterMember). Without CODE, every code is listed with its severity and \
      summary. The text is the code's section of Docs/Diagnostics.md, from the same source.

      Exit status: 0, or 64 for an unknown code or other command-line misuse.
      """
  )

  @Argument(help: "The diagnostic code or rule name; omit it to list every code.")
  var code: String?

  @Option(help: "Output format: text or markdown (the code's section of Docs/Diagnostics.md).")
  var format: ExplainFormat = .text

  func run() throws {
    guard let code else {
      Output.standard(Self.list(format))
      return
    }
    guard let found = DiagnosticCode(lookup: code), let explanation = found.explanation else {
      let shown = TextFormatter.printable(TextFormatter.brief(code, limit: 40))
      let hint = DiagnosticCode.suggestion(for: code).map { "did you mean '\($0)'? " } ?? ""
      throw UsageError("unknown diagnostic code '\(shown)'; \(hint)'routecfg explain' lists every code")
    }
    switch format {
    case .text: Output.standard(explanation.text())
    case .markdown: Output.standard(explanation.markdown)
    }
  }

  /// Every code with its severity and summary: a table of text, or Docs/Diagnostics.md's table.
  static func list(_ format: ExplainFormat) -> String {
    switch format {
    case .text:
      func padded(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
      }
      let nameWidth = DiagnosticCode.allCases.map(\.name.count).max() ?? 0
      let severityWidth = Severity.allCases.map(\.rawValue.count).max() ?? 0
      return DiagnosticCode.allCases.map { code in
        let severity = padded(code.defaultSeverity.rawValue, severityWidth)
        return "\(code.rawValue)  \(padded(code.name, nameWidth))  \(severity)  \(code.summary)\n"
      }.joined()
    case .markdown:
      return DiagnosticExplanation.codeTable
    }
  }
}

/// Output formats of `explain`.
enum ExplainFormat: String, ExpressibleByArgument, CaseIterable {
  case text
  case markdown
}
