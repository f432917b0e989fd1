import NoteAppExample
import RouteCfgCore
import RouteCfgRuntime
import RouteCfgTesting
import Testing

/// The dynamic runtime wired by generated code (`routecfg generate --dynamic`): one call
/// registers the factories, every protocol's member table and proxy; nothing is written by hand.
@Suite("Generated registration with the dynamic runtime")
@MainActor
struct GeneratedRegistrationTests {
  static let manifest = RuntimeFixtures.repository + "/manifests/NoteApp.yaml"

  func registry() throws -> Registry {
    try Registry(RouteCfg.load(path: Self.manifest), registrations: NoteAppWiring.generatedRegistrations())
  }

  @Test func theSeedScenarioRunsWithNothingWrittenByHand() throws {
    let registry = try registry()
    let noteList = NoteListViewController()
    let login = try registry.destination(for: "ModuleARequiredLoginViewInput")
    try login.set("message", to: "Please log in")
    try login.set("delegate", to: noteList)
    let screen = try #require(login.object as? LoginViewController)
    #expect(screen.notifyString == "Please log in")
    screen.login()
    #expect(noteList.events == ["didFinishLogin"], "the generated dynamic proxy carried didLogin() across")
    #expect((try login.get("delegate") as AnyObject) === noteList)
  }

  @Test func destinationsComeBackAsTheirSwiftTypes() throws {
    let registry = try registry()
    let detail = try registry.destination(
      for: "NoteDetailInput", as: (any NoteDetailInput).self, parameters: ["noteId": 7])
    #expect(detail.noteId == 7 && detail.title == "Note 7")
    #expect(detail is NoteDetailViewController, "a module that implements the protocol is returned as it is")
    let store = try registry.destination(for: "NoteListRequiredStore", as: (any NoteListRequiredStore).self)
    #expect(store is NoteListRequiredStoreDynamicProxy, "through an adapter: the generated proxy")
    #expect(store.noteIds() == [1, 42], "noteIds() reaches allNoteIds() through the adapter")
    #expect(store.note(id: 42) == "The answer")
  }

  @Test func typedMocksThroughTheTestingLibrary() throws {
    let harness = try ManifestHarness(path: Self.manifest)
    let mocks = try harness.mockRegistry { NoteAppRegistry.registerProtocols(into: &$0) }
    let store = try mocks.registry.destination(
      for: "NoteListRequiredStore", as: (any NoteListRequiredStore).self)
    #expect(
      store is NoteListRequiredStoreDynamicProxy,
      "a proxy registered for the protocol, not the one the testing library makes for every protocol")
    let untyped = try harness.mockRegistry().registry.destination(
      for: "NoteListRequiredStore", as: AnyObject.self)
    #expect(type(of: untyped) == DynamicProtocolProxy.self, "without one, the testing library's own")
    try mocks.mock("NoteStore")?.stub("allNoteIds()") { _ in [3, 4] }
    #expect(store.noteIds() == [3, 4])
    #expect(store.note(id: 1) == nil, "an unstubbed method with an optional result answers nil")
    let records = mocks.mock("NoteStore")?.records.map(\.description) ?? []
    #expect(records == ["call allNoteIds()", "call note(id: 1)"], "\(records)")
  }

  /// A stub that answers another type than the method declares is reported through the typed
  /// proxy, as a property holding the wrong type is, not read as no value.
  @Test func aStubAnsweringTheWrongTypeIsReported() throws {
    let harness = try ManifestHarness(path: Self.manifest)
    let failures = FailureLog()
    let mocks = try harness.mockRegistry {
      NoteAppRegistry.registerProtocols(into: &$0)
      $0.onForwardingFailure { failures.entries.append($0) }
    }
    let store = try mocks.registry.destination(
      for: "NoteListRequiredStore", as: (any NoteListRequiredStore).self)
    try mocks.mock("NoteStore")?.stub("allNoteIds()") { _ in "three" }
    try mocks.mock("NoteStore")?.stub("note(id:)") { _ in 3 }
    #expect(store.noteIds() == [])
    #expect(store.note(id: 1) == nil)
    #expect(
      failures.entries.map(\.error) == [
        "'noteIds()' answered a 'String', where its caller declares a '[Int]'",
        "'note(id:)' answered an 'Int', where its caller declares a 'String'",
      ])
    // An unstubbed method answers no value, which is no failure.
    try mocks.mock("NoteStore")?.stub("allNoteIds()") { _ in nil }
    #expect(store.noteIds() == [] && failures.entries.count == 2)
  }
}

/// The forwarding failures a registry reported, in order.
@MainActor private final class FailureLog {
  var entries: [ForwardingFailure] = []
}
