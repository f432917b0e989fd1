/// Diagnostics for a person at a terminal: each compiler line (`path:line:column: error: ...`,
/// exactly as ``TextFormatter`` prints it, so terminals still link it) followed by the source line
/// it points at with the range underlined, and each note with its own snippet; in colour unless
/// asked not to.
///
/// ```
/// manifests/invalid/login-adapter.yaml:28:7: error: 'ModuleARequiredLoginViewInput' has no member 'mesage'; did you mean 'message'? [RC0601]
///    │
/// 28 │       mesage: notifyString
///    │       ^~~~~~
/// ```
///
/// The source is read again when the report is rendered (through `source`); a file that cannot be
/// read, or a line it no longer has, leaves the compiler line alone.
public struct TerminalFormatter: DiagnosticFormatter {
  /// Whether to colour the output with ANSI escapes.
  public let colors: Bool
  /// The widest a source line is shown, in terminal cells; longer lines are cut around the range.
  public let width: Int
  private let source: @Sendable (String) -> SourceText?

  /// A formatter that reads each file's text with `source` (given the path as the report names it).
  public init(colors: Bool, width: Int = 120, source: @escaping @Sendable (String) -> SourceText?) {
    self.colors = colors
    self.width = width
    self.source = source
  }

  public var isLineOriented: Bool { true }

  public func render(_ report: DiagnosticReport) -> String { OutputPieces.gathered { write(report, to: $0) } }

  public func write(_ report: DiagnosticReport, to sink: (String) -> Void) {
    var texts: [String: SourceText?] = [:]
    func text(of path: String) -> SourceText? {
      if let known = texts[path] { return known }
      let loaded = source(path)
      texts[path] = loaded
      return loaded
    }
    // One gutter width for the whole report, so that the bars line up from one snippet to the next.
    var widest = 1
    for diagnostic in report.diagnostics {
      widest = max(widest, diagnostic.location.line, diagnostic.notes.map(\.location.line).max() ?? 1)
    }
    let gutter = String(widest).count
    OutputPieces.write(report.diagnostics, to: sink) { diagnostic, output in
      let label = diagnostic.severity.rawValue
      output += heading(report.path(of: diagnostic.location), diagnostic.location, label, diagnostic.message)
      output += " [\(diagnostic.code.rawValue)]\n"
      output += snippet(
        diagnostic.location, in: text(of: report.path(of: diagnostic.location)), gutter, label)
      for note in diagnostic.notes {
        output += heading(report.path(of: note.location), note.location, "note", note.message) + "\n"
        output += snippet(note.location, in: text(of: report.path(of: note.location)), gutter, "note")
      }
      output += "\n"
    }
  }

  public func renderSummary(_ summary: String, of report: DiagnosticReport) -> String {
    paint(summary, .bold) + "\n"
  }

  /// `path:line:column: label: message`, with the label in its colour.
  private func heading(_ path: String, _ location: SourceLocation, _ label: String, _ message: String)
    -> String
  {
    let place = "\(TextFormatter.printablePath(path)):\(location.line):\(location.column):"
    return paint(place, .bold) + " " + paint(label + ":", Style.label(label)) + " "
      + paint(TextFormatter.printable(message), .bold)
  }

  /// The source line at `location` with its range underlined, between gutter lines; empty when
  /// the line cannot be shown.
  private func snippet(_ location: SourceLocation, in text: SourceText?, _ gutter: Int, _ label: String)
    -> String
  {
    guard let text, location.line >= 1, location.line <= text.lineCount else { return "" }
    let line = String(decoding: text.line(location.start.line), as: UTF8.self)
    var end = location.column
    if let stop = location.end, stop > location.start {
      end = stop.line == location.start.line ? Int(stop.column) : line.unicodeScalars.count + 1
    }
    let display = SourceLineDisplay(line: line, columns: location.column..<end, width: width)
    let number = String(location.line)
    let blank = String(repeating: " ", count: gutter)
    let bar = paint("│", .outline)
    let padding = String(repeating: " ", count: gutter - number.count)
    let marks = "^" + String(repeating: "~", count: display.underline.count - 1)
    return """
      \(blank) \(bar)
      \(padding)\(paint(number, .outline)) \(bar) \(display.text)
      \(blank) \(bar) \(String(repeating: " ", count: display.underline.lowerBound))\(paint(marks, Style.label(label)))

      """
  }

  /// ANSI styles, as SGR parameters.
  enum Style: String {
    case bold = "1"
    case error = "1;31"
    case warning = "1;33"
    case note = "1;32"
    case outline = "36"

    static func label(_ label: String) -> Style {
      switch label {
      case "error": return .error
      case "warning": return .warning
      default: return .note
      }
    }
  }

  private func paint(_ text: String, _ style: Style) -> String {
    colors && !text.isEmpty ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
  }
}
