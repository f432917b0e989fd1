/// Why a JSON text could not be read: what was wrong and the byte offset where it was found.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
  public let message: String
  public let offset: Int

  public var description: String { "\(message) at byte \(offset)" }
}

/// Reads JSON (RFC 8259) into a ``JSONValue``: strict syntax, nesting bounded by ``maxDepth``,
/// integers that fit `Int` as `.int`, other numbers as `.double`. Invalid UTF-8 and lone
/// surrogates in strings become U+FFFD, as in every editor's JSON reader.
public enum JSONParser {
  /// Arrays and objects nested deeper than this are refused (language server messages nest a
  /// few levels; the bound keeps hostile input from exhausting the stack).
  public static let maxDepth = 128

  /// The JSON value of `bytes` (UTF-8).
  public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
    try parseWithKeyOffsets(bytes).value
  }

  /// The JSON value of `text`.
  public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
    try parse(Array(text.utf8))
  }

  /// The value, and where each key of its members starts (the byte offset of its `"`) when it is
  /// an object, in the order written: a file of options (a plugin's configuration) reports a
  /// problem with a member at its key, a key written twice included.
  public static func parseWithKeyOffsets(_ bytes: [UInt8]) throws(JSONParseError) -> (
    value: JSONValue, keyOffsets: [Int]
  ) {
    try bytes.withUnsafeBufferPointer { buffer throws(JSONParseError) in
      var cursor = JSONCursor(buffer)
      cursor.skipWhitespace()
      let value = try cursor.value(depth: 0)
      cursor.skipWhitespace()
      guard cursor.atEnd else { throw cursor.error("unexpected text after the JSON value") }
      return (value, cursor.rootKeyOffsets)
    }
  }
}

/// A position in the bytes being read.
private struct JSONCursor {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0
  /// Where the keys of the outermost object start.
  var rootKeyOffsets: [Int] = []

  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  var atEnd: Bool { index >= bytes.count }

  func error(_ message: String) -> JSONParseError { JSONParseError(message: message, offset: index) }

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  mutating func value(depth: Int) throws(JSONParseError) -> JSONValue {
    guard index < bytes.count else { throw error("unexpected end of the JSON text") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object(depth: depth + 1)
    case UInt8(ascii: "["): return try array(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default: throw error("unexpected character")
    }
  }

  private mutating func literal(_ word: String, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
    for expected in word.utf8 {
      guard index < bytes.count else { throw error("unexpected end of the JSON text") }
      guard bytes[index] == expected else { throw error("unexpected character") }
      index += 1
    }
    return value
  }

  private mutating func object(depth: Int) throws(JSONParseError) -> JSONValue {
    guard depth <= JSONParser.maxDepth else {
      throw error("JSON nested more than \(JSONParser.maxDepth) deep")
    }
    index += 1
    var members: [(String, JSONValue)] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw error("expected a string key")
      }
      if depth == 1 { rootKeyOffsets.append(index) }
      let key = try string()
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
      index += 1
      skipWhitespace()
      members.append((key, try value(depth: depth)))
      if try endsCollection(closedBy: UInt8(ascii: "}")) { return .object(members) }
    }
  }

  private mutating func array(depth: Int) throws(JSONParseError) -> JSONValue {
    guard depth <= JSONParser.maxDepth else {
      throw error("JSON nested more than \(JSONParser.maxDepth) deep")
    }
    index += 1
    var items: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(items)
    }
    while true {
      skipWhitespace()
      items.append(try value(depth: depth))
      if try endsCollection(closedBy: UInt8(ascii: "]")) { return .array(items) }
    }
  }

  /// After an item of an object or array: `true` past its closing `}` or `]`, `false` past the
  /// `,` before another item; anything else is an error.
  private mutating func endsCollection(closedBy close: UInt8) throws(JSONParseError) -> Bool {
    skipWhitespace()
    guard index < bytes.count else { throw error("unexpected end of the JSON text") }
    if bytes[index] == UInt8(ascii: ",") {
      index += 1
      return false
    }
    guard bytes[index] == close else {
      throw error("expected ',' or '\(String(UnicodeScalar(close)))'")
    }
    index += 1
    return true
  }

  private mutating func number() throws(JSONParseError) -> JSONValue {
    let start = index
    var isInteger = true
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number") }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number") }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      isInteger = false
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number") }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    if isInteger, let integer = Int(text) { return .int(integer) }
    guard let double = Double(text) else { throw JSONParseError(message: "invalid number", offset: start) }
    return .double(double)
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  /// A string starting at the opening quote.
  mutating func string() throws(JSONParseError) -> String {
    index += 1
    let start = index
    // Fast path: no escapes.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        index += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw error("control character in a string") }
      index += 1
    }
    var scratch: [UInt8] = []
    scratch.reserveCapacity(index - start + 16)
    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return String(decoding: scratch, as: UTF8.self)
      }
      if byte < 0x20 { throw error("control character in a string") }
      if byte != UInt8(ascii: "\\") {
        // Copy the run up to the next quote or escape in one go.
        let runStart = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"),
          bytes[index] >= 0x20
        {
          index += 1
        }
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        continue
      }
      index += 1
      guard index < bytes.count else { break }
      let escaped = bytes[index]
      index += 1
      switch escaped {
      case UInt8(ascii: "\""): scratch.append(0x22)
      case UInt8(ascii: "\\"): scratch.append(0x5C)
      case UInt8(ascii: "/"): scratch.append(0x2F)
      case UInt8(ascii: "b"): scratch.append(0x08)
      case UInt8(ascii: "f"): scratch.append(0x0C)
      case UInt8(ascii: "n"): scratch.append(0x0A)
      case UInt8(ascii: "r"): scratch.append(0x0D)
      case UInt8(ascii: "t"): scratch.append(0x09)
      case UInt8(ascii: "u"): appendScalar(try unicodeEscape(), to: &scratch)
      default: throw error("invalid escape in a string")
      }
    }
    throw error("unterminated string")
  }

  /// The scalar of a `\uXXXX` escape (the `\u` already read), joining surrogate pairs.
  private mutating func unicodeEscape() throws(JSONParseError) -> Unicode.Scalar {
    let first = try hex4()
    if (0xD800..<0xDC00).contains(first) {
      if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
        let saved = index
        index += 2
        let second = try hex4()
        if (0xDC00..<0xE000).contains(second) {
          let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
          return Unicode.Scalar(value) ?? "\u{FFFD}"
        }
        index = saved
      }
      return "\u{FFFD}"
    }
    return Unicode.Scalar(first) ?? "\u{FFFD}"
  }

  private mutating func hex4() throws(JSONParseError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("invalid \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw error("invalid \\u escape")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  private func appendScalar(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
    let value = scalar.value
    switch value {
    case 0..<0x80:
      bytes.append(UInt8(value))
    case 0x80..<0x800:
      bytes.append(UInt8(0xC0 | value >> 6))
      bytes.append(UInt8(0x80 | value & 0x3F))
    case 0x800..<0x10000:
      bytes.append(UInt8(0xE0 | value >> 12))
      bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
      bytes.append(UInt8(0x80 | value & 0x3F))
    default:
      bytes.append(UInt8(0xF0 | value >> 18))
      bytes.append(UInt8(0x80 | value >> 12 & 0x3F))
      bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
      bytes.append(UInt8(0x80 | value & 0x3F))
    }
  }
}
