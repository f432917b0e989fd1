/// Moves what the declaration bodies one parser thread reads hold into chunks (``ValueChunk``),
/// each body's after the one before: their type references (``TypeReferenceChunk``), their
/// methods' parameters (through ``parameters``) and their members (through ``members``).
///
/// Each thread that parses bodies has its own writer. Copies of a writer share its chunks and
/// its spare buffer, so a writer is not sendable: a copy used on another thread would write
/// where the first one does.
struct BodyWriter {
  /// Writes the type references of the bodies read, each body's at once when it is read whole.
  private var references: ValueChunkWriter<TypeReferenceChunk.Record>
  /// The file of the references written to chunks: a writer reads the bodies of one file.
  private var file: SourceFileID?
  /// The chunk of references last written to, as the members that hold its ranges see it.
  private var lastChunk: TypeReferenceChunk?
  /// The names the references are written with, each once a chunk of names: a chunk of records
  /// names from the chunk of names being filled when its first record was written.
  private var referenceNames: ValueChunkAppender<String>
  /// Where each name is in the chunk of names being filled, by identity; `nil` for a writer of
  /// one body, whose chunk of names is its own.
  private var referenceNameIndexes: StringIdentityTable?
  /// `false` for a writer of one body, whose chunks are not kept for more.
  private let isForManyBodies: Bool
  /// The buffer the last body's references were collected in, kept for the next body's when
  /// this writer is for many bodies: a buffer per body was an allocation per body.
  private var spare: SpareBuffer?
  /// Writes the parameters of the methods read, as they are read.
  var parameters = MethodParameterWriter.methodParameters
  /// Writes the members of the bodies read, as they are read: up to 1,024 (80 KiB) a chunk.
  var members = ValueChunkWriter<MemberDecl>(maximumCapacity: 1024)
  /// The names of the file being read, lent by its reader while it hands a body over: a type
  /// name of 16 bytes or more written in a body (a protocol's, mostly) then shares the string of
  /// the same name written elsewhere in the file. ``ScalarInterner/none`` otherwise.
  var names = ScalarInterner.none

  /// A writer for many bodies: up to 1,024 references (12 KiB) a chunk, and up to 256 names.
  static var manyBodies: BodyWriter { BodyWriter(referenceChunkCapacity: 1024) }

  /// A writer for one body: a chunk of its own.
  static var oneBody: BodyWriter { BodyWriter(referenceChunkCapacity: 0) }

  private init(referenceChunkCapacity: Int) {
    references = ValueChunkWriter(maximumCapacity: referenceChunkCapacity)
    referenceNames = ValueChunkAppender(chunkCapacity: referenceChunkCapacity / 4)
    referenceNameIndexes = referenceChunkCapacity > 0 ? StringIdentityTable(slots: 512) : nil
    isForManyBodies = referenceChunkCapacity > 0
  }

  /// Moves all the references of `buffer` into a chunk, placing each with `locate`: where they
  /// are, for the declarations that hold ranges of them (``TypeReferences/attach(_:)``).
  ///
  /// References placed in another file than the writer's, or in more than one, which the
  /// parsers do not make, or that a record cannot hold (``TypeReferenceChunk/Record``), get a
  /// chunk of their own.
  mutating func write(
    _ buffer: inout SwiftMoveBuffer<RawTypeReference>, locate: BodyLocator
  ) -> TypeReferences.Placement {
    let total = buffer.count
    var bodyFile: SourceFileID?
    var elsewhere: [Located<String>]?
    buffer.moveEach(from: 0) { reference in
      let location = SwiftDeclParser.location(reference.start, reference.end, locate: locate)
      let fits = elsewhere == nil && TypeReferenceChunk.Record.holds(location)
      if location.file == bodyFile, fits {
        references.append(TypeReferenceChunk.Record(nameIndex(of: reference.name), at: location))
      } else if bodyFile == nil, file == nil || file == location.file, fits {
        bodyFile = location.file
        makeRoom(forReferences: total)
        references.append(TypeReferenceChunk.Record(nameIndex(of: reference.name), at: location))
      } else {
        bodyFile = bodyFile ?? location.file
        // From the first reference in another file or that no record can hold on, in order.
        elsewhere = elsewhere ?? []
        elsewhere?.append(Located(reference.name, at: location))
      }
    }
    guard let bodyFile else { return TypeReferences.Placement(chunk: nil, offset: 0) }
    guard let elsewhere else { return commitReferences(of: bodyFile) }
    let names = referenceNames.chunk ?? ValueChunk(capacity: 0)
    let inChunk = references.pendingValues.map { $0.located(in: bodyFile, names: names) }
    references.discardPending()
    return TypeReferences.Placement(chunk: TypeReferenceChunk(inChunk + elsewhere), offset: 0)
  }

  /// `references`, already placed (a parameter's type), written after the bodies' when they are
  /// in the writer's file; held alone otherwise.
  mutating func write(_ references: [Located<String>]) -> TypeReferences {
    guard let first = references.first?.location.file, file == nil || file == first,
      references.allSatisfy({ $0.location.file == first && TypeReferenceChunk.Record.holds($0.location) })
    else { return TypeReferences(references) }
    makeRoom(forReferences: references.count)
    for reference in references {
      self.references.append(
        TypeReferenceChunk.Record(nameIndex(of: reference.value), at: reference.location))
    }
    var written = TypeReferences(pending: 0..<references.count)
    written.attach(commitReferences(of: first))
    return written
  }

  /// Commits the pending references, all in `bodyFile`, and says where they are.
  private mutating func commitReferences(of bodyFile: SourceFileID) -> TypeReferences.Placement {
    if isForManyBodies { file = bodyFile }
    guard let (records, start, _) = references.commitPending(), let names = referenceNames.chunk else {
      return TypeReferences.Placement(chunk: nil, offset: 0)
    }
    // Bodies share the chunk object that holds their records until a new chunk is started.
    if let lastChunk, lastChunk.records === records {
      return TypeReferences.Placement(chunk: lastChunk, offset: Int32(truncatingIfNeeded: start))
    }
    let chunk = TypeReferenceChunk(file: bodyFile, records: records, names: names)
    // A chunk made for one large body is not kept: the next bodies go on in the one before it,
    // or in a new one when the large body started a chunk of names.
    if references.isFilling(records) { lastChunk = chunk }
    return TypeReferences.Placement(chunk: chunk, offset: Int32(truncatingIfNeeded: start))
  }

  /// Makes room for a body's `count` references, before its first, and for as many new names.
  /// A new chunk of names needs a new chunk of records: a chunk's records name from one.
  private mutating func makeRoom(forReferences count: Int) {
    if referenceNames.makeRoom(count) {
      referenceNameIndexes?.removeAll()
      references.startNewChunk(holding: count)
    } else {
      references.reserveRoom(count)
    }
  }

  /// The index of `name` in the chunk of names being filled, appended when it is not there yet
  /// (``makeRoom(forReferences:)`` made room for it). Names are found by identity
  /// (``StringIdentityTable``): a reference keeps its name exactly as written.
  private mutating func nameIndex(of name: String) -> UInt32 {
    if let index = referenceNameIndexes?.number(of: name) { return index }
    let index = UInt32(truncatingIfNeeded: referenceNames.append(name))
    referenceNameIndexes?.enter(name, number: index)
    return index
  }

  /// A buffer for collecting a body's references before they are written: the one the last body
  /// used, when there is one. Give it back with ``giveBack(_:)``.
  func takeBuffer() -> SwiftMoveBuffer<RawTypeReference> {
    spare?.take() ?? SwiftMoveBuffer(capacity: 8)
  }

  /// Keeps `buffer`, which ``write(_:locate:)`` emptied, for the next body (or frees it, for a
  /// writer of one body).
  mutating func giveBack(_ buffer: consuming SwiftMoveBuffer<RawTypeReference>) {
    guard isForManyBodies else {
      buffer.deallocate()
      return
    }
    if spare == nil { spare = SpareBuffer() }
    spare?.keep(buffer)
  }
}

/// A buffer kept between bodies, freed with its writer.
///
/// Only its writer uses it, on the writer's thread: its accesses are exclusive without a check.
private final class SpareBuffer {
  @exclusivity(unchecked) private var buffer: SwiftMoveBuffer<RawTypeReference>?

  deinit {
    buffer?.deallocate()
  }

  /// The buffer kept, leaving none.
  func take() -> SwiftMoveBuffer<RawTypeReference>? {
    defer { buffer = nil }
    return buffer
  }

  /// Keeps `kept` (freeing one kept before, which a writer never leaves).
  func keep(_ kept: consuming SwiftMoveBuffer<RawTypeReference>) {
    kept.removeAll(from: 0)
    buffer?.deallocate()
    buffer = kept
  }
}
