import Testing

@testable import RouteCfgCore

/// SPEC §2 Resolution: a requirement resolves to "a module that lists it in provides", or an
/// adapter whose `to` is: a module providing a protocol that inherits it answers no requirement of
/// it, and RC0701 says to list it. Where no module lists it, such a module still makes it in the
/// registry.
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

  @Test func anInheritingModuleAnswersNoRequirementAndTheErrorSaysToListTheProtocol() throws {
    let result = try RouteCfg.validate(
      yaml: Self.protocols + """
        modules:
          B: {kind: view, provides: [Child], routes: [/b]}
          C: {kind: view, requires: [Base, Need], routes: [/c]}
        adapters:
          - {adapt: Need, to: Base}
        """, path: "m.yaml")
    let unsatisfied = result.diagnostics.filter { $0.code == .unsatisfiedRequirement }
    #expect(unsatisfied.map(\.location.column) == [30, 36], "\(result.diagnostics)")
    // At 'requires: [Base]', a note at B's 'provides' says to list Base there.
    let base = try #require(unsatisfied.first)
    #expect(base.notes.map(\.location.line) == [11])
    #expect(base.notes.first?.message.contains("list it there too") == true, "\(base.notes)")
    // Through the adapter to Base, which no module lists.
    let need = try #require(unsatisfied.last)
    #expect(
      need.notes.contains { $0.message.contains("no module lists 'Base' under 'provides'") }, "\(need.notes)")
  }

  @Test func aBindingToTheOnlyInheritingModuleSaysToListTheProtocol() throws {
    let result = try RouteCfg.validate(
      yaml: Self.protocols + """
        modules:
          B: {kind: view, provides: [Child], routes: [/b]}
          C: {kind: view, requires: [Base], routes: [/c]}
        bindings: {Base: B}
        """, path: "m.yaml")
    let errors = result.diagnostics.filter { $0.severity == .error }
    #expect(errors.map(\.code) == [.unsatisfiedRequirement, .invalidBinding], "\(result.diagnostics)")
    let binding = try #require(errors.last)
    #expect(binding.message.contains("list 'Base' in the 'provides' of 'B' too"), "\(binding.message)")
  }

  /// The advice names the module as the binding spells it, also when that spelling is only
  /// canonically equal to the declared one (NFD `é` against NFC).
  @Test func theAdviceSpellsTheModuleAsTheBindingWritesIt() throws {
    let declared = "Caf\u{E9}"
    let written = "Cafe\u{301}"
    let result = try RouteCfg.validate(
      yaml: Self.protocols + """
        modules:
          \(declared): {kind: view, provides: [Child], routes: [/b]}
          C: {kind: view, requires: [Base], routes: [/c]}
        bindings: {Base: \(written)}
        """, path: "m.yaml")
    let binding = try #require(
      result.diagnostics.first { $0.code == .invalidBinding }, "\(result.diagnostics)")
    let advice = "list 'Base' in the 'provides' of '\(written)' too"
    // Compared scalar by scalar: `String` comparison would take either spelling for the other.
    #expect(
      binding.message.unicodeScalars.map(\.value).firstRange(of: advice.unicodeScalars.map(\.value)) != nil,
      "\(binding.message.unicodeScalars.map(\.value))")
  }

  @Test func aMisspeltParentHidesNoBindingAnInheritingModuleCannotAnswer() throws {
    // Through an adapter whose `to` B would only inherit, as meant: RC0703 with or without the typo.
    for parent in ["Base", "Bsae"] {
      let result = try RouteCfg.validate(
        yaml: Self.protocols.replacingOccurrences(of: "inherits: [Base]", with: "inherits: [\(parent)]") + """
          modules:
            B: {kind: view, provides: [Child], routes: [/b]}
            C: {kind: view, requires: [Need], routes: [/c]}
          adapters:
            - {adapt: Need, to: Base}
          bindings: {Need: B}
          """, path: "m.yaml")
      #expect(result.diagnostics.contains { $0.code == .invalidBinding }, "\(parent): \(result.diagnostics)")
    }
    // A grandchild of a misspelt parent may make Base, which nothing requires: the typo alone.
    let result = try RouteCfg.validate(
      yaml: Self.protocols.replacingOccurrences(of: "inherits: [Base]", with: "inherits: [Bsae]") + """
          Grand: {inherits: [Child], members: ""}
        modules:
          B: {kind: view, provides: [Grand], routes: [/b]}
        bindings: {Base: B}
        """, path: "m.yaml")
    #expect(
      result.diagnostics.filter { $0.severity == .error }.map(\.code) == [.unknownProtocol],
      "\(result.diagnostics)")
  }

  @Test func anUnusedAdapterToAProtocolOnlyInheritedIsToBeRemovedWhereItsProtocolHasAProvider() throws {
    let result = try RouteCfg.validate(
      yaml: Self.protocols + """
        modules:
          B: {kind: view, provides: [Child], routes: [/b]}
          X: {kind: view, provides: [Need], routes: [/x]}
          C: {kind: view, requires: [Need], routes: [/c]}
        adapters:
          - {adapt: Need, to: Base}
        """, path: "m.yaml")
    let unused = try #require(result.diagnostics.first { $0.code == .unusedAdapter }, "\(result.diagnostics)")
    #expect(unused.message.hasSuffix("and a module provides 'Need' itself; remove it"), "\(unused.message)")
  }

  @Test func whereNoModuleListsItAnInheritingModuleStillMakesIt() throws {
    let result = try RouteCfg.validate(
      yaml: Self.protocols + """
        modules:
          B: {kind: view, provides: [Child], routes: [/b]}
        """, path: "m.yaml")
    let resolution = try #require(result.graph?.resolution(variant: nil), "\(result.diagnostics)")
    #expect(resolution.provider(of: "Base")?.module == "B")
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
