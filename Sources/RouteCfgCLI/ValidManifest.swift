import RouteCfgCore

/// The validated manifest that `resolve` and `graph` work on.
enum ValidManifest {
  /// Validates `file` (under `variant`); when it has errors, prints them on standard error and
  /// exits 1 (drawn for a terminal when standard error is one). An unknown variant is a usage error.
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
      Output.error(
        colorOptions.textFormatter(for: 2).render(report)
          + TextFormatter.omission(report, advice: .listWithValidate))
      Output.exit(1)
    }
    return (result, graph)
  }
}
