/// Values of a declaration, in order: a method's parameters (``MethodParameters``) or a protocol
/// body's members (``MemberList``).
///
/// The declarations of the bodies a parser thread reads hold ranges of shared chunks
/// (``ValueChunk``) rather than an array each: those arrays were the model's most numerous
/// allocations after its strings. Values made by hand get a chunk of their own. To the user it
/// is a collection indexed from zero, like an array; changing it gives it a chunk of its own,
/// since other declarations may share its chunk. Values set in place (by subscript, `sort()`,
/// `swapAt`) are copied once; each insertion or removal copies them all, so build a long list
/// as an array and assign it.
public struct ChunkedValues<Element: Hashable & Sendable>: RandomAccessCollection, MutableCollection,
  RangeReplaceableCollection, Hashable, Sendable, ExpressibleByArrayLiteral, CustomStringConvertible
{
  /// The values; `nil` for none.
  private(set) var chunk: ValueChunk<Element>?
  /// The index of the first value in the chunk.
  private var first: Int32
  private var length: Int32

  /// No values.
  public init() {
    (chunk, first, length) = (nil, 0, 0)
  }

  /// Values held by the declaration alone.
  public init(_ values: [Element]) {
    chunk = values.isEmpty ? nil : ValueChunk(values)
    (first, length) = (0, Int32(truncatingIfNeeded: values.count))
  }

  /// Values held by the declaration alone, in the order of `values`.
  public init<Values: Sequence>(_ values: Values) where Values.Element == Element {
    self.init(Array(values))
  }

  public init(arrayLiteral values: Element...) {
    self.init(values)
  }

  /// The `count` values of `chunk` from `start`, checked against those appended to it.
  init(chunk: ValueChunk<Element>, start: Int, count: Int) {
    precondition(
      start >= 0 && count >= 0 && start + count <= chunk.count, "chunked values out of their chunk")
    self.init(unchecked: chunk, start: start, count: count)
  }

  /// The `count` values of `chunk` from `start`, a range its writer committed: read from any
  /// thread, it does not look at the chunk's count, which the writer may still be changing.
  init(unchecked chunk: ValueChunk<Element>, start: Int, count: Int) {
    self.chunk = chunk
    (first, length) = (Int32(truncatingIfNeeded: start), Int32(truncatingIfNeeded: count))
  }

  /// The index of the first value in the chunk.
  var start: Int { Int(first) }

  public var count: Int { Int(length) }
  public var startIndex: Int { 0 }
  public var endIndex: Int { Int(length) }

  /// The value at `position`. Setting one gives these values a chunk of their own (a chunk's
  /// values never change, since other declarations may share it).
  public subscript(position: Int) -> Element {
    _read {
      precondition(position >= 0 && position < count, "chunked value index out of range")
      guard let chunk else { preconditionFailure("chunked values without a chunk") }
      yield chunk[start + position]
    }
    _modify {
      precondition(position >= 0 && position < count, "chunked value index out of range")
      makeChunkOfItsOwn()
      guard let chunk else { preconditionFailure("chunked values without a chunk") }
      yield &chunk.mutableValue(at: position).pointee
    }
  }

  /// Gives these values a chunk no one else holds, of their size, unless they have one: then a
  /// value can change in place (setting several, or sorting, copies them once).
  private mutating func makeChunkOfItsOwn() {
    if first == 0, let capacity = chunk?.capacity, capacity == count, isKnownUniquelyReferenced(&chunk) {
      return
    }
    self = ChunkedValues(Array(self))
  }

  public mutating func replaceSubrange<Replacement: Collection>(
    _ bounds: Range<Int>, with replacement: Replacement
  ) where Replacement.Element == Element {
    var values = Array(self)
    values.replaceSubrange(bounds, with: replacement)
    self = ChunkedValues(values)
  }

  public static func == (lhs: ChunkedValues, rhs: ChunkedValues) -> Bool {
    // The same range of the same chunk (a declaration and its copies) is equal at once.
    guard lhs.length == rhs.length else { return false }
    if lhs.chunk === rhs.chunk && lhs.first == rhs.first { return true }
    for position in 0..<lhs.count where lhs[position] != rhs[position] { return false }
    return true
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for value in self { hasher.combine(value) }
  }

  /// Written as the array of the same values is.
  public var description: String { Array(self).description }
}

extension ChunkedValues: CustomReflectable {
  /// The values, as an array's are shown.
  public var customMirror: Mirror { Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection) }
}

/// The parameters of a method, in order: ranges of chunks their parser thread fills
/// (``MethodParameterWriter``).
public typealias MethodParameters = ChunkedValues<MethodParameter>

/// The members of a protocol body, in order: ranges of chunks their parser thread fills.
public typealias MemberList = ChunkedValues<MemberDecl>

/// A chunk of the parameters of many methods.
typealias MethodParameterChunk = ValueChunk<MethodParameter>

/// Writes the parameters of the methods one thread reads, as it reads them: at most 256 a chunk,
/// since a signature keeps the start of its range in a byte.
typealias MethodParameterWriter = ValueChunkWriter<MethodParameter>

extension ValueChunkWriter<MethodParameter> {
  /// The most parameters a writer's chunk holds (256): a signature keeps the start of its range
  /// in a byte (``MethodSignature/init(written:result:isAsync:isThrowing:)``).
  static let maximumParameterChunk = Int(UInt8.max) + 1

  /// A writer of method parameters.
  static var methodParameters: ValueChunkWriter { ValueChunkWriter(maximumCapacity: maximumParameterChunk) }
}
