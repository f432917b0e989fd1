import NoteDetailInterface

/// One note, opened by `/notes/:noteId`.
@MainActor
public final class NoteDetailViewController: NoteDetailInput {
  public let noteId: Int
  public let query: String?
  public var title: String { "Note \(noteId)" }

  public init(noteId: Int, query: String?) {
    self.noteId = noteId
    self.query = query
  }

  public func highlight(range: String, animated: Bool) -> Bool {
    print("NoteDetail: highlighting \(range)\(animated ? ", animated" : "")")
    return true
  }
}
