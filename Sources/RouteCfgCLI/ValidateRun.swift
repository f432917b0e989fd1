import RouteCfgCore

/// What `routecfg validate` does once its arguments are read: validates each file, prints the
/// diagnostics in the chosen format and exits 1 when there is an error.
///
/// Both ways in share it: ``ValidateCommand``, which swift-argument-parser fills, and
/// ``plain(_:)``, which reads the plain `validate FILE...` that editors and build scripts run
/// on every save without the parser: on a small manifest, swift-argument-parser's reflection
/// over the commands is half of the process's instructions (Docs/Performance.md, "Start-up").
struct ValidateRun {
  var files: [String]
  var format: ValidateFormat = .text
  var variant: String?
  var strict = false
  var maxDiagnostics = DiagnosticBag.defaultLimit
  var color: ColorChoice = .auto

  /// The run for `validate FILE...` with no option, when every argument after `validate` is a
  /// file name the parser would read as one (no `-` in front, not `help`); `nil` for anything
  /// else, which the parser reads.
  static func plain(_ arguments: [String]) -> ValidateRun? {
    guard arguments.count > 1, arguments[0] == ValidateCommand.configuration.commandName else { return nil }
    let files = Array(arguments.dropFirst())
    guard files.allSatisfy({ !$0.isEmpty && !$0.hasPrefix("-") && $0 != "help" }) else { return nil }
    return ValidateRun(files: files)
  }

  /// Validates, prints and exits; throws ``UsageError`` for an unknown variant.
  func run() throws -> Never {
    let formatter = format.formatter(color)
    var combined = DiagnosticReport(files: SourceFileTable(), diagnostics: [])
    // Results and the validators' tables stay alive until the process exits, which is cheaper
    // than tearing them down.
    let kept = KeptUntilExit()
    // Each file's report and summary line; nothing is printed until every file is checked, so
    // that misuse (a variant one of the files lacks) prints no half report.
    var reports: [(report: DiagnosticReport, summary: String)] = []
    let bound = maxDiagnostics == 0 ? nil : maxDiagnostics
    for file in files {
      // Each file lists what is left of the bound; the rest of it is only counted.
      let remaining = bound.map { max(0, $0 - combined.diagnostics.count) }
      let result: ValidationResult
      do {
        // Only the diagnostics and the summary's counts are printed: no graph is made.
        result = try RouteCfg.validateForSummary(
          path: file, variant: variant, maxDiagnostics: remaining, keeping: kept)
      } catch {
        throw UsageError("\(file): \(error.description)")
      }
      let report = strict ? result.report.strict() : result.report
      reports.append((report, ValidationSummary.line(file: file, report: report, counts: result.counts)))
      combined.append(report)
      kept.keep(result)
    }
    // Written in pieces (every diagnostic may be listed): line-oriented output file by file, each
    // file's diagnostics then its summary line, closed by the line that says how many were left
    // out; JSON and SARIF one document, which carries that count.
    if formatter.isLineOriented {
      for (report, summary) in reports {
        formatter.write(report, to: Output.standard)
        Output.standard(formatter.renderSummary(summary, of: report))
      }
      Output.standard(TextFormatter.omission(combined, advice: .raiseTheBound))
    } else {
      formatter.write(combined, to: Output.standard)
    }
    // Exit at once: tearing down a large validated model would only cost time.
    withExtendedLifetime(kept) { Output.exit(combined.hasErrors ? 1 : 0) }
  }
}
