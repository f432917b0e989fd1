extension RouteCfg {
  /// Loads the manifest at `path` with its includes, validates it, and throws when it has
  /// errors: the one call an app or a test needs before building a registry.
  ///
  /// ```swift
  /// let manifest = try RouteCfg.load(path: "manifests/NoteApp.yaml")
  /// let registry = try Registry(manifest, registrations: registrations)
  /// ```
  ///
  /// - Throws: ``ManifestError``, whose description lists the diagnostics in the compiler format
  ///   (`manifests/x.yaml:12:7: error: ... [RC0601]`), also for an unknown `variant`.
  /// - Returns: a valid result (its ``ValidationResult/graph`` is set); warnings are kept in it.
  public static func load(
    path: String, variant: String? = nil, limits: YAMLLimits = .standard
  ) throws(ManifestError) -> ValidationResult {
    let result: ValidationResult
    do {
      result = try validate(path: path, variant: variant, limits: limits)
    } catch {
      throw ManifestError(unknownVariant: error, path: path)
    }
    return try ManifestError.check(result, path: path)
  }

  /// Loads and validates manifest text (`path` names it in diagnostics and anchors its
  /// includes); throws ``ManifestError`` when it has errors.
  public static func load(
    yaml: String, path: String = "manifest.yaml", variant: String? = nil, limits: YAMLLimits = .standard
  ) throws(ManifestError) -> ValidationResult {
    let result: ValidationResult
    do {
      result = try validate(yaml: yaml, path: path, variant: variant, limits: limits)
    } catch {
      throw ManifestError(unknownVariant: error, path: path)
    }
    return try ManifestError.check(result, path: path)
  }
}

/// A manifest that cannot be used: it has errors (or the variant asked for does not exist). Its
/// description is what `routecfg validate` prints: each diagnostic in the compiler format, then
/// a summary line.
public struct ManifestError: Error, Sendable, CustomStringConvertible {
  /// The manifest's diagnostics with their files (warnings included); empty for an unknown variant.
  public let report: DiagnosticReport
  /// The diagnostics and the summary, as `routecfg validate` prints them.
  public let description: String

  /// The diagnostics, sorted by file and position.
  public var diagnostics: [Diagnostic] { report.diagnostics }

  init(unknownVariant error: UnknownVariantError, path: String) {
    self.report = DiagnosticReport(files: SourceFileTable(), diagnostics: [])
    self.description = "\(TextFormatter.printablePath(path)): \(error.description)"
  }

  /// `result` when it has no error; otherwise the error.
  static func check(_ result: ValidationResult, path: String) throws(ManifestError) -> ValidationResult {
    guard !result.isValid else { return result }
    // `load` takes no bound: the way to see what it left unlisted is `validate`.
    throw ManifestError(report: result.report, description: result.description(advice: .validateWithoutBound))
  }

  private init(report: DiagnosticReport, description: String) {
    self.report = report
    self.description = description
  }
}
