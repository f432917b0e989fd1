/// Diagnostics with the files they point into, ready to print in any format.
///
/// A report lists some diagnostics and counts the rest (``omitted``): every formatter prints
/// ``diagnostics`` and says how many were left out, and ``errorCount`` and ``warningCount``
/// count both. ``limit(to:)`` is the one place the output bound is applied.
public struct DiagnosticReport: Sendable {
  public private(set) var files: SourceFileTable
  public private(set) var diagnostics: [Diagnostic]
  /// Diagnostics found but not listed.
  public private(set) var omitted: OmittedDiagnostics
  /// Root manifests with a file that could not be loaded, and the checks held back for them.
  public var heldBack: [HeldBackChecks] = []

  public init(files: SourceFileTable, diagnostics: [Diagnostic], omitted: OmittedDiagnostics = .init()) {
    self.files = files
    self.diagnostics = diagnostics
    self.omitted = omitted
  }

  /// Errors, listed or not.
  public var errorCount: Int { diagnostics.count { $0.severity == .error } + omitted.errors }
  /// Warnings, listed or not.
  public var warningCount: Int { diagnostics.count { $0.severity == .warning } + omitted.warnings }
  public var hasErrors: Bool { omitted.errors > 0 || diagnostics.contains { $0.severity == .error } }

  /// The path of the file a location points into.
  public func path(of location: SourceLocation) -> String { files.path(of: location.file) }

  /// Keeps the first `count` diagnostics listed and counts the others as omitted.
  public mutating func limit(to count: Int) {
    let count = max(0, count)
    guard diagnostics.count > count else { return }
    for diagnostic in diagnostics[count...] { omitted.count(diagnostic.severity) }
    diagnostics.removeSubrange(count...)
  }

  /// Appends another report (of another root manifest), renumbering its files in every place a
  /// diagnostic names: its location, its notes' and its fix-its'.
  public mutating func append(_ other: DiagnosticReport) {
    let offset = Int32(files.files.count)
    for file in other.files.files {
      _ = files.add(path: file.path, canonicalPath: file.canonicalPath)
    }
    func moved(_ location: SourceLocation) -> SourceLocation {
      var location = location
      location.file = SourceFileID(location.file.index + offset)
      return location
    }
    for diagnostic in other.diagnostics {
      var copy = diagnostic
      copy.location = moved(diagnostic.location)
      copy.notes = diagnostic.notes.map { DiagnosticNote($0.message, at: moved($0.location)) }
      copy.fixIts = diagnostic.fixIts.map {
        FixIt($0.title, replacing: moved($0.location), with: $0.replacement)
      }
      diagnostics.append(copy)
    }
    omitted.add(other.omitted)
    for held in other.heldBack {
      heldBack.append(HeldBackChecks(file: SourceFileID(held.file.index + offset), checks: held.checks))
    }
  }

  /// The report with every warning turned into an error (`--strict`).
  public func strict() -> DiagnosticReport {
    var report = DiagnosticReport(
      files: files,
      diagnostics: diagnostics.map { diagnostic in
        var copy = diagnostic
        copy.severity = .error
        return copy
      },
      omitted: OmittedDiagnostics(errors: omitted.total, warnings: 0))
    report.heldBack = heldBack
    return report
  }
}

/// A root manifest some of whose checks were held back because a file could not be loaded.
public struct HeldBackChecks: Sendable, Hashable {
  /// The root manifest.
  public var file: SourceFileID
  /// The checks not run.
  public var checks: [HeldBackCheck]

  public init(file: SourceFileID, checks: [HeldBackCheck]) {
    self.file = file
    self.checks = checks
  }
}
