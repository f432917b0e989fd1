// The README's quick start with generated code, compiled and run by the tests together with the
// code `routecfg generate manifests/NoteApp.yaml` writes. Exits 1 when something does not arrive.

import Foundation

@MainActor
final class LoginViewController: ProvidedLoginViewInput {
  var notifyString: String?
  weak var delegate: (any ProvidedLoginViewDelegate)?

  func logIn() { delegate?.didLogin() }
}

@MainActor
final class NoteListViewController: ModuleARequiredLoginViewDelegate {
  var loggedIn = false
  func didFinishLogin() { loggedIn = true }
}

@MainActor
final class NoteDetailViewController: NoteDetailInput {
  let noteId: Int
  var title: String { "Note \(noteId)" }
  init(noteId: Int) { self.noteId = noteId }
  func highlight(range: String, animated: Bool) -> Bool { true }
}

@MainActor
final class NoteEditorViewController: NoteEditorInput {
  var noteId: Int?
  var draft = ""
  init(noteId: Int?) { self.noteId = noteId }
  func save() throws {}
}

nonisolated final class NoteStore: NoteStoreService {
  func allNoteIds() -> [Int] { [42] }
  func note(id: Int) -> String? { id == 42 ? "The answer" : nil }
  func delete(id: Int) throws {}
}

@MainActor
final class NotFoundViewController {}

@MainActor
func quickStart() -> Bool {
  let registry = NoteAppRegistry(
    login: { LoginViewController() },
    noteList: { _ in NoteListViewController() },
    noteDetail: { noteId, _ in NoteDetailViewController(noteId: noteId) },
    noteEditor: { NoteEditorViewController(noteId: $0) },
    noteStore: { NoteStore() },
    notFound: { _ in NotFoundViewController() }
  )
  let noteList = NoteListViewController()
  let login = registry.makeModuleARequiredLoginViewInput()  // Login, behind the generated adapter
  login.message = "Please log in"  // reaches notifyString
  login.delegate = noteList  // the login screen's didLogin() reaches didFinishLogin()

  let route = NoteAppRoute.resolve("noteapp://notes/42?query=swift")
  // .route(.noteDetail(noteId: 42, query: "swift")) (an optional: nil for another app's URL)
  let page = registry.open(url: "noteapp://notes/42")  // a NoteDetailViewController for note 42

  let screen = (login as? ProvidedLoginViewInputAsModuleARequiredLoginViewInput)?.base as? LoginViewController
  screen?.logIn()
  return screen?.notifyString == "Please log in" && noteList.loggedIn
    && route == .route(.noteDetail(noteId: 42, query: "swift"))
    && (page as? NoteDetailViewController)?.noteId == 42
}

if !MainActor.assumeIsolated({ quickStart() }) {
  print("FAIL: the quick start did not work")
  exit(1)
}
print("ok")
