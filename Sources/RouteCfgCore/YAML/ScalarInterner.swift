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
/// without an allocation, and longer ones (member bodies) are rarely written twice.
package struct ScalarInterner {
  static let shortest = 16
  static let longest = 64

  private var strings: [String?]
  private var hashes: [UInt64]
  private var count = 0

  /// An interner that shares nothing and allocates nothing: what a parser holds when it is not
  /// given the one of the file being read (``BodyWriter/names``).
  static var none: ScalarInterner { ScalarInterner(slots: []) }

  private init(slots: [String?]) {
    strings = slots
    hashes = []
  }

  /// - Parameter capacity: the slots to start with, rounded up to a power of two.
  init(capacity: Int = 1024) {
    var slots = 16
    while slots < capacity { slots &*= 2 }
    strings = Array(repeating: nil, count: slots)
    hashes = Array(repeating: 0, count: slots)
  }

  /// The text of `bytes`, decoded as UTF-8: the string made for the same bytes before, when
  /// there is one.
  mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    guard bytes.count >= Self.shortest, bytes.count <= Self.longest, !strings.isEmpty,
      let hash = NameHash.ascii(UnsafeRawBufferPointer(bytes))
    else { return String(decoding: bytes, as: UTF8.self) }
    let mask = strings.count &- 1
    var slot = Self.firstSlot(hash, mask: mask)
    while let existing = strings[slot] {
      if hashes[slot] == hash, Self.hasBytes(existing, bytes) { return existing }
      slot = (slot &+ 1) & mask
    }
    let string = String(decoding: bytes, as: UTF8.self)
    strings[slot] = string
    hashes[slot] = hash
    count &+= 1
    if count &* 2 > strings.count { grow() }
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

  private mutating func grow() {
    let old = (strings, hashes)
    strings = Array(repeating: nil, count: old.0.count &* 2)
    hashes = Array(repeating: 0, count: old.0.count &* 2)
    let mask = strings.count &- 1
    for (string, hash) in zip(old.0, old.1) {
      guard let string else { continue }
      var slot = Self.firstSlot(hash, mask: mask)
      while strings[slot] != nil { slot = (slot &+ 1) & mask }
      strings[slot] = string
      hashes[slot] = hash
    }
  }
}
