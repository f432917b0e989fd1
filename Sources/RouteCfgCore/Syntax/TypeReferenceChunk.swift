/// The type references of many declaration bodies of one file, one after another, in memory that
/// never moves: a body's references are a range of a chunk instead of an array of their own.
///
/// A body names few types (two for a delegate, a dozen for a large protocol), so one array per
/// body cost an allocation and a 32-byte header for a few 40-byte references; in a chunk, a
/// reference is 32 bytes (its file is the chunk's) and up to a thousand share one allocation.
///
/// Only the ``BodyWriter`` that made a chunk appends to it, on its thread; the records
/// it appended before never change, so the members that hold their ranges read them from any
/// thread once handed over. A chunk made from references in hand holds just those, with a file
/// per reference when they are in several.
final class TypeReferenceChunk: @unchecked Sendable {
  /// One reference: the name written and where, in the chunk's file.
  struct Record {
    let name: String
    let start: TextPoint
    /// The end as ``SourceLocation`` stores it (``SourceLocation/rawEnd``).
    let end: TextPoint

    /// `name` written at `location`, whose file the chunk keeps.
    init(_ name: String, at location: SourceLocation) {
      self.name = name
      start = location.start
      end = location.rawEnd
    }
  }

  /// The file of every reference, unless ``files`` is set.
  let file: SourceFileID
  /// The file of each reference, for references in hand in several files; `nil` otherwise.
  private let files: [SourceFileID]?
  let capacity: Int
  private let base: UnsafeMutablePointer<Record>
  /// The records appended so far; changed only by the writer that owns the chunk, on its thread.
  @exclusivity(unchecked) private(set) var count = 0

  /// An empty chunk for references of `file`, to be filled by a writer.
  init(file: SourceFileID, capacity: Int) {
    self.file = file
    self.files = nil
    self.capacity = capacity
    base = UnmanagedMemory.allocate(Record.self, capacity: capacity)
  }

  /// A chunk that holds `references`, in order.
  init(_ references: [Located<String>]) {
    file = references.first?.location.file ?? SourceFileID(0)
    let file = file
    files = references.allSatisfy { $0.location.file == file } ? nil : references.map(\.location.file)
    capacity = references.count
    base = UnmanagedMemory.allocate(Record.self, capacity: capacity)
    for (index, reference) in references.enumerated() {
      (base + index).initialize(to: Record(reference.value, at: reference.location))
    }
    count = references.count
  }

  deinit {
    base.deinitialize(count: count)
    UnmanagedMemory.deallocate(base)
  }

  /// The reference at `index`, one of those written.
  subscript(index: Int) -> Located<String> {
    let record = base[index]
    let file = files?[index] ?? file
    return Located(record.name, at: SourceLocation(file: file, start: record.start, rawEnd: record.end))
  }

  /// The records left room for.
  var room: Int { capacity - count }

  /// Writes `record` at `index`, the first free one or one after those written since it (the
  /// count is changed once for them all, by ``didAppend(_:)``: each change of a class's property
  /// is checked for exclusive access).
  func initialize(at index: Int, to record: consuming Record) {
    // The writer asks for room for a body's references before writing them.
    precondition(index >= count && index < capacity, "a type reference chunk was written out of place")
    (base + index).initialize(to: record)
  }

  /// Counts the `written` records written since the last count.
  func didAppend(_ written: Int) {
    count += written
  }
}
