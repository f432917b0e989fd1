/// Loading and validating a manifest in one call: from a path (the CLI, build tools) or from a
/// string (test harnesses).
public enum RouteCfg {
  /// Loads the manifest at `path` with its includes and validates it.
  ///
  /// - Parameter variant: check resolution for this variant only; `nil` checks the base
  ///   configuration and every variant.
  /// - Throws: ``UnknownVariantError`` when `variant` is not declared by the manifest.
  public static func validate(
    path: String, variant: String? = nil, limits: YAMLLimits = .standard
  ) throws(UnknownVariantError) -> ValidationResult {
    try validate(ManifestLoader(limits: limits).load(path: path), variant: variant)
  }

  /// Validates manifest text; `path` names it in diagnostics and anchors its includes.
  public static func validate(
    yaml: String, path: String = "manifest.yaml", variant: String? = nil, limits: YAMLLimits = .standard
  ) throws(UnknownVariantError) -> ValidationResult {
    try validate(ManifestLoader(limits: limits).load(yaml: yaml, path: path), variant: variant)
  }

  /// Validates an already loaded manifest. A manifest with a file that could not be read or
  /// parsed is not validated further: its load diagnostics are the whole report.
  public static func validate(_ loaded: LoadedManifest, variant: String? = nil) throws(UnknownVariantError)
    -> ValidationResult
  {
    if loaded.isIncomplete {
      return ValidationResult(
        manifest: loaded.manifest, diagnostics: ManifestValidator.normalized(loaded.diagnostics), graph: nil)
    }
    let outcome = try ManifestValidator.validate(loaded.manifest, variant: variant)
    let diagnostics = ManifestValidator.normalized(loaded.diagnostics + outcome.diagnostics)
    let valid = !diagnostics.contains { $0.severity == .error }
    return ValidationResult(
      manifest: loaded.manifest, diagnostics: diagnostics, graph: valid ? outcome.graph : nil)
  }
}

/// A loaded and validated manifest. Its description is what `routecfg validate` prints for it:
/// the diagnostics in the compiler format, then the summary line
/// (`manifests/NoteApp.yaml: valid (6 modules, 9 protocols, 3 adapters, 6 routes)`).
public struct ValidationResult: Sendable, CustomStringConvertible {
  /// The manifest as written.
  public let manifest: Manifest
  /// Every problem found, sorted by file and position.
  public let diagnostics: [Diagnostic]
  /// The validated model, present exactly when there is no error.
  public let graph: AppGraph?

  /// `true` when there is no error (warnings allowed).
  public var isValid: Bool { graph != nil }

  /// The diagnostics with their files, for the formatters.
  public var report: DiagnosticReport { DiagnosticReport(files: manifest.files, diagnostics: diagnostics) }

  public var description: String {
    let path = manifest.files.files.first?.path ?? "manifest"
    return TextFormatter.format(report) + ValidationSummary.line(file: path, report: report, graph: graph)
  }
}

/// The line after a manifest's diagnostics: `manifests/x.yaml: 2 errors and 1 warning`, or for a
/// valid manifest what it holds, `manifests/NoteApp.yaml: valid (6 modules, 9 protocols, 3
/// adapters, 6 routes)` (with its variants and warnings when it has any).
public enum ValidationSummary {
  public static func line(file: String, report: DiagnosticReport, graph: AppGraph?) -> String {
    let file = TextFormatter.printable(file)
    let counts = TextFormatter.summary(errors: report.errorCount, warnings: report.warningCount)
    guard let graph, !report.hasErrors else { return "\(file): \(counts)" }
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
