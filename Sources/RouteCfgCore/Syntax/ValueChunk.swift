/// Values of many declarations, one declaration's after another's, in memory that never moves:
/// a declaration's values (a method's parameters, a body's members) are a range of a chunk
/// (``ChunkedValues``) instead of an array of their own.
///
/// Most methods take one or two parameters and most bodies declare a few members, so an array
/// each cost an allocation and a 32-byte header; in a chunk hundreds share one allocation.
///
/// Only the ``ValueChunkWriter`` that made a chunk appends to it, on its thread; the values it
/// appended before never change, so the declarations that hold their ranges read them from any
/// thread once handed over. A chunk made from values in hand holds just those.
final class ValueChunk<Element>: @unchecked Sendable {
  let capacity: Int
  private let base: UnsafeMutablePointer<Element>
  /// The values appended so far; changed only by the writer that owns the chunk, on its thread.
  @exclusivity(unchecked) private(set) var count = 0

  /// An empty chunk, to be filled by a writer.
  init(capacity: Int) {
    self.capacity = capacity
    base = UnmanagedMemory.allocate(Element.self, capacity: capacity)
  }

  /// A chunk that holds `values`, in order.
  init(_ values: [Element]) {
    capacity = values.count
    base = UnmanagedMemory.allocate(Element.self, capacity: capacity)
    for (index, value) in values.enumerated() { (base + index).initialize(to: value) }
    count = values.count
  }

  deinit {
    base.deinitialize(count: count)
    UnmanagedMemory.deallocate(base)
  }

  /// The value at `index`, one of those appended (or pending, for its writer), read in place.
  subscript(index: Int) -> Element {
    unsafeAddress { UnsafePointer(base + index) }
  }

  /// The first slot after the values appended, where a writer writes pending ones.
  fileprivate var firstFreeSlot: UnsafeMutablePointer<Element> { base + count }

  /// The value at `index`, to change in place: only for a chunk no writer fills and no other
  /// collection shares (``ChunkedValues`` checks).
  func mutableValue(at index: Int) -> UnsafeMutablePointer<Element> { base + index }

  /// Counts the `pending` values after those appended as appended.
  fileprivate func didAppend(_ pending: Int) {
    count += pending
  }
}

/// Writes the values of the declarations one parser thread reads into chunks (``ValueChunk``),
/// each declaration's after the one before, as the parser reads them: a declaration's values
/// are pending until it is read whole (``commit()``), and dropped when it is not
/// (``discardPending(from:)``).
///
/// A writer keeps where its chunk's free slots start: a copy of it must not write, or the two
/// would write the same slots (the parsers move a writer, never copy one that writes). So a
/// writer is not sendable either.
struct ValueChunkWriter<Element: Hashable & Sendable> {
  /// The chunk being filled.
  private var chunk: ValueChunk<Element>?
  /// Its first free slot, where the pending values start: the chunk's count is changed only
  /// when they are committed.
  private var slots: UnsafeMutablePointer<Element>?
  /// The free slots of the chunk, pending ones included.
  private var room = 0
  /// The values written after the chunk's count for the declaration being read.
  private(set) var pending = 0
  /// The values of the largest chunk; a declaration with more pending gets a chunk of its own.
  private let maximumCapacity: Int
  /// The values of the next chunk: chunks start small and double up to ``maximumCapacity``, so
  /// that a small body keeps no mostly empty chunk.
  private var nextCapacity = 8
  /// The chunk that was being filled when a declaration too large for any chunk got one of its
  /// own, with its first free slot and room: filled again once that declaration is committed,
  /// so that the room left in it is not lost.
  private var setAside: (chunk: ValueChunk<Element>, slots: UnsafeMutablePointer<Element>, room: Int)?

  init(maximumCapacity: Int) {
    self.maximumCapacity = maximumCapacity
  }

  /// Adds a value to the declaration being read.
  mutating func append(_ value: consuming Element) {
    assert(slots == chunk?.firstFreeSlot, "a copy of a value chunk writer wrote to its chunk")
    if pending == room { startChunk(holding: pending + 1) }
    guard let slots else { preconditionFailure("a value chunk writer without a chunk") }
    (slots + pending).initialize(to: consume value)
    pending += 1
  }

  /// Makes room for `count` more values of the declaration being read, so that they are not
  /// moved to a larger chunk midway.
  mutating func reserveRoom(_ count: Int) {
    if room - pending < count { startChunk(holding: pending + count) }
  }

  /// The values of the declaration being read, to read or change in place.
  var pendingValues: UnsafeMutableBufferPointer<Element> {
    UnsafeMutableBufferPointer(start: slots, count: pending)
  }

  /// `true` when a value of the declaration being read satisfies `predicate`.
  func pendingContains(where predicate: (Element) -> Bool) -> Bool {
    pendingValues.contains(where: predicate)
  }

  /// The values of the declaration being read, now read whole; the next declaration's start
  /// empty.
  mutating func commit() -> ChunkedValues<Element> {
    guard let (chunk, start, count) = commitPending() else { return ChunkedValues() }
    return ChunkedValues(unchecked: chunk, start: start, count: count)
  }

  /// Commits the values of the declaration being read, as ``commit()`` does, and says where
  /// they are: their chunk, the index of the first and their number; `nil` for none.
  mutating func commitPending() -> (chunk: ValueChunk<Element>, start: Int, count: Int)? {
    guard pending > 0, let chunk, let slots else { return nil }
    assert(slots == chunk.firstFreeSlot, "a copy of a value chunk writer wrote to its chunk")
    let start = chunk.count
    chunk.didAppend(pending)
    (self.slots, room) = (slots + pending, room - pending)
    // A chunk larger than the largest, made for one declaration, stays that declaration's.
    if chunk.capacity > maximumCapacity { fillSetAsideChunk() }
    defer { pending = 0 }
    return (chunk, start, pending)
  }

  /// Goes back to the chunk that was being filled before one was made for a large declaration,
  /// if there was one (rare: kept out of ``commitPending()``, which every declaration runs).
  @inline(never)
  private mutating func fillSetAsideChunk() {
    (chunk, slots, room) = (setAside?.chunk, setAside?.slots, setAside?.room ?? 0)
    setAside = nil
  }

  /// Starts a chunk with room for `minimum` values now, though the one being filled may have
  /// room (no declaration's values may be pending): values that must not share a chunk with
  /// those before them, such as references to another table of names. A chunk made larger than
  /// the largest for them stays theirs, as in ``reserveRoom(_:)``, but the writer then starts a
  /// fresh chunk rather than going back to the one before.
  mutating func startNewChunk(holding minimum: Int) {
    precondition(pending == 0, "a value chunk writer started a new chunk with values pending")
    setAside = nil
    chunk = nil
    (slots, room) = (nil, 0)
    startChunk(holding: minimum)
  }

  /// `true` when `chunk` is the one this writer fills: values committed to it are followed by
  /// the next declarations'.
  func isFilling(_ chunk: ValueChunk<Element>) -> Bool { chunk === self.chunk }

  /// Drops the pending values from `first` on (all of them by default): those of a declaration
  /// that was not read whole.
  mutating func discardPending(from first: Int = 0) {
    guard first < pending, let slots else { return }
    (slots + first).deinitialize(count: pending - first)
    pending = first
  }

  /// Starts a chunk with room for `minimum` values, the pending ones and more, moving them there.
  private mutating func startChunk(holding minimum: Int) {
    let capacity = max(nextCapacity, minimum, 2 * pending)
    nextCapacity = min(max(nextCapacity, capacity) * 2, maximumCapacity)
    let fresh = ValueChunk<Element>(capacity: capacity)
    let freshSlots = fresh.firstFreeSlot
    // The pending values leave their slots free again.
    if capacity > maximumCapacity, setAside == nil, let chunk, let slots { setAside = (chunk, slots, room) }
    if let slots, pending > 0 { freshSlots.moveInitialize(from: slots, count: pending) }
    (chunk, slots, room) = (fresh, freshSlots, capacity)
  }
}

/// Appends values one at a time to chunks (``ValueChunk``) whose values are never pending: each
/// is readable, at the index it is given, as soon as it is appended. A new chunk is started only
/// when asked (``makeRoom(_:)``), so that the caller knows which chunk each index is of.
///
/// As with ``ValueChunkWriter``, a copy must not append, so an appender is not sendable (its
/// fields would make it so, below).
struct ValueChunkAppender<Element> {
  /// The chunk being filled.
  private(set) var chunk: ValueChunk<Element>?
  /// The values of a chunk started for fewer.
  private let chunkCapacity: Int

  init(chunkCapacity: Int) {
    self.chunkCapacity = chunkCapacity
  }

  /// Makes room for `count` more values, in a new chunk when the one being filled lacks it;
  /// `true` when a new chunk was started.
  mutating func makeRoom(_ count: Int) -> Bool {
    if let chunk, chunk.capacity - chunk.count >= count { return false }
    chunk = ValueChunk(capacity: max(chunkCapacity, count))
    return true
  }

  /// Appends `value` to the chunk being filled, which must have room (``makeRoom(_:)``), and
  /// answers its index there.
  mutating func append(_ value: consuming Element) -> Int {
    guard let chunk, chunk.count < chunk.capacity else {
      preconditionFailure("a value chunk appender appended without room")
    }
    let index = chunk.count
    chunk.firstFreeSlot.initialize(to: consume value)
    chunk.didAppend(1)
    return index
  }
}

/// A copy of an appender sent to another thread would append where the first one does.
@available(*, unavailable)
extension ValueChunkAppender: Sendable {}
