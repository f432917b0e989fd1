/// The kind of each name the chunks of type references hold, found once per name and chunk.
///
/// Member types name the same few types over and over (`String`, `Int`, a delegate), and a
/// chunk of references (``TypeReferenceChunk``) keeps each name it is written with once: so
/// the kind of most references is read from an array by the name's slot (``TypeNameSlot``),
/// instead of hashing the name to look it up.
struct ChunkNameKinds {
  /// Kinds other than a protocol, its metatype and a well-known type, in the order found.
  private var otherKinds: [TypeNameKind] = []
  /// For the chunk of names read last, each name's kind as a code (``code(of:)``), or -1 for
  /// none yet.
  private var current: [Int32] = []
  private var currentChunk: ObjectIdentifier?
  /// The same for the other chunks read so far.
  private var others: [ObjectIdentifier: [Int32]] = [:]

  /// The kind found for the name at `slot`; `nil` when none was recorded.
  mutating func kind(at slot: TypeNameSlot) -> TypeNameKind? {
    select(slot.names)
    guard slot.index < current.count else { return nil }
    let code = current[slot.index]
    guard code >= 0 else { return nil }
    // A protocol's ID and a metatype's in the high bits, the case in the low two.
    switch code & 3 {
    case 0: return .protocol(Int(code >> 2))
    case 1: return .protocolMetatype(Int(code >> 2))
    case 2: return .wellKnown
    default: return otherKinds[Int(code >> 2)]
    }
  }

  /// Records `kind` for the name at `slot`, after ``kind(at:)`` found none.
  mutating func record(_ kind: TypeNameKind, at slot: TypeNameSlot) {
    select(slot.names)
    if slot.index >= current.count {
      current.append(contentsOf: repeatElement(-1, count: slot.index + 1 - current.count))
    }
    current[slot.index] = code(of: kind)
  }

  /// `kind` in 32 bits: a protocol or metatype ID (they number declarations, far below 2^29)
  /// with the case, or the index of a kind kept in `otherKinds`.
  private mutating func code(of kind: TypeNameKind) -> Int32 {
    switch kind {
    case .protocol(let id): return Int32(truncatingIfNeeded: id) << 2
    case .protocolMetatype(let id): return Int32(truncatingIfNeeded: id) << 2 | 1
    case .wellKnown: return 2
    case .neverHashable, .external:
      otherKinds.append(kind)
      return Int32(truncatingIfNeeded: otherKinds.count - 1) << 2 | 3
    }
  }

  /// Makes `chunk`'s the current table, putting the current one aside.
  private mutating func select(_ chunk: ObjectIdentifier) {
    guard chunk != currentChunk else { return }
    if let currentChunk { others[currentChunk] = current }
    current = others.removeValue(forKey: chunk) ?? []
    currentChunk = chunk
  }
}
