/// The length in bytes of the well-formed UTF-8 sequence at `offset`, ending by `limit`
/// (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF); `nil` for a byte that
/// starts none: a stray continuation byte, a lead byte UTF-8 never uses, or a sequence cut short.
@inline(__always)
package func wellFormedUTF8SequenceLength(in bytes: [UInt8], at offset: Int, limit: Int) -> Int? {
  let length: Int
  var low: UInt8 = 0x80
  var high: UInt8 = 0xBF
  switch bytes[offset] {
  case 0x00...0x7F: return 1
  case 0xC2...0xDF: length = 2
  case 0xE0: (length, low) = (3, 0xA0)
  case 0xE1...0xEC, 0xEE...0xEF: length = 3
  case 0xED: (length, high) = (3, 0x9F)
  case 0xF0: (length, low) = (4, 0x90)
  case 0xF1...0xF3: length = 4
  case 0xF4: (length, high) = (4, 0x8F)
  default: return nil
  }
  guard offset + length <= limit, bytes[offset + 1] >= low, bytes[offset + 1] <= high else { return nil }
  for next in offset + 2..<offset + length where bytes[next] & 0xC0 != 0x80 { return nil }
  return length
}

/// The length in bytes of the UTF-8 sequence a byte starts (1 for a stray continuation byte or
/// an invalid lead byte, so that any byte string can be walked).
@inline(__always)
package func utf8SequenceLength(_ lead: UInt8) -> Int {
  switch lead {
  case 0xF0...0xF7: return 4
  case 0xE0...0xEF: return 3
  case 0xC2...0xDF: return 2
  default: return 1
  }
}
