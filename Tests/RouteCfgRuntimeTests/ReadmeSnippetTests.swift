import NoteAppExample
import RouteCfgCore
import RouteCfgRuntime
import Testing

/// The README's library example, as written there.
@Suite("README library example")
@MainActor
struct ReadmeSnippetTests {
  @Test func theSnippetRuns() throws {
    let manifest = try RouteCfg.validate(
      yaml: """
        routecfg: 1
        protocols: {Provided: "var notifyString: String? { get set }", Required: "var message: String? { get set }"}
        modules: {Login: {kind: view, provides: [Provided], routes: [/login]}, List: {kind: view, requires: [Required], routes: [/]}}
        adapters: [{adapt: Required, to: Provided, map: {message: notifyString}}]
        """)
    var registrations = Registrations()
    registrations.view("Login", LoginViewController.self) { _ in LoginViewController() }
    registrations.view("List", NoteListViewController.self) { _ in NoteListViewController() }
    registrations.members(of: LoginViewController.self) { $0.property("notifyString", \.notifyString) }
    let registry = try Registry(manifest, registrations: registrations)
    let login = try registry.destination(for: "Required")
    try login.set("message", to: "Please log in")
    #expect((login.object as? LoginViewController)?.notifyString == "Please log in")
  }
}
