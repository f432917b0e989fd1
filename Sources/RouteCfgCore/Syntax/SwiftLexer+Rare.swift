/// The tokens that are rare in member bodies: numbers, comments, backticks, attributes,
/// non-ASCII identifiers and scalars that start no token.
extension SwiftLexer {
  /// A number literal: digits, letters, `_`, and `.` before a digit.
  mutating func lexNumber(from start: SwiftLexPosition) -> SwiftLexPosition {
    var end = start
    while end.index < bytes.count {
      let byte = bytes[end.index]
      guard
        SwiftIdentifierCharacters.isASCIIContinuation(byte)
          || (byte == UInt8(ascii: ".") && SwiftIdentifierCharacters.isASCIIDigit(self.byte(end.index + 1)))
      else { break }
      end.index += 1
    }
    emit(.number, text: start.index..<end.index, from: start, to: end)
    return end
  }

  /// `//` comments, `/* */` comments, or a lone `/`.
  mutating func lexSlash(from start: SwiftLexPosition) -> SwiftLexPosition {
    switch byte(start.index + 1) {
    case UInt8(ascii: "/"): return skipLineComment(from: start)
    case UInt8(ascii: "*"): return lexBlockComment(from: start)
    default: return lexOther(from: start)
    }
  }

  /// Non-ASCII identifiers, line breaks other than `\n` (which end a line as it does:
  /// ``lineSeparatorLength(at:)``), and scalars that start no token.
  mutating func lexOther(from start: SwiftLexPosition) -> SwiftLexPosition {
    if let length = lineSeparatorLength(at: start.index) {
      var end = start
      end.advance(overScalarOf: length)
      if keepsNewlines {
        endStatement()
        emit(.newline, from: start, to: end)
      }
      return end
    }
    let (scalar, length) = scalar(at: start.index)
    if length > 0 && SwiftIdentifierCharacters.isHead(scalar.value) {
      let (end, isASCII) = scanIdentifierCharacters(from: start)
      let range = start.index..<end.index
      emit(.word, keyword: isASCII ? keywords.match(bytes, range) : nil, text: range, from: start, to: end)
      return end
    }
    // One column, whatever the length of the scalar (one byte for a malformed sequence).
    var end = start
    end.advance(overScalarOf: max(1, length))
    emit(.unknown, text: start.index..<end.index, from: start, to: end)
    return end
  }

  /// `@name`, or a lone `@`.
  mutating func lexAttribute(from start: SwiftLexPosition) -> SwiftLexPosition {
    var end = start
    end.index += 1
    let nameStart = end.index
    if SwiftIdentifierCharacters.isHead(scalar(at: nameStart).value.value) {
      end = scanIdentifierCharacters(from: end).end
    }
    emit(.attribute, text: nameStart..<end.index, from: start, to: end)
    return end
  }

  /// `` `name` ``; the closing backtick must be on the same line.
  mutating func lexBacktickedWord(from start: SwiftLexPosition) -> SwiftLexPosition {
    let contentStart = start.index + 1
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
      var content = start
      content.index = contentStart
      nameEnd = min(scanIdentifierCharacters(from: content).end.index, close)
    }
    let isIdentifier = isClosed && close > contentStart && nameEnd == close
    var end = start
    let target = isClosed ? close + 1 : close
    while end.index < target {
      end.step(over: bytes[end.index])
    }
    let kind: SwiftTokenKind = isClosed ? (isIdentifier ? .word : .invalidBacktick) : .unterminatedBacktick
    let text = isClosed ? contentStart..<close : contentStart..<nameEnd
    emit(kind, backticked: isIdentifier, text: text, from: start, to: end)
    return end
  }

  /// `/* ... */`, nested, possibly over several lines and possibly unterminated.
  private mutating func lexBlockComment(from start: SwiftLexPosition) -> SwiftLexPosition {
    var end = start
    end.index += 2
    var depth = 1
    while end.index < bytes.count && depth > 0 {
      let byte = bytes[end.index]
      if byte == UInt8(ascii: "*") && self.byte(end.index + 1) == UInt8(ascii: "/") {
        depth -= 1
        end.index += 2
      } else if byte == UInt8(ascii: "/") && self.byte(end.index + 1) == UInt8(ascii: "*") {
        depth += 1
        end.index += 2
      } else {
        end.step(over: byte)
      }
    }
    emit(.blockComment, from: start, to: end)
    return end
  }

  /// Moves to the end of the line, which stays for the new line token.
  private func skipLineComment(from start: SwiftLexPosition) -> SwiftLexPosition {
    var end = start
    while end.index < bytes.count && bytes[end.index] != 0x0A && lineSeparatorLength(at: end.index) == nil {
      end.step(over: bytes[end.index])
    }
    return end
  }

  /// The length of the line break other than `\n` at `offset`, if there is one: a carriage
  /// return, a next line (U+0085), a line or paragraph separator (U+2028, U+2029). libyaml ends a
  /// line at each (they are line breaks in YAML 1.1) and a body holds them when a double-quoted
  /// scalar writes them as escapes (`\r`, `\N`, `\L`, `\P`), so a member ends there too, as
  /// Swift would end it. Positions still count lines by `\n` alone, as the value's locator maps
  /// them (``ScalarLocator``).
  func lineSeparatorLength(at offset: Int) -> Int? {
    Self.lineSeparatorLength(in: bytes, at: offset)
  }

  /// ``lineSeparatorLength(at:)`` in any body's bytes (0D, C2 85, E2 80 A8 and E2 80 A9), for the
  /// one-pass parser too.
  static func lineSeparatorLength(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
    guard offset >= 0, offset < bytes.count else { return nil }
    switch bytes[offset] {
    case 0x0D: return 1
    case 0xC2: return offset + 1 < bytes.count && bytes[offset + 1] == 0x85 ? 2 : nil
    case 0xE2:
      guard offset + 2 < bytes.count, bytes[offset + 1] == 0x80 else { return nil }
      return bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9 ? 3 : nil
    default: return nil
    }
  }

  // MARK: Scalars

  /// Moves past identifier characters from `start`, which may be ASCII or not; `isASCII` is
  /// `true` when all those passed were ASCII.
  func scanIdentifierCharacters(from start: SwiftLexPosition) -> (end: SwiftLexPosition, isASCII: Bool) {
    var end = start
    var isASCII = true
    while end.index < bytes.count {
      let byte = bytes[end.index]
      if byte < 0x80 {
        guard SwiftIdentifierCharacters.isASCIIContinuation(byte) else { break }
        end.index += 1
      } else {
        let (decoded, length) = scalar(at: end.index)
        guard length > 0, SwiftIdentifierCharacters.isContinuation(decoded.value) else { break }
        end.advance(overScalarOf: length)
        isASCII = false
      }
    }
    return (end, isASCII)
  }

  /// The scalar whose UTF-8 sequence starts at `offset` and its length in bytes; U+0000 and
  /// length 0 for a malformed sequence.
  private func scalar(at offset: Int) -> (value: Unicode.Scalar, length: Int) {
    let invalid = (Unicode.Scalar(0 as UInt8), 0)
    let lead = byte(offset)
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
