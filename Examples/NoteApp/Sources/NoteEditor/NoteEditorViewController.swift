import NoteEditorInterface

/// The editor, for a new note (`/notes/new`) or an existing one (`/notes/:noteId/edit`).
@MainActor
public final class NoteEditorViewController: NoteEditorInput {
  public var noteId: Int?
  public var draft = ""

  public init(noteId: Int?) { self.noteId = noteId }

  public func save() throws {
    struct EmptyDraft: Error {}
    guard !draft.isEmpty else { throw EmptyDraft() }
    print("NoteEditor: saved \"\(draft)\"")
  }
}
