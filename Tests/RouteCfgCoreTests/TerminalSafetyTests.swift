import RouteCfgCore
import Testing

/// Text from a manifest cannot reorder, hide or break the lines routecfg prints ("Trojan
/// Source"): control, bidirectional and invisible characters are written as escapes.
@Suite("Terminal safety")
struct TerminalSafetyTests {
  static let escaped: [Unicode.Scalar] = [
    "\u{1B}", "\u{7F}", "\u{85}", "\u{200B}", "\u{200C}", "\u{200D}", "\u{200E}", "\u{200F}", "\u{2028}",
    "\u{2029}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}",
    "\u{2068}",
    "\u{2069}", "\u{FEFF}",
    // Others that show nothing or pass for a space: a word joiner, a soft hyphen, a no-break
    // space, an ideographic space, the Mongolian vowel separator, an interlinear annotation
    // anchor, a language tag, a deprecated format character.
    "\u{2060}", "\u{AD}", "\u{A0}", "\u{3000}", "\u{180E}", "\u{FFF9}", "\u{E0001}", "\u{206A}",
  ]

  @Test(arguments: escaped)
  func isWrittenAsAnEscape(_ scalar: Unicode.Scalar) {
    let shown = TextFormatter.printable("a" + String(scalar) + "b")
    #expect(shown == "a\\u{\(String(scalar.value, radix: 16, uppercase: true))}b")
  }

  @Test func visibleTextIsLeftAlone() {
    for text in ["café", "한글", "Ω≈ç", "a\u{301}", "🙂", "\u{2030}", "\u{2065}", "❤\u{FE0F}"] {
      #expect(TextFormatter.printable(text) == text)
    }
  }

  @Test func aNameThatReordersItsLineIsEscapedInTheReport() throws {
    let yaml =
      "routecfg: 1\nmodules:\n  Home: {kind: view, routes: [/], requires: [\"Admin\u{202E}\u{2066}resU\u{2069}\"]}\n"
    let result = try RouteCfg.validate(yaml: yaml)
    let text = TextFormatter.format(result.report)
    #expect(text.contains("Admin\\u{202E}\\u{2066}resU\\u{2069}"), "\(text)")
    #expect(!text.unicodeScalars.contains { (0x2066...0x2069).contains($0.value) || $0.value == 0x202E })
  }
}
