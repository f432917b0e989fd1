/// Which Unicode scalars may start or continue a Swift identifier, following the
/// "Identifiers" section of The Swift Programming Language (identifier-head and
/// identifier-character).
package enum SwiftIdentifierCharacters {
  /// `true` when `scalar` may start an identifier.
  package static func isHead(_ scalar: UInt32) -> Bool {
    if scalar < 0x80 { return isASCIIHead(UInt8(truncatingIfNeeded: scalar)) }
    switch scalar {
    case 0xA8, 0xAA, 0xAD, 0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE, 0xC0...0xD6, 0xD8...0xF6,
      0xF8...0xFF, 0x100...0x2FF, 0x370...0x167F, 0x1681...0x180D, 0x180F...0x1DBF,
      0x1E00...0x1FFF, 0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040, 0x2054,
      0x2060...0x206F, 0x2070...0x20CF, 0x2100...0x218F, 0x2460...0x24FF, 0x2776...0x2793,
      0x2C00...0x2DFF, 0x2E80...0x2FFF, 0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F,
      0x3040...0xD7FF, 0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE1F, 0xFE30...0xFE44,
      0xFE47...0xFFFD:
      return true
    case 0x10000...0xEFFFD:
      // U+n0000 to U+nFFFD in each of the planes 1 to 14.
      return scalar & 0xFFFF <= 0xFFFD
    default:
      return false
    }
  }

  /// `true` when `scalar` may appear after the first scalar of an identifier.
  package static func isContinuation(_ scalar: UInt32) -> Bool {
    if scalar < 0x80 {
      return isASCIIContinuation(UInt8(truncatingIfNeeded: scalar))
    }
    switch scalar {
    case 0x300...0x36F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: return true
    default: return isHead(scalar)
    }
  }

  /// `A`-`Z`, `a`-`z` and `_`.
  @inline(__always)
  static func isASCIIHead(_ byte: UInt8) -> Bool {
    (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte == UInt8(ascii: "_")
  }

  /// `A`-`Z`, `a`-`z`, `_` and `0`-`9`.
  @inline(__always)
  static func isASCIIContinuation(_ byte: UInt8) -> Bool {
    // One bit per ASCII byte: `0`-`9` in the first 64, `A`-`Z`, `_` and `a`-`z` in the next.
    let digits: UInt64 = 0x03FF_0000_0000_0000
    let letters: UInt64 = 0x07FF_FFFE_87FF_FFFE
    let bits = byte & 0x40 == 0 ? digits : letters
    return byte < 0x80 && (bits >> UInt64(byte & 0x3F)) & 1 != 0
  }

  /// How many of the eight bytes of `word`, from the first on, are `A`-`Z`, `a`-`z`, `_` or
  /// `0`-`9`: 0 to 8. The first byte is the least significant one.
  ///
  /// Tests the eight bytes at once: with the top bit of a byte set, subtracting at most 0x80
  /// from it borrows from no other byte, and leaves the top bit set where the low seven bits
  /// are at least what was subtracted.
  @inline(__always)
  static func asciiContinuationCount(_ word: UInt64) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let tops: UInt64 = 0x8080_8080_8080_8080
    let marked = word | tops
    // Letters in lowercase.
    let lowered = marked | (ones &* 0x20)
    func atLeast(_ value: UInt64, in bytes: UInt64) -> UInt64 { (bytes &- ones &* value) & tops }
    let digits = atLeast(0x30, in: marked) & ~atLeast(0x3A, in: marked)
    let underscores = atLeast(0x5F, in: marked) & ~atLeast(0x60, in: marked)
    let letters = atLeast(0x61, in: lowered) & ~atLeast(0x7B, in: lowered)
    let others = ~((digits | underscores | letters) & ~word) & tops
    return others == 0 ? 8 : others.trailingZeroBitCount >> 3
  }

  /// `0`-`9`.
  @inline(__always)
  static func isASCIIDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }
}
