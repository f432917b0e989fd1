// Drives the code generated for manifests/NoteApp.yaml: the seed's login scenario through the
// generated proxies, the registry, routes and dependencies. Prints "ok" lines; exits 1 on a failure.

import Foundation

@MainActor
enum Checks {
  static var failures = 0
}

@MainActor
func check(_ condition: Bool, _ message: String, line: Int = #line) {
  if condition {
    print("ok: \(message)")
  } else {
    print("FAIL (line \(line)): \(message)")
    Checks.failures += 1
  }
}

@MainActor
final class LoginViewController: ProvidedLoginViewInput {
  var notifyString: String?
  weak var delegate: (any ProvidedLoginViewDelegate)?

  func login() { delegate?.didLogin() }
}

@MainActor
final class NoteListViewController: ModuleARequiredLoginViewDelegate {
  let dependencies: any NoteListDependencies
  var finished = 0

  init(_ dependencies: any NoteListDependencies) { self.dependencies = dependencies }

  func didFinishLogin() { finished += 1 }
}

@MainActor
final class NoteDetailViewController: NoteDetailInput {
  let noteId: Int
  let query: String?
  var title: String { "Note \(noteId)" }
  var highlighted: [String] = []

  init(noteId: Int, query: String?) {
    self.noteId = noteId
    self.query = query
  }

  func highlight(range: String, animated: Bool) -> Bool {
    highlighted.append(range)
    return animated
  }
}

@MainActor
final class NoteEditorViewController: NoteEditorInput {
  var noteId: Int?
  var draft = ""
  var saved = false

  init(noteId: Int?) { self.noteId = noteId }

  func save() throws { saved = true }
}

nonisolated final class NoteStore: NoteStoreService {
  var notes = [3: "three", 4: "four"]

  func allNoteIds() -> [Int] { notes.keys.sorted() }
  func note(id: Int) -> String? { notes[id] }
  func delete(id: Int) throws { notes[id] = nil }
}

@MainActor
final class NotFoundViewController {
  let path: String?

  init(path: String?) { self.path = path }
}

@MainActor
func run() {
  let registry = NoteAppRegistry(
    login: { LoginViewController() },
    noteList: { NoteListViewController($0) },
    noteDetail: { NoteDetailViewController(noteId: $0, query: $1) },
    noteEditor: { NoteEditorViewController(noteId: $0) },
    noteStore: { NoteStore() },
    notFound: { NotFoundViewController(path: $0) }
  )

  // The seed's scenario: the note list asks for a login screen in its own words.
  let login = registry.makeModuleARequiredLoginViewInput()
  let provided = (login as? ProvidedLoginViewInputAsModuleARequiredLoginViewInput)?.base
  let controller = provided as? LoginViewController
  check(controller != nil, "the login input is the login module behind the generated proxy")
  login.message = "Please log in"
  check(controller?.notifyString == "Please log in", "message reaches notifyString")
  check(login.message == "Please log in", "message reads notifyString back")

  guard let noteList = registry.open(NoteAppRoute.noteList) as? NoteListViewController else {
    check(false, "open(.noteList) makes the note list")
    return
  }
  login.delegate = noteList
  controller?.login()
  check(noteList.finished == 1, "didLogin() on the login screen reaches didFinishLogin() on the note list")
  check(login.delegate === noteList, "reading the delegate back gives the caller's own object")
  check(controller?.delegate != nil, "the bridge stays alive while the proxy lives, though held weakly")

  weak var released: NoteListViewController?
  do {
    let temporary = NoteListViewController(registry)
    released = temporary
    login.delegate = temporary
  }
  check(released == nil, "the proxy holds a caller's delegate weakly")
  controller?.login()
  check(login.delegate == nil, "a released delegate reads back as nil")

  // Dependencies: the note list's store through its adapter.
  let store = noteList.dependencies.makeNoteListRequiredStore()
  check(store.noteIds() == [3, 4], "noteIds() reaches allNoteIds() through the store adapter")
  check(store.note(id: 4) == "four", "note(id:) maps by name")

  // Destinations with parameters.
  let detail = registry.makeNoteDetailInput(noteId: 7)
  check(detail.noteId == 7 && detail.title == "Note 7", "makeNoteDetailInput passes the parameters")
  check(detail.highlight(range: "1..<3", animated: true), "methods are called directly")
  let summary = registry.makeNoteSummaryInput(noteId: 8)
  check(
    (summary as? NoteDetailViewController)?.noteId == 8,
    "an inherited protocol is made by the module that provides its descendant")
  let editor = registry.makeNoteEditorInput()
  check(editor.noteId == nil, "optional parameters default to nil")
  do {
    try editor.save()
    check((editor as? NoteEditorViewController)?.saved == true, "throwing methods are called")
  } catch {
    check(false, "save() threw \(error)")
  }

  // Routes.
  check(
    NoteAppRoute.resolve("noteapp://notes/42?query=abc") == .route(.noteDetail(noteId: 42, query: "abc")),
    "a URL resolves to its typed route")
  check(NoteAppRoute.resolve("/notes/new") == .route(.noteEditor()), "literals beat parameters")
  check(NoteAppRoute.resolve("/notes/5/edit") == .route(.noteEditor(noteId: 5)), "a second route of a module")
  check(NoteAppRoute.resolve("/nowhere") == .unmatched, "an unmatched path is .unmatched")
  check(NoteAppRoute.resolve("https://example.com/notes") == nil, "another scheme is not the app's")
  check(NoteAppRoute.resolve("noteapp://user@notes/1") == nil, "a user is not the app's")
  check(NoteAppRoute.resolve("noteapp://[::1]/notes") == nil, "an IP address is not the app's")
  check(
    NoteAppRoute.resolve("noteapp://[notes]") == .unmatched, "a host in brackets is a first segment, as any")
  for route in [
    NoteAppRoute.login, .noteList, .noteDetail(noteId: -3, query: "a b/c&d"), .noteEditor(),
    .noteEditor(noteId: 12),
  ] {
    check(NoteAppRoute.resolve(route.path) == .route(route), "\(route).path (\(route.path)) resolves back")
  }
  let opened = registry.open(url: "noteapp://notes/9?query=x") as? NoteDetailViewController
  check(opened?.noteId == 9 && opened?.query == "x", "open(url:) makes the module with the URL's values")
  check(registry.open(url: "/missing/page") is NotFoundViewController, "unmatched URLs open the fallback")
  check(registry.open(url: "other://notes") == nil, "open(url:) of another scheme is nil")
}

MainActor.assumeIsolated {
  run()
  if Checks.failures > 0 {
    print("\(Checks.failures) failure(s)")
    exit(1)
  }
}
