/// The named types a declaration writes, each with its place (for did-you-mean warnings and the
/// language server's references), in the order written.
///
/// The members of the bodies a parser thread reads hold ranges of shared chunks of references
/// (``TypeReferenceChunk``) rather than an array each: a member's references were the model's
/// most numerous small allocation. References made by hand get a chunk of their own. To the user
/// it is a collection indexed from zero, like an array.
public struct TypeReferences: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral,
  CustomStringConvertible
{
  /// Where a body's references went, for its members' pending ranges: their chunk, and the
  /// offset of the body's first reference in it.
  struct Placement {
    let chunk: TypeReferenceChunk?
    let offset: Int32
  }

  /// The references; `nil` for none, and while pending.
  private(set) var chunk: TypeReferenceChunk?
  /// This declaration's range of the chunk.
  private var bounds: Range<Int32>

  /// References held by the declaration alone.
  public init(_ references: [Located<String>]) {
    chunk = references.isEmpty ? nil : TypeReferenceChunk(references)
    bounds = 0..<Int32(truncatingIfNeeded: references.count)
  }

  public init(arrayLiteral references: Located<String>...) {
    self.init(references)
  }

  /// The references at `bounds` of the body's, which the parser places later with
  /// ``attach(_:)``: the body's references are known only once the whole body is read.
  init(pending bounds: Range<Int>) {
    chunk = nil
    self.bounds = Int32(truncatingIfNeeded: bounds.lowerBound)..<Int32(truncatingIfNeeded: bounds.upperBound)
  }

  /// Gives references made with ``init(pending:)`` the body's, placed at `placement`.
  mutating func attach(_ placement: Placement) {
    chunk = placement.chunk
    bounds = (bounds.lowerBound + placement.offset)..<(bounds.upperBound + placement.offset)
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { bounds.count }

  public subscript(position: Int) -> Located<String> {
    precondition(position >= 0 && position < bounds.count, "type reference index out of range")
    guard let chunk else { preconditionFailure("type references read before their body's were placed") }
    return chunk[Int(bounds.lowerBound) + position]
  }

  /// Where the name of the reference at `position` is kept (``TypeReferenceChunk/nameSlot(at:)``):
  /// for callers that look at each distinct name of a chunk once. `nil` for references in hand.
  func nameSlot(at position: Int) -> TypeNameSlot? {
    precondition(position >= 0 && position < bounds.count, "type reference index out of range")
    return chunk?.nameSlot(at: Int(bounds.lowerBound) + position)
  }

  /// Reads the references in order.
  public struct Iterator: IteratorProtocol {
    private let chunk: TypeReferenceChunk?
    private var position: Int
    private let end: Int

    fileprivate init(_ chunk: TypeReferenceChunk?, _ bounds: Range<Int32>) {
      precondition(chunk != nil || bounds.isEmpty, "type references read before their body's were placed")
      self.chunk = chunk
      (position, end) = (Int(bounds.lowerBound), Int(bounds.upperBound))
    }

    public mutating func next() -> Located<String>? {
      guard position < end, let chunk else { return nil }
      defer { position += 1 }
      return chunk[position]
    }
  }

  public func makeIterator() -> Iterator { Iterator(chunk, bounds) }

  public static func == (lhs: TypeReferences, rhs: TypeReferences) -> Bool {
    lhs.elementsEqual(rhs)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for reference in self { hasher.combine(reference) }
  }

  /// Written as the array of the same references is.
  public var description: String { Array(self).description }
}
