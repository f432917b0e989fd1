/// Splits a member body or a type into ``SwiftToken``s, working on UTF-8 bytes.
///
/// Lines end at `\n` only (`\r` is whitespace); `//` comments are dropped. Columns count
/// Unicode scalars. The result always ends with an `.end` token.
enum SwiftTokenizer {
  /// Calls `body` with the UTF-8 bytes of `text`, without a copy when the string is native.
  static func withUTF8<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) {
      return result
    }
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer(body)
  }

  /// The tokens of UTF-8 `bytes`.
  static func tokenize(bytes: UnsafeBufferPointer<UInt8>) -> [SwiftToken] {
    var lexer = SwiftLexer(bytes: bytes)
    lexer.run()
    return lexer.tokens
  }
}

/// The state of one tokenization.
private struct SwiftLexer {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0
  var line = 0
  var column = 0
  var tokens: [SwiftToken] = []
  let keywords = SwiftKeyword.table

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    tokens.reserveCapacity(bytes.count / 3 + 2)
  }

  mutating func run() {
    while index < bytes.count {
      let lead = bytes[index]
      switch lead {
      case 0x20, 0x09, 0x0D, 0x0B, 0x0C:
        index += 1
        column += 1
      case 0x0A:
        tokens.append(
          SwiftToken(kind: .newline, line: line, column: column, endLine: line, endColumn: column + 1))
        index += 1
        line += 1
        column = 0
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
        lexWord()
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        lexNumber()
      case UInt8(ascii: "/"):
        lexSlash()
      case UInt8(ascii: "`"):
        lexBacktickedWord()
      case UInt8(ascii: "@"):
        lexAttribute()
      case UInt8(ascii: "-"):
        if byte(at: index + 1) == UInt8(ascii: ">") {
          emitPunctuation(.arrow, length: 2)
        } else {
          lexOther()
        }
      case UInt8(ascii: "."):
        let isEllipsis = byte(at: index + 1) == UInt8(ascii: ".") && byte(at: index + 2) == UInt8(ascii: ".")
        emitPunctuation(isEllipsis ? .ellipsis : .dot, length: isEllipsis ? 3 : 1)
      default:
        if let kind = Self.punctuation(lead) {
          emitPunctuation(kind, length: 1)
        } else {
          lexOther()
        }
      }
    }
    tokens.append(SwiftToken(kind: .end, line: line, column: column, endLine: line, endColumn: column))
  }

  /// The single-byte punctuation token `byte` starts, if any.
  private static func punctuation(_ byte: UInt8) -> SwiftTokenKind? {
    switch byte {
    case UInt8(ascii: ":"): return .colon
    case UInt8(ascii: ";"): return .semicolon
    case UInt8(ascii: ","): return .comma
    case UInt8(ascii: "("): return .leftParen
    case UInt8(ascii: ")"): return .rightParen
    case UInt8(ascii: "["): return .leftBracket
    case UInt8(ascii: "]"): return .rightBracket
    case UInt8(ascii: "{"): return .leftBrace
    case UInt8(ascii: "}"): return .rightBrace
    case UInt8(ascii: "?"): return .question
    case UInt8(ascii: "!"): return .exclamation
    case UInt8(ascii: "<"): return .leftAngle
    case UInt8(ascii: ">"): return .rightAngle
    case UInt8(ascii: "="): return .equals
    case UInt8(ascii: "&"): return .ampersand
    default: return nil
    }
  }

  /// Non-ASCII identifiers and scalars that start no token.
  private mutating func lexOther() {
    let (scalar, length) = scalar(at: index)
    if length > 0 && SwiftIdentifierCharacters.isHead(scalar.value) {
      lexWord()
      return
    }
    let start = index
    let startColumn = column
    index += max(1, length)
    column += 1
    emit(.unknown, text: start..<index, startColumn: startColumn)
  }

  /// `//` comments, `/* */` comments, or a lone `/`.
  private mutating func lexSlash() {
    switch byte(at: index + 1) {
    case UInt8(ascii: "/"): skipLineComment()
    case UInt8(ascii: "*"): lexBlockComment()
    default: lexOther()
    }
  }

  // MARK: Tokens

  private mutating func emitPunctuation(_ kind: SwiftTokenKind, length: Int) {
    let startColumn = column
    index += length
    column += length
    emit(kind, startColumn: startColumn)
  }

  private mutating func emit(
    _ kind: SwiftTokenKind, keyword: SwiftKeyword? = nil, backticked: Bool = false,
    text: Range<Int> = 0..<0, startColumn: Int
  ) {
    tokens.append(
      SwiftToken(
        kind: kind, keyword: keyword, isBackticked: backticked, textStart: text.lowerBound,
        textEnd: text.upperBound, line: line, column: startColumn, endLine: line, endColumn: column))
  }

  private mutating func lexWord() {
    let start = index
    let startColumn = column
    let isASCII = scanIdentifierCharacters()
    let range = start..<index
    let keyword = isASCII ? keywords.match(bytes, range) : nil
    emit(.word, keyword: keyword, text: range, startColumn: startColumn)
  }

  private mutating func lexNumber() {
    let start = index
    let startColumn = column
    while index < bytes.count {
      let byte = bytes[index]
      let isDigitDot =
        byte == UInt8(ascii: ".") && SwiftIdentifierCharacters.isASCIIDigit(self.byte(at: index + 1))
      guard
        SwiftIdentifierCharacters.isASCIIHead(byte) || SwiftIdentifierCharacters.isASCIIDigit(byte)
          || isDigitDot
      else { break }
      index += 1
      column += 1
    }
    emit(.number, text: start..<index, startColumn: startColumn)
  }

  private mutating func lexAttribute() {
    let startColumn = column
    index += 1
    column += 1
    let nameStart = index
    if SwiftIdentifierCharacters.isHead(scalar(at: index).value.value) {
      _ = scanIdentifierCharacters()
    }
    emit(.attribute, text: nameStart..<index, startColumn: startColumn)
  }

  /// `` `name` ``; the closing backtick must be on the same line.
  private mutating func lexBacktickedWord() {
    let start = index
    let startColumn = column
    let contentStart = index + 1
    var close = contentStart
    while close < bytes.count && bytes[close] != UInt8(ascii: "`") && bytes[close] != 0x0A {
      close += 1
    }
    let isClosed = close < bytes.count && bytes[close] == UInt8(ascii: "`")
    // The identifier at the start of the content: all of it for a valid name, and the name
    // shown in the message for an unterminated backtick.
    var nameEnd = contentStart
    let head = scalar(at: contentStart)
    if close > contentStart && head.length > 0 && SwiftIdentifierCharacters.isHead(head.value.value) {
      index = contentStart
      scanIdentifierCharacters()
      nameEnd = min(index, close)
    }
    let isIdentifier = isClosed && close > contentStart && nameEnd == close
    index = start
    column = startColumn
    advanceColumns(to: isClosed ? close + 1 : close)
    let kind: SwiftTokenKind = isClosed ? (isIdentifier ? .word : .invalidBacktick) : .unterminatedBacktick
    let text = isClosed ? contentStart..<close : contentStart..<nameEnd
    emit(kind, backticked: isIdentifier, text: text, startColumn: startColumn)
  }

  private mutating func lexBlockComment() {
    let startLine = line
    let startColumn = column
    index += 2
    column += 2
    var depth = 1
    while index < bytes.count && depth > 0 {
      let byte = bytes[index]
      if byte == UInt8(ascii: "*") && self.byte(at: index + 1) == UInt8(ascii: "/") {
        depth -= 1
        index += 2
        column += 2
      } else if byte == UInt8(ascii: "/") && self.byte(at: index + 1) == UInt8(ascii: "*") {
        depth += 1
        index += 2
        column += 2
      } else {
        stepOneByte()
      }
    }
    tokens.append(
      SwiftToken(
        kind: .blockComment, line: startLine, column: startColumn, endLine: line, endColumn: column))
  }

  private mutating func skipLineComment() {
    while index < bytes.count && bytes[index] != 0x0A {
      stepOneByte()
    }
  }

  // MARK: Bytes and scalars

  /// Moves past one byte, counting lines and columns.
  private mutating func stepOneByte() {
    let byte = bytes[index]
    index += 1
    if byte == 0x0A {
      line += 1
      column = 0
    } else if byte & 0xC0 != 0x80 {
      column += 1
    }
  }

  /// Moves `index` to `target` on the current line, counting columns.
  private mutating func advanceColumns(to target: Int) {
    while index < target {
      stepOneByte()
    }
  }

  /// Moves past identifier characters; returns `true` when they were all ASCII.
  @discardableResult
  private mutating func scanIdentifierCharacters() -> Bool {
    var isASCII = true
    var position = index
    var scalars = 0
    let count = bytes.count
    while position < count {
      let byte = bytes[position]
      if byte < 0x80 {
        guard SwiftIdentifierCharacters.isASCIIContinuation(byte) else { break }
        position += 1
      } else {
        let (decoded, length) = scalar(at: position)
        guard length > 0, SwiftIdentifierCharacters.isContinuation(decoded.value) else { break }
        position += length
        isASCII = false
      }
      scalars += 1
    }
    index = position
    column += scalars
    return isASCII
  }

  private func byte(at offset: Int) -> UInt8 {
    offset < bytes.count ? bytes[offset] : 0
  }

  /// The scalar whose UTF-8 sequence starts at `offset` and its length in bytes; U+0000 and
  /// length 0 for a malformed sequence.
  private func scalar(at offset: Int) -> (value: Unicode.Scalar, length: Int) {
    let invalid = (Unicode.Scalar(0 as UInt8), 0)
    let lead = byte(at: offset)
    let length: Int
    var value: UInt32
    switch lead {
    case 0x00..<0x80: return (Unicode.Scalar(lead), 1)
    case 0xC2..<0xE0: (length, value) = (2, UInt32(lead & 0x1F))
    case 0xE0..<0xF0: (length, value) = (3, UInt32(lead & 0x0F))
    case 0xF0..<0xF5: (length, value) = (4, UInt32(lead & 0x07))
    default: return invalid
    }
    guard offset + length <= bytes.count else { return invalid }
    for next in 1..<length {
      let byte = bytes[offset + next]
      guard byte & 0xC0 == 0x80 else { return invalid }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    guard let scalar = Unicode.Scalar(value) else { return invalid }
    return (scalar, length)
  }
}
