/// Finds a word among a fixed set of words (of 1 to 16 ASCII bytes) from its bytes, without
/// building a `String`: each word is packed into two integers and stored in a small
/// open-addressing hash table.
///
/// A first test on the word's length, first byte and last byte rejects most other words before
/// the table is looked at.
///
/// The tables are made once, for the life of the process, in memory that is never freed, so
/// that using one costs no reference counting. They are immutable once made.
struct SwiftWordTable<Value: BitwiseCopyable & Sendable>: @unchecked Sendable {
  private struct Entry {
    var low: UInt64
    var high: UInt64
    var value: Value?
  }

  /// The longest word, in bytes.
  private static var maxLength: Int { PackedBytes.maxLength }
  /// A power of two, about four times the number of words or more.
  private let capacity: Int
  private let slots: UnsafePointer<Entry>
  /// For each length `n`, at `n` a bit for the first byte (modulo 64) of each word of that
  /// length, and at `maxLength + 1 + n` a bit for the last byte.
  private let edges: UnsafePointer<UInt64>

  init(_ words: [(String, Value)]) {
    var capacity = 64
    while capacity < words.count * 4 { capacity *= 2 }
    self.capacity = capacity
    let slots = UnsafeMutablePointer<Entry>.allocate(capacity: capacity)
    slots.initialize(repeating: Entry(low: 0, high: 0, value: nil), count: capacity)
    let edges = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 * (Self.maxLength + 1))
    edges.initialize(repeating: 0, count: 2 * (Self.maxLength + 1))
    for (word, value) in words {
      let bytes = Array(word.utf8)
      precondition((1...Self.maxLength).contains(bytes.count), "words have 1 to 16 bytes")
      let (low, high) = bytes.withUnsafeBufferPointer { PackedBytes.pack($0, 0..<bytes.count) }
      var slot = Self.slot(low, high, capacity: capacity)
      while slots[slot].value != nil {
        slot = (slot + 1) & (capacity - 1)
      }
      slots[slot] = Entry(low: low, high: high, value: value)
      edges[bytes.count] |= 1 << UInt64(bytes[0] & 63)
      edges[Self.maxLength + 1 + bytes.count] |= 1 << UInt64(bytes[bytes.count - 1] & 63)
    }
    self.slots = UnsafePointer(slots)
    self.edges = UnsafePointer(edges)
  }

  /// The value of the word spelled by `bytes[range]`, if it is one of the words.
  @inline(__always)
  func match(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Value? {
    let count = range.count
    guard count > 0, count <= Self.maxLength else { return nil }
    let first = UInt64(bytes[range.lowerBound])
    let last = UInt64(bytes[range.upperBound &- 1])
    let isCandidate = (edges[count] >> (first & 63)) & (edges[Self.maxLength + 1 + count] >> (last & 63)) & 1
    guard isCandidate != 0 else { return nil }
    return lookUp(PackedBytes.pack(bytes, range))
  }

  /// The value of the word of `count` bytes packed as `low` and `high` (as ``PackedBytes`` does),
  /// if it is one of the words.
  @inline(__always)
  func match(low: UInt64, high: UInt64, count: Int) -> Value? {
    guard count > 0, count <= Self.maxLength else { return nil }
    let first = low & 0xFF
    let last = count <= 8 ? low >> UInt64(8 &* (count &- 1)) : high >> UInt64(8 &* (count &- 9))
    let isCandidate = (edges[count] >> (first & 63)) & (edges[Self.maxLength + 1 + count] >> (last & 63)) & 1
    guard isCandidate != 0 else { return nil }
    return lookUp((low, high))
  }

  /// `word`'s first `count` bytes, zero-padded: none for `count` up to 0, all from 8 on.
  @inline(__always)
  static func prefix(_ word: UInt64, _ count: Int) -> UInt64 {
    guard count < 8 else { return word }
    return count > 0 ? word & ((1 &<< UInt64(8 &* count)) &- 1) : 0
  }

  /// The value of the word packed as `key`, if any.
  @inline(__always)
  private func lookUp(_ key: (low: UInt64, high: UInt64)) -> Value? {
    var slot = Self.slot(key.low, key.high, capacity: capacity)
    while true {
      let entry = slots[slot]
      guard let value = entry.value else { return nil }
      if entry.low == key.low && entry.high == key.high { return value }
      slot = (slot + 1) & (capacity - 1)
    }
  }

  @inline(__always)
  private static func slot(_ low: UInt64, _ high: UInt64, capacity: Int) -> Int {
    let mixed = (low ^ (high &* 0xFF51_AFD7_ED55_8CCD)) &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: mixed >> 48) & (capacity - 1)
  }
}
