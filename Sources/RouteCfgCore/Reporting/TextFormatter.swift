/// Diagnostics in the compiler convention editors and CI logs parse:
/// `path:line:column: error: message [RC0601]`, each followed by its notes.
public struct TextFormatter: DiagnosticFormatter {
  public init() {}

  public var isLineOriented: Bool { true }

  public func render(_ report: DiagnosticReport) -> String { Self.format(report) }

  public func write(_ report: DiagnosticReport, to sink: (String) -> Void) { Self.write(report, to: sink) }

  public static func format(_ report: DiagnosticReport) -> String {
    OutputPieces.gathered { write(report, to: $0) }
  }

  private static func write(_ report: DiagnosticReport, to sink: (String) -> Void) {
    OutputPieces.write(report.diagnostics, to: sink) { diagnostic, text in
      text += line(
        report.path(of: diagnostic.location), diagnostic.location, diagnostic.severity.rawValue,
        diagnostic.message)
      text += " [\(diagnostic.code.rawValue)]\n"
      for note in diagnostic.notes {
        text += line(report.path(of: note.location), note.location, "note", note.message) + "\n"
      }
    }
  }

  private static func line(_ path: String, _ location: SourceLocation, _ label: String, _ message: String)
    -> String
  {
    "\(place(path, location)): \(label): \(printable(message))"
  }

  /// `path:line:column`, the place a diagnostic names, for text that names places as diagnostics
  /// do (a language server's note lines, the testing library's failures).
  package static func place(_ path: String, _ location: SourceLocation) -> String {
    "\(printablePath(path)):\(location.line):\(location.column)"
  }

  /// The cells `text` (already ``printable(_:)``) takes in a terminal, for lining up columns:
  /// each character (grapheme cluster) takes the most any of its scalars takes (East Asian wide
  /// characters and emoji two, combining marks none, as in source snippets), and two when it
  /// asks for emoji presentation (U+FE0F), so that a flag, an emoji with a skin tone and a
  /// decomposed Hangul syllable each take two.
  public static func terminalWidth(of text: String) -> Int {
    text.reduce(0) { width, character in
      let scalars = character.unicodeScalars
      if scalars.contains("\u{FE0F}") { return width + 2 }
      return width + (scalars.map(SourceLineDisplay.cells(of:)).max() ?? 0)
    }
  }

  /// The text with the characters a reader cannot see written as escapes (``isInvisible(_:)``:
  /// `\n`, `\r` and `\t` as in YAML and Swift, the others as `\u{1B}`), so that names and values
  /// from a manifest or a URL cannot move the cursor, clear the terminal, split a diagnostic
  /// across lines, reorder what a reader sees (bidirectional controls) or pass for other text (a
  /// word joiner, a no-break space). Every formatter that prints manifest text to a person uses
  /// this one function.
  public static func printable(_ text: String) -> String { escaping(text, where: isInvisible) }

  /// A file's path as text output prints it: the characters that move the cursor, break the
  /// line or reorder it written as escapes (``movesOrReorders(_:)``), and the others as they are,
  /// so that a path names the real file (`Screenshot 10.41.yaml` with its U+202F) where an
  /// editor or a terminal links it.
  public static func printablePath(_ path: String) -> String { escaping(path, where: movesOrReorders) }

  private static func escaping(_ text: String, where shouldEscape: (Unicode.Scalar) -> Bool) -> String {
    guard text.unicodeScalars.contains(where: shouldEscape) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if shouldEscape(scalar) {
        result += escaped(scalar)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `scalar` as an escape a reader of YAML or Swift knows: `\n`, `\r`, `\t`, else `\u{1B}`.
  package static func escaped(_ scalar: Unicode.Scalar) -> String {
    switch scalar {
    case "\n": return "\\n"
    case "\r": return "\\r"
    case "\t": return "\\t"
    default: return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
  }

  /// Text of several lines, each through ``printable(_:)`` and its line breaks kept: a message
  /// that quotes names or arguments (an error, a usage text).
  public static func printableLines(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { printable(String($0)) }
      .joined(separator: "\n")
  }

  /// `text` for the inside of double quotes (a YAML double-quoted scalar, a quoted value in
  /// text output): `\` and `"` escaped.
  package static func escapedForDoubleQuotes(_ text: String) -> String {
    text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
  }

  /// `text` cut to `limit` Unicode scalars, ending in `...`, when it is longer, so that a
  /// message stays readable whatever the input.
  public static func brief(_ text: String, limit: Int = 80) -> String {
    guard text.utf8.count > limit, text.unicodeScalars.count > limit else { return text }
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: text.unicodeScalars.prefix(max(limit - 3, 0)))
    return String(scalars) + "..."
  }

  /// `true` for a character that shows nothing or changes how a line shows without being seen:
  /// control characters (general category Cc), format characters (Cf: the bidirectional controls
  /// of "Trojan Source", zero-width characters, the word joiner, the soft hyphen, the byte order
  /// mark, tags), line and paragraph separators, and spaces other than U+0020 (U+00A0, U+3000),
  /// which pass for one.
  package static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator: return true
    default: return false
    }
  }

  /// `true` for the characters of ``isInvisible(_:)`` that change a line beyond hiding: control
  /// characters, line and paragraph separators, the bidirectional controls (U+061C, U+200E,
  /// U+200F, U+202A–U+202E, U+2066–U+2069), zero-width characters (U+200B–U+200D) and U+FEFF.
  static func movesOrReorders(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200B...0x200F, 0x2028...0x202E, 0x2066...0x2069, 0xFEFF: return true
    default: return false
    }
  }

  /// The last line of a report some of whose diagnostics were left out, or nothing.
  public static func omission(_ report: DiagnosticReport, advice: OmissionAdvice) -> String {
    report.omitted.total > 0 ? omissionText(report.omitted, advice: advice) + "\n" : ""
  }

  /// "2599000 more diagnostics (2599000 errors) were not listed; ...", then `advice`.
  public static func omissionText(_ omitted: OmittedDiagnostics, advice: OmissionAdvice) -> String {
    let total = omitted.total
    let noun = total == 1 ? "diagnostic was" : "diagnostics were"
    return
      "\(total) more \(noun) not listed (\(summary(errors: omitted.errors, warnings: omitted.warnings))); "
      + "fix the ones above, or \(advice.text)"
  }

  /// "2 errors and 1 warning" / "no problems".
  public static func summary(errors: Int, warnings: Int) -> String {
    let count = MessageWords.counted
    switch (errors, warnings) {
    case (0, 0): return "no problems"
    case (_, 0): return count(errors, "error")
    case (0, _): return count(warnings, "warning")
    default: return "\(count(errors, "error")) and \(count(warnings, "warning"))"
    }
  }
}

/// The way out of diagnostics left unlisted, which depends on what was run.
public enum OmissionAdvice: Sendable {
  /// `validate`, which takes the bound.
  case raiseTheBound
  /// The commands that read a manifest without taking the bound.
  case listWithValidate
  /// The library, whose `validate` functions take `maxDiagnostics`.
  case raiseMaxDiagnostics
  /// The library's `load` functions, which take no bound: `validate` lists them all.
  case validateWithoutBound

  var text: String {
    switch self {
    case .raiseTheBound: return "raise the bound with --max-diagnostics (0 lists all)"
    case .listWithValidate: return "run 'routecfg validate --max-diagnostics 0' on the file to list all"
    case .raiseMaxDiagnostics: return "raise the bound with maxDiagnostics (nil lists all)"
    case .validateWithoutBound: return "RouteCfg.validate with maxDiagnostics: nil lists all"
    }
  }
}
