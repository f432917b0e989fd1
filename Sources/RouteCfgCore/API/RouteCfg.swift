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

/// A loaded and validated manifest.
public struct ValidationResult: Sendable {
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
}
