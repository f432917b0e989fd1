/// The parameters of many methods, one method's after another's, in memory that never moves: a
/// method's parameters are a range of a chunk instead of an array of their own.
///
/// Most methods take one or two parameters, so an array per method cost an allocation and a
/// 32-byte header for one or two 56-byte parameters; in a chunk up to 256 share one allocation.
///
/// Only the ``MethodParameterWriter`` that made a chunk appends to it, on its thread; the
/// parameters it appended before never change, so the signatures that hold their ranges read them
/// from any thread once handed over. A chunk made from parameters in hand holds just those.
final class MethodParameterChunk: @unchecked Sendable {
  /// The most parameters a writer's chunk holds: a signature keeps its start in a byte. (A chunk
  /// of one method's parameters, made by hand, holds them all.)
  static let maximumCapacity = 256

  let capacity: Int
  private let base: UnsafeMutablePointer<MethodParameter>
  /// The parameters appended so far; changed only by the writer that owns the chunk, on its
  /// thread.
  @exclusivity(unchecked) private(set) var count = 0

  /// An empty chunk, to be filled by a writer.
  init(capacity: Int) {
    self.capacity = capacity
    base = UnmanagedMemory.allocate(MethodParameter.self, capacity: capacity)
  }

  /// A chunk that holds `parameters`, in order.
  init(_ parameters: [MethodParameter]) {
    capacity = parameters.count
    base = UnmanagedMemory.allocate(MethodParameter.self, capacity: capacity)
    for (index, parameter) in parameters.enumerated() { (base + index).initialize(to: parameter) }
    count = parameters.count
  }

  deinit {
    base.deinitialize(count: count)
    UnmanagedMemory.deallocate(base)
  }

  /// The parameter at `index`, one of those appended, read in place.
  subscript(index: Int) -> MethodParameter {
    unsafeAddress { UnsafePointer(base + index) }
  }

  /// `true` when the parameter at `index`, appended or pending, is named `name`.
  fileprivate func hasName(_ name: String, at index: Int) -> Bool { base[index].name == name }

  /// Writes `parameter` at `index`, the first free one or one after those pending since it.
  fileprivate func initialize(at index: Int, to parameter: consuming MethodParameter) {
    precondition(index >= count && index < capacity, "a method parameter chunk was written out of place")
    (base + index).initialize(to: parameter)
  }

  /// Moves the `pending` parameters after those appended to the start of `other`'s free room.
  fileprivate func movePending(_ pending: Int, to other: MethodParameterChunk) {
    precondition(other.count + pending <= other.capacity, "a method parameter chunk was written out of place")
    (other.base + other.count).moveInitialize(from: base + count, count: pending)
  }

  /// Drops the `pending` parameters after those appended.
  fileprivate func deinitializePending(_ pending: Int) {
    (base + count).deinitialize(count: pending)
  }

  /// Counts the `pending` parameters after those appended as appended.
  fileprivate func didAppend(_ pending: Int) {
    count += pending
  }
}

/// Writes the parameters of the methods one parser thread reads into chunks
/// (``MethodParameterChunk``), each method's after the one before, as the parser reads them: a
/// method's parameters are pending until the method is read whole (``commit()``), and dropped
/// when it is not (``discardPending()``).
///
/// Copies of a writer share its chunk, so a writer is not sendable.
struct MethodParameterWriter {
  /// The chunk being filled.
  private var chunk: MethodParameterChunk?
  /// The parameters written after the chunk's count for the method being read.
  private(set) var pending = 0
  /// The parameters of the next chunk: chunks start small and double up to 256, so that a small
  /// body keeps no mostly empty 14 KiB chunk.
  private var nextCapacity = 8

  /// Adds a parameter to the method being read.
  mutating func append(_ parameter: consuming MethodParameter) {
    if chunk == nil || pending == (chunk?.capacity ?? 0) - (chunk?.count ?? 0) { startChunk() }
    guard let chunk else { preconditionFailure("a method parameter writer without a chunk") }
    chunk.initialize(at: chunk.count + pending, to: consume parameter)
    pending += 1
  }

  /// `true` when a parameter of the method being read is named `name`.
  func pendingHasName(_ name: String) -> Bool {
    guard let chunk else { return false }
    for index in chunk.count..<chunk.count + pending where chunk.hasName(name, at: index) { return true }
    return false
  }

  /// The parameters of the method being read, now read whole; the next method's start empty.
  mutating func commit() -> MethodParameters {
    guard pending > 0, let chunk else { return MethodParameters() }
    let start = chunk.count
    chunk.didAppend(pending)
    defer { pending = 0 }
    return MethodParameters(unchecked: chunk, start: start, count: pending)
  }

  /// Drops the parameters of a method that was not read whole.
  mutating func discardPending() {
    chunk?.deinitializePending(pending)
    pending = 0
  }

  /// Starts a chunk with room for the pending parameters and more, moving them there.
  private mutating func startChunk() {
    let capacity = max(nextCapacity, min(2 * pending, MethodParameterChunk.maximumCapacity))
    precondition(pending < capacity, "a method's parameters outgrew a chunk")
    nextCapacity = min(capacity * 2, MethodParameterChunk.maximumCapacity)
    let fresh = MethodParameterChunk(capacity: capacity)
    chunk?.movePending(pending, to: fresh)
    chunk = fresh
  }
}
