/// The type references of many declaration bodies of one file, one after another, in memory that
/// never moves: a body's references are a range of a chunk instead of an array of their own.
///
/// A body names few types (two for a delegate, a dozen for a large protocol), so one array per
/// body cost an allocation and a 32-byte header for a few 40-byte references; in a chunk, a
/// reference is 12 bytes (its file is the chunk's, its name an index into the chunk's names,
/// and it starts and ends on one line) and up to a thousand share one chunk.
///
/// The records are a ``ValueChunk`` that a ``BodyWriter`` fills on its thread, as it fills the
/// chunks of members and parameters, and the names another, which it appends each new name to
/// (a few hundred a chunk; several chunks of records may share one of names); what it appended
/// before never changes, so the members that hold their ranges read them from any thread once
/// handed over. A chunk made from
/// references in hand holds just those, as they are: references in several files, or one that
/// no record can hold (over two lines, without an end, or past column 65,535).
final class TypeReferenceChunk: Sendable {
  /// One reference: the name written (its index in the chunk's names) and where, on one line of
  /// the chunk's file.
  struct Record: Hashable, Sendable {
    let name: UInt32
    let line: Int32
    let column: UInt16
    /// The end's column less the start's.
    let width: UInt16

    /// Whether a record can hold `location`: its end is known and on its line, and neither its
    /// column nor its width is past 65,535.
    static func holds(_ location: SourceLocation) -> Bool {
      let start = location.start
      let end = location.rawEnd
      return end.line == start.line && UInt32(bitPattern: start.column) <= UInt32(UInt16.max)
        && UInt32(bitPattern: end.column &- start.column) <= UInt32(UInt16.max)
    }

    /// The name at `name` in the chunk's names, written at `location`, which a record holds
    /// (``holds(_:)``), in the chunk's file.
    init(_ name: UInt32, at location: SourceLocation) {
      self.name = name
      line = location.start.line
      column = UInt16(truncatingIfNeeded: location.start.column)
      width = UInt16(truncatingIfNeeded: location.rawEnd.column &- location.start.column)
    }

    /// The reference, named from `names` and placed in `file`.
    func located(in file: SourceFileID, names: ValueChunk<String>) -> Located<String> {
      let start = TextPoint(line: line, column: Int32(column))
      let end = TextPoint(line: line, column: Int32(column) + Int32(width))
      return Located(names[Int(name)], at: SourceLocation(file: file, start: start, rawEnd: end))
    }
  }

  /// The file of every record.
  let file: SourceFileID
  /// The records a writer appends, without their file; none for references in hand.
  let records: ValueChunk<Record>
  /// The names the records are written with; none for references in hand.
  let names: ValueChunk<String>
  /// The references of a chunk made from references in hand, as they are; `nil` for records.
  private let inHand: [Located<String>]?

  /// The records and names of a chunk made from references in hand: none, shared.
  private static let noRecords = ValueChunk<Record>(capacity: 0)
  private static let noNames = ValueChunk<String>(capacity: 0)

  /// The references of `file` that a writer appends to `records`, named from `names`.
  init(file: SourceFileID, records: ValueChunk<Record>, names: ValueChunk<String>) {
    self.file = file
    self.records = records
    self.names = names
    inHand = nil
  }

  /// A chunk that holds `references`, in order.
  init(_ references: [Located<String>]) {
    file = references.first?.location.file ?? SourceFileID(0)
    records = Self.noRecords
    names = Self.noNames
    inHand = references
  }

  /// Where the name of the reference at `index` is kept: the chunk's names (by identity) and
  /// its index in them, which references written with the same name share; `nil` for a chunk
  /// made from references in hand.
  func nameSlot(at index: Int) -> TypeNameSlot? {
    inHand == nil ? TypeNameSlot(names: ObjectIdentifier(names), index: Int(records[index].name)) : nil
  }

  /// The reference at `index`, one of those written.
  subscript(index: Int) -> Located<String> {
    if let inHand { return inHand[index] }
    return records[index].located(in: file, names: names)
  }
}

/// Where a name of references in chunks is kept (``TypeReferenceChunk/nameSlot(at:)``): the
/// same slot, the same name, so a caller can look at each distinct name of a chunk once.
struct TypeNameSlot {
  /// The chunk of names, by identity: the model keeps it alive.
  let names: ObjectIdentifier
  /// The name's index in it.
  let index: Int
}
