/// The spaces a completion inserted into YAML needs around it so that the line still reads as
/// meant: one after a `:` written with no space (`kind:` completed with `view` must read
/// `kind: view`, since `kind:view` is a single scalar) and one before a `#` that follows at once
/// (`view# todo` is a scalar too; `view # todo` is a value and a comment).
struct YAMLSpacing: Sendable, Equatable {
  let lead: String
  let trail: String

  init(lead: String, trail: String) {
    self.lead = lead
    self.trail = trail
  }

  /// The spacing for text replacing `range` of `bytes`.
  init(_ bytes: [UInt8], _ range: Range<Int>) {
    let start = range.lowerBound
    let end = range.upperBound
    lead = start > 0 && start <= bytes.count && bytes[start - 1] == UInt8(ascii: ":") ? " " : ""
    trail = end < bytes.count && bytes[end] == UInt8(ascii: "#") ? " " : ""
  }

  /// `text` with the spaces it needs (no second space after text that already ends with one).
  func around(_ text: String) -> String {
    let withLead = lead + text
    return trail.isEmpty || withLead.hasSuffix(" ") ? withLead : withLead + trail
  }
}
