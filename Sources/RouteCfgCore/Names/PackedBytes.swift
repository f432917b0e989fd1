/// Up to 16 bytes packed into two little-endian integers, zero-padded: a short word or name
/// compared, hashed and looked up as two integers rather than as a `String`
/// (``SwiftWordTable``, ``ScalarInterner``).
enum PackedBytes {
  /// The most bytes packed.
  static let maxLength = 16

  /// The first 16 bytes, at most, of `bytes[range]`.
  ///
  /// Reads whole 8-byte words: from the start of the range when 16 bytes follow it, or else
  /// for each half, the eight bytes that end with it, shifted; never a byte past `bytes`.
  @inline(__always)
  static func pack(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (UInt64, UInt64) {
    let count = min(range.count, maxLength)
    guard let base = bytes.baseAddress, bytes.count &- range.lowerBound >= 16 else {
      return packNearEnd(bytes, range.lowerBound, count)
    }
    let raw = UnsafeRawPointer(base + range.lowerBound)
    let low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
    let high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    // Keep the first `count` (1 to 16) bytes.
    let lowMask = UInt64.max &>> UInt64(64 &- 8 &* min(count, 8))
    let highMask = count > 8 ? UInt64.max &>> UInt64(128 &- 8 &* count) : 0
    return (low & lowMask, high & highMask)
  }

  /// ``pack(_:_:)`` for `count` bytes from `start` in the last 16 bytes of `bytes`.
  private static func packNearEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> (
    UInt64, UInt64
  ) {
    // With 24 bytes or more, each half ends at least 8 bytes into them.
    guard let base = bytes.baseAddress, bytes.count >= 24 else {
      return pack(UnsafeBufferPointer(rebasing: bytes[start..<start &+ count]))
    }
    // `length` (1 to 8) bytes that end at `end`.
    func half(endingAt end: Int, length: Int) -> UInt64 {
      let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: end &- 8, as: UInt64.self)
      return UInt64(littleEndian: word) &>> UInt64(64 &- 8 &* length)
    }
    guard count > 8 else { return (half(endingAt: start &+ count, length: count), 0) }
    return (half(endingAt: start &+ 8, length: 8), half(endingAt: start &+ count, length: count &- 8))
  }

  /// All of `bytes`, 16 at most, read without a byte past them.
  @inline(__always)
  static func pack(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
    guard let base = bytes.baseAddress else { return (0, 0) }
    let count = min(bytes.count, maxLength)
    let raw = UnsafeRawPointer(base)
    return (word(raw, count: min(count, 8)), word(raw + 8, count: max(count &- 8, 0)))
  }

  /// The `count` bytes (up to 8) at `bytes` as one word, read in at most two loads that overlap
  /// rather than byte by byte, and never past the last byte.
  @inline(__always)
  private static func word(_ bytes: UnsafeRawPointer, count: Int) -> UInt64 {
    switch count {
    case 8...:
      return UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self))
    case 4...7:
      let first = UInt64(UInt32(littleEndian: bytes.loadUnaligned(as: UInt32.self)))
      let last = UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
      return first | last << ((count - 4) * 8)
    case 2...3:
      let first = UInt64(UInt16(littleEndian: bytes.loadUnaligned(as: UInt16.self)))
      let last = UInt64(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)))
      return first | last << ((count - 2) * 8)
    case 1:
      return UInt64(bytes.load(as: UInt8.self))
    default:
      return 0
    }
  }
}
