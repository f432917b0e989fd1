import RouteCfgCore

/// The validated manifest that `resolve` and `graph` work on.
enum ValidManifest {
  /// Validates `file` (under `variant`); when it has errors, prints them and the summary line
  /// `validate` prints on standard error and exits 1 (drawn for a terminal when standard error is
  /// one); a valid manifest's warnings are printed there too, as `generate` prints them, and the
  /// command goes on. An unknown variant is a usage error.
  static func load(_ file: String, variant: String?, colorOptions: ColorOptions) throws -> (
    result: ValidationResult, graph: AppGraph
  ) {
    let result: ValidationResult
    do {
      result = try RouteCfg.validate(path: file, variant: variant)
    } catch {
      throw UsageError("\(file): \(error.description)")
    }
    guard let graph = result.graph else {
      let report = result.report
      let formatter = colorOptions.textFormatter(for: 2)
      let summary = ValidationSummary.line(file: file, report: report, graph: nil)
      Output.error(
        formatter.render(report) + formatter.renderSummary(summary, of: report)
          + TextFormatter.omission(report, advice: .listWithValidate))
      Output.exit(1)
    }
    if !result.diagnostics.isEmpty { colorOptions.printDiagnostics(result.report) }
    return (result, graph)
  }
}
