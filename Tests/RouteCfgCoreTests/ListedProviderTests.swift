import Testing

@testable import RouteCfgCore

/// SPEC §2 Resolution: a requirement resolves to "a module that lists it in provides". A module
/// providing a protocol that inherits it answers only where no module lists it.
@Suite("Providers that list a protocol, and those that inherit it")
struct ListedProviderTests {
  private static let protocols = """
    routecfg: 1
    protocols:
      Need: |
        func show()
      Base: |
        func show()
      Child:
        inherits: [Base]
        members: ""

    """

  @Test func theModuleThatListsAProtocolAnswersIt() throws {
    let result = try RouteCfg.validate(
      yaml: Self.protocols + """
        modules:
          A: {kind: view, provides: [Base], routes: [/a]}
          B: {kind: view, provides: [Child], routes: [/b]}
          C: {kind: view, requires: [Base, Child], routes: [/c]}
        """, path: "m.yaml")
    #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics)")
    let resolution = try #require(result.graph?.resolution(variant: nil))
    #expect(resolution.provider(of: "Base")?.module == "A")
    #expect(resolution.provider(of: "Child")?.module == "B")
  }

  @Test func whereNoModuleListsItAnInheritingModuleAnswers() throws {
    let result = try RouteCfg.validate(
      yaml: Self.protocols + """
        modules:
          B: {kind: view, provides: [Child], routes: [/b]}
          C: {kind: view, requires: [Base, Need], routes: [/c]}
        adapters:
          - {adapt: Need, to: Base}
        """, path: "m.yaml")
    let resolution = try #require(result.graph?.resolution(variant: nil), "\(result.diagnostics)")
    #expect(resolution.provider(of: "Base")?.module == "B")
    #expect(resolution.provider(of: "Need")?.module == "B")
  }

  /// A binding to the inheriting module is RC0703, and says how to let that module answer: for
  /// the protocol itself, and for the `to` of an adapter from it.
  @Test func aBindingToAnInheritingModuleSaysToListTheProtocol() throws {
    let result = try RouteCfg.validate(
      yaml: Self.protocols + """
        modules:
          A: {kind: view, provides: [Base], routes: [/a]}
          B: {kind: view, provides: [Child], routes: [/b]}
          C: {kind: view, requires: [Base, Need], routes: [/c]}
        adapters:
          - {adapt: Need, to: Base}
        bindings:
          Base: B
          Need: B
        """, path: "m.yaml")
    let messages = result.diagnostics.filter { $0.code == .invalidBinding }.map(\.message)
    #expect(messages.count == 2, "\(result.diagnostics)")
    #expect(
      messages.contains(
        "binding 'Base' to module 'B', which does not provide it (directly or through an adapter); it provides "
          + "'Child' ('Child' inherits it but the modules that list 'Base' under 'provides' are the ones that "
          + "answer it: list 'Base' in the 'provides' of 'B' too); bind one of the modules that can answer it: 'A'"
      ),
      "\(messages)")
    #expect(
      messages.contains { $0.contains("('Child' inherits 'Base', the 'to' of the adapter from 'Need', but") },
      "\(messages)")
  }
}
