/// The kinds of token in a member declaration body or a type.
enum SwiftTokenKind: UInt8, Sendable {
  /// An identifier or keyword, possibly in backticks.
  case word
  /// `@name`
  case attribute
  case colon, semicolon, comma, dot, ellipsis, arrow
  case leftParen, rightParen, leftBracket, rightBracket, leftBrace, rightBrace
  case question, exclamation, leftAngle, rightAngle, equals, ampersand
  /// A number literal such as `1` or `2.5`.
  case number
  /// `/* ... */`, possibly over several lines and possibly unterminated.
  case blockComment
  /// A backtick with no closing backtick on its line.
  case unterminatedBacktick
  /// Backticks around something that is not an identifier (`` `a b` ``, ``` `` ```).
  case invalidBacktick
  /// One scalar that starts no token (`#`, `"`, `+`, ...).
  case unknown
  /// The end of a line. Comments end before it.
  case newline
  /// The end of the text; always the last token.
  case end
}

/// One token with its place in the body: 0-based line and columns counted in Unicode scalars.
///
/// Tokens hold no strings: their text is a byte range of the source, read through
/// ``SwiftDeclParser/text(_:)``.
struct SwiftToken: Sendable {
  var kind: SwiftTokenKind
  /// For an unbackticked word, the keyword it spells.
  var keyword: SwiftKeyword?
  /// `true` for a word written in backticks.
  var isBackticked = false
  /// The UTF-8 range of the token's text: the name of a word (without backticks) or an
  /// attribute (without `@`), the digits of a number, the scalar of an unknown token, what is
  /// inside invalid backticks, or the name after an unclosed backtick.
  var textStart = 0
  var textEnd = 0
  var line: Int
  var column: Int
  /// One past the last scalar; on a later line only for block comments.
  var endLine: Int
  var endColumn: Int

  var start: BodyPosition { BodyPosition(line: line, column: column) }
  var end: BodyPosition { BodyPosition(line: endLine, column: endColumn) }
}
