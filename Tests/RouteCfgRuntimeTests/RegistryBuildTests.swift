import NoteAppExample
import RouteCfgCore
import RouteCfgTesting
import Testing

@testable import RouteCfgRuntime

/// Building a registry compares every registration with the manifest and lists every mismatch at
/// once, before anything is used.
@Suite("Registry build")
@MainActor
struct RegistryBuildTests {
  static let manifest = RuntimeFixtures.repository + "/manifests/NoteApp.yaml"

  /// What building a registry for NoteApp reports after `change` to its complete registrations.
  static func problems(_ change: (inout Registrations) -> Void) throws -> [String] {
    var registrations = NoteAppWiring.registrations()
    change(&registrations)
    let manifest = try RouteCfg.validate(path: Self.manifest)
    do {
      _ = try Registry(manifest, registrations: registrations)
      return []
    } catch {
      return error.problems
    }
  }

  @Test func completeRegistrationsBuild() throws {
    #expect(try Self.problems { _ in }.isEmpty)
  }

  @Test func everyMismatchIsListedAtOnce() throws {
    let found = try Self.problems { registrations in
      // NoteStore and NotFound lose their factories.
      registrations = Self.without(["NoteStore", "NotFound"], from: registrations)
      // A factory for a module the manifest does not declare.
      registrations.view("NoteLsit", NoteListViewController.self) { _ in NoteListViewController() }
      // The login screen's table forgets 'delegate' and registers 'notifyString' read-only.
      registrations.members(of: LoginViewController.self) { table in
        table.property("notifyString", \.notifyString as KeyPath<LoginViewController, String?>)
      }
      // The detail page registers 'noteId' with another type and 'highlight' with other arguments.
      registrations.members(of: NoteDetailViewController.self) { table in
        table.property("noteId", \.title)
        table.property("title", \.title)
        table.method("highlight(range:animated:)") { (page, range: String) in
          page.highlight(range: range, animated: false)
        }
      }
    }
    let expected = [
      "module 'NoteStore' has no factory",
      "module 'NotFound' has no factory",
      "a factory is registered for 'NoteLsit', which the manifest does not declare; did you mean 'NoteList'?",
      "'LoginViewController.notifyString' (from 'ProvidedLoginViewInput') is settable but registered read-only (a read-only key path, or no 'set:' closure)",
      "'LoginViewController.delegate' (from 'ProvidedLoginViewInput') is missing from the member table",
      "'NoteDetailViewController.highlight(range:animated:)' (from 'NoteDetailInput') is registered as '(String) -> Bool'",
      "'NoteDetailViewController.noteId' (from 'NoteSummaryInput') is registered as 'String', declared 'Int'",
    ]
    for text in expected {
      #expect(found.contains { $0.contains(text) }, "missing: \(text)\nin: \(found)")
    }
    #expect(found.count == expected.count, "\(found)")
    // Missing factories first, then unknown ones, then each module's problems.
    let positions = expected.compactMap { text in found.firstIndex { $0.contains(text) } }
    #expect(positions == positions.sorted(), "\(found)")
  }

  /// A method the manifest declares without `throws`, registered with a closure that throws, is
  /// a mismatch at build time: it would throw where no caller expects it, at first use.
  @Test func aThrowingRegistrationOfANonThrowingMethodIsAMismatch() throws {
    struct Broken: Error {}
    let found = try Self.problems { registrations in
      registrations.members(of: NoteDetailViewController.self) { table in
        table.property("noteId", \.noteId)
        table.property("title", \.title)
        table.method("highlight(range:animated:)") { (page, range: String, animated: Bool) throws -> Bool in
          if range.isEmpty { throw Broken() }
          return page.highlight(range: range, animated: animated)
        }
      }
    }
    #expect(
      found == [
        "'NoteDetailViewController.highlight(range:animated:)' (from 'NoteDetailInput') is registered as "
          + "'(String, Bool) throws -> Bool', declared '(String, Bool) -> Bool'"
      ])
  }

  /// A registered member's runtime type is spelled as the manifest writes it, also for an
  /// optional function type, whose parentheses make it optional: `(() -> Void)?`.
  @Test func runtimeTypesAreSpelledAsManifestsWriteThem() {
    #expect(SwiftTypeName.of((() -> Void)?.self) == SwiftTypeName.normalize("(() -> Void)?"))
    #expect(SwiftTypeName.of(((Int) -> String)?.self) == SwiftTypeName.normalize("((Int) -> String)?"))
    #expect(SwiftTypeName.of(((Int) -> Void).self) == SwiftTypeName.normalize("(Int) -> Void"))
    #expect(SwiftTypeName.of(((Int) -> Void).self) == SwiftTypeName.normalize("((Int) -> Void)"))
    #expect(SwiftTypeName.of([String: Int]?.self) == SwiftTypeName.normalize("[String: Int]?"))
  }

  /// Types a manifest cannot write (function attributes, labelled tuples, compositions) are
  /// spelled as Swift writes them and match no manifest type, since their values do not cast to
  /// the type without them; reading them never loops.
  @Test func typesManifestsCannotWriteAreSpelledAndMatchNothing() {
    #expect(SwiftTypeName.of((@MainActor () -> Void)?.self) == "(@MainActor @Sendable () -> Void)?")
    #expect(
      SwiftTypeName.of((@Sendable (Int) async throws -> [String: Int]).self)
        == "@Sendable (Int) async throws -> [String: Int]")
    #expect(SwiftTypeName.of(((a: Int, b: Int), Int).self) == "((a: Int, b: Int), Int)")
    #expect(SwiftTypeName.of(Optional<(a: Int, b: [String])>.self) == "(a: Int, b: [String])?")
    for declared in ["(() -> Void)?", "() -> Void", "(Int, Int)"] {
      #expect(SwiftTypeName.of((@MainActor () -> Void)?.self) != SwiftTypeName.normalize(declared))
      #expect(SwiftTypeName.of((@Sendable () -> Void).self) != SwiftTypeName.normalize(declared))
    }
    for text in [
      "(a:", "Optional<@>", "[Int", "(Int, & Q)", "Array<Int", "@", "(((", "Dictionary<String: Int>",
    ] {
      #expect(SwiftTypeName.normalize(text) == text)
    }
    // Any text of type punctuation ends (a fixed generator, so a failure repeats).
    let alphabet = Array("()<>[]:,?@ -&.Int_ async throws Optional")
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<2_000 {
      var text = ""
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      for _ in 0..<Int(state >> 59) + 1 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        text.append(alphabet[Int(state >> 33) % alphabet.count])
      }
      _ = SwiftTypeName.normalize(text)
    }
  }

  /// A member whose Swift type has an attribute is a mismatch found when the registry is built.
  @Test @MainActor func anAttributedClosurePropertyIsAReportedMismatch() throws {
    let manifest = try RouteCfg.validate(
      yaml: """
        routecfg: 1
        protocols:
          Screen: |
            var onClose: (() -> Void)? { get set }
        modules:
          Home: {kind: view, provides: [Screen], routes: [/]}
        """, path: "closure.yaml")
    var registrations = Registrations()
    registrations.view("Home", ClosureScreen.self) { _ in ClosureScreen() }
    registrations.members(of: ClosureScreen.self) { $0.property("onClose", \.onClose) }
    let error = #expect(throws: RegistryBuildError.self) {
      _ = try Registry(manifest, registrations: registrations)
    }
    let problems = error?.problems ?? []
    #expect(
      problems.contains {
        $0.contains("is registered as '(@MainActor @Sendable () -> Void)?', declared '(() -> Void)?'")
          && $0.hasSuffix(
            "declare the Swift member with the manifest's plain type, or forward it through generated code)")
      }, "\(problems)")
  }

  /// The problems of building a registry for a valid manifest in which module `R` requires `Req`
  /// (with `req`'s members) and module `P` provides `Prov` (with `prov`'s), adapted to it, their
  /// delegates `RD` and `PD` adapted too; both modules are `HandlerHolder`s with `members`.
  @MainActor
  private static func handlerProblems(
    prov: String, req: String, members: (inout MemberTable<HandlerHolder>) -> Void
  ) throws -> [String]? {
    let error = #expect(throws: RegistryBuildError.self) {
      _ = try handlerRegistry(prov: prov, req: req, members: members)
    }
    return error?.problems
  }

  /// The registry ``handlerProblems(prov:req:members:)`` builds.
  @MainActor
  private static func handlerRegistry(
    prov: String, req: String, members: (inout MemberTable<HandlerHolder>) -> Void
  ) throws -> Registry {
    let manifest = try RouteCfg.validate(
      yaml: """
        routecfg: 1
        protocols:
          PD: "func didLogin()"
          RD: "func didFinishLogin()"
          Prov: "\(prov)"
          Req: "\(req)"
        modules:
          P: {kind: view, provides: [Prov], routes: [/p]}
          R: {kind: view, requires: [Req], routes: [/r]}
        adapters:
          - {adapt: RD, to: PD, map: {didFinishLogin: didLogin}}
          - {adapt: Req, to: Prov}
        """, path: "handlers.yaml")
    #expect(manifest.diagnostics.isEmpty, "\(manifest.diagnostics)")
    var registrations = Registrations()
    registrations.view("P", HandlerHolder.self) { _ in HandlerHolder() }
    registrations.view("R", HandlerHolder.self) { _ in HandlerHolder() }
    registrations.members(of: HandlerHolder.self, members)
    registrations.proxy(for: "PD") { HolderPDProxy($0) }
    registrations.proxy(for: "RD") { HolderRDProxy($0) }
    return try Registry(manifest, registrations: registrations)
  }

  /// A closure whose parameter is a different protocol on each side of an adapter cannot be
  /// forwarded dynamically: the build says so, instead of the first write.
  @Test @MainActor func aClosureTheRuntimeCannotConvertIsABuildError() throws {
    let problems = try Self.handlerProblems(
      prov: "var handler: ((PD) -> Void)? { get set }\\nvar handlers: [String: PD] { get set }",
      req: "var handler: ((RD) -> Void)? { get set }\\nvar handlers: [String: RD] { get set }"
    ) { table in
      table.property("handler", \.handler)
      table.property("handlers", \.handlers)
    }
    // The dictionary converts value by value; only the closure is a problem.
    #expect(
      problems == [
        "'Req.handler' forwards to 'Prov.handler', whose '((PD) -> Void)?' the dynamic runtime cannot "
          + "convert into '((RD) -> Void)?'; use generated code"
      ])
  }

  /// A marker protocol has no member to look up: its provider needs no member table, at the
  /// build or when it is asked for (also through a protocol that inherits only markers).
  @Test @MainActor func aMarkerProtocolNeedsNoMemberTable() throws {
    let manifest = try RouteCfg.validate(
      yaml: """
        routecfg: 1
        protocols: {Marker: "", Refined: {inherits: [Marker]}}
        modules: {M: {kind: view, provides: [Refined], routes: [/m]}}
        """, path: "marker.yaml")
    #expect(manifest.diagnostics.filter { $0.severity == .error }.isEmpty, "\(manifest.diagnostics)")
    var registrations = Registrations()
    registrations.view("M", HandlerHolder.self) { _ in HandlerHolder() }
    let registry = try Registry(manifest, registrations: registrations)
    let marker = try registry.destination(for: "Marker")
    #expect(marker.object is HandlerHolder)
    #expect(try registry.destination(for: "Refined").object is HandlerHolder)
  }

  /// Closures of standard types that differ on the two sides (`Int` for `Int?`) fit for the
  /// validator but do not convert either: the build says so too, though no protocol crosses.
  @Test @MainActor func aClosureOfOtherStandardTypesIsABuildError() throws {
    let problems = try Self.handlerProblems(
      prov: "var make: (() -> Int)? { get }\\nfunc on(cb: (Int) -> Void)\\nvar delegate: PD? { get set }",
      req: "var make: (() -> Int?)? { get }\\nfunc on(cb: (Int?) -> Void)\\nvar delegate: RD? { get set }"
    ) { table in
      table.property("make", \.make)
      table.property("delegate", \.delegate)
      table.method("on(cb:)") { (_, _: @escaping (Int) -> Void) in }
    }
    #expect(
      problems == [
        "'Req.make' forwards to 'Prov.make', whose '(() -> Int)?' the dynamic runtime cannot convert into "
          + "'(() -> Int?)?'; use generated code",
        "'Req.on(cb:)' forwards to 'Prov.on', whose '(Int) -> Void' the dynamic runtime cannot make of a "
          + "'(Int?) -> Void'; use generated code",
      ])
  }

  /// A standard alias is the type it stands for, as the validator reads it: a closure or a
  /// dictionary key written `TimeInterval` on one side and `Double` on the other builds.
  @Test @MainActor func aStandardAliasIsTheTypeItStandsFor() throws {
    let registry = try Self.handlerRegistry(
      prov:
        "var cb: ((Double) -> Void)? { get set }\\nvar byTime: [Double: Int] { get set }\\nvar delegate: PD? { get set }",
      req:
        "var cb: ((TimeInterval) -> Void)? { get set }\\nvar byTime: [Foundation.TimeInterval: Int] { get set }"
        + "\\nvar delegate: RD? { get set }"
    ) { table in
      table.property("cb", \.cb)
      table.property("byTime", \.byTime)
      table.property("delegate", \.delegate)
    }
    let destination = try registry.destination(for: "Req")
    try destination.set("byTime", to: [1.5: 2])
    #expect((destination.object as? HandlerHolder)?.byTime == [1.5: 2])
  }

  /// A closure passed as an argument goes the other way: the message names the target's type
  /// as the one the runtime cannot make.
  @Test @MainActor func aClosureArgumentTheRuntimeCannotConvertIsNamedByItsSide() throws {
    let problems = try Self.handlerProblems(
      prov: "func watch(_ handler: (PD) -> Void)", req: "func watch(_ handler: (RD) -> Void)"
    ) { table in
      table.method("watch(_:)") { (holder, handler: @escaping (any PD) -> Void) in holder.handler = handler }
    }
    #expect(
      problems == [
        "'Req.watch(_:)' forwards to 'Prov.watch', whose '(PD) -> Void' the dynamic runtime cannot "
          + "make of a '(RD) -> Void'; use generated code"
      ])
  }

  /// A dictionary whose keys the two sides spell differently (`Swift.String`, `String`) has one
  /// key type, as Swift and the validator read them: the registry builds, and its values cross.
  @Test @MainActor func aDictionaryWithDifferentlySpelledKeysCrosses() throws {
    let registry = try Self.handlerRegistry(
      prov: "var handlers: [Swift.String: PD] { get set }", req: "var handlers: [String: RD] { get set }"
    ) { $0.property("handlers", \.handlers) }
    let holder = try registry.destination(for: "Req")
    try holder.set("handlers", to: [String: any RD]())
    #expect(try holder.get("handlers", as: [String: any RD].self).isEmpty)
  }

  /// Members a table cannot hold (async methods, methods of more than six arguments) are named
  /// with the reason, also for a module known only by its protocols, as `--dynamic` registers it.
  @Test @MainActor func membersNoTableHoldsAreNamedWithTheReason() throws {
    let manifest = try RouteCfg.validate(
      yaml: """
        routecfg: 1
        protocols:
          Store: |
            func load() async -> Int
            func put(a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: Int)
            func count() -> Int
        modules:
          S: {kind: service, provides: [Store]}
          V: {kind: view, routes: [/v]}
        """, path: "uncallable.yaml")
    var registrations = Registrations()
    registrations.module("S", kind: .service) { _ in HandlerHolder() }
    registrations.view("V", HandlerHolder.self) { _ in HandlerHolder() }
    registrations.members(of: HandlerHolder.self, as: "Store") { _ in }
    let error = #expect(throws: RegistryBuildError.self) {
      _ = try Registry(manifest, registrations: registrations)
    }
    #expect(
      error?.problems == [
        "'load()' of module 'S' (from 'Store') is async, which the dynamic runtime cannot call; use generated code",
        "'put(a:b:c:d:e:f:g:)' of module 'S' (from 'Store') takes 7 arguments, more than the dynamic "
          + "runtime's 6; use generated code",
        "'count()' of module 'S' (from 'Store') is missing from the member table of 'Store'",
      ])
  }

  @Test func protocolsCrossingAdaptersNeedProxies() throws {
    let found = try Self.problems { registrations in
      registrations = Self.withoutProxies(registrations)
    }
    #expect(found.count == 2)
    #expect(found.contains { $0.contains("values of 'ProvidedLoginViewDelegate' cross an adapter") })
    #expect(found.contains { $0.contains("values of 'ModuleARequiredLoginViewDelegate' cross an adapter") })
  }

  @Test func aViewCannotBeRegisteredAsAService() throws {
    let found = try Self.problems { registrations in
      registrations = Self.without(["Login"], from: registrations)
      registrations.service("Login", SendableScreen.self) { _ in SendableScreen() }
    }
    #expect(found.contains { $0.contains("module 'Login' is a view") })
  }

  /// `module(_:kind:make:)` with the other kind than the manifest's is a mismatch either way; a
  /// typed `view(...)` of a service is legal (a service whose type is not `Sendable`).
  @Test func moduleRegistrationsMustGiveTheManifestsKind() throws {
    let byKind = try Self.problems { registrations in
      registrations = Self.without(["NoteStore", "Login"], from: registrations)
      registrations.module("NoteStore", kind: .view) { _ in NoteStore() }
      registrations.module("Login", kind: .service) { _ in SendableScreen() }
    }
    #expect(
      byKind.contains("module 'NoteStore' is a service; register it with module(_:kind: .service, make:)"))
    #expect(byKind.contains("module 'Login' is a view; register it with module(_:kind: .view, make:)"))
    let asView = try Self.problems { registrations in
      registrations = Self.without(["NoteStore"], from: registrations)
      registrations.view("NoteStore", NoteStore.self) { _ in NoteStore() }
    }
    #expect(!asView.contains { $0.contains("is a service") }, "\(asView)")
  }

  /// A type that answers its members itself needs no member table, but it is still a service.
  @Test func aSelfDescribingServiceCannotServeAView() throws {
    let found = try Self.problems { registrations in
      registrations = Self.without(["Login"], from: registrations)
      registrations.service("Login", SelfDescribingService.self) { _ in SelfDescribingService() }
    }
    #expect(
      found == ["module 'Login' is a view; register it with view(_:_:make:), which runs on the main actor"])
  }

  @Test func aManifestWithErrorsCannotBeWired() throws {
    let manifest = try RouteCfg.validate(path: RuntimeFixtures.repository + "/manifests/invalid/routes.yaml")
    #expect(throws: RegistryBuildError.self) {
      _ = try Registry(manifest, registrations: Registrations())
    }
  }

  @Test func anUnknownVariantIsABuildError() throws {
    let manifest = try RouteCfg.validate(path: Self.manifest)
    let graph = try #require(manifest.graph)
    do {
      _ = try Registry(graph: graph, registrations: NoteAppWiring.registrations(), variant: "tvOS")
      Issue.record("expected a build error")
    } catch {
      #expect(error.problems.first?.contains("unknown variant 'tvOS'") == true)
    }
  }

  /// An unknown variant of a manifest without variants says there are none, as the CLI does,
  /// for a registry and for a mock registry.
  @Test func anUnknownVariantOfAManifestWithoutVariantsSaysItHasNone() throws {
    let graph = try #require(RouteCfg.validate(path: Self.manifest).graph)
    #expect(graph.variantNames.isEmpty)
    let expected = "unknown variant 'nope' (the manifest declares no variants)"
    do {
      _ = try Registry(graph: graph, registrations: NoteAppWiring.registrations(), variant: "nope")
      Issue.record("expected a build error")
    } catch {
      #expect(error.problems.first == expected)
    }
    do {
      _ = try ManifestHarness(path: Self.manifest).mockRegistry(variant: "nope")
      Issue.record("expected a build error")
    } catch {
      #expect((error as? RegistryBuildError)?.problems.first == expected)
    }
  }

  /// The NoteApp registrations without some modules' factories.
  static func without(_ modules: Set<String>, from registrations: Registrations) -> Registrations {
    var copy = registrations
    for module in modules { copy.factories[NameKey(module)] = nil }
    return copy
  }

  static func withoutProxies(_ registrations: Registrations) -> Registrations {
    var copy = registrations
    copy.proxies = [:]
    return copy
  }
}

final class SendableScreen: Sendable {}

/// A service that answers members by name, as a recording mock does.
@MainActor
final class SelfDescribingService: SelfDescribingMembers {
  nonisolated init() {}
  func memberValue(_ name: String) throws -> Any? { nil }
  func setMemberValue(_ name: String, to value: Any?) throws {}
  func callMember(_ fullName: String, _ arguments: [Any?]) throws -> Any? { nil }
}

@MainActor private final class ClosureScreen {
  var onClose: (@MainActor () -> Void)?
}

@MainActor private protocol PD: AnyObject { func didLogin() }
@MainActor private protocol RD: AnyObject { func didFinishLogin() }
@MainActor private final class HandlerHolder {
  var handler: ((any PD) -> Void)?
  var handlers: [String: any PD] = [:]
  var make: (() -> Int)?
  var delegate: (any PD)?
  var cb: ((Double) -> Void)?
  var byTime: [Double: Int] = [:]
}
private final class HolderPDProxy: DynamicProtocolProxy, PD {
  func didLogin() { forwardOrReport("didLogin()") }
}
private final class HolderRDProxy: DynamicProtocolProxy, RD {
  func didFinishLogin() { forwardOrReport("didFinishLogin()") }
}
