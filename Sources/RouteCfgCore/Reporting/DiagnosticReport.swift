/// Diagnostics with the files they point into, ready to print in any format.
public struct DiagnosticReport: Sendable {
  public private(set) var files: SourceFileTable
  public private(set) var diagnostics: [Diagnostic]

  public init(files: SourceFileTable, diagnostics: [Diagnostic]) {
    self.files = files
    self.diagnostics = diagnostics
  }

  public var errorCount: Int { diagnostics.count { $0.severity == .error } }
  public var warningCount: Int { diagnostics.count { $0.severity == .warning } }
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

  /// The path of the file a location points into.
  public func path(of location: SourceLocation) -> String { files.path(of: location.file) }

  /// Appends another report (of another root manifest), renumbering its files.
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
      diagnostics.append(copy)
    }
  }

  /// The report with every warning turned into an error (`--strict`).
  public func strict() -> DiagnosticReport {
    DiagnosticReport(
      files: files,
      diagnostics: diagnostics.map { diagnostic in
        var copy = diagnostic
        copy.severity = .error
        return copy
      })
  }
}
