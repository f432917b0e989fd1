/// One output format of diagnostics. The formats are peers behind this protocol, as a linter's
/// reporters are: `routecfg validate` picks one by `--format` (and, for text, by whether standard
/// output is a terminal) and hands it the reports; adding a format is adding a conforming type in
/// its own file.
///
/// Line-oriented formats (text, terminal, GitHub Actions) print each root manifest's diagnostics
/// followed by its summary line; document formats (JSON, SARIF) print one document for all the
/// files. Either way `validate` prints once every file is checked, so that misuse found on a
/// later file (an unknown variant) prints no half report.
public protocol DiagnosticFormatter: Sendable {
  /// `true` for a stream of lines printed file by file, each root manifest's diagnostics followed
  /// by its summary line; `false` for one document covering every file.
  var isLineOriented: Bool { get }

  /// The diagnostics of a report: one root manifest's for a line-oriented format, all of them
  /// combined for a document format.
  func render(_ report: DiagnosticReport) -> String

  /// The text of ``render(_:)``, handed to `sink` in pieces of about ``OutputPieces/size``
  /// bytes as it is made: with every diagnostic listed (`--max-diagnostics 0`), memory holds
  /// one piece of the output, not the whole of it.
  func write(_ report: DiagnosticReport, to sink: (String) -> Void)

  /// The line that closes one root manifest's diagnostics (`manifests/x.yaml: 3 errors`), with its
  /// line break. Only line-oriented formats print it.
  func renderSummary(_ summary: String, of report: DiagnosticReport) -> String
}

extension DiagnosticFormatter {
  public var isLineOriented: Bool { false }

  public func write(_ report: DiagnosticReport, to sink: (String) -> Void) { sink(render(report)) }

  public func renderSummary(_ summary: String, of report: DiagnosticReport) -> String {
    summary + "\n"
  }
}

/// Output made in pieces: each formatter appends an item's text to the current piece, which goes
/// to the sink once it holds ``size`` bytes.
public enum OutputPieces {
  /// About as much as one `write(2)` of a pipe takes.
  public static let size = 1 << 16

  /// Appends each item's text with `append` and hands the pieces to `sink`.
  static func write<Items: Sequence>(
    _ items: Items, to sink: (String) -> Void, _ append: (Items.Element, inout String) -> Void
  ) {
    var piece = ""
    for item in items {
      append(item, &piece)
      if piece.utf8.count >= size {
        sink(piece)
        piece = ""
      }
    }
    if !piece.isEmpty { sink(piece) }
  }

  /// All of the pieces `write` hands over, as one text (``DiagnosticFormatter/render(_:)``).
  static func gathered(_ write: ((String) -> Void) -> Void) -> String {
    var text = ""
    write { text += $0 }
    return text
  }
}
