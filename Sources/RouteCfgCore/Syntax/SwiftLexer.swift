/// A place in the bytes being tokenized.
///
/// The column is not counted scalar by scalar: it is `index - lineBase`, where `lineBase` is the
/// offset of the line's first byte plus the bytes after the first of each multi-byte scalar
/// passed on the line. ASCII text only moves `index`.
struct SwiftLexPosition {
  /// The offset of the next byte.
  var index = 0
  /// 0-based.
  var line = 0
  var lineBase = 0

  /// 0-based, in Unicode scalars.
  var column: Int {
    @inline(__always) get { index &- lineBase }
  }

  /// Moves past `byte`, the byte at ``index``: a line end, a byte that starts a scalar (one
  /// column), or one that continues a scalar.
  @inline(__always)
  mutating func step(over byte: UInt8) {
    index &+= 1
    if byte == 0x0A {
      line &+= 1
      lineBase = index
    } else if byte & 0xC0 == 0x80 {
      lineBase &+= 1
    }
  }

  /// Moves past one scalar of `length` bytes on the current line: one column.
  @inline(__always)
  mutating func advance(overScalarOf length: Int) {
    index &+= length
    lineBase &+= length &- 1
  }
}

/// The state of one tokenization: the bytes, the tokens so far and the statement count.
///
/// Each `lex...` function reads one token (or comment) that starts at a position and returns
/// the position after it, so that the position stays in registers in ``run()``.
struct SwiftLexer {
  let bytes: UnsafeBufferPointer<UInt8>
  let keepsNewlines: Bool
  let keywords = SwiftKeyword.table
  var tokens: SwiftTokenStorage
  /// The runs of tokens between separators (new lines and `;`).
  var statementCount = 0

  init(bytes: UnsafeBufferPointer<UInt8>, from start: SwiftLexPosition, keepsNewlines: Bool) {
    self.bytes = bytes
    self.keepsNewlines = keepsNewlines
    // About one token per three bytes in typical bodies; the storage grows when needed.
    tokens = SwiftTokenStorage(capacity: (bytes.count - start.index) / 3 + 2)
  }

  /// Reads the tokens from `start` to the end.
  mutating func run(from start: SwiftLexPosition) {
    var at = start
    let count = bytes.count
    while at.index < count {
      let lead = bytes[at.index]
      if SwiftIdentifierCharacters.isASCIIHead(lead) {
        // A word that starts with an ASCII letter or `_`, read here rather than in a function:
        // it is the most common token.
        var end = at
        end.index &+= 1
        while end.index < count && SwiftIdentifierCharacters.isASCIIContinuation(bytes[end.index]) {
          end.index &+= 1
        }
        var isASCII = true
        if end.index < count && bytes[end.index] >= 0x80 {
          (end, isASCII) = scanIdentifierCharacters(from: end)
        }
        let range = at.index..<end.index
        emit(.word, keyword: isASCII ? keywords.match(bytes, range) : nil, text: range, from: at, to: end)
        at = end
        continue
      }
      switch lead {
      case 0x20, 0x09, 0x0B, 0x0C:
        at.index &+= 1
      case 0x0A:
        if keepsNewlines {
          endStatement()
          var end = at
          end.index &+= 1
          emit(.newline, from: at, to: end)
        }
        at.step(over: lead)
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        at = lexNumber(from: at)
      case UInt8(ascii: "/"):
        at = lexSlash(from: at)
      case UInt8(ascii: "`"):
        at = lexBacktickedWord(from: at)
      case UInt8(ascii: "@"):
        at = lexAttribute(from: at)
      case UInt8(ascii: "-") where byte(at.index &+ 1) == UInt8(ascii: ">"):
        at = emitPunctuation(.arrow, at, length: 2)
      case UInt8(ascii: "."):
        let isEllipsis =
          byte(at.index &+ 1) == UInt8(ascii: ".") && byte(at.index &+ 2) == UInt8(ascii: ".")
        at = emitPunctuation(isEllipsis ? .ellipsis : .dot, at, length: isEllipsis ? 3 : 1)
      case UInt8(ascii: ";"):
        endStatement()
        at = emitPunctuation(.semicolon, at, length: 1)
      default:
        if let kind = Self.punctuation(lead) {
          at = emitPunctuation(kind, at, length: 1)
        } else {
          at = lexOther(from: at)
        }
      }
    }
    endStatement()
    emit(.end, from: at, to: at)
  }

  /// Counts the statement that a separator or the end closes, if it holds any token.
  @inline(__always)
  mutating func endStatement() {
    if let kind = tokens.lastKind, kind != .newline && kind != .semicolon {
      statementCount &+= 1
    }
  }

  /// The single-byte punctuation token `byte` starts, if any (`;` is handled by the caller).
  @inline(__always)
  private static func punctuation(_ byte: UInt8) -> SwiftTokenKind? {
    switch byte {
    case UInt8(ascii: ":"): return .colon
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

  // MARK: Tokens

  @inline(__always)
  private mutating func emitPunctuation(
    _ kind: SwiftTokenKind, _ start: SwiftLexPosition, length: Int
  ) -> SwiftLexPosition {
    var end = start
    end.index &+= length
    emit(kind, from: start, to: end)
    return end
  }

  /// Appends a token that runs from `start` to `end`.
  @inline(__always)
  mutating func emit(
    _ kind: SwiftTokenKind, keyword: SwiftKeyword? = nil, backticked: Bool = false,
    text: Range<Int> = 0..<0, from start: SwiftLexPosition, to end: SwiftLexPosition
  ) {
    tokens.append(
      SwiftToken(
        kind: kind, keyword: keyword, isBackticked: backticked, textStart: text.lowerBound,
        textEnd: text.upperBound, line: start.line, column: start.column, endLine: end.line,
        endColumn: end.column))
  }

  // MARK: Bytes

  /// The byte at `offset`, or 0 past the end.
  @inline(__always)
  func byte(_ offset: Int) -> UInt8 {
    offset < bytes.count ? bytes[offset] : 0
  }
}
