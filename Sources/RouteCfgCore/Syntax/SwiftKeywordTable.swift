/// Matches the bytes of a word against the keywords without building a `String`: each keyword
/// is packed into two integers and stored in a small open-addressing hash table.
struct SwiftKeywordTable: Sendable {
  private struct Entry: Sendable {
    var low: UInt64
    var high: UInt64
    var keyword: SwiftKeyword?
  }

  /// The longest keyword, in bytes.
  private static let maxLength = 16
  /// A power of two, about four times the number of keywords.
  private static let capacity = 512
  private var slots: [Entry]

  init() {
    slots = [Entry](repeating: Entry(low: 0, high: 0, keyword: nil), count: Self.capacity)
    for keyword in SwiftKeyword.allCases {
      let bytes = Array(keyword.rawValue.utf8)
      let (low, high) = bytes.withUnsafeBufferPointer { Self.pack($0, 0..<bytes.count) }
      var slot = Self.slot(low, high)
      while slots[slot].keyword != nil {
        slot = (slot + 1) & (Self.capacity - 1)
      }
      slots[slot] = Entry(low: low, high: high, keyword: keyword)
    }
  }

  /// The keyword spelled by `bytes[range]`, if any.
  func match(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> SwiftKeyword? {
    guard !range.isEmpty, range.count <= Self.maxLength else { return nil }
    // Keywords start with a lowercase letter, `_`, `A` (Any) or `S` (Self).
    let head = bytes[range.lowerBound]
    guard head >= UInt8(ascii: "_") || head == UInt8(ascii: "A") || head == UInt8(ascii: "S") else {
      return nil
    }
    let (low, high) = Self.pack(bytes, range)
    return slots.withUnsafeBufferPointer { slots in
      var slot = Self.slot(low, high)
      while let keyword = slots[slot].keyword {
        if slots[slot].low == low && slots[slot].high == high { return keyword }
        slot = (slot + 1) & (Self.capacity - 1)
      }
      return nil
    }
  }

  private static func slot(_ low: UInt64, _ high: UInt64) -> Int {
    let mixed = (low ^ (high &* 0xFF51_AFD7_ED55_8CCD)) &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: mixed >> 55) & (capacity - 1)
  }

  /// Up to 16 bytes as two little-endian integers, zero-padded.
  private static func pack(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (UInt64, UInt64) {
    var low: UInt64 = 0
    var high: UInt64 = 0
    let count = min(range.count, maxLength)
    var offset = 0
    while offset < count {
      let value = UInt64(bytes[range.lowerBound + offset])
      if offset < 8 {
        low |= value << (8 &* UInt64(offset))
      } else {
        high |= value << (8 &* UInt64(offset &- 8))
      }
      offset += 1
    }
    return (low, high)
  }
}
