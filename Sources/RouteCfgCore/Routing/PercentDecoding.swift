/// Percent-decoding of URL segments, query keys and query values.
enum PercentDecoding {
  /// Why text does not decode.
  enum Failure: Error, Equatable {
    /// `%` not followed by two hexadecimal digits (`%zz`, a truncated `%`).
    case invalidEscape
    /// The text holds NUL, written raw or as `%00`.
    case nul
    /// The escapes decode to bytes that are not UTF-8.
    case invalidUTF8

    var reason: String {
      switch self {
      case .invalidEscape: return "the URL has an invalid percent escape ('%' and two hex digits)"
      case .nul: return "the URL holds NUL (%00)"
      case .invalidUTF8: return "the URL's percent escapes decode to invalid UTF-8"
      }
    }
  }

  /// Decodes `%XX` escapes. Text without `%` is copied as it is, with no other allocation.
  static func decode(_ text: Substring) -> Result<String, Failure> {
    var hasEscape = false
    for byte in text.utf8 {
      if byte == UInt8(ascii: "%") {
        hasEscape = true
      } else if byte == 0 {
        return .failure(.nul)
      }
    }
    guard hasEscape else { return .success(String(text)) }

    var decoded: [UInt8] = []
    decoded.reserveCapacity(text.utf8.count)
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      guard byte == UInt8(ascii: "%") else {
        decoded.append(byte)
        continue
      }
      guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
        return .failure(.invalidEscape)
      }
      let value = high << 4 | low
      if value == 0 { return .failure(.nul) }
      decoded.append(value)
    }
    guard isValidUTF8(decoded) else { return .failure(.invalidUTF8) }
    return .success(String(decoding: decoded, as: UTF8.self))
  }

  /// Decodes `%XX` escapes of `text` into `output` (at least as long as `text`) and returns
  /// the decoded length, with the checks and failures of ``decode(_:)`` (NUL first, then the
  /// escapes in order, then UTF-8).
  static func decode(_ text: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>)
    -> Result<Int, Failure>
  {
    if text.contains(0) { return .failure(.nul) }
    var length = 0
    var index = 0
    var highBytes = false
    while index < text.count {
      let byte = text[index]
      guard byte == UInt8(ascii: "%") else {
        output[length] = byte
        length += 1
        index += 1
        continue
      }
      guard index + 2 < text.count, let high = hexValue(text[index + 1]), let low = hexValue(text[index + 2])
      else { return .failure(.invalidEscape) }
      let value = high << 4 | low
      if value == 0 { return .failure(.nul) }
      highBytes = highBytes || value >= 0x80
      output[length] = value
      length += 1
      index += 3
    }
    if highBytes, !isValidUTF8(UnsafeBufferPointer(rebasing: output[..<length])) {
      return .failure(.invalidUTF8)
    }
    return .success(length)
  }

  /// `true` when `bytes` are well-formed UTF-8 (no overlong forms, surrogates or values past
  /// U+10FFFF). Written with the codec because `String(validating:as:)` needs macOS 15.
  private static func isValidUTF8<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
    var codec = UTF8()
    var iterator = bytes.makeIterator()
    while true {
      switch codec.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: return true
      case .error: return false
      }
    }
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: return byte - 0x30
    case 0x41...0x46: return byte - 0x41 + 10
    case 0x61...0x66: return byte - 0x61 + 10
    default: return nil
    }
  }
}
