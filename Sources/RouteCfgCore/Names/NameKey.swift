/// A name as a dictionary key, hashed with a cheap hash of its UTF-8 bytes instead of the
/// SipHash that `String` uses: the validator looks names up about a hundred thousand times on a
/// large manifest, and hashing was a tenth of its instructions.
///
/// Keys compare as `String`s do, by canonical equivalence, and equal keys hash alike: an ASCII
/// name hashes its bytes; a non-ASCII name that is canonically equivalent to an ASCII one (only
/// the Kelvin sign, the Greek question mark and the Greek varia are) hashes as that ASCII name;
/// any other name hashes as `String` does, which normalises it first.
package struct NameKey: Hashable, Sendable {
  package let name: String

  package init(_ name: String) { self.name = name }

  package static func == (lhs: NameKey, rhs: NameKey) -> Bool { lhs.name == rhs.name }

  package func hash(into hasher: inout Hasher) { hasher.combine(Self.hash(of: name)) }

  // Dictionary and Set ask this of their keys; answering it directly skips `Hasher`.
  package func _rawHashValue(seed: Int) -> Int {
    Int(truncatingIfNeeded: NameHash.finish(Self.hash(of: name) ^ UInt64(UInt(bitPattern: seed))))
  }

  /// The hash of `name`, equal for canonically equivalent names.
  @inline(__always)
  static func hash(of name: String) -> UInt64 {
    // The bytes in place when the string has them contiguous (native strings), else a copy's.
    let ascii =
      name.utf8.withContiguousStorageIfAvailable { NameHash.ascii(UnsafeRawBufferPointer($0)) }
      ?? {
        var copy = name
        return copy.withUTF8 { NameHash.ascii(UnsafeRawBufferPointer($0)) }
      }()
    if let ascii { return ascii }
    var bytes: [UInt8] = []
    for scalar in name.unicodeScalars {
      switch scalar.value {
      case 0..<0x80: bytes.append(UInt8(truncatingIfNeeded: scalar.value))
      case 0x212A: bytes.append(UInt8(ascii: "K"))  // KELVIN SIGN
      case 0x037E: bytes.append(UInt8(ascii: ";"))  // GREEK QUESTION MARK
      case 0x1FEF: bytes.append(UInt8(ascii: "`"))  // GREEK VARIA
      default: return UInt64(UInt(bitPattern: name.hashValue))
      }
    }
    return bytes.withUnsafeBytes { NameHash.ascii($0) } ?? 0
  }
}

/// A table keyed by name (``NameKey``), read and written with `String`s.
struct NameTable<Value> {
  private var storage: [NameKey: Value] = [:]

  init() {}

  subscript(_ name: String) -> Value? {
    get { storage[NameKey(name)] }
    set { storage[NameKey(name)] = newValue }
  }

  var count: Int { storage.count }

  /// The value stored for `name` already, or `nil` after storing `value` for it
  /// (``Swift/Dictionary/existingValue(for:elseStoring:)``).
  mutating func existingValue(for name: String, elseStoring value: Value) -> Value? {
    storage.existingValue(for: NameKey(name), elseStoring: value)
  }

  mutating func reserveCapacity(_ capacity: Int) { storage.reserveCapacity(capacity) }
}

extension NameTable: Sendable where Value: Sendable {}

/// The byte hash behind ``NameKey`` and ``ScalarInterner``.
///
/// It starts from a secret drawn once per process, as `String`'s SipHash does: without it, names
/// whose hashes collide can be computed in advance (the mix is invertible), and a manifest of
/// such names — a file an editor opens, a pull request CI validates — would make every table
/// lookup walk them all.
enum NameHash {
  /// The secret every hash starts from.
  static let seed = UInt64.random(in: .min ... .max)

  /// A hash of `bytes`, read eight at a time; `nil` when a byte is not ASCII.
  @inline(__always)
  static func ascii(_ bytes: UnsafeRawBufferPointer) -> UInt64? {
    ascii(bytes, seed: seed)
  }

  /// ``ascii(_:)`` from `seed` (tests give their own).
  @inline(__always)
  static func ascii(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64? {
    let count = bytes.count
    var hash = (UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15) ^ seed
    var highBits: UInt64 = 0
    @inline(__always) func mix(_ word: UInt64) {
      highBits |= word
      hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
      hash ^= hash >> 29
    }
    guard let base = bytes.baseAddress, count > 0 else { return hash }
    if count < 8 {
      var word: UInt64 = 0
      for offset in 0..<count { word |= UInt64(bytes[offset]) << (offset &* 8) }
      mix(word)
    } else {
      var offset = 0
      while offset &+ 8 <= count {
        mix(base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        offset &+= 8
      }
      // The last bytes, as the eight that end the text (overlapping words already mixed).
      if offset < count { mix(base.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)) }
    }
    return highBits & 0x8080_8080_8080_8080 == 0 ? hash : nil
  }

  /// Spreads every bit of `hash` over all bits (the finaliser of MurmurHash3), so that a table
  /// may use any of them.
  static func finish(_ hash: UInt64) -> UInt64 {
    var hash = hash
    hash ^= hash >> 33
    hash &*= 0xFF51_AFD7_ED55_8CCD
    hash ^= hash >> 33
    hash &*= 0xC4CE_B9FE_1A85_EC53
    hash ^= hash >> 33
    return hash
  }
}
