/// How tokens and types are shown in messages. Long names and types are shortened so that a
/// message stays readable whatever the input.
extension SwiftDeclParser {
  /// The most Unicode scalars of a name or type shown in a message.
  static let maxShownLength = 80

  /// A word as written, for messages: its name, in backticks when it was written so.
  func spelling(_ token: SwiftToken) -> String {
    let name = Self.brief(text(token))
    return token.isBackticked ? "`\(name)`" : name
  }

  /// A type as written, for messages.
  static func brief(_ type: TypeRef) -> String {
    brief(type.description)
  }

  /// `text`, cut to ``maxShownLength`` scalars with `...` when it is longer.
  static func brief(_ text: String) -> String {
    TextFormatter.brief(text, limit: maxShownLength)
  }

  /// The token as the user wrote it, quoted, for messages.
  func quoted(_ token: SwiftToken) -> String {
    switch token.kind {
    case .word: return "'\(spelling(token))'"
    case .attribute: return "'@\(Self.brief(text(token)))'"
    case .number: return "'\(Self.brief(text(token)))'"
    case .unknown: return Self.quotedScalar(text(token))
    case .colon: return "':'"
    case .semicolon: return "';'"
    case .comma: return "','"
    case .dot: return "'.'"
    case .ellipsis: return "'...'"
    case .arrow: return "'->'"
    case .leftParen: return "'('"
    case .rightParen: return "')'"
    case .leftBracket: return "'['"
    case .rightBracket: return "']'"
    case .leftBrace: return "'{'"
    case .rightBrace: return "'}'"
    case .question: return "'?'"
    case .exclamation: return "'!'"
    case .leftAngle: return "'<'"
    case .rightAngle: return "'>'"
    case .equals: return "'='"
    case .ampersand: return "'&'"
    case .blockComment: return "'/*'"
    case .unterminatedBacktick, .invalidBacktick: return "'`'"
    case .newline: return "the end of the line"
    case .end: return "the end of the text"
    }
  }

  /// A scalar that starts no token: quoted when printable ASCII, `U+XXXX` for a control
  /// character, and both otherwise (`' ' (U+00A0)`).
  private static func quotedScalar(_ text: String) -> String {
    let value = text.unicodeScalars.first?.value ?? 0
    if value >= 0x20 && value < 0x7F { return "'\(text)'" }
    let hex = String(value, radix: 16, uppercase: true)
    let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    return value < 0xA0 ? code : "'\(text)' (\(code))"
  }
}
