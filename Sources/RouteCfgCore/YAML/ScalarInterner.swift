#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Gives equal scalar texts one shared `String` while a file is read, so that a name written many
/// times (a protocol's name where it is declared and in `provides`, `requires`, adapters and
/// bindings) is stored once, and equal names compare by identity.
///
/// Only texts of 16 to 64 ASCII bytes are shared: shorter ones live inside the `String` value
/// without an allocation, and longer ones (member bodies) are rarely written twice. Shorter ones
/// are remembered instead, a few at a time (``RecentText``): a text written again soon (a key, a
/// module's kind, a member or type name in a body) is not decoded again.
package struct ScalarInterner {
  static let shortest = 16
  static let longest = 64
  /// The short texts remembered, one per slot chosen by their bytes.
  static let recentSlots = 1024

  /// A string shared and its hash, side by side: a probe reads both from one cache line.
  private struct Slot {
    var hash: UInt64 = 0
    var string: String?
  }

  private var slots: [Slot]
  private var count = 0
  private var recent: [RecentText]
  /// `false` for ``lookingUpOnly``: texts not in the table get strings of their own.
  private var insertsNew = true

  /// An interner that shares nothing and allocates nothing: what a parser holds when it is not
  /// given the one of the file being read (``BodyWriter/names``).
  static var none: ScalarInterner { ScalarInterner(slots: [], recent: []) }

  private init(slots: [Slot], recent: [RecentText]) {
    self.slots = slots
    self.recent = recent
  }

  /// - Parameter capacity: the slots to start with, rounded up to a power of two.
  init(capacity: Int = 1024) {
    var slots = 16
    while slots < capacity { slots &*= 2 }
    self.slots = Array(repeating: Slot(), count: slots)
    recent = Array(repeating: RecentText(), count: Self.recentSlots)
  }

  /// This interner, finding the strings it holds but adding none: copies of it share its table
  /// without copying it, so that two threads can each hold one (the bodies left at libyaml's
  /// last event, ``YAMLReader``).
  var lookingUpOnly: ScalarInterner {
    var copy = self
    copy.insertsNew = false
    return copy
  }

  /// The text of `bytes`, decoded as UTF-8: the string made for the same bytes before, when
  /// there is one.
  mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    if bytes.count < Self.shortest, !recent.isEmpty { return recentString(bytes) }
    guard bytes.count >= Self.shortest, bytes.count <= Self.longest, !slots.isEmpty,
      let hash = NameHash.ascii(UnsafeRawBufferPointer(bytes))
    else { return String(decoding: bytes, as: UTF8.self) }
    let mask = slots.count &- 1
    var slot = Self.firstSlot(hash, mask: mask)
    // Read only, so that a table shared by copies (``lookingUpOnly``) is not copied.
    let found: String? = slots.withUnsafeBufferPointer { slots in
      // A slot's string is read (and retained) only when its hash is the one asked for.
      while slots[slot].string != nil {
        if slots[slot].hash == hash, let existing = slots[slot].string, Self.hasBytes(existing, bytes) {
          return existing
        }
        slot = (slot &+ 1) & mask
      }
      return nil
    }
    if let found { return found }
    let string = String(decoding: bytes, as: UTF8.self)
    guard insertsNew else { return string }
    slots[slot] = Slot(hash: hash, string: string)
    count &+= 1
    if count &* 2 > slots.count { grow() }
    return string
  }

  /// The string of a short text: the one remembered in its slot when the slot holds the same
  /// bytes, else a new one, remembered in their place.
  private mutating func recentString(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    let text = RecentText(bytes)
    let slot = text.slot(mask: recent.count &- 1)
    // Read only, so that a table shared by copies (``lookingUpOnly``) is not copied.
    if let found = recent.withUnsafeBufferPointer({ $0[slot].matches(text) ? $0[slot].string : nil }) {
      return found
    }
    let string = String(decoding: bytes, as: UTF8.self)
    if insertsNew { recent[slot] = RecentText(text, string) }
    return string
  }

  /// `true` when the UTF-8 of `string` is `bytes`.
  private static func hasBytes(_ string: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    string.utf8.withContiguousStorageIfAvailable { stored in
      guard stored.count == bytes.count, let storedBase = stored.baseAddress, let base = bytes.baseAddress
      else { return false }
      return memcmp(storedBase, base, bytes.count) == 0
    } ?? false
  }

  /// Where a probe for `hash` starts in a table of `mask + 1` slots.
  private static func firstSlot(_ hash: UInt64, mask: Int) -> Int {
    Int(truncatingIfNeeded: hash >> 7) & mask
  }

  /// Twice the slots, the strings moved over (swapped with the new table's empty slots, so that
  /// none is retained or released on the way: in a large file's table most strings are far out
  /// of the cache).
  private mutating func grow() {
    var old: [Slot] = []
    swap(&old, &slots)
    var grown = Array(repeating: Slot(), count: old.count &* 2)
    let mask = grown.count &- 1
    old.withUnsafeMutableBufferPointer { old in
      grown.withUnsafeMutableBufferPointer { grown in
        for position in old.indices where old[position].string != nil {
          var slot = Self.firstSlot(old[position].hash, mask: mask)
          while grown[slot].string != nil { slot = (slot &+ 1) & mask }
          swap(&grown[slot], &old[position])
        }
      }
    }
    slots = grown
  }
}

/// A text of under 16 bytes and its string: the bytes in two little-endian words, padded with
/// zeros, the count in the last byte (where no byte of such a text is), so that equal words are
/// equal texts.
private struct RecentText {
  private var low: UInt64 = 0
  private var high: UInt64 = 0
  var string = ""

  init() {}

  /// The words of `bytes`, fewer than 16; without a string.
  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    (low, high) = PackedBytes.pack(bytes)
    high |= UInt64(bytes.count) << 56
  }

  /// `text` with its string.
  init(_ text: RecentText, _ string: String) {
    self = text
    self.string = string
  }

  func matches(_ other: RecentText) -> Bool { low == other.low && high == other.high }

  /// The slot of the text in a table of `mask + 1` slots.
  func slot(mask: Int) -> Int {
    let mixed = (low ^ (high &* 0x9E37_79B9_7F4A_7C15)) &* 0xFF51_AFD7_ED55_8CCD
    return Int(truncatingIfNeeded: mixed >> 40) & mask
  }
}
