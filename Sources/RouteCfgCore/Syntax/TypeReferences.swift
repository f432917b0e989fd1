/// The named types a declaration writes, each with its place (for did-you-mean warnings and the
/// language server's references), in the order written.
///
/// The members of one protocol body share one array of references and each holds its range of
/// it, so a body of many members makes one allocation for their references instead of one per
/// member (a member's references were the model's most numerous small allocation); a body the
/// one-pass parser hands over to the general one midway has one array per parser. To the user
/// it is a collection indexed from zero, like an array.
public struct TypeReferences: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral,
  CustomStringConvertible
{
  /// The references of the whole body (or of this declaration alone).
  private var shared: [Located<String>]
  /// This declaration's range of `shared`.
  private var bounds: Range<Int32>

  /// References held by the declaration alone.
  public init(_ references: [Located<String>]) {
    shared = references
    bounds = 0..<Int32(truncatingIfNeeded: references.count)
  }

  public init(arrayLiteral references: Located<String>...) {
    self.init(references)
  }

  /// The references at `bounds` of an array the parser fills in later with
  /// ``attach(_:)``: the body's references are known only once the whole body is read.
  init(pending bounds: Range<Int>) {
    shared = []
    self.bounds = Int32(truncatingIfNeeded: bounds.lowerBound)..<Int32(truncatingIfNeeded: bounds.upperBound)
  }

  /// Gives references made with ``init(pending:)`` the body's array.
  mutating func attach(_ references: [Located<String>]) {
    shared = references
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { bounds.count }

  public subscript(position: Int) -> Located<String> {
    precondition(position >= 0 && position < bounds.count, "type reference index out of range")
    return shared[Int(bounds.lowerBound) + position]
  }

  /// Iterates the shared array's range directly, without a bounds check per element.
  public func makeIterator() -> IndexingIterator<ArraySlice<Located<String>>> {
    shared[Int(bounds.lowerBound)..<Int(bounds.upperBound)].makeIterator()
  }

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
