// The app: it imports every module and the generated wiring, gives the registry a factory per
// module, and runs the seed's scenario. Exits 1 when something does not arrive where the
// manifest says.

import Login
import LoginInterface
import NotFound
import NoteAppWiring
import NoteDetail
import NoteDetailInterface
import NoteEditor
import NoteList
import NoteStore

@MainActor
func run() -> Bool {
  let registry = NoteAppRegistry(
    login: { LoginViewController() },
    noteList: { NoteListViewController(dependencies: $0) },
    noteDetail: { NoteDetailViewController(noteId: $0, query: $1) },
    noteEditor: { NoteEditorViewController(noteId: $0) },
    noteStore: { NoteStore() },
    notFound: { NotFoundViewController(path: $0) }
  )

  // The note list shows the login screen through the adapter; the login screen's didLogin()
  // reaches the note list's didFinishLogin().
  guard let noteList = registry.open(url: "noteapp://notes") as? NoteListViewController else { return false }
  let login = noteList.showLogin()
  let screen = (login as? ProvidedLoginViewInputAsModuleARequiredLoginViewInput)?.base as? LoginViewController
  screen?.logIn()
  print("NoteApp: message arrived as notifyString: \(screen?.notifyString ?? "nothing")")
  print("NoteApp: notes from the store through its adapter: \(noteList.notes())")

  // URLs to typed routes and back.
  let detail = registry.open(url: "noteapp://notes/2?query=Ada") as? NoteDetailViewController
  _ = detail?.highlight(range: "0..<4", animated: true)
  let route = NoteAppRoute.noteDetail(noteId: 2, query: "Ada")
  print("NoteApp: \(route) has the path \(route.path)")
  let notFound = registry.open(url: "noteapp://nowhere") as? NotFoundViewController

  return noteList.isLoggedIn && screen?.notifyString == "Please log in to see your notes"
    && noteList.notes() == ["Buy milk", "Call Ada"] && detail?.query == "Ada"
    && NoteAppRoute.resolve(route.path) == .route(route) && notFound != nil
}

if MainActor.assumeIsolated({ run() }) {
  print("NoteApp: every module answered where the manifest says")
} else {
  print("NoteApp: something did not arrive")
  fatalError("the NoteApp example failed")
}
