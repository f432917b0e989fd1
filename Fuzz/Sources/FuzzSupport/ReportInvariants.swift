import RouteCfgCore

/// What every validation result must satisfy, whatever the input.
public enum ReportInvariants {
  /// The result is bounded, sorted, points into its own files, and agrees with itself.
  ///
  /// Rendering JSON and SARIF (mostly the constant rule registry) costs more than validating a
  /// small manifest: callers render them for some inputs only (`renderJSON`, `renderSARIF`),
  /// chosen from the input so that a crasher reproduces.
  public static func check(
    _ result: ValidationResult, maxDiagnostics: Int, renderJSON: Bool = true, renderSARIF: Bool = true
  ) {
    let report = result.report
    Fuzz.require(result.diagnostics.count <= maxDiagnostics, "more than \(maxDiagnostics) diagnostics listed")
    Fuzz.require(
      zip(result.diagnostics, result.diagnostics.dropFirst()).allSatisfy { !($1 < $0) },
      "diagnostics are not sorted")
    let fileCount = result.manifest.files.files.count
    for diagnostic in result.diagnostics {
      for location in [diagnostic.location] + diagnostic.notes.map(\.location) {
        Fuzz.require(Int(location.file.index) < fileCount, "a location points at no file")
        Fuzz.require(location.line >= 1 && location.column >= 1, "a location before the file's start")
      }
      Fuzz.require(!diagnostic.message.isEmpty, "an empty message for \(diagnostic.code.rawValue)")
      Fuzz.require(diagnostic.notes.count <= DiagnosticBag.maxNotes + 1, "notes are not capped")
    }
    Fuzz.require(result.isValid == !report.hasErrors, "valid with errors, or invalid without")
    Fuzz.require(result.heldBack.isEmpty || !result.isValid, "held-back checks on a valid manifest")
    // Every output format renders; printable text has no raw control characters.
    let text = TextFormatter.format(report) + TextFormatter.omission(report, advice: .raiseTheBound)
    Fuzz.require(
      !text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "a control character in text output")
    if renderJSON { _ = JSONFormatter.format(report) }
    if renderSARIF { _ = SARIFFormatter.format(report) }
  }
}
