import RouteCfgCore
import RouteCfgRuntime
import RouteCfgTesting
import Testing
import XCTest

/// The testing library on the shipped manifests, with swift-testing.
@Suite("Manifest harness")
@MainActor
struct HarnessTests {
  static let noteApp = RuntimeFixtures.repository + "/manifests/NoteApp.yaml"

  @Test func theShippedManifestsPassEveryCheck() throws {
    for path in ["manifests/NoteApp.yaml", "manifests/ShopApp/ShopApp.yaml", "manifests/LoginDemo.yaml"] {
      let harness = try ManifestHarness(path: RuntimeFixtures.repository + "/" + path)
      let routes = harness.everyRouteResolves()
      #expect(routes.passed, "\(routes)")
      let requirements = harness.everyRequirementIsSatisfied()
      #expect(requirements.passed, "\(requirements)")
    }
  }

  @Test func aValueWrittenThroughTheRequiredProtocolArrivesAtTheProvidedMember() throws {
    let harness = try ManifestHarness(path: Self.noteApp)
    try harness.value(
      "Please log in", writtenTo: "message", of: "ModuleARequiredLoginViewInput", arrivesAt: "notifyString"
    )
    .require()
    let wrong = harness.value(
      "Please log in", writtenTo: "message", of: "ModuleARequiredLoginViewInput", arrivesAt: "message")
    #expect(!wrong.passed)
    #expect(
      wrong.failures == [
        "'ProvidedLoginViewInput' has no member 'message'; 'ModuleARequiredLoginViewInput.message' reaches "
          + "'ProvidedLoginViewInput.notifyString' (the map of the adapter at \(Self.noteApp):83:5)"
      ])
    // A delegate crosses the adapter in a proxy, which stands for the object written.
    try harness.value(
      RecordingMock(module: "Probe"), writtenTo: "delegate", of: "ModuleARequiredLoginViewInput",
      arrivesAt: "delegate"
    ).require()
  }

  /// Through a key-path target the value reaches the object the provider holds.
  @Test func aValueWrittenThroughAKeyPathArrivesAtTheHeldObject() throws {
    let harness = try ManifestHarness(
      yaml: """
        routecfg: 1
        protocols:
          HeaderInput: "var title: String? { get set }"
          ScreenInput: "var header: HeaderInput? { get set }"
          RequiredScreen: "var caption: String? { get set }"
        modules:
          Screen: {kind: view, provides: [ScreenInput, HeaderInput]}
          Home: {kind: view, requires: [RequiredScreen], routes: [/]}
        adapters:
          - {adapt: RequiredScreen, to: ScreenInput, map: {caption: header.title}}
        """, path: "keypath.yaml")
    try harness.value("Hi", writtenTo: "caption", of: "RequiredScreen", arrivesAt: "header.title").require()
    let wrong = harness.value("Hi", writtenTo: "caption", of: "RequiredScreen", arrivesAt: "header.subtitle")
    #expect(
      wrong.failures == [
        "'HeaderInput' (reached through 'header') has no member 'subtitle'; 'RequiredScreen.caption' reaches "
          + "'ScreenInput.header.title' (the map of the adapter at keypath.yaml:10:5)"
      ])
    // A misspelt step after the first gets a did-you-mean too.
    let misspeltStep = harness.value(
      "Hi", writtenTo: "caption", of: "RequiredScreen", arrivesAt: "header.titel")
    #expect(
      misspeltStep.failures.first?.hasPrefix(
        "'HeaderInput' (reached through 'header') has no member 'titel'; did you mean 'title'?") == true,
      "\(misspeltStep)")
    // Written as a member of the provided protocol, it is told where the value goes instead.
    let plain = harness.value("Hi", writtenTo: "caption", of: "RequiredScreen", arrivesAt: "header")
    #expect(
      plain.failures == [
        "'RequiredScreen.caption' reaches 'ScreenInput.header.title' (the map of the adapter at keypath.yaml:10:5), not 'header'"
      ])
    let misspelt = harness.value("Hi", writtenTo: "caption", of: "RequiredScreen", arrivesAt: "haeder.title")
    #expect(
      misspelt.failures.first?.hasPrefix("'ScreenInput' has no member 'haeder'; did you mean 'header'?")
        == true)
    for empty in ["", ".", "header..title", "header."] {
      let report = harness.value("Hi", writtenTo: "caption", of: "RequiredScreen", arrivesAt: empty)
      #expect(report.failures == ["'\(empty)' names no member"])
    }
  }

  /// A provider with a required parameter no URL carries is made with the value given; without
  /// one, the report says which parameter to give.
  @Test func aProviderWithParametersNoSampleFillsTakesThemFromTheCheck() throws {
    let harness = try ManifestHarness(
      yaml: """
        routecfg: 1
        protocols:
          Store: "var labels: [String] { get set }"
          NeedStore: "var labels: [String] { get set }"
        modules:
          S: {kind: view, provides: [Store], parameters: {tags: "[String]", id: Int}}
          Home: {kind: view, requires: [NeedStore], routes: [/]}
        adapters:
          - {adapt: NeedStore, to: Store}
        """, path: "parameters.yaml")
    let unfilled = harness.value(["a"], writtenTo: "labels", of: "NeedStore", arrivesAt: "labels")
    #expect(
      unfilled.failures == [
        #"module 'S' needs 'tags' ([String]), which no sample fills: pass a value with 'parameters: ["tags": ...]'"#
      ])
    try harness.value(
      ["a"], writtenTo: "labels", of: "NeedStore", arrivesAt: "labels", parameters: ["tags": ["x"]]
    )
    .require()
  }

  /// A parameter or member declared with an alias of the app's own is filled and checked once
  /// the alias is registered through `customize`, as for a mock registry.
  @Test func aProviderWhoseParameterIsAnAppAliasTakesTheAliasFromCustomize() throws {
    let harness = try ManifestHarness(
      yaml: """
        routecfg: 1
        protocols:
          Panel: "var title: String { get set }"
          NeedPanel: "var title: String { get set }"
        modules:
          P: {kind: view, provides: [Panel], parameters: {nid: NoteID}}
          Home: {kind: view, requires: [NeedPanel], routes: [/]}
        adapters:
          - {adapt: NeedPanel, to: Panel}
        """, path: "aliases.yaml")
    let unregistered = harness.value(
      "t", writtenTo: "title", of: "NeedPanel", arrivesAt: "title", parameters: ["nid": 1])
    #expect(
      unregistered.failures.first?.contains("takes a 'NoteID', not an 'Int'") == true, "\(unregistered)")
    try harness.value(
      "t", writtenTo: "title", of: "NeedPanel", arrivesAt: "title", parameters: ["nid": 1],
      customize: { $0.typeAlias("NoteID", for: Int.self) }
    )
    .require()
  }

  @Test func mocksRecordEveryGetSetAndCall() throws {
    let harness = try ManifestHarness(path: Self.noteApp)
    let mocks = try harness.mockRegistry()
    let store = try mocks.registry.destination(for: "NoteListRequiredStore")
    let mock = try #require(mocks.mock("NoteStore"))
    try mock.stub("allNoteIds()") { _ in [3, 4] }
    #expect(try store.call("noteIds()") as? [Int] == [3, 4])
    _ = try store.call("note(id:)", 3)
    let login = try mocks.registry.destination(for: "ModuleARequiredLoginViewInput")
    try login.set("message", to: "Hi")
    #expect(try login.get("message") as? String == "Hi")
    #expect(mock.records == [.call("allNoteIds()", []), .call("note(id:)", ["3"])])
    #expect(mocks.mock("Login")?.records == [.set("notifyString", "\"Hi\""), .get("notifyString")])
    #expect(try mock.calls(of: "note(id:)") == [["3"]])
    #expect(
      try mock.calls(of: "note") == [["3"]], "a base name counts the calls of every method of that name")
  }

  /// A registry's mocks know the manifest's members: a misspelt name is an error with the closest
  /// one, so that a stub never called or an expectation of no calls cannot pass by mistake; a
  /// stub by base name answers every method of that name.
  @Test func mocksRefuseNamesTheManifestDoesNotDeclare() throws {
    let harness = try ManifestHarness(path: Self.noteApp)
    let mocks = try harness.mockRegistry()
    let store = try mocks.registry.destination(for: "NoteListRequiredStore")
    let mock = try #require(mocks.mock("NoteStore"))
    #expect(throws: UnknownMockMember(name: "allNoteId()", kind: "method", suggestion: "allNoteIds()")) {
      try mock.stub("allNoteId()") { _ in [1] }
    }
    // A base name is compared with base names.
    #expect(throws: UnknownMockMember(name: "allNoteId", kind: "method", suggestion: "allNoteIds")) {
      try mock.stub("allNoteId") { _ in [1] }
    }
    #expect(throws: UnknownMockMember.self) { try mock.calls(of: "nte(id:)") }
    #expect(throws: UnknownMockMember.self) { try mock.preset("notifyStrin", "x") }
    #expect(
      UnknownMockMember(name: "allNoteId()", kind: "method", suggestion: "allNoteIds()").description
        == "no protocol of the manifest declares a method 'allNoteId()'; did you mean 'allNoteIds()'?")
    try mock.stub("allNoteIds") { _ in [5] }
    #expect(try store.call("noteIds()") as? [Int] == [5])
    // A mock made by hand knows no manifest and takes any name.
    try RecordingMock(module: "Probe").stub("anything()") { _ in nil }
  }

  /// A mock answers members itself, so a manifest with methods the dynamic runtime cannot call
  /// still gets mocks; calling such a method through the runtime is refused, as a registry of
  /// real modules refuses it when it is built, and the other members stay usable.
  @Test func mocksRefuseMethodsTheDynamicRuntimeCannotCallWhenCalled() throws {
    let harness = try ManifestHarness(
      yaml: """
        routecfg: 1
        protocols:
          Store: |
            var name: String { get set }
            func load() async throws -> Int
            func seven(a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: Int)
        modules:
          S: {kind: service, provides: [Store], routes: [/s]}
        """)
    let mocks = try harness.mockRegistry()
    let store = try mocks.registry.destination(for: "Store")
    #expect(
      throws: RuntimeError.unsupported(
        "'load()' of 'Store' is async, which the dynamic runtime cannot call; use generated code")
    ) { try store.call("load()") }
    #expect(throws: RuntimeError.self) { try store.call("seven(a:b:c:d:e:f:g:)", 1, 2, 3, 4, 5, 6, 7) }
    try store.set("name", to: "kept")
    #expect(try store.get("name") as? String == "kept")
    #expect(mocks.mock("S")?.records == [.set("name", "\"kept\""), .get("name")])
  }

  /// A closure whose protocols differ on the two sides of an adapter, which a registry of real
  /// modules refuses when it is built: mocks are built all the same, forwarding such a value is
  /// refused when it is done, and the other members stay usable.
  @Test func mocksAreBuiltForClosuresTheDynamicRuntimeCannotConvert() throws {
    let harness = try ManifestHarness(
      yaml: """
        routecfg: 1
        protocols:
          ReqD: "func ping()"
          ProvD: "func ping()"
          Req: |
            var handler: ((ReqD) -> Void)? { get set }
            func other() -> Int
          Prov: |
            var handler: ((ProvD) -> Void)? { get set }
            func other() -> Int
        modules:
          P: {kind: service, provides: [Prov]}
          U: {kind: service, requires: [Req], routes: [/]}
        adapters:
          - {adapt: Req, to: Prov}
          - {adapt: ReqD, to: ProvD}
        """)
    let mocks = try harness.mockRegistry()
    // Mocks are made as views are: service(for:as:) says how to ask for them.
    #expect(
      throws: RuntimeError.unsupported(
        "module 'P' is not registered as a Sendable service (with service(_:_:make:)); ask for 'Prov' with "
          + "destination(for:as:) on the main actor, or register the module with service(_:_:make:)")
    ) { try mocks.registry.service(for: "Prov", as: AnyObject.self) }
    let required = try mocks.registry.destination(for: "Req")
    _ = try required.call("other()")
    #expect(mocks.mock("P")?.records == [.call("other()", [])])
    let handler: @MainActor (AnyObject) -> Void = { _ in }
    #expect(throws: RuntimeError.self) { try required.set("handler", to: handler) }
  }

  /// A view is made on the main actor: service(for:as:) says to ask for it there, not to
  /// register it as a service, which the build refuses.
  @Test func aViewAskedForAsAServiceIsAskedForOnTheMainActor() throws {
    let harness = try ManifestHarness(
      yaml:
        "routecfg: 1\nprotocols: {Screen: 'func show()'}\nmodules: {V: {kind: view, provides: [Screen], routes: [/]}}\n"
    )
    let mocks = try harness.mockRegistry()
    #expect(
      throws: RuntimeError.unsupported(
        "module 'V' is a view, made on the main actor; ask for 'Screen' with destination(for:as:) on the main actor"
      )
    ) { try mocks.registry.service(for: "Screen", as: AnyObject.self) }
  }

  /// Every shipped manifest gets mocks, whatever methods the dynamic runtime cannot call.
  @Test(arguments: ["manifests/NoteApp.yaml", "manifests/LoginDemo.yaml", "manifests/ShopApp/ShopApp.yaml"])
  func everyShippedManifestGetsMocks(_ manifest: String) throws {
    let harness = try ManifestHarness(path: RuntimeFixtures.repository + "/" + manifest)
    _ = try harness.mockRegistry()
  }

  @Test func delegatesCrossMocksToo() throws {
    let harness = try ManifestHarness(path: Self.noteApp)
    let mocks = try harness.mockRegistry()
    let list = try mocks.registry.destination(for: "ModuleARequiredLoginViewInput")
    let caller = try mocks.registry.destination(for: "NoteListRequiredStore")
    _ = caller
    let listener = RecordingMock(module: "Listener")
    try list.set("delegate", to: listener)
    // The login mock holds a ProvidedLoginViewDelegate facade; calling it reaches the listener.
    let login = try #require(mocks.mock("Login"))
    let facade = try #require(login.values["delegate"] as? DynamicProtocolProxy)
    try facade.forward("didLogin()")
    #expect(listener.records == [.call("didFinishLogin()", [])])
    #expect((try list.get("delegate") as AnyObject) === listener)
    // Records show handed-over objects as the objects behind their proxies, inside collections too.
    let recorder = RecordingMock(module: "Recorder")
    let facades: [DynamicProtocolProxy?] = [facade, nil]
    _ = try recorder.callMember("take(_:_:_:_:)", [facades, ["k": facade], Set([1]), [String: Int]()])
    #expect(
      recorder.records == [
        .call(
          "take(_:_:_:_:)",
          ["[RecordingMock(Listener), nil]", "[\"k\": RecordingMock(Listener)]", "[1]", "[:]"])
      ])
  }

  @Test func everyRouteResolvesReportsRoutesThatCannotBeReached() throws {
    // Both values of the Bool parameter are taken by literal routes: '/flags/:on' is never reached.
    let harness = try ManifestHarness(
      yaml: """
        routecfg: 1
        modules:
          Flags: {kind: view, parameters: {on: Bool}, routes: ["/flags/:on"]}
          On: {kind: view, routes: [/flags/true]}
          Off: {kind: view, routes: [/flags/false]}
        """)
    let report = harness.everyRouteResolves()
    #expect(
      report.failures == [
        "manifest.yaml:3:57: route '/flags/:on' of Flags: '/flags/true' reaches On via '/flags/true'"
      ])
    #expect(throws: HarnessReport.self) { try report.require() }
  }

  /// A more specific route that takes a route's first sample does not make the route fail.
  @Test func everyRouteResolvesTriesAnotherSampleWhenOneIsTaken() throws {
    let harness = try ManifestHarness(
      yaml: """
        routecfg: 1
        modules:
          Items: {kind: view, parameters: {name: String}, routes: ["/items/:name"]}
          Sample: {kind: view, routes: [/items/sample-value]}
          Detail: {kind: view, parameters: {id: Int}, routes: ["/notes/:id"]}
          First: {kind: view, routes: [/notes/1]}
          Files: {kind: view, parameters: {path: String}, routes: ["/files/*path"]}
          FileInDir: {kind: view, parameters: {dir: String, name: String}, routes: ["/files/:dir/:name"]}
          One: {kind: view, parameters: {a: String}, routes: ["/files/:a"]}
          Three: {kind: view, parameters: {a: String, b: String, c: String}, routes: ["/files/:a/:b/:c"]}
        """)
    // Routes of one, two and three segments take every fixed sample of '/files/*path': one
    // longer than every route reaches it.
    let report = harness.everyRouteResolves()
    #expect(report.failures.isEmpty, "\(report.failures)")
  }

  @Test func anInvalidManifestFailsToLoadWithItsDiagnostics() {
    do {
      _ = try ManifestHarness(yaml: "routecfg: 2\n", path: "broken.yaml")
      Issue.record("expected the load to fail")
    } catch {
      #expect(
        error.failures.first?.hasPrefix("broken.yaml:1:11: error: unsupported manifest format version '2'")
          == true)
    }
    // One failure per error, with its notes; warnings are not failures.
    do {
      _ = try ManifestHarness(
        yaml: """
          routecfg: 1
          protocols: {Unused: "var x: Int"}
          modules:
            A: {kind: view, routes: [/x]}
            B: {kind: view, routes: [/x]}
          """, path: "conflict.yaml")
      Issue.record("expected the load to fail")
    } catch {
      #expect(error.failures.count == 2, "\(error)")
      #expect(error.failures.allSatisfy { $0.contains("[RC0807]\n    conflict.yaml:") }, "\(error)")
      #expect(error.description.hasPrefix("loading conflict.yaml: 2 failures\n  - conflict.yaml:4:"))
    }
  }
}

/// The same harness from XCTest (which runs tests on the main thread).
final class HarnessXCTests: XCTestCase {
  func testNoteAppWiring() throws {
    try MainActor.assumeIsolated {
      let harness = try ManifestHarness(path: RuntimeFixtures.repository + "/manifests/NoteApp.yaml")
      XCTAssertTrue(harness.everyRouteResolves().passed)
      try harness.everyRequirementIsSatisfied().require()
      let arrival = harness.value(
        "Hello", writtenTo: "message", of: "ModuleARequiredLoginViewInput", arrivesAt: "notifyString")
      XCTAssertTrue(arrival.passed, arrival.description)
    }
  }
}
