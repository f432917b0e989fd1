/// The `--format json` object of `routecfg validate` (SPEC §4):
/// `{"valid", "errorCount", "warningCount", "diagnostics": [{severity, code, message, file,
/// line, column, notes: [{message, file, line, column}]}]}`.
public struct JSONFormatter: DiagnosticFormatter {
  public init() {}

  public func render(_ report: DiagnosticReport) -> String { Self.format(report) }

  public static func value(_ report: DiagnosticReport) -> JSONValue {
    .object([
      ("valid", .bool(!report.hasErrors)),
      ("errorCount", .int(report.errorCount)),
      ("warningCount", .int(report.warningCount)),
      (
        "diagnostics",
        .array(
          report.diagnostics.map { diagnostic in
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
          })
      ),
    ])
  }

  public static func format(_ report: DiagnosticReport) -> String {
    value(report).rendered(pretty: true) + "\n"
  }
}
