import NoteAppExample
import RouteCfgCore
import RouteCfgRuntime
import Testing

/// The seed's scenario on `manifests/NoteApp.yaml` with real classes: the note list sets the
/// login screen's message and delegate through its own protocol and hears `didFinishLogin`.
@Suite("NoteApp scenario")
@MainActor
struct NoteAppScenarioTests {
  static let manifest = RuntimeFixtures.repository + "/manifests/NoteApp.yaml"

  @Test func messageReachesNotifyStringAndLoginReachesTheNoteList() throws {
    let registry = try NoteAppWiring.registry(manifestPath: Self.manifest)
    let noteList = NoteListViewController()
    let login = try registry.destination(for: "ModuleARequiredLoginViewInput")
    #expect(login.module == "Login")
    try login.set("message", to: "Please log in to read this note")
    try login.set("delegate", to: noteList)

    let screen = try #require(login.object as? LoginViewController)
    #expect(screen.notifyString == "Please log in to read this note")
    #expect(try login.get("message") as? String == "Please log in to read this note")
    #expect(screen.delegate != nil, "the login screen holds a ProvidedLoginViewDelegate")

    screen.login()
    #expect(noteList.events == ["didFinishLogin"])
    #expect(
      (try login.get("delegate") as AnyObject) === noteList,
      "reading the delegate back gives the caller's object")

    try login.set("delegate", to: nil)
    #expect(screen.delegate == nil)
  }

  @Test func aDelegateTheLoginScreenSetsItselfIsReadThroughTheNoteListsProtocol() throws {
    let registry = try NoteAppWiring.registry(manifestPath: Self.manifest)
    let login = try registry.destination(for: "ModuleARequiredLoginViewInput")
    let screen = try #require(login.object as? LoginViewController)
    let own = OwnLoginDelegate()
    screen.delegate = own
    let seen = try #require(try login.get("delegate") as? any ModuleARequiredLoginViewDelegate)
    seen.didFinishLogin()
    #expect(
      own.logins == 1, "didFinishLogin() on the facade reaches didLogin() of the login screen's own delegate")
  }

  @Test func methodsWithArgumentsAndInheritedMembersForwardDirectly() throws {
    let registry = try NoteAppWiring.registry(manifestPath: Self.manifest)
    let detail = try registry.destination(for: "NoteDetailInput", parameters: ["noteId": 42])
    #expect(try detail.get("noteId") as? Int == 42)
    #expect(try detail.get("title") as? String == "Note 42")
    #expect(try detail.call("highlight(range:animated:)", "1..<3", true) as? Bool == true)
    #expect(try detail.call("highlight", "", false) as? Bool == false)
    let summary = try registry.destination(for: "NoteSummaryInput", parameters: ["noteId": 7])
    #expect(summary.module == "NoteDetail")
  }

  @Test func aServiceBehindAnAdapterAnswersByTheRequiredNames() throws {
    let registry = try NoteAppWiring.registry(manifestPath: Self.manifest)
    let store = try registry.destination(for: "NoteListRequiredStore")
    #expect(store.module == "NoteStore")
    #expect(try store.call("noteIds()") as? [Int] == [1, 42])
    #expect(try store.call("note(id:)", 42) as? String == "The answer")
    #expect(try store.call("note", 3) == nil)
  }

  @Test func urlsOpenConfiguredDestinations() throws {
    let registry = try NoteAppWiring.registry(manifestPath: Self.manifest)
    let opened = try registry.open("noteapp://notes/42?query=answer")
    #expect(opened.module == "NoteDetail")
    #expect(opened.route == "/notes/:noteId")
    let page = try #require(opened.object as? NoteDetailViewController)
    #expect(page.noteId == 42)
    #expect(page.query == "answer")
    let editor = try #require(try registry.open("/notes/new").object as? NoteEditorViewController)
    #expect(editor.noteId == nil)
    let missing = try registry.open("/no/such/page")
    #expect(missing.isFallback)
    #expect(missing.object is NotFoundViewController)
    #expect(throws: RuntimeError.self) { try registry.open("https://example.com/notes/1") }
  }
}

/// A login-screen delegate the login module sets up itself.
@MainActor
final class OwnLoginDelegate: ProvidedLoginViewDelegate {
  var logins = 0
  func didLogin() { logins += 1 }
}

enum RuntimeFixtures {
  static let repository: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
    return path
  }()
}
