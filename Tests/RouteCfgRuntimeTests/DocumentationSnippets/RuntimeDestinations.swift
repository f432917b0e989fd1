// Docs/Runtime.md, "Destinations by protocol" and "URLs", run on the registry of
// "Registering" (makeRegistry()).
import NoteAppExample
import RouteCfgCore
import RouteCfgRuntime
import Testing

@Suite("Docs/Runtime.md examples")
@MainActor
struct RuntimeDocumentationExamples {
  @Test func destinationsByProtocol() throws {
    let registry = try makeRegistry()
    let noteList = NoteListViewController()
    let login = try registry.destination(for: "ModuleARequiredLoginViewInput")
    let module = login.module  // "Login"
    try login.set("message", to: "Please log in")  // reaches notifyString
    try login.set("delegate", to: noteList)  // wraps the note list for the login screen
    (login.object as? LoginViewController)?.login()  // didLogin() → noteList.didFinishLogin()
    let same = try login.get("delegate") as AnyObject === noteList  // true: the caller's object
    let detail = try registry.destination(for: "NoteDetailInput", parameters: ["noteId": 42])
    let highlighted = try detail.call("highlight(range:animated:)", "1..<3", true)  // true
    let message = try login.property("message", as: String?.self)  // found once
    try message.set("Welcome back")  // then no name lookups, no casts
    let shown = try message.get()  // "Welcome back"
    #expect(module == "Login")
    #expect((login.object as? LoginViewController)?.notifyString == "Welcome back")
    #expect(shown == "Welcome back")
    #expect(noteList.events == ["didFinishLogin"])
    #expect(same)
    #expect(highlighted as? Bool == true)
  }

  /// The service proxy of "Forwarding from a proxy": the note store, a service behind an
  /// adapter, as the note list's Swift protocol.
  @Test func aServiceProtocolThroughItsProxy() throws {
    var registrations = NoteAppWiring.registrations()
    registrations.proxy(for: "NoteListRequiredStore") { NoteListStoreProxy($0) }
    let manifest = try RouteCfg.load(path: RuntimeFixtures.repository + "/manifests/NoteApp.yaml")
    let registry = try Registry(manifest, registrations: registrations)
    let store = try registry.destination(for: "NoteListRequiredStore", as: (any NoteListRequiredStore).self)
    #expect(store is NoteListStoreProxy)
    #expect(store.noteIds() == NoteStore().allNoteIds())
    #expect(store.note(id: 1) == NoteStore().note(id: 1))
  }

  @Test func urls() throws {
    let registry = try makeRegistry()
    let resolution = registry.resolve("noteapp://notes/42?query=answer")  // .matched(match)
    let opened = try registry.open("/notes/42")  // makes NoteDetail with noteId: 42
    let page = opened.object as? NoteDetailViewController  // also opened.module, .route, .parameters
    guard case .matched(let match) = resolution else {
      Issue.record("not matched: \(resolution)")
      return
    }
    #expect(match.module == "NoteDetail" && match.parameters["noteId"] == .int(42))
    #expect(opened.module == "NoteDetail" && opened.route == "/notes/:noteId")
    #expect(page?.noteId == 42)
    // A match prints as a user reads it, also inside the resolution.
    #expect("\(match)" == #"NoteDetail via /notes/:noteId (noteId: 42, query: "answer")"#)
    #expect("\(resolution)" == #"matched(NoteDetail via /notes/:noteId (noteId: 42, query: "answer"))"#)
  }
}
