/// Loading and validating a manifest in one call: from a path (the CLI, build tools) or from a
/// string (test harnesses).
///
/// `maxDiagnostics` bounds what is listed (SPEC §3): the first that many diagnostics in report
/// order are kept and the rest are only counted (``ValidationResult/omitted``), so memory and
/// time stay proportional to the input however many problems it has. `nil` lists them all.
public enum RouteCfg {
  /// Loads the manifest at `path` with its includes and validates it.
  ///
  /// - Parameter variant: check resolution for this variant only; `nil` checks the base
  ///   configuration and every variant.
  /// - Throws: ``UnknownVariantError`` when `variant` is not declared by the manifest.
  public static func validate(
    path: String, variant: String? = nil, limits: YAMLLimits = .standard,
    maxDiagnostics: Int? = DiagnosticBag.defaultLimit
  ) throws(UnknownVariantError) -> ValidationResult {
    let loader = ManifestLoader(limits: limits, maxDiagnostics: maxDiagnostics)
    return try validate(loader.load(path: path), variant: variant, maxDiagnostics: maxDiagnostics)
  }

  /// Loads and validates as ``validate(path:variant:limits:maxDiagnostics:)`` does, for a caller
  /// that reads only the diagnostics and the summary line, as `routecfg validate` does: the
  /// result has no ``ValidationResult/graph``, only its counts, so no graph is made.
  package static func validateForSummary(
    path: String, variant: String?, limits: YAMLLimits = .standard, maxDiagnostics: Int?,
    keeping kept: KeptUntilExit? = nil
  ) throws(UnknownVariantError) -> ValidationResult {
    let loaded = ManifestLoader(limits: limits, maxDiagnostics: maxDiagnostics).load(path: path)
    let checked = try ManifestValidator.validateCounting(
      loaded.manifest, variant: selectedVariant(variant, of: loaded), isIncomplete: loaded.isIncomplete,
      maxDiagnostics: maxDiagnostics, keeping: kept)
    return ValidationResult(
      loaded, maxDiagnostics: maxDiagnostics, diagnostics: checked.diagnostics, omitted: checked.omitted,
      heldBack: checked.heldBack, graph: nil, counts: checked.counts)
  }

  /// Validates manifest text; `path` names it in diagnostics and anchors its includes.
  public static func validate(
    yaml: String, path: String = "manifest.yaml", variant: String? = nil, limits: YAMLLimits = .standard,
    maxDiagnostics: Int? = DiagnosticBag.defaultLimit
  ) throws(UnknownVariantError) -> ValidationResult {
    try validate(
      bytes: Array(yaml.utf8), path: path, variant: variant, limits: limits, maxDiagnostics: maxDiagnostics)
  }

  /// Validates the bytes of a manifest file as read, valid UTF-8 or not; `path` names it in
  /// diagnostics and anchors its includes.
  public static func validate(
    bytes: [UInt8], path: String = "manifest.yaml", variant: String? = nil, limits: YAMLLimits = .standard,
    maxDiagnostics: Int? = DiagnosticBag.defaultLimit
  ) throws(UnknownVariantError) -> ValidationResult {
    let loader = ManifestLoader(limits: limits, maxDiagnostics: maxDiagnostics)
    return try validate(
      loader.load(bytes: bytes, path: path), variant: variant, maxDiagnostics: maxDiagnostics)
  }

  /// Validates an already loaded manifest. When a file could not be loaded, the checks whose
  /// answer its declarations could change are held back (``ValidationResult/heldBack``) and the
  /// rest still run; the manifest is not valid. `variant` only selects resolution, which is then
  /// held back, so it is not checked either (a root that failed to load declares no variants).
  /// A variant the manifest does not declare is an ``UnknownVariantError``, also when an
  /// included file could not be loaded (`variants` belong to the root), unless the root's
  /// `variants` could not be read whole (`variants: [mac]` is not a mapping, so it declares no
  /// `mac`; a root that is not YAML declares none): those errors are the answer, and the base
  /// configuration and the variants read are checked. A variant declared with a body that could
  /// not be read (`mac:` with no value) is no misuse either; the same is checked.
  public static func validate(
    _ loaded: LoadedManifest, variant: String? = nil, maxDiagnostics: Int? = DiagnosticBag.defaultLimit
  ) throws(UnknownVariantError) -> ValidationResult {
    let outcome = try ManifestValidator.validate(
      loaded.manifest, variant: selectedVariant(variant, of: loaded), isIncomplete: loaded.isIncomplete,
      maxDiagnostics: maxDiagnostics)
    return ValidationResult(
      loaded, maxDiagnostics: maxDiagnostics, diagnostics: outcome.diagnostics, omitted: outcome.omitted,
      heldBack: outcome.heldBack, graph: outcome.graph, counts: GraphCounts(outcome.graph))
  }

  /// The variant to check `loaded` for, given the one asked for: an undeclared variant is passed
  /// on for the validator to throw, unless it may be one of the variants not read; a declared one
  /// selects resolution, which an incomplete manifest holds back.
  private static func selectedVariant(_ variant: String?, of loaded: LoadedManifest) -> String? {
    let manifest = loaded.manifest
    let isRead = variant.map { name in manifest.variants.contains { $0.name.value == name } } ?? true
    let mayBeUnread =
      variant.map { name in
        manifest.variantsHaveErrors || manifest.unreadVariantNames.contains { $0.value == name }
      } ?? false
    return isRead ? (loaded.isIncomplete ? nil : variant) : (mayBeUnread ? nil : variant)
  }
}

/// A loaded and validated manifest. Its description is what `routecfg validate` prints for it:
/// the diagnostics in the compiler format, then the summary line
/// (`manifests/NoteApp.yaml: valid (6 modules, 9 protocols, 3 adapters, 6 routes)`).
public struct ValidationResult: Sendable, CustomStringConvertible {
  /// The manifest as written.
  public let manifest: Manifest
  /// The problems listed, sorted by file and position: all of them, or the first
  /// `maxDiagnostics`.
  public let diagnostics: [Diagnostic]
  /// The problems found beyond `maxDiagnostics`, counted by severity but not listed.
  public let omitted: OmittedDiagnostics
  /// The checks not run because a file of the manifest could not be loaded; empty when every
  /// check ran.
  public let heldBack: [HeldBackCheck]
  /// The validated model, present exactly when there is no error.
  public let graph: AppGraph?
  /// What the summary line counts of the graph, present exactly when there is no error: also
  /// without the graph, for `routecfg validate`, which asks only for these
  /// (``RouteCfg/validateForSummary(path:variant:limits:maxDiagnostics:)``).
  package let counts: GraphCounts?

  /// `true` when there is no error (warnings allowed).
  public var isValid: Bool { counts != nil }

  /// The result of validating `loaded`: the loading's diagnostics and the validation's, listed
  /// up to `maxDiagnostics` together; the graph and its counts only when there is no error.
  init(
    _ loaded: LoadedManifest, maxDiagnostics: Int?, diagnostics found: [Diagnostic],
    omitted: OmittedDiagnostics,
    heldBack: [HeldBackCheck], graph: AppGraph?, counts: GraphCounts
  ) {
    var bag = DiagnosticBag(limit: maxDiagnostics)
    bag.append(contentsOf: loaded.diagnostics, omitted: loaded.omitted)
    bag.append(contentsOf: found, omitted: omitted)
    let (diagnostics, omitted) = bag.finished()
    let valid = !loaded.isIncomplete && !bag.hasErrors
    self.manifest = loaded.manifest
    self.diagnostics = diagnostics
    self.omitted = omitted
    self.heldBack = heldBack
    self.graph = valid ? graph : nil
    self.counts = valid ? counts : nil
  }

  /// The diagnostics with their files, for the formatters.
  public var report: DiagnosticReport {
    var report = DiagnosticReport(files: manifest.files, diagnostics: diagnostics, omitted: omitted)
    if !heldBack.isEmpty, let root = manifest.files.files.first {
      report.heldBack = [HeldBackChecks(file: root.id, checks: heldBack)]
    }
    return report
  }

  public var description: String { description(advice: .raiseMaxDiagnostics) }

  /// ``description`` with `advice` for diagnostics left unlisted.
  func description(advice: OmissionAdvice) -> String {
    let path = manifest.files.files.first?.path ?? "manifest"
    let report = report
    return TextFormatter.format(report) + TextFormatter.omission(report, advice: advice)
      + ValidationSummary.line(file: path, report: report, counts: counts)
  }
}

/// The line after a manifest's diagnostics: `manifests/x.yaml: 2 errors and 1 warning` (and the
/// checks held back when a file could not be loaded), or for a valid manifest what it holds,
/// `manifests/NoteApp.yaml: valid (6 modules, 9 protocols, 3 adapters, 6 routes)` (with its
/// variants and warnings when it has any).
public enum ValidationSummary {
  public static func line(file: String, report: DiagnosticReport, graph: AppGraph?) -> String {
    line(file: file, report: report, counts: graph.map(GraphCounts.init))
  }

  /// The line for a manifest whose graph, when it is valid, has these `counts`.
  package static func line(file: String, report: DiagnosticReport, counts: GraphCounts?) -> String {
    let file = TextFormatter.printablePath(file)
    let problems = TextFormatter.summary(errors: report.errorCount, warnings: report.warningCount)
    let heldBack = report.heldBack.first.map { "; " + HeldBackCheck.summary($0.checks) } ?? ""
    guard let counts, !report.hasErrors else { return "\(file): \(problems)\(heldBack)" }
    let count = MessageWords.counted
    var parts = [
      count(counts.modules, "module"), count(counts.protocols, "protocol"), count(counts.adapters, "adapter"),
      count(counts.routes, "route"),
    ]
    if counts.variants > 0 { parts.append(count(counts.variants, "variant")) }
    let warnings = report.warningCount == 0 ? "" : ", \(problems)"
    return "\(file): valid (\(parts.joined(separator: ", ")))\(warnings)"
  }
}
