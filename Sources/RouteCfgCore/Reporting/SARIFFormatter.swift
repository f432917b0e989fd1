/// SARIF 2.1.0 for GitHub code scanning and other SARIF viewers: one run whose rules are the
/// whole diagnostic code registry, one result per diagnostic, notes as related locations.
/// Diagnostics left out by the output bound, and checks held back because a file could not be
/// loaded, are run-level notifications (`invocations[0].toolExecutionNotifications`).
public struct SARIFFormatter: DiagnosticFormatter {
  public init() {}

  public func render(_ report: DiagnosticReport) -> String { Self.format(report) }

  public func write(_ report: DiagnosticReport, to sink: (String) -> Void) {
    let ruleIndex = Self.ruleIndices
    Self.document(report, results: []).write(
      pretty: true, streaming: [.key("runs"), .index(0), .key("results")], count: report.diagnostics.count,
      element: { Self.result(report.diagnostics[$0], report, ruleIndex: ruleIndex) }, to: sink)
    sink("\n")
  }

  public static func value(_ report: DiagnosticReport) -> JSONValue {
    let ruleIndex = ruleIndices
    return document(report, results: report.diagnostics.map { result($0, report, ruleIndex: ruleIndex) })
  }

  /// Each code's position among the rules.
  private static var ruleIndices: [DiagnosticCode: Int] {
    var ruleIndex: [DiagnosticCode: Int] = [:]
    for (position, code) in DiagnosticCode.allCases.enumerated() { ruleIndex[code] = position }
    return ruleIndex
  }

  /// The log, with `results` as the run's last member.
  private static func document(_ report: DiagnosticReport, results: [JSONValue]) -> JSONValue {
    let rules = DiagnosticCode.allCases.map { code in
      var rule: [(String, JSONValue)] = [
        ("id", .string(code.rawValue)),
        ("name", .string(code.name)),
        ("shortDescription", .object([("text", .string(code.summary))])),
      ]
      // The help is the explanation itself (what `routecfg explain` prints), not a link: the
      // documentation is not published at a stable address, and a path into this repository
      // would not exist in the user's.
      if let explanation = code.explanation {
        rule.append(("fullDescription", .object([("text", .string(explanation.description))])))
        rule.append(
          (
            "help",
            .object([("text", .string(explanation.text())), ("markdown", .string(explanation.markdown))])
          ))
      }
      rule.append(("defaultConfiguration", .object([("level", .string(code.defaultSeverity.rawValue))])))
      return JSONValue.object(rule)
    }
    let driver = JSONValue.object([
      ("name", .string("routecfg")),
      ("version", .string(RouteCfgVersion.current)),
      ("semanticVersion", .string(RouteCfgVersion.current)),
      ("rules", .array(rules)),
    ])
    var run: [(String, JSONValue)] = [("tool", .object([("driver", driver)]))]
    let notifications = notifications(report)
    if !notifications.isEmpty {
      run.append(
        (
          "invocations",
          .array([
            .object([
              ("executionSuccessful", .bool(true)),
              ("toolExecutionNotifications", .array(notifications)),
            ])
          ])
        ))
    }
    run.append(("columnKind", .string("unicodeCodePoints")))
    // Lines are counted as YAML (libyaml) counts them, which SARIF's default (`\r\n`, `\n`)
    // does not say.
    run.append(("newlineSequences", .array(Self.newlineSequences.map { .string($0) })))
    run.append(("results", .array(results)))
    return .object([
      ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
      ("version", .string("2.1.0")),
      ("runs", .array([.object(run)])),
    ])
  }

  /// One diagnostic as a result.
  private static func result(
    _ diagnostic: Diagnostic, _ report: DiagnosticReport, ruleIndex: [DiagnosticCode: Int]
  )
    -> JSONValue
  {
    var members: [(String, JSONValue)] = [
      ("ruleId", .string(diagnostic.code.rawValue)),
      ("ruleIndex", .int(ruleIndex[diagnostic.code] ?? 0)),
      ("level", .string(diagnostic.severity.rawValue)),
      ("message", .object([("text", .string(diagnostic.message))])),
      (
        "locations",
        .array([.object([("physicalLocation", physicalLocation(diagnostic.location, report))])])
      ),
    ]
    if !diagnostic.notes.isEmpty {
      members.append(
        (
          "relatedLocations",
          .array(
            diagnostic.notes.enumerated().map { position, note in
              .object([
                ("id", .int(position + 1)),
                ("physicalLocation", physicalLocation(note.location, report)),
                ("message", .object([("text", .string(note.message))])),
              ])
            })
        ))
    }
    if !diagnostic.fixIts.isEmpty {
      members.append(("fixes", .array(diagnostic.fixIts.compactMap { fix($0, report) })))
    }
    return JSONValue.object(members)
  }

  /// A note for diagnostics left out (with `"omitted"` in its property bag) and a warning for
  /// each root manifest whose checks were held back.
  private static func notifications(_ report: DiagnosticReport) -> [JSONValue] {
    var notifications: [JSONValue] = []
    if report.omitted.total > 0 {
      notifications.append(
        .object([
          (
            "message",
            .object([("text", .string(TextFormatter.omissionText(report.omitted, advice: .raiseTheBound)))])
          ),
          ("level", .string("note")),
          ("properties", .object([("omitted", .int(report.omitted.total))])),
        ]))
    }
    for held in report.heldBack {
      let path = report.files.path(of: held.file)
      notifications.append(
        .object([
          (
            "locations",
            .array([
              .object([
                (
                  "physicalLocation",
                  .object([("artifactLocation", .object([("uri", .string(uri(for: path)))]))])
                )
              ])
            ])
          ),
          ("message", .object([("text", .string("\(path): \(HeldBackCheck.summary(held.checks))"))])),
          ("level", .string("warning")),
          ("properties", .object([("heldBack", .array(held.checks.map { .string($0.rawValue) }))])),
        ]))
    }
    return notifications
  }

  public static func format(_ report: DiagnosticReport) -> String {
    OutputPieces.gathered { SARIFFormatter().write(report, to: $0) }
  }

  /// A fix-it as a SARIF `fix`: one replacement of the region it covers.
  private static func fix(_ fixIt: FixIt, _ report: DiagnosticReport) -> JSONValue? {
    guard let end = fixIt.location.end else { return nil }
    let region: JSONValue = .object([
      ("startLine", .int(max(1, fixIt.location.line))), ("startColumn", .int(max(1, fixIt.location.column))),
      ("endLine", .int(Int(end.line))), ("endColumn", .int(Int(end.column))),
    ])
    let replacement: JSONValue = .object([
      ("deletedRegion", region), ("insertedContent", .object([("text", .string(fixIt.replacement))])),
    ])
    return .object([
      ("description", .object([("text", .string(fixIt.title))])),
      (
        "artifactChanges",
        .array([
          .object([
            ("artifactLocation", .object([("uri", .string(uri(for: report.path(of: fixIt.location))))])),
            ("replacements", .array([replacement])),
          ])
        ])
      ),
    ])
  }

  private static func physicalLocation(_ location: SourceLocation, _ report: DiagnosticReport) -> JSONValue {
    var region: [(String, JSONValue)] = [
      ("startLine", .int(max(1, location.line))),
      ("startColumn", .int(max(1, location.column))),
    ]
    // Without an end, SARIF reads a region to the end of its line: a point is an empty region.
    let end = location.end.flatMap { $0 > location.start ? $0 : nil }
    region.append(("endLine", .int(end.map { Int($0.line) } ?? max(1, location.line))))
    region.append(("endColumn", .int(end.map { Int($0.column) } ?? max(1, location.column))))
    return .object([
      ("artifactLocation", .object([("uri", .string(uri(for: report.path(of: location))))])),
      ("region", .object(region)),
    ])
  }

  /// What ends a line in the regions' line numbers: YAML's line breaks.
  static let newlineSequences = ["\r\n", "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"]

  /// A URI reference for a path: relative paths stay relative (lexically normalised: no `./`,
  /// `name/..` or `//`),
  /// absolute ones become `file://` URIs; characters outside RFC 3986's unreserved set and
  /// `/` are percent-encoded.
  static func uri(for path: String) -> String {
    let trimmed = FileSystem.lexicallyNormalized(path)
    var encoded = ""
    for byte in trimmed.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"), UInt8(ascii: "/"):
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        encoded += "%" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return path.hasPrefix("/") ? "file://" + encoded : encoded
  }
}
