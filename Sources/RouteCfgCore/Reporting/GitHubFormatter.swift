/// GitHub Actions workflow commands, which the runner turns into annotations on the pull request's
/// files: `::error file=manifests/x.yaml,line=12,col=7::message [RC0601]` (SPEC §4's form: the
/// three properties, the code in the message), `::warning ...` for warnings. A diagnostic's notes
/// follow its message on lines of their own (an annotation has one place), and each root
/// manifest's summary is a plain log line.
///
/// Values are escaped as the Actions toolkit does: `%`, `\r` and `\n` in the message; those and
/// `:` and `,` in the properties. Control and bidirectional characters are written as `\u{1B}`
/// first, so that a manifest cannot start a workflow command of its own (but for a file name's
/// line breaks and tabs, which the `file` property keeps: ``fileName(_:)``).
public struct GitHubFormatter: DiagnosticFormatter {
  public init() {}

  public var isLineOriented: Bool { true }

  public func render(_ report: DiagnosticReport) -> String { OutputPieces.gathered { write(report, to: $0) } }

  public func write(_ report: DiagnosticReport, to sink: (String) -> Void) {
    OutputPieces.write(report.diagnostics, to: sink) { diagnostic, output in
      var message = TextFormatter.printable(diagnostic.message) + " [\(diagnostic.code.rawValue)]"
      for note in diagnostic.notes {
        let path = TextFormatter.printablePath(report.path(of: note.location))
        message += "\n\(path):\(note.location.line):\(note.location.column): note: "
        message += TextFormatter.printable(note.message)
      }
      let properties = [
        // The runner finds the file only by its plain relative path (no `./`, `..` or `//`).
        ("file", Self.fileName(FileSystem.lexicallyNormalized(report.path(of: diagnostic.location)))),
        ("line", String(diagnostic.location.line)),
        ("col", String(diagnostic.location.column)),
      ]
      let command = diagnostic.severity == .error ? "error" : "warning"
      output += "::\(command) "
      output += properties.map { "\($0)=\(Self.escapedProperty($1))" }.joined(separator: ",")
      output += "::\(Self.escapedData(message))\n"
    }
  }

  /// The summary as a plain log line, the root's path in it as paths are printed
  /// (``TextFormatter/printablePath(_:)``). The runner reads any line starting with `::` as a
  /// workflow command, so a root file whose name starts with `::` (a name a pull request's author
  /// chose) is written `./::...`, the same file.
  public func renderSummary(_ summary: String, of report: DiagnosticReport) -> String {
    let line = TextFormatter.printablePath(summary)
    let isCommandLike = line.drop { $0 == " " || $0 == "\t" }.hasPrefix("::")
    return (isCommandLike ? "./" + line : line) + "\n"
  }

  /// A file's name for the `file` property, before its escaping: the runner decodes `%0D` and
  /// `%0A` back, so a name's carriage returns and line feeds stay themselves, and so do its tabs
  /// (the command stays one line), for the annotation to name the real file; other control and
  /// bidirectional characters are written as `\u{1B}`, as in every path text output prints
  /// (``TextFormatter/printablePath(_:)``).
  static func fileName(_ path: String) -> String {
    var name = ""
    var run = ""
    for scalar in path.unicodeScalars {
      guard scalar == "\r" || scalar == "\n" || scalar == "\t" else {
        run.unicodeScalars.append(scalar)
        continue
      }
      name += TextFormatter.printablePath(run) + String(scalar)
      run = ""
    }
    return name + TextFormatter.printablePath(run)
  }

  /// A workflow command's message: `%`, `\r` and `\n` percent-encoded.
  static func escapedData(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "%": escaped += "%25"
      case "\r": escaped += "%0D"
      case "\n": escaped += "%0A"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// A workflow command's property value: as a message, and `:` and `,` percent-encoded too.
  static func escapedProperty(_ text: String) -> String {
    var escaped = ""
    for scalar in escapedData(text).unicodeScalars {
      switch scalar {
      case ":": escaped += "%3A"
      case ",": escaped += "%2C"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}
