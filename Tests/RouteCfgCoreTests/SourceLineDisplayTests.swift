import Testing

@testable import RouteCfgCore

/// Underlines land under the characters a range covers, whatever the line holds.
@Suite("Source line display")
struct SourceLineDisplayTests {
  @Test func plainRange() {
    let display = SourceLineDisplay(line: "    var message: String?", columns: 9..<16)
    #expect(display.text == "    var message: String?")
    #expect(display.underline == 8..<15)
  }

  @Test func aPointPastTheEndMarksTheCellAfterTheLine() {
    let display = SourceLineDisplay(line: "abc", columns: 9..<9)
    #expect(display.underline == 3..<4)
  }

  @Test func combiningMarksTakeNoCellAndWideCharactersTwo() {
    // "é" written as e + U+0301 (two columns, one cell), then a wide character and an emoji.
    let display = SourceLineDisplay(line: "e\u{301}名🙂x", columns: 5..<6)
    #expect(display.underline == 5..<6)
    let wide = SourceLineDisplay(line: "e\u{301}名🙂x", columns: 3..<5)
    #expect(wide.underline == 1..<5)
  }

  @Test func invisibleFormatCharactersAreShownAsEscapes() {
    // "to\u{AD}do x": the soft hyphen, which a terminal may draw as '-' or not at all, is shown
    // as its escape (six cells), so x is the eleventh cell.
    let display = SourceLineDisplay(line: "to\u{AD}do x", columns: 6..<7)
    #expect(display.text == "to\\u{AD}do x")
    #expect(display.underline == 10..<11)
    // So is a word joiner between letters.
    #expect(SourceLineDisplay(line: "a\u{2060}b x", columns: 5..<6).underline == 11..<12)
  }

  /// A character of several scalars is drawn as one, two cells wide when it is an emoji: a flag
  /// (two regional indicators), an emoji with a skin tone, a symbol with U+FE0F.
  @Test func emojiSequencesTakeTheCellsTerminalsDrawThemIn() {
    for emoji in ["🇯🇵", "👍🏽", "❤️", "⚠️"] {
      let line = "\"/\(emoji)\", x"
      let column = line.unicodeScalars.count  // the x
      let display = SourceLineDisplay(line: line, columns: column..<(column + 1))
      #expect(display.text == line)
      #expect(display.underline == 7..<8, "\(emoji)")  // "  /  emoji(2)  "  ,  space
    }
  }

  @Test func controlAndBidiCharactersAreEscapedAndCounted() {
    let display = SourceLineDisplay(line: "a\u{1B}[2Jb\u{2067}c", columns: 6..<7)
    #expect(display.text == "a\\u{1B}[2Jb\\u{2067}c")
    #expect(display.underline == 10..<11)
    let isolate = SourceLineDisplay(line: "a\u{1B}[2Jb\u{2067}c", columns: 7..<9)
    #expect(isolate.underline == 11..<20)
  }

  @Test func tabsMoveToTheNextTabStop() {
    let display = SourceLineDisplay(line: "a\tb\t\tc", columns: 6..<7)
    #expect(display.text == "a   b       c")
    #expect(display.underline == 12..<13)
  }

  @Test func longLinesAreCutOnBothSides() {
    let line = String(repeating: "a", count: 200) + "TARGET" + String(repeating: "b", count: 200)
    let display = SourceLineDisplay(line: line, columns: 201..<207, width: 60)
    #expect(display.text.hasPrefix("…") && display.text.hasSuffix("…"))
    #expect(display.text.count <= 60)
    let characters = Array(display.text)
    #expect(String(characters[display.underline]) == "TARGET")
  }

  @Test func bidiControlsArePrintedEscapedByTheTextFormatter() {
    #expect(TextFormatter.printable("a\u{202E}b\u{200F}") == "a\\u{202E}b\\u{200F}")
  }
}
