// The README's library example, compiled and run (DocumentationSnippetTests checks that the
// README's block is this code).
import NoteAppExample
import RouteCfgCore
import RouteCfgRuntime
import Testing

@Suite("README library example")
@MainActor
struct ReadmeLibraryExample {
  @Test func theExampleRuns() throws {
    let manifest = try RouteCfg.load(
      yaml: """
        routecfg: 1
        protocols: {Provided: "var notifyString: String? { get set }", Required: "var message: String? { get set }"}
        modules: {Login: {kind: view, provides: [Provided], routes: [/login]}, List: {kind: view, requires: [Required], routes: [/]}}
        adapters: [{adapt: Required, to: Provided, map: {message: notifyString}}]
        """)  // throws the diagnostics, as `routecfg validate` prints them
    var registrations = Registrations()
    registrations.view("Login", LoginViewController.self) { _ in LoginViewController() }
    registrations.view("List", NoteListViewController.self) { _ in NoteListViewController() }
    registrations.members(of: LoginViewController.self) { $0.property("notifyString", \.notifyString) }
    let registry = try Registry(manifest, registrations: registrations)  // lists anything missing
    let login = try registry.destination(for: "Required")  // Login, through the adapter
    try login.set("message", to: "Please log in")  // reaches notifyString
    #expect((login.object as? LoginViewController)?.notifyString == "Please log in")
  }
}
