/// Numbers for strings by identity, in a fixed table: two strings are the same entry when their
/// bits are, which holds for a short string (its bytes are its bits) and for a long one whose
/// storage is shared (the names of a file's bodies are: ``BodyWriter/names``). Equal texts in
/// two storages are two entries, but no two texts ever share one, so a string's number always
/// gives back its exact bytes; and finding one costs no retain, no hash of its bytes and no
/// comparison of them.
///
/// The strings whose bits are entered must stay alive while they are (their storage must not
/// be freed and reused): the caller keeps them, in what the numbers index.
struct StringIdentityTable {
  private struct Entry {
    var low: UInt64
    var high: UInt64
    /// `UInt32.max` for a free slot.
    var number: UInt32
  }

  private var entries: [Entry]
  private var count = 0
  /// The process's secret (``NameHash/seed``), read once: probes start from it, so that short
  /// names that collide cannot be written in advance.
  private let seed = NameHash.seed

  /// A table of `slots` slots (a power of two), which enters up to half as many strings.
  init(slots: Int) {
    precondition(slots > 0 && slots & (slots - 1) == 0, "a string identity table's slots are a power of two")
    entries = Array(repeating: Entry(low: 0, high: 0, number: .max), count: slots)
  }

  /// The number entered for `string`'s bits, if any.
  func number(of string: String) -> UInt32? {
    let (low, high) = string.identityBits
    let mask = entries.count &- 1
    var slot = firstSlot(low, high, mask: mask)
    while entries[slot].number != .max {
      if entries[slot].low == low, entries[slot].high == high { return entries[slot].number }
      slot = (slot &+ 1) & mask
    }
    return nil
  }

  /// Enters `number` for `string`'s bits, which have none; does nothing once the table is half
  /// full (the string then gets no number here, and its caller a new one each time).
  mutating func enter(_ string: String, number: UInt32) {
    guard count &* 2 < entries.count else { return }
    let (low, high) = string.identityBits
    let mask = entries.count &- 1
    var slot = firstSlot(low, high, mask: mask)
    while entries[slot].number != .max { slot = (slot &+ 1) & mask }
    entries[slot] = Entry(low: low, high: high, number: number)
    count &+= 1
  }

  /// Forgets every entry.
  mutating func removeAll() {
    guard count > 0 else { return }
    for slot in entries.indices { entries[slot].number = .max }
    count = 0
  }

  /// Where a probe for the words starts.
  private func firstSlot(_ low: UInt64, _ high: UInt64, mask: Int) -> Int {
    Int(truncatingIfNeeded: NameHash.finish(low ^ (high &* 0x9E37_79B9_7F4A_7C15) ^ seed)) & mask
  }
}
