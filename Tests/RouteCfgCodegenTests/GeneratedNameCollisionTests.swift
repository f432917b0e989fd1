import RouteCfgCodegen
import RouteCfgCore
import Testing

/// RC1001 where generated code cannot keep a manifest name from meeting its own: a module it
/// qualifies names with, a member named `self` that a `@MainActor` adapter class or an `async`
/// method calls.
@Suite("Names generated code cannot qualify are RC1001")
struct GeneratedNameCollisionTests {
  /// The RC1001 messages for `yaml`, or `nil` when code is generated.
  func collisions(_ yaml: String, dynamic: Bool = false) throws -> [String]? {
    let result = try RouteCfg.validate(yaml: yaml, path: "Clash.yaml")
    let graph = try #require(result.graph)
    let generated = Result { () throws(CodegenError) in
      try CodeGenerator.generate(
        graph, manifestPath: "Clash.yaml", options: CodegenOptions(dynamicRegistration: dynamic))
    }
    guard case .failure(let error) = generated else { return nil }
    guard case .nameCollisions(let diagnostics) = error else {
      Issue.record("\(error)")
      return nil
    }
    #expect(diagnostics.allSatisfy { $0.code == .generatedNameCollision })
    return diagnostics.map(\.message)
  }

  @Test("A protocol named Swift, or RouteCfgRuntime with --dynamic, would hide the module")
  func qualifyingModules() throws {
    let swift =
      "routecfg: 1\nprotocols: {Swift: 'var x: Int { get }'}\nmodules: {A: {kind: view, provides: [Swift]}}"
    let messages = try #require(try collisions(swift))
    #expect(
      messages.first?.hasPrefix("'Swift' would name two things in generated Swift, the module 'Swift'")
        == true)
    let runtime = swift.replacing("Swift", with: "RouteCfgRuntime")
    #expect(try collisions(runtime) == nil, "without --dynamic nothing names the runtime")
    #expect(try collisions(runtime, dynamic: true)?.count == 1)
  }

  @Test("Two adapters whose proxy classes would share a name are told apart by their protocols")
  func proxyClassesOfTwoAdapters() throws {
    let yaml = """
      routecfg: 1
      protocols: {XAs: 'func f()', Y: 'func f()', X: 'func f()', AsY: 'func f()'}
      modules:
        M1: {kind: view, provides: [XAs, X], routes: [/a]}
        M2: {kind: view, requires: [Y, AsY], routes: [/b]}
      adapters:
        - {adapt: Y, to: XAs}
        - {adapt: AsY, to: X}
      """
    #expect(
      try collisions(yaml) == [
        "'XAsAsY' would name two things in generated Swift, the proxy class of the adapter from 'Y' to 'XAs' "
          + "and the proxy class of the adapter from 'AsY' to 'X'; rename one of them"
      ])
  }

  @Test(
    "A member named self that a @MainActor proxy or an async method calls; a service's synchronous one calls it fine"
  )
  func selfMember() throws {
    func manifest(kind: String, effects: String = "") -> String {
      """
      routecfg: 1
      protocols:
        Prov: 'func `self`()\(effects) -> Int'
        Req: 'func `self`()\(effects) -> Int'
      modules:
        P: {kind: \(kind), provides: [Prov]}
        Q: {kind: service, requires: [Req]}
      adapters:
        - {adapt: Req, to: Prov}
      """
    }
    let messages = try #require(try collisions(manifest(kind: "view")))
    #expect(
      messages.first?.contains("the @MainActor class 'ProvAsReq' and the member 'self' of protocol 'Prov'")
        == true)
    #expect(try collisions(manifest(kind: "service")) == nil)
    let async = try #require(try collisions(manifest(kind: "service", effects: " async")))
    #expect(
      async.first?.contains(
        "an async method of the class 'ProvAsReq' and the member 'self' of protocol 'Prov'") == true)
  }
}
