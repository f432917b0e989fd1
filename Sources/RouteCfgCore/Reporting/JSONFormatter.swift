/// The `--format json` object of `routecfg validate` (SPEC §4):
/// `{"valid", "errorCount", "warningCount", "diagnostics": [{severity, code, message, file,
/// line, column, notes: [{message, file, line, column}]}]}`. When diagnostics were left out
/// (`--max-diagnostics`), `"omitted": N` follows `warningCount`; when a root manifest had a file
/// that could not be loaded, `"incomplete": [{"file", "heldBack": [...]}]` names the checks not run.
public struct JSONFormatter: DiagnosticFormatter {
  public init() {}

  public func render(_ report: DiagnosticReport) -> String { Self.format(report) }

  public func write(_ report: DiagnosticReport, to sink: (String) -> Void) {
    Self.document(report, diagnostics: []).write(
      pretty: true, streaming: [.key("diagnostics")], count: report.diagnostics.count,
      element: { Self.value(of: report.diagnostics[$0], in: report) }, to: sink)
    sink("\n")
  }

  public static func value(_ report: DiagnosticReport) -> JSONValue {
    document(report, diagnostics: report.diagnostics.map { value(of: $0, in: report) })
  }

  /// The object, with `diagnostics` as its last member.
  private static func document(_ report: DiagnosticReport, diagnostics: [JSONValue]) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("valid", .bool(!report.hasErrors)),
      ("errorCount", .int(report.errorCount)),
      ("warningCount", .int(report.warningCount)),
    ]
    if report.omitted.total > 0 { members.append(("omitted", .int(report.omitted.total))) }
    if !report.heldBack.isEmpty {
      members.append(
        (
          "incomplete",
          .array(
            report.heldBack.map { held in
              .object([
                ("file", .string(report.files.path(of: held.file))),
                ("heldBack", .array(held.checks.map { .string($0.rawValue) })),
              ])
            })
        ))
    }
    members.append(("diagnostics", .array(diagnostics)))
    return .object(members)
  }

  private static func value(of diagnostic: Diagnostic, in report: DiagnosticReport) -> JSONValue {
    .object([
      ("severity", .string(diagnostic.severity.rawValue)),
      ("code", .string(diagnostic.code.rawValue)),
      ("message", .string(diagnostic.message)),
      ("file", .string(report.path(of: diagnostic.location))),
      ("line", .int(diagnostic.location.line)),
      ("column", .int(diagnostic.location.column)),
      (
        "notes",
        .array(
          diagnostic.notes.map { note in
            .object([
              ("message", .string(note.message)),
              ("file", .string(report.path(of: note.location))),
              ("line", .int(note.location.line)),
              ("column", .int(note.location.column)),
            ])
          })
      ),
    ])
  }

  public static func format(_ report: DiagnosticReport) -> String {
    OutputPieces.gathered { JSONFormatter().write(report, to: $0) }
  }
}
