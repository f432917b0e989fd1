/// The `--format json` object of `routecfg validate` (SPEC §4):
/// `{"valid", "errorCount", "warningCount", "diagnostics": [{severity, code, message, file,
/// line, column, notes: [{message, file, line, column}]}]}`. When diagnostics were left out
/// (`--max-diagnostics`), `"omitted": N` follows `warningCount`; when a root manifest had a file
/// that could not be loaded, `"incomplete": [{"file", "heldBack": [...]}]` names the checks not run.
public struct JSONFormatter: DiagnosticFormatter {
  public init() {}

  public func render(_ report: DiagnosticReport) -> String { Self.format(report) }

  public static func value(_ report: DiagnosticReport) -> JSONValue {
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
    members.append(contentsOf: [
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
      )
    ])
    return .object(members)
  }

  public static func format(_ report: DiagnosticReport) -> String {
    value(report).rendered(pretty: true) + "\n"
  }
}
