import NoteStoreInterface

/// The notes, as a service usable from any isolation.
public final class NoteStore: NoteStoreService {
  private var notes = [1: "Buy milk", 2: "Call Ada"]

  public init() {}

  public func allNoteIds() -> [Int] { notes.keys.sorted() }

  public func note(id: Int) -> String? { notes[id] }

  public func delete(id: Int) throws { notes[id] = nil }
}
