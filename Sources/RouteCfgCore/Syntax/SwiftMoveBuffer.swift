/// A named type written in a declaration, placed in body coordinates.
struct RawTypeReference: Sendable {
  var name: String
  var start: BodyPosition
  var end: BodyPosition
}

/// Values collected while parsing, in memory managed by hand, so that they can be moved into an
/// array of the exact size without growing it, copying them or destroying them one by one.
///
/// The owner calls ``deallocate()`` once, when it no longer uses the buffer.
struct SwiftMoveBuffer<Element> {
  private(set) var base: UnsafeMutablePointer<Element>
  private var capacity: Int
  private(set) var count = 0

  init(capacity: Int) {
    self.capacity = max(capacity, 4)
    base = UnmanagedMemory.allocate(Element.self, capacity: self.capacity)
  }

  @inline(__always)
  mutating func append(_ element: consuming Element) {
    if count == capacity { grow(toHold: count + 1) }
    (base + count).initialize(to: element)
    count += 1
  }

  /// Drops the values from `start` on.
  mutating func removeAll(from start: Int) {
    guard start < count else { return }
    (base + start).deinitialize(count: count - start)
    count = start
  }

  /// Moves the values from `start` on, in order, to `body`.
  mutating func moveEach(from start: Int, _ body: (consuming Element) -> Void) {
    defer { count = start }
    for offset in start..<count { body((base + offset).move()) }
  }

  /// Moves the values from `start` on into an array, transformed by `transform`.
  mutating func moveAll<Result>(from start: Int, _ transform: (consuming Element) -> Result) -> [Result] {
    defer { count = start }
    // Arrays of one or two values are written as literals, which is cheaper than growing one.
    switch count - start {
    case ...0:
      return []
    case 1:
      return [transform((base + start).move())]
    case 2:
      return [transform((base + start).move()), transform((base + start + 1).move())]
    default:
      var result: [Result] = []
      result.reserveCapacity(count - start)
      for offset in start..<count {
        result.append(transform((base + offset).move()))
      }
      return result
    }
  }

  /// Doubles the capacity until it holds `minimum` values, moving those held.
  private mutating func grow(toHold minimum: Int) {
    var larger = capacity * 2
    while larger < minimum { larger *= 2 }
    let moved = UnmanagedMemory.allocate(Element.self, capacity: larger)
    moved.moveInitialize(from: base, count: count)
    UnmanagedMemory.deallocate(base)
    base = moved
    capacity = larger
  }

  /// Destroys the values left and frees the memory.
  mutating func deallocate() {
    base.deinitialize(count: count)
    UnmanagedMemory.deallocate(base)
    count = 0
  }
}

extension SwiftMoveBuffer where Element: BitwiseCopyable {
  /// Appends copies of `values`, growing once if they do not fit.
  mutating func append(contentsOf values: UnsafeBufferPointer<Element>) {
    guard let source = values.baseAddress else { return }
    if count + values.count > capacity { grow(toHold: count + values.count) }
    (base + count).initialize(from: source, count: values.count)
    count += values.count
  }
}

extension SwiftMoveBuffer<RawTypeReference> {
  /// Moves the references from `start` on into an array, placing each with `locate`.
  mutating func moveLocated(from start: Int, locate: BodyLocator) -> [Located<String>] {
    moveAll(from: start) { reference in
      Located(reference.name, at: SwiftDeclParser.location(reference.start, reference.end, locate: locate))
    }
  }

  /// Gives the members `writer` holds pending from `first` on, made with pending references
  /// (``TypeReferences/init(pending:)``) over the first `count` values, those values placed with
  /// `locate`, written by `writer` where they all share them. Drops the values after them (those
  /// of a declaration that did not parse).
  mutating func attachReferences(
    count kept: Int, from first: Int, locate: BodyLocator, writer: inout BodyWriter
  ) {
    removeAll(from: kept)
    guard kept > 0 else { return }
    let placement = writer.write(&self, locate: locate)
    let members = writer.members.pendingValues
    for index in first..<members.count { members[index].typeReferences.attach(placement) }
  }
}
