import RouteCfgCore
import RouteCfgTesting
import Testing

@testable import RouteCfgRuntime

/// The provider's delegate protocol of these tests, as Swift names it (its members are called by
/// name through the proxy the runtime makes).
protocol PDel: AnyObject {}

/// What the dynamic runtime cannot do with values crossing an adapter is said when the registry
/// is built, or, for an object handed over, in words that name what is missing; and types Swift
/// reads as one (`Swift.String` and `String`) cross as they are.
@Suite("Limits of values across adapters")
@MainActor
struct AdaptedDelegateLimitTests {
  final class Screen: @unchecked Sendable {
    var delegate: (any PDel)?
    var callback: ((String) -> Void)?
    var table: [String: Int] = [:]
  }

  final class Lister {
    var logins: [String] = []
    func loginFinished(name: String) { logins.append(name) }
    func cancelled() {}
  }

  /// A registry of module `P`, a `Screen` providing `PIn`, and module `R` requiring `RIn`.
  static func registry(_ protocols: String, adapters: String, register: (inout Registrations) -> Void) throws
    -> Registry
  {
    var registrations = Registrations()
    registrations.view("P", Screen.self) { _ in Screen() }
    registrations.view("R", Lister.self) { _ in Lister() }
    registrations.members(of: Screen.self) { table in
      table.property("delegate", \.delegate)
    }
    register(&registrations)
    let manifest = try RouteCfg.load(
      yaml: """
        routecfg: 1
        protocols:
        \(protocols)
        modules:
          P: {kind: view, provides: [PIn], routes: [/p]}
          R: {kind: view, requires: [RIn], routes: [/r]}
        adapters:
        \(adapters)
        """)
    return try Registry(manifest, registrations: registrations)
  }

  static let delegateProtocols = """
      PIn: "var delegate: PDel? { get set }"
      RIn: "var delegate: RDel? { get set }"
    """

  @Test("an async method of a delegate protocol values cross an adapter into fails the build")
  func asyncDelegateMethodAtBuild() throws {
    let error = #expect(throws: RegistryBuildError.self) {
      _ = try Self.registry(
        Self.delegateProtocols + """

            PDel: |
              func done() async
              func ping()
            RDel: |
              func finished() async
              func ping()
          """,
        adapters: "  - {adapt: RIn, to: PIn}\n  - {adapt: RDel, to: PDel, map: {finished: done}}"
      ) { registrations in
        registrations.proxy(for: "PDel") { DynamicProtocolProxy($0) }
        registrations.proxy(for: "RDel") { DynamicProtocolProxy($0) }
      }
    }
    let problems = error?.problems ?? []
    #expect(
      problems.contains {
        $0.hasPrefix(
          "'PDel.done()' is async, which the dynamic runtime cannot call, and values of 'PDel' are made")
          && $0.hasSuffix("use generated code")
      }, "\(problems)")
  }

  /// Recording mocks of the modules take such a manifest all the same: the rest of it can still
  /// be tested, as with a mock's own async methods.
  @Test("mocks of the modules are built for a manifest whose delegate has an async method")
  func mocksTakeAsyncDelegateMethods() throws {
    let harness = try ManifestHarness(
      yaml: """
        routecfg: 1
        protocols:
        \(Self.delegateProtocols)
          PDel: "func done() async"
          RDel: "func finished() async"
        modules:
          P: {kind: view, provides: [PIn], routes: [/p]}
          R: {kind: view, requires: [RIn], routes: [/r]}
        adapters:
          - {adapt: RIn, to: PIn}
          - {adapt: RDel, to: PDel, map: {finished: done}}
        """)
    let mocks = try harness.mockRegistry()
    #expect(try mocks.registry.destination(for: "RIn").module == "P")
  }

  @Test("a delegate whose table lacks members of its protocol is refused with what it lacks")
  func incompleteDelegateTable() throws {
    let registry = try Self.registry(
      Self.delegateProtocols + """

          PDel: |
            func didLogin(user: String)
            func didCancel()
          RDel: |
            func loginFinished(name: String)
            func cancelled()
        """,
      adapters:
        "  - {adapt: RIn, to: PIn}\n  - {adapt: RDel, to: PDel, map: {loginFinished: didLogin, cancelled: didCancel}}"
    ) { registrations in
      registrations.proxy(for: "PDel") { DynamicProtocolProxy($0) }
      registrations.proxy(for: "RDel") { DynamicProtocolProxy($0) }
      registrations.members(of: Lister.self) { table in
        table.method("loginFinished(name:)") { (lister, name: String) in lister.loginFinished(name: name) }
      }
    }
    let screen = try registry.destination(for: "RIn")
    #expect(
      throws: RuntimeError.incompleteMemberTable(
        typeName: "Lister", protocolName: "RDel", missing: ["cancelled()"])
    ) {
      try screen.set("delegate", to: Lister())
    }
    #expect(
      RuntimeError.incompleteMemberTable(typeName: "Lister", protocolName: "RDel", missing: ["cancelled()"])
        .description
        == "'Lister' cannot be used as a 'RDel': its member table lacks 'cancelled()'; register every member "
        + "of 'RDel' with members(of: Lister.self)")
  }

  @Test("a closure or a dictionary key written with 'Swift.' on one side crosses as it is")
  func qualifiedStandardTypesCross() throws {
    let registry = try Self.registry(
      """
        PIn: |
          var callback: ((Swift.String) -> Void)? { get set }
          var table: [Swift.String: Int] { get set }
        RIn: |
          var handler: ((String) -> Void)? { get set }
          var table: [String: Int] { get set }
      """,
      adapters: "  - {adapt: RIn, to: PIn, map: {handler: callback}}"
    ) { registrations in
      registrations.members(of: Screen.self) { table in
        table.property("callback", \.callback)
        table.property("table", \.table)
      }
    }
    let screen = try registry.destination(for: "RIn")
    var heard: [String] = []
    let handler: (String) -> Void = { heard.append($0) }
    try screen.set("handler", to: handler)
    (screen.object as? Screen)?.callback?("x")
    #expect(heard == ["x"])
    try screen.set("table", to: ["a": 1])
    #expect(try screen.get("table", as: [String: Int].self) == ["a": 1])
  }
}
