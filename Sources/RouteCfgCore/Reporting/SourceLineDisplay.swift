/// One source line as a terminal shows it, with the cell where each column starts, so that an
/// underline lands under the characters a diagnostic's range covers whatever the line holds.
///
/// Columns count Unicode scalars (as diagnostics do); cells are what a terminal draws. A tab
/// moves to the next multiple of ``tabWidth``; East Asian wide characters and emoji take two
/// cells; combining marks none; control, format and bidirectional characters, separators and
/// spaces other than U+0020 are shown escaped (`\u{1B}`, by ``TextFormatter/printable(_:)``) and
/// take the cells of their escape. A line longer than the window is cut around the range, with
/// `…` where text is left out.
struct SourceLineDisplay {
  /// Where tab stops are.
  static let tabWidth = 4

  /// The text to print.
  let text: String
  /// The cells `[start, end)` to underline within ``text``.
  let underline: Range<Int>

  /// The display of `line` with columns `columns` (1-based, end exclusive; an empty range marks one
  /// point) underlined, cut to at most `width` cells.
  init(line: String, columns: Range<Int>, width: Int = 120) {
    // One piece per scalar (columns count scalars); a character of several scalars (a flag, an
    // emoji with a skin tone, a letter with combining marks) is drawn as one, as wide as
    // ``TextFormatter/terminalWidth(of:)`` says: its first scalar holds it, the others start
    // where it ends.
    var pieces: [String] = []
    var starts: [Int] = []
    var cell = 0
    for character in line {
      let scalars = character.unicodeScalars
      if scalars.count > 1, TextFormatter.printable(String(character)) == String(character) {
        let cells = TextFormatter.terminalWidth(of: String(character))
        starts.append(cell)
        pieces.append(String(character))
        cell += cells
        for _ in scalars.dropFirst() {
          starts.append(cell)
          pieces.append("")
        }
        continue
      }
      for scalar in scalars {
        starts.append(cell)
        let piece = Self.piece(for: scalar, atCell: cell)
        pieces.append(piece.text)
        cell += piece.cells
      }
    }
    starts.append(cell)
    // Cells of the range: a point (or a range of zero-width characters) gets one cell; columns
    // past the end of the line point just after it.
    func startCell(ofColumn column: Int) -> Int { starts[min(max(column - 1, 0), starts.count - 1)] }
    let first = startCell(ofColumn: columns.lowerBound)
    let last = max(startCell(ofColumn: columns.upperBound), first + 1)
    guard cell > width, width > 8 else {
      self.text = pieces.joined()
      self.underline = first..<last
      return
    }
    // Cut around the range: keep a little context before it and as much of it as fits.
    let wanted = max(0, min(first - width / 3, cell - (width - 2)))
    let firstShown = starts.firstIndex { $0 >= wanted } ?? pieces.count
    let windowStart = starts[firstShown]
    let marker = windowStart > 0 ? "…" : ""
    let shift = marker.isEmpty ? 0 : 1
    var text = marker
    var shownEnd = windowStart
    var index = firstShown
    while index < pieces.count, starts[index + 1] - windowStart <= width - 2 {
      text += pieces[index]
      shownEnd = starts[index + 1]
      index += 1
    }
    if shownEnd < cell { text += "…" }
    let lower = first - windowStart + shift
    let upper = max(min(last, shownEnd) - windowStart + shift, lower + 1)
    self.text = text
    self.underline = lower..<upper
  }

  /// How a scalar is shown at a cell.
  private static func piece(for scalar: Unicode.Scalar, atCell cell: Int) -> (text: String, cells: Int) {
    if scalar == "\t" {
      let cells = tabWidth - cell % tabWidth
      return (String(repeating: " ", count: cells), cells)
    }
    let shown = TextFormatter.printable(String(scalar))
    if shown.unicodeScalars.count != 1 || shown.unicodeScalars.first != scalar {
      return (shown, shown.unicodeScalars.count)
    }
    return (shown, cells(of: scalar))
  }

  /// The cells a printable scalar takes in a terminal: 0, 1 or 2 (format characters, which
  /// ``TextFormatter/printable(_:)`` escapes, none).
  static func cells(of scalar: Unicode.Scalar) -> Int {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if scalar.properties.isEmojiPresentation || isEastAsianWide(scalar.value) { return 2 }
    return 1
  }

  /// East Asian Wide and Fullwidth blocks (Unicode's EastAsianWidth W and F, by block).
  private static func isEastAsianWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
      0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
      0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
      0x16FE0...0x18CFF, 0x1B000...0x1B2FF, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
      0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
