/// Which Unicode scalars may start or continue a Swift identifier, following the
/// "Identifiers" section of The Swift Programming Language (identifier-head and
/// identifier-character).
enum SwiftIdentifierCharacters {
  /// `true` when `scalar` may start an identifier.
  static func isHead(_ scalar: UInt32) -> Bool {
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
  static func isContinuation(_ scalar: UInt32) -> Bool {
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
    (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte == UInt8(ascii: "_") || byte &- UInt8(ascii: "0") < 10
  }

  /// `0`-`9`.
  @inline(__always)
  static func isASCIIDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }
}
