/// The spaces a completion inserted into YAML needs around it so that the line still reads as
/// meant: one after a `:` written with no space (`kind:` completed with `view` must read
/// `kind: view`, since `kind:view` is a single scalar) and one before a `#` that follows at once
/// (`view# todo` is a scalar too; `view # todo` is a value and a comment), but in flow style when
/// a `]` or `}` follows on the line: that `#` is then part of the scalar, and a space would make a
/// comment of the rest of the line, closing brackets included (`{kind: vi#x}` becomes
/// `{kind: view#x}`).
struct YAMLSpacing: Sendable, Equatable {
  let lead: String
  let trail: String

  init(lead: String, trail: String) {
    self.lead = lead
    self.trail = trail
  }

  /// The spacing for text replacing `range` of `bytes`, inside a flow collection or not.
  init(_ bytes: [UInt8], _ range: Range<Int>, inFlow: Bool = false) {
    let start = range.lowerBound
    let end = range.upperBound
    let before = start > 0 && start <= bytes.count ? bytes[start - 1] : nil
    // After a bare ':' (`kind:`), or a block list's '-' (`-AlertInput` would be a scalar, not an
    // item).
    let needsLead =
      before == UInt8(ascii: ":")
      || (!inFlow && before == UInt8(ascii: "-") && Self.isItemDash(bytes, at: start - 1))
    lead = needsLead ? " " : ""
    guard end < bytes.count, bytes[end] == UInt8(ascii: "#") else {
      trail = ""
      return
    }
    let rest = bytes[end...].prefix { $0 != 0x0A }
    trail = inFlow && rest.contains { $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "}") } ? "" : " "
  }

  /// Whether the '-' at `index` starts a block list item: it is the last of the sequence
  /// indicators that open its line up to it (``LineShape/dashes``), only spaces and other items'
  /// `- ` before it.
  private static func isItemDash(_ bytes: [UInt8], at index: Int) -> Bool {
    var lineStart = index
    while lineStart > 0, bytes[lineStart - 1] != 0x0A, bytes[lineStart - 1] != 0x0D { lineStart -= 1 }
    return LineShape(bytes[lineStart...index]).dashes.last == index - lineStart
  }

  /// `text` with the spaces it needs (no second space after text that already ends with one).
  func around(_ text: String) -> String {
    let withLead = lead + text
    return trail.isEmpty || withLead.hasSuffix(" ") ? withLead : withLead + trail
  }
}
