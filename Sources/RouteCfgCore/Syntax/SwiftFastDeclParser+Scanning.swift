/// Reading tokens for ``SwiftFastDeclParser``: one at a time, straight from the bytes.
extension SwiftFastDeclParser {
  /// The tokens the fast parser tells apart; anything else is `.other`, where it gives up.
  enum Token: UInt8 {
    case word, colon, comma, dot, arrow, question
    case leftParen, rightParen, leftBracket, rightBracket, leftBrace, rightBrace
    case semicolon, newline, end, other
  }

  /// The byte at `offset`, or 0 past the end.
  @inline(__always)
  func byte(_ offset: Int) -> UInt8 {
    offset < bytes.count ? bytes[offset] : 0
  }

  /// The position of `offset`, which is on the current token's line.
  @inline(__always)
  func position(_ offset: Int) -> BodyPosition {
    BodyPosition(line: line, column: offset - lineStart)
  }

  /// Where the current token starts and ends.
  var tokenStart: BodyPosition { position(start) }
  var tokenEnd: BodyPosition { position(end) }

  /// The text of the current word: for a keyword, its spelling without building a string.
  var text: String {
    if let keyword { return keyword.rawValue }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
  }

  /// The text of the current word, for a name the model keeps: shared through ``names`` with
  /// the same name written before.
  mutating func keptText() -> String {
    if let keyword { return keyword.rawValue }
    return names.string(UnsafeBufferPointer(rebasing: bytes[start..<end]))
  }

  /// Moves to the next token, past spaces, tabs, vertical tabs, form feeds, `//` comments, and
  /// line ends in a type (a carriage return is a token the general parser reads as a line end).
  ///
  /// A word is an ASCII identifier or keyword; an ASCII start of a word that continues with
  /// non-ASCII scalars, and every non-ASCII scalar, are `.other`.
  mutating func advance() {
    var index = end
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case 0x20, 0x09, 0x0B, 0x0C:
        index += 1
        continue
      case 0x0A where newlinesAreBlank:
        index += 1
        line += 1
        lineStart = index
        continue
      case UInt8(ascii: "/") where self.byte(index + 1) == UInt8(ascii: "/"):
        // To the line's end; another line break (a carriage return, U+0085, U+2028, U+2029) ends
        // a line too, and is then read as a token this parser leaves to the general one.
        while index < bytes.count && bytes[index] != 0x0A
          && SwiftLexer.lineSeparatorLength(in: bytes, at: index) == nil
        {
          index += 1
        }
        continue
      default:
        start = index
        if SwiftIdentifierCharacters.isASCIIHead(byte) {
          readWord()
        } else {
          readPunctuation(byte)
        }
        return
      }
    }
    start = index
    end = index
    token = .end
    keyword = nil
  }

  /// A word at `start`, read eight bytes at a time (most words fit in the first eight) when
  /// sixteen bytes are left.
  @inline(__always)
  private mutating func readWord() {
    guard let base = bytes.baseAddress, start + 16 <= bytes.count else {
      readWordNearEnd()
      return
    }
    let raw = UnsafeRawPointer(base + start)
    let low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
    var length = SwiftIdentifierCharacters.asciiContinuationCount(low)
    var high: UInt64 = 0
    if length == 8 {
      high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      length += SwiftIdentifierCharacters.asciiContinuationCount(high)
    }
    end = start + length
    if length == 16 {
      // A long word: no keyword is that long.
      while end < bytes.count && SwiftIdentifierCharacters.isASCIIContinuation(bytes[end]) { end += 1 }
      keyword = nil
    } else {
      keyword = keywords.match(
        low: SwiftKeywordTable.prefix(low, length), high: SwiftKeywordTable.prefix(high, length - 8),
        count: length)
    }
    token = end == bytes.count || bytes[end] < 0x80 ? .word : .other
  }

  /// ``readWord()`` one byte at a time, near the end of the bytes.
  private mutating func readWordNearEnd() {
    var index = start + 1
    while index < bytes.count && SwiftIdentifierCharacters.isASCIIContinuation(bytes[index]) {
      index += 1
    }
    end = index
    keyword = keywords.match(bytes, start..<index)
    token = index == bytes.count || bytes[index] < 0x80 ? .word : .other
  }

  /// The punctuation token that `byte`, at `start`, begins.
  @inline(__always)
  private mutating func readPunctuation(_ byte: UInt8) {
    keyword = nil
    end = start + 1
    switch byte {
    case 0x0A: token = .newline
    case UInt8(ascii: ":"): token = .colon
    case UInt8(ascii: ","): token = .comma
    case UInt8(ascii: "?"): token = .question
    case UInt8(ascii: "("): token = .leftParen
    case UInt8(ascii: ")"): token = .rightParen
    case UInt8(ascii: "["): token = .leftBracket
    case UInt8(ascii: "]"): token = .rightBracket
    case UInt8(ascii: "{"): token = .leftBrace
    case UInt8(ascii: "}"): token = .rightBrace
    case UInt8(ascii: ";"): token = .semicolon
    case UInt8(ascii: "."):
      // `...` is another token, and `..` is a problem.
      token = self.byte(start + 1) == UInt8(ascii: ".") ? .other : .dot
    case UInt8(ascii: "-") where self.byte(start + 1) == UInt8(ascii: ">"):
      token = .arrow
      end = start + 2
    default:
      token = .other
    }
  }

  /// The kinds of the next two tokens, without moving.
  func peekTwo() -> (Token, Token) {
    var copy = self
    copy.advance()
    let first = copy.token
    copy.advance()
    return (first, copy.token)
  }
}
