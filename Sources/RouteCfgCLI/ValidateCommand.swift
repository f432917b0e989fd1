import ArgumentParser
import RouteCfgCore

/// `routecfg validate FILE... [--format text|json|sarif] [--variant NAME] [--strict]
/// [--max-diagnostics N]`.
struct ValidateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "validate",
    abstract: "Check manifests and report every problem with its file, line and column.",
    discussion: """
      Each FILE is a root manifest; its includes are loaded with it. Without --variant the base \
      configuration and every variant are checked, and a problem only a variant has names the \
      variant. Text output follows the compiler convention (path:line:column: error: message \
      [RCxxxx]) so editors and CI annotate the right line. After --max-diagnostics \
      diagnostics (1000 unless told) the rest are counted, not listed, and the output says how \
      many were left out.

      Exit status: 0 when there is no error (warnings allowed), 1 when a manifest has errors, \
      64 for command-line misuse (such as an unknown --variant).
      """
  )

  @Argument(help: "Manifest files to validate.")
  var files: [String]

  @Option(help: "Output format: text, json or sarif.")
  var format: ValidateFormat = .text

  @Option(help: "Check requirements for this variant's bindings only.")
  var variant: String?

  @Flag(help: "Treat warnings as errors.")
  var strict = false

  @Option(help: "List at most this many diagnostics over all files and count the rest (0: list all).")
  var maxDiagnostics = DiagnosticBag.defaultLimit

  func validate() throws {
    if files.isEmpty { throw ValidationError("Name at least one manifest file.") }
    if maxDiagnostics < 0 { throw ValidationError("--max-diagnostics is a count: 0 or more (0 lists all).") }
  }

  func run() throws {
    var combined = DiagnosticReport(files: SourceFileTable(), diagnostics: [])
    // Text output: each file's diagnostics, then its summary line.
    var text = ""
    // Results stay alive until the process exits, which is cheaper than tearing them down.
    var results: [ValidationResult] = []
    let bound = maxDiagnostics == 0 ? nil : maxDiagnostics
    for file in files {
      // Each file lists what is left of the bound; the rest of it is only counted.
      let remaining = bound.map { max(0, $0 - combined.diagnostics.count) }
      let result: ValidationResult
      do {
        result = try RouteCfg.validate(path: file, variant: variant, maxDiagnostics: remaining)
      } catch {
        throw UsageError("\(file): \(error.description)")
      }
      results.append(result)
      let report = strict ? result.report.strict() : result.report
      text +=
        TextFormatter.format(report) + Self.summary(file: file, report: report, graph: result.graph) + "\n"
      combined.append(report)
    }
    switch format {
    case .text:
      Output.standard(text + TextFormatter.omission(combined))
    case .json:
      Output.standard(JSONFormatter.format(combined))
    case .sarif:
      Output.standard(SARIFFormatter.format(combined))
    }
    // Exit at once: tearing down a large validated model would only cost time.
    withExtendedLifetime(results) { Output.exit(combined.hasErrors ? 1 : 0) }
  }

  /// `manifests/NoteApp.yaml: valid (7 modules, 9 protocols, 2 adapters, 6 routes)`.
  static func summary(file: String, report: DiagnosticReport, graph: AppGraph?) -> String {
    let file = TextFormatter.printable(file)
    let counts = TextFormatter.summary(errors: report.errorCount, warnings: report.warningCount)
    let heldBack = report.heldBack.first.map { "; " + HeldBackCheck.summary($0.checks) } ?? ""
    guard let graph, !report.hasErrors else { return "\(file): \(counts)\(heldBack)" }
    func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
    var parts = [
      count(graph.modules.count, "module"), count(graph.protocols.count, "protocol"),
      count(graph.adapters.count, "adapter"), count(graph.routes.count, "route"),
    ]
    if !graph.variantNames.isEmpty { parts.append(count(graph.variantNames.count, "variant")) }
    let warnings = report.warningCount == 0 ? "" : ", \(counts)"
    return "\(file): valid (\(parts.joined(separator: ", ")))\(warnings)"
  }
}

/// Output formats of `validate`.
enum ValidateFormat: String, ExpressibleByArgument, CaseIterable {
  case text
  case json
  case sarif
}
