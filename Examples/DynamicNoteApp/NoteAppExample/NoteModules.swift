// The note modules: a list that needs a login screen (in its own words), a detail page, an
// editor, a store and a page for unknown URLs. Their protocols are generated from the manifest
// into Generated/.

/// The note list. It asks the registry for `ModuleARequiredLoginViewInput` and never names the
/// login module.
@MainActor
public final class NoteListViewController: ModuleARequiredLoginViewDelegate {
  /// What happened, in order, for the demo and the tests.
  public private(set) var events: [String] = []

  public init() {}

  public func didFinishLogin() {
    events.append("didFinishLogin")
  }
}

/// A note's page, opened by `/notes/:noteId`.
@MainActor
public final class NoteDetailViewController: NoteDetailInput {
  public let noteId: Int
  public let query: String?
  public var title: String { "Note \(noteId)" }
  public private(set) var highlighted: [String] = []

  public init(noteId: Int, query: String?) {
    self.noteId = noteId
    self.query = query
  }

  public func highlight(range: String, animated: Bool) -> Bool {
    highlighted.append(range)
    return !range.isEmpty
  }
}

/// The editor, for a new note or an existing one.
@MainActor
public final class NoteEditorViewController: NoteEditorInput {
  public var noteId: Int?
  public var draft = ""

  public init(noteId: Int?) {
    self.noteId = noteId
  }

  public func save() throws {
    if draft.isEmpty { throw EditorError.emptyDraft }
  }

  public enum EditorError: Error { case emptyDraft }
}

/// The page for URLs that match no route.
@MainActor
public final class NotFoundViewController {
  public let path: String?

  public init(path: String?) {
    self.path = path
  }
}

/// The note store: a service usable from any isolation.
public final class NoteStore: NoteStoreService, Sendable {
  private let notes: [Int: String]

  public init(notes: [Int: String] = [1: "Groceries", 42: "The answer"]) {
    self.notes = notes
  }

  public func allNoteIds() -> [Int] { notes.keys.sorted() }
  public func note(id: Int) -> String? { notes[id] }
  public func delete(id: Int) throws {}
}
