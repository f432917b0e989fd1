/// Moves what the declaration bodies one parser thread reads hold into chunks, each body's after
/// the one before: their type references (``TypeReferenceChunk``), their methods' parameters
/// (through ``parameters``) and their members (through ``members``).
///
/// Each thread that parses bodies has its own writer. Copies of a writer share its chunks and
/// its spare buffer, so a writer is not sendable: a copy used on another thread would write
/// where the first one does.
struct BodyWriter {
  /// The chunk of type references being filled.
  private var chunk: TypeReferenceChunk?
  /// The records of the largest chunk; 0 for a chunk per body, of its size (a body parsed alone).
  private let chunkCapacity: Int
  /// The records of the next chunk: chunks start small and double up to ``chunkCapacity``, so
  /// that a small file (an included one, a document open in an editor) keeps no mostly empty
  /// 32 KiB chunk.
  private var nextCapacity = 64
  /// The buffer the last body's references were collected in, kept for the next body's when
  /// this writer is for many bodies: a buffer per body was an allocation per body.
  private var spare: SpareBuffer?
  /// Writes the parameters of the methods read, as they are read.
  var parameters = MethodParameterWriter.methodParameters
  /// Writes the members of the bodies read, as they are read: up to 1,024 (80 KiB) a chunk.
  var members = ValueChunkWriter<MemberDecl>(maximumCapacity: 1024)

  /// A writer for many bodies: up to 1,024 references (32 KiB) a chunk.
  static var manyBodies: BodyWriter { BodyWriter(chunkCapacity: 1024) }

  /// A writer for one body: a chunk of its size.
  static var oneBody: BodyWriter { BodyWriter(chunkCapacity: 0) }

  private init(chunkCapacity: Int) {
    self.chunkCapacity = chunkCapacity
  }

  /// Moves all the references of `buffer` into a chunk, placing each with `locate`: where they
  /// are, for the declarations that hold ranges of them (``TypeReferences/attach(_:)``).
  ///
  /// References placed in more than one file, which the parsers do not make, get a chunk of
  /// their own.
  mutating func write(
    _ buffer: inout SwiftMoveBuffer<RawTypeReference>, locate: BodyLocator
  ) -> TypeReferences.Placement {
    let total = buffer.count
    var target: TypeReferenceChunk?
    var offset = 0
    var written = 0
    var inSeveralFiles: [Located<String>]?
    buffer.moveEach(from: 0) { reference in
      let location = SwiftDeclParser.location(reference.start, reference.end, locate: locate)
      if let target, location.file == target.file, inSeveralFiles == nil {
        target.initialize(
          at: offset + written,
          to: TypeReferenceChunk.Record(reference.name, at: location))
        written += 1
      } else if target == nil {
        let chosen = chunk(for: location.file, room: total)
        (target, offset, written) = (chosen, chosen.count, 1)
        chosen.initialize(
          at: offset,
          to: TypeReferenceChunk.Record(reference.name, at: location))
      } else {
        // From the first reference in another file on, in order.
        inSeveralFiles = inSeveralFiles ?? []
        inSeveralFiles?.append(Located(reference.name, at: location))
      }
    }
    guard let target else { return TypeReferences.Placement(chunk: nil, offset: 0) }
    target.didAppend(written)
    guard let inSeveralFiles else {
      return TypeReferences.Placement(chunk: target, offset: Int32(truncatingIfNeeded: offset))
    }
    // References in several files, which the parsers do not make, get a chunk of their own;
    // those written to the shared chunk stay there unused.
    let references = (offset..<offset + written).map { target[$0] } + inSeveralFiles
    return TypeReferences.Placement(chunk: TypeReferenceChunk(references), offset: 0)
  }

  /// `references`, already placed (a parameter's type), written after the bodies' when they are
  /// in one file; held alone otherwise.
  mutating func write(_ references: [Located<String>]) -> TypeReferences {
    guard let file = references.first?.location.file, references.allSatisfy({ $0.location.file == file })
    else { return TypeReferences(references) }
    let target = chunk(for: file, room: references.count)
    let offset = target.count
    for (index, reference) in references.enumerated() {
      target.initialize(
        at: offset + index,
        to: TypeReferenceChunk.Record(reference.value, at: reference.location))
    }
    target.didAppend(references.count)
    var written = TypeReferences(pending: 0..<references.count)
    written.attach(TypeReferences.Placement(chunk: target, offset: Int32(truncatingIfNeeded: offset)))
    return written
  }

  /// A buffer for collecting a body's references before they are written: the one the last body
  /// used, when there is one. Give it back with ``giveBack(_:)``.
  func takeBuffer() -> SwiftMoveBuffer<RawTypeReference> {
    spare?.take() ?? SwiftMoveBuffer(capacity: 8)
  }

  /// Keeps `buffer`, which ``write(_:locate:)`` emptied, for the next body (or frees it, for a
  /// writer of one body).
  mutating func giveBack(_ buffer: consuming SwiftMoveBuffer<RawTypeReference>) {
    guard chunkCapacity > 0 else {
      buffer.deallocate()
      return
    }
    if spare == nil { spare = SpareBuffer() }
    spare?.keep(buffer)
  }

  /// The chunk for `room` more references of `file`: the one being filled when they fit in it.
  /// A body with more references than a chunk holds gets one of its own, and the one being
  /// filled stays for the next bodies.
  private mutating func chunk(for file: SourceFileID, room: Int) -> TypeReferenceChunk {
    if let chunk, chunk.file == file, chunk.room >= room { return chunk }
    guard room <= chunkCapacity else { return TypeReferenceChunk(file: file, capacity: room) }
    let capacity = max(room, min(nextCapacity, chunkCapacity))
    nextCapacity = min(capacity * 2, chunkCapacity)
    let fresh = TypeReferenceChunk(file: file, capacity: capacity)
    chunk = fresh
    return fresh
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
