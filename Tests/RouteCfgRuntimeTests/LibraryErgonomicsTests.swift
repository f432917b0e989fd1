import Foundation
import NoteAppExample
import RouteCfgCore
import RouteCfgRuntime
import RouteCfgTesting
import Testing

/// The library as a new user meets it: one throwing entry point with compiler-style errors,
/// readable results, errors in the caller's words, failures that are reported, not swallowed.
@Suite("Library ergonomics")
@MainActor
struct LibraryErgonomicsTests {
  static let invalid = """
    routecfg: 1
    protocols: {Provided: "var notifyString: String? { get set }", Required: "var message: String? { get set }; var title: String { get }"}
    modules: {Login: {kind: view, provides: [Provided]}, List: {kind: view, requires: [Required], routes: [/]}}
    adapters: [{adapt: Required, to: Provided, map: {mesage: notifyString}}]
    """

  @Test func loadThrowsTheDiagnosticsInTheCompilerFormat() throws {
    do {
      _ = try RouteCfg.load(yaml: Self.invalid, path: "App.yaml")
      Issue.record("an invalid manifest loaded")
    } catch {
      #expect(error.diagnostics.map(\.code) == [.unmappedMembers, .unknownAdapterMember])
      let lines = error.description.split(separator: "\n").map(String.init)
      #expect(
        lines.first?.hasPrefix("App.yaml:4:20: error: the adapter from 'Required' to 'Provided'") == true)
      #expect(
        lines.contains {
          $0.contains(": error: 'Required' has no member 'mesage'") && $0.hasSuffix("[RC0601]")
        })
      #expect(lines.last == "App.yaml: 2 errors")
      // An app that shows `localizedDescription` (an alert, a log line) shows the same text.
      #expect((error as any Error).localizedDescription == error.description)
    }
  }

  @Test func loadReturnsAValidResultAndAnUnknownVariantThrows() throws {
    let result = try RouteCfg.load(path: RuntimeFixtures.repository + "/manifests/NoteApp.yaml")
    #expect(result.isValid)
    #expect(
      result.description.hasSuffix(
        "/manifests/NoteApp.yaml: valid (6 modules, 9 protocols, 3 adapters, 6 routes)"))
    #expect(throws: ManifestError.self) {
      try RouteCfg.load(path: RuntimeFixtures.repository + "/manifests/LoginDemo.yaml", variant: "iOS")
    }
  }

  /// A result validated for one variant wires that variant; another declared one was not
  /// checked, which the build says (rather than calling it unknown).
  @Test func aResultValidatedForOneVariantWiresThatOne() throws {
    let yaml = """
      routecfg: 1
      protocols: {Need: "func go()", A: "func go()", B: "func go()"}
      modules:
        MA: {kind: view, provides: [A]}
        MB: {kind: view, provides: [B]}
        Home: {kind: view, requires: [Need], routes: [/]}
      adapters: [{adapt: Need, to: A}, {adapt: Need, to: B}]
      bindings: {Need: MA}
      variants: {b: {bindings: {Need: MB}}, c: {bindings: {Need: MA}}}
      """
    let result = try RouteCfg.load(yaml: yaml, variant: "b")
    #expect(result.graph?.resolution(variant: nil)?.provider(of: "Need")?.module == "MB")
    #expect(result.graph?.resolution(variant: "b")?.provider(of: "Need")?.module == "MB")
    do {
      _ = try Registry(result, registrations: Registrations(), variant: "c")
      Issue.record("built")
    } catch {
      #expect(
        error.problems.first
          == "variant 'c' was not checked: the manifest was validated for variant 'b' alone; "
          + "validate it without a variant to wire any of its configurations")
    }
  }

  /// The other errors a library user may show: an unknown variant, a harness report.
  @Test func everyThrownErrorShowsItsTextAsItsLocalizedDescription() throws {
    do {
      _ = try RouteCfg.validate(yaml: "routecfg: 1\nvariants: {mac: {}}\n", variant: "ios")
      Issue.record("an unknown variant was accepted")
    } catch {
      #expect((error as any Error).localizedDescription == error.description)
      #expect(error.description.contains("'ios'"))
    }
    let report = HarnessReport(check: "a check", failures: ["it failed"])
    #expect((report as any Error).localizedDescription == report.description)
    let unknown = UnknownMockMember(name: "shw", kind: "method", suggestion: "show")
    #expect((unknown as any Error).localizedDescription == unknown.description)
  }

  @Test func aValidationResultDescribesItself() throws {
    let result = try RouteCfg.validate(yaml: Self.invalid, path: "App.yaml")
    #expect("\(result)".hasSuffix("\nApp.yaml: 2 errors"))
    #expect("\(result)".hasPrefix("App.yaml:4:20: error: "))
  }

  @Test func aRegistryForAnInvalidManifestShowsPositions() throws {
    let result = try RouteCfg.validate(yaml: Self.invalid, path: "App.yaml")
    do {
      _ = try Registry(result, registrations: Registrations())
      Issue.record("built")
    } catch {
      #expect(error.problems.contains { $0.hasPrefix("App.yaml:4:20: error: ") })
      #expect((error as any Error).localizedDescription == error.description)
    }
  }

  @Test func aWrongTypeIsReportedUnderTheNameTheCallerWrote() throws {
    let registry = try NoteAppWiring.registry(
      manifestPath: RuntimeFixtures.repository + "/manifests/NoteApp.yaml")
    let login = try registry.destination(for: "ModuleARequiredLoginViewInput")
    #expect(throws: RuntimeError.typeMismatch(member: "message", expected: "String?", actual: "Int")) {
      try login.set("message", to: 42)
    }
    // Read as another type: what the value is, and how to read it.
    try login.set("message", to: "x")
    #expect(throws: RuntimeError.readMismatch(member: "message", requested: "Int", actual: "String")) {
      try login.get("message", as: Int.self)
    }
    #expect(throws: RuntimeError.readMismatch(member: "message", requested: "Int", actual: "String")) {
      try login.property("message", as: Int.self).get()
    }
    #expect(
      RuntimeError.readMismatch(member: "message", requested: "Int", actual: "String").description
        == "'message' holds a 'String', not an 'Int'; read it as 'String'")
    try login.set("message", to: nil)
    #expect(
      throws: RuntimeError.readMismatch(member: "message", requested: "String", actual: "nil")
    ) { try login.get("message", as: String.self) }
    #expect(try login.get("message", as: String?.self) == nil)
  }

  @Test func aDestinationAskedForAsTheWrongTypeSaysWhatItIs() throws {
    let registry = try NoteAppWiring.registry(
      manifestPath: RuntimeFixtures.repository + "/manifests/NoteApp.yaml")
    let expected = RuntimeError.wrongDestinationType(
      protocolName: "NoteDetailInput", requested: "NoteEditorViewController",
      actual: "NoteDetailViewController")
    #expect(throws: expected) {
      try registry.destination(
        for: "NoteDetailInput", as: NoteEditorViewController.self, parameters: ["noteId": 1])
    }
    #expect(
      expected.description
        == "the destination for 'NoteDetailInput' is a 'NoteDetailViewController', not a "
        + "'NoteEditorViewController'; ask for it as 'any NoteDetailInput', the protocol's Swift type")
    #expect(
      throws: RuntimeError.wrongDestinationType(
        protocolName: "NoteStoreService", requested: "NoteListViewController", actual: "NoteStore")
    ) {
      try registry.service(for: "NoteStoreService", as: NoteListViewController.self)
    }
    let detail = try registry.destination(
      for: "NoteDetailInput", as: (any NoteDetailInput).self, parameters: ["noteId": 1])
    #expect(detail.noteId == 1)
  }

  /// A mock registry's destinations are untyped proxies: asked for as the protocol's Swift type,
  /// the fix is a typed proxy, not the type the caller already asked for.
  @Test func anUntypedProxyAskedForAsItsProtocolNamesTheProxyToRegister() throws {
    let harness = try ManifestHarness(path: RuntimeFixtures.repository + "/manifests/NoteApp.yaml")
    let mocks = try harness.mockRegistry()
    let expected = RuntimeError.wrongDestinationType(
      protocolName: "NoteStoreService", requested: "NoteStoreService", actual: "DynamicProtocolProxy")
    #expect(throws: expected) {
      try mocks.registry.destination(for: "NoteStoreService", as: (any NoteStoreService).self)
    }
    #expect(
      expected.description
        == "the destination for 'NoteStoreService' is a 'DynamicProtocolProxy', a proxy that forwards by "
        + "name and conforms to no protocol; register a proxy that conforms to 'NoteStoreService' with "
        + "proxy(for: \"NoteStoreService\"), or every protocol's with the registerProtocols(into:) that "
        + "'routecfg generate --dynamic' writes (for RouteCfgTesting's mocks: "
        + "mockRegistry { AppRegistry.registerProtocols(into: &$0) })")
    // Asked for as another type, the advice is still the protocol's Swift type.
    #expect(
      throws: RuntimeError.wrongDestinationType(
        protocolName: "NoteStoreService", requested: "NoteStore", actual: "DynamicProtocolProxy")
    ) { try mocks.registry.destination(for: "NoteStoreService", as: NoteStore.self) }
    // The fix works: with the generated proxies registered, the mock is served as the protocol.
    let typed = try harness.mockRegistry { NoteAppRegistry.registerProtocols(into: &$0) }
    let store = try typed.registry.destination(for: "NoteStoreService", as: (any NoteStoreService).self)
    try typed.mock("NoteStore")?.stub("allNoteIds()") { _ in [7] }
    #expect(store.allNoteIds() == [7])
  }

  /// A mock's property that was never written reads through a typed proxy as its type's empty
  /// value, as an unstubbed method answers, without a forwarding failure; a value written reads
  /// back.
  @Test func aMocksUnwrittenPropertyReadsAsTheEmptyValue() throws {
    let harness = try ManifestHarness(path: RuntimeFixtures.repository + "/manifests/NoteApp.yaml")
    let failures = ForwardingFailures()
    let mocks = try harness.mockRegistry { registrations in
      NoteAppRegistry.registerProtocols(into: &registrations)
      registrations.onForwardingFailure { failures.all.append($0) }
    }
    let editor = try mocks.registry.destination(
      for: "NoteEditorInput", as: (any NoteEditorInput).self, parameters: ["noteId": 3])
    #expect(editor.draft == "")
    editor.draft = "text"
    #expect(editor.draft == "text")
    #expect(failures.all.isEmpty, "\(failures.all)")
  }

  /// Among mocks, a module of a type of the app that does not conform to its protocol is named
  /// as what must change, not the untyped proxy the mocks register.
  @Test func aNonConformingModuleAmongMocksIsNamed() throws {
    let harness = try ManifestHarness(path: RuntimeFixtures.repository + "/manifests/NoteApp.yaml")
    /// The note store made a `NotAStore`, whose member table answers the protocol's members.
    func storeOfTheWrongClass(_ registrations: inout Registrations) {
      _ = registrations.removeModule("NoteStore")
      registrations.service("NoteStore", NotAStore.self) { _ in NotAStore() }
      registrations.members(of: NotAStore.self) { table in
        table.method("allNoteIds()") { $0.allNoteIds() }
        table.method("note(id:)") { (store, id: Int) in store.note(id: id) }
        table.method("delete(id:)") { (store, id: Int) in store.delete(id: id) }
      }
    }
    let expected = RuntimeError.wrongDestinationType(
      protocolName: "NoteStoreService", requested: "NoteStoreService", actual: "NotAStore")
    let mocks = try harness.mockRegistry(customize: storeOfTheWrongClass)
    #expect(throws: expected) {
      try mocks.registry.destination(for: "NoteStoreService", as: (any NoteStoreService).self)
    }
    // Also with a typed proxy registered for the protocol: the module is not wrapped in a proxy
    // that would answer its members with empty values.
    let typed = try harness.mockRegistry { registrations in
      NoteAppRegistry.registerProtocols(into: &registrations)
      storeOfTheWrongClass(&registrations)
    }
    #expect(throws: expected) {
      try typed.registry.destination(for: "NoteStoreService", as: (any NoteStoreService).self)
    }
  }

  /// A destination that is not a proxy, asked for as the protocol's type it does not conform to:
  /// asking for that type again is no fix.
  @Test func aDestinationThatDoesNotConformToItsProtocolSaysSo() {
    let error = RuntimeError.wrongDestinationType(
      protocolName: "NoteDetailInput", requested: "NoteDetailInput", actual: "NoteDetailPage")
    #expect(
      error.description
        == "the destination for 'NoteDetailInput' is a 'NoteDetailPage', which does not conform to "
        + "'NoteDetailInput'; make 'NoteDetailPage' conform to it")
  }

  /// `RouteCfg.validate(path:)` returns a manifest's diagnostics, and throws only for a variant
  /// the manifest does not declare; the documentation says so.
  @Test func validateThrowsOnlyForAnUnknownVariantAsTheDocsSay() throws {
    let invalid = try RouteCfg.validate(yaml: Self.invalid, path: "App.yaml")
    #expect(!invalid.isValid)
    #expect(throws: UnknownVariantError(name: "nope", available: [])) {
      try RouteCfg.validate(path: RuntimeFixtures.repository + "/manifests/NoteApp.yaml", variant: "nope")
    }
    let runtime = try String(
      contentsOfFile: RuntimeFixtures.repository + "/Docs/Runtime.md", encoding: .utf8)
    let paragraph = try #require(
      runtime.components(separatedBy: "\n\n").first { $0.contains("`RouteCfg.validate(path:)` returns") })
    #expect(!paragraph.contains("without throwing"))
    #expect(paragraph.contains("`UnknownVariantError`"))
  }

  @Test func mockRecordsPrintAsSwiftCalls() {
    #expect("\(RecordingMock.Record.call("didFinishLogin()", []))" == "call didFinishLogin()")
    #expect(
      "\(RecordingMock.Record.call("highlight(range:animated:)", ["\"1..<3\"", "true"]))"
        == "call highlight(range: \"1..<3\", animated: true)")
    #expect("\(RecordingMock.Record.call("move(_:to:)", ["1", "2"]))" == "call move(1, to: 2)")
    #expect("\(RecordingMock.Record.set("notifyString", "\"Hi\""))" == "set notifyString = \"Hi\"")
  }

  @Test func forwardingFailuresAreReportedNotSwallowed() throws {
    var failures: [ForwardingFailure] = []
    var registrations = NoteAppWiring.registrations()
    registrations.proxy(for: "ProvidedLoginViewDelegate") { MisspeltDelegateProxy($0) }
    registrations.onForwardingFailure { failures.append($0) }
    let manifest = try RouteCfg.load(path: RuntimeFixtures.repository + "/manifests/NoteApp.yaml")
    let registry = try Registry(manifest, registrations: registrations)
    let login = try registry.destination(for: "ModuleARequiredLoginViewInput")
    let noteList = NoteListViewController()
    try login.set("delegate", to: noteList)
    (login.object as? LoginViewController)?.login()
    let failure = try #require(failures.first)
    #expect(failures.count == 1)
    #expect(failure.protocolName == "ProvidedLoginViewDelegate")
    #expect(failure.member == "didLogn()")
    #expect(failure.line == MisspeltDelegateProxy.line)
    #expect(
      failure.description.hasSuffix(
        "LibraryErgonomicsTests.swift:\(MisspeltDelegateProxy.line): error: forwarding 'didLogn()' of "
          + "'ProvidedLoginViewDelegate' failed: 'ProvidedLoginViewDelegate' has no member 'didLogn()'; "
          + "did you mean 'didLogin()'?"))
  }

  @Test func valueAndSetterForwardingReportToo() throws {
    let mocks = try ManifestHarness(path: RuntimeFixtures.repository + "/manifests/NoteApp.yaml")
      .mockRegistry()
    let members = try mocks.registry.destination(for: "NoteEditorInput")
    let proxy = DynamicProtocolProxy(members)
    var failures: [String] = []
    proxy.failureHandler = { failures.append($0.member) }
    // A value of the wrong type is reported (a mock's property never written is not: it reads as
    // the fallback, the empty value).
    #expect(proxy.forwardedValueOrReport("draft", as: String.self, fallback: "empty") == "empty")
    proxy.forwardValueOrReport("draft", "text")
    #expect(proxy.forwardedValueOrReport("draft", as: Int.self, fallback: -1) == -1)
    proxy.forwardValueOrReport("noteIdentifier", 3)
    #expect(proxy.forwardOrReport("save()") == nil)
    #expect(failures == ["draft", "noteIdentifier"])
  }
}

/// A proxy with a typo in the member it forwards to.
final class MisspeltDelegateProxy: DynamicProtocolProxy, ProvidedLoginViewDelegate {
  static let line = #line + 1
  func didLogin() { forwardOrReport("didLogn()") }
}

/// A store with NoteStoreService's members that does not conform to it.
final class NotAStore: Sendable {
  func allNoteIds() -> [Int] { [] }
  func note(id: Int) -> String? { nil }
  func delete(id: Int) {}
}

/// The forwarding failures a test collects.
@MainActor
final class ForwardingFailures {
  var all: [ForwardingFailure] = []
}
