/// One output format of diagnostics. The formats are peers behind this protocol, as a linter's
/// reporters are: `routecfg validate` picks one by `--format` (and, for text, by whether standard
/// output is a terminal) and hands it the reports; adding a format is adding a conforming type in
/// its own file.
///
/// Line-oriented formats (text, terminal, GitHub Actions) print each root manifest's diagnostics
/// as soon as it is checked, followed by its summary line; document formats (JSON, SARIF) print
/// one document for all the files at the end.
public protocol DiagnosticFormatter: Sendable {
  /// `true` for a stream of lines printed file by file, each root manifest's diagnostics followed
  /// by its summary line; `false` for one document covering every file.
  var isLineOriented: Bool { get }

  /// The diagnostics of a report: one root manifest's for a line-oriented format, all of them
  /// combined for a document format.
  func render(_ report: DiagnosticReport) -> String

  /// The line that closes one root manifest's diagnostics (`manifests/x.yaml: 3 errors`), with its
  /// line break. Only line-oriented formats print it.
  func renderSummary(_ summary: String, of report: DiagnosticReport) -> String
}

extension DiagnosticFormatter {
  public var isLineOriented: Bool { false }

  public func renderSummary(_ summary: String, of report: DiagnosticReport) -> String {
    summary + "\n"
  }
}
