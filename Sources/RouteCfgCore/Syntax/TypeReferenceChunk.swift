/// The type references of many declaration bodies of one file, one after another, in memory that
/// never moves: a body's references are a range of a chunk instead of an array of their own.
///
/// A body names few types (two for a delegate, a dozen for a large protocol), so one array per
/// body cost an allocation and a 32-byte header for a few 40-byte references; in a chunk, a
/// reference is 32 bytes (its file is the chunk's) and up to a thousand share one chunk.
///
/// The records are a ``ValueChunk`` that a ``BodyWriter`` fills on its thread, as it fills the
/// chunks of members and parameters; the records it appended before never change, so the
/// members that hold their ranges read them from any thread once handed over. A chunk made from
/// references in hand holds just those, with a file per reference when they are in several.
final class TypeReferenceChunk: Sendable {
  /// One reference: the name written and where, in the chunk's file.
  struct Record: Hashable, Sendable {
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

    /// The reference, placed in `file`.
    func located(in file: SourceFileID) -> Located<String> {
      Located(name, at: SourceLocation(file: file, start: start, rawEnd: end))
    }
  }

  /// The file of every reference, unless ``files`` is set.
  let file: SourceFileID
  /// The file of each reference, for references in hand in several files; `nil` otherwise.
  private let files: [SourceFileID]?
  /// The references, without their file.
  let records: ValueChunk<Record>

  /// The references of `file` that a writer appends to `records`.
  init(file: SourceFileID, records: ValueChunk<Record>) {
    self.file = file
    self.files = nil
    self.records = records
  }

  /// A chunk that holds `references`, in order.
  init(_ references: [Located<String>]) {
    file = references.first?.location.file ?? SourceFileID(0)
    let file = file
    files = references.allSatisfy { $0.location.file == file } ? nil : references.map(\.location.file)
    records = ValueChunk(references.map { Record($0.value, at: $0.location) })
  }

  /// The reference at `index`, one of those written.
  subscript(index: Int) -> Located<String> {
    records[index].located(in: files?[index] ?? file)
  }
}
