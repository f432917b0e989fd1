import RouteCfgCore
import Testing

/// `--variant` checks one configuration; without it, every configuration is checked and a
/// problem only a variant has names it. Either way an adapter counts as used when any
/// configuration uses it.
@Suite("Variants")
struct VariantTests {
  static let bindings = """
    routecfg: 1
    protocols:
      AlertInput: |
        func show()
    modules:
      Home: {kind: view, requires: [AlertInput], routes: [/home]}
      IOSAlert: {kind: view, provides: [AlertInput]}
      MacAlert: {kind: view, provides: [AlertInput]}
    bindings:
      AlertInput: IOSAlert
    variants:
      macOS:
        bindings:
          AlertInput: MacAlert
      broken:
        bindings:
          AlertInput: Home
    """

  @Test func withoutAVariantEveryVariantsBindingsAreChecked() throws {
    let result = try RouteCfg.validate(yaml: Self.bindings, path: "variants.yaml")
    #expect(result.diagnostics.map(\.code) == [.invalidBinding])
    #expect(result.diagnostics.first?.message.hasPrefix("in variant 'broken': ") == true)
    #expect(result.diagnostics.first?.location.start.line == 17)
  }

  @Test func aSelectedVariantIgnoresTheOthersBindings() throws {
    #expect(
      try RouteCfg.validate(yaml: Self.bindings, path: "variants.yaml", variant: "macOS").diagnostics.isEmpty)
    let broken = try RouteCfg.validate(yaml: Self.bindings, path: "variants.yaml", variant: "broken")
    #expect(broken.diagnostics.map(\.code) == [.invalidBinding])
  }

  static let adapterInBaseOnly = """
    routecfg: 1
    protocols:
      AlertInput: |
        func show(message: String)
      MacAlertInput: |
        func show(message: String)
    modules:
      IOSAlert: {kind: view, provides: [AlertInput], routes: [/alert/ios]}
      MacAlert: {kind: view, provides: [MacAlertInput], routes: [/alert/mac]}
      Login: {kind: view, requires: [AlertInput], routes: [/login]}
    adapters:
      - adapt: AlertInput
        to: MacAlertInput
    bindings: {AlertInput: MacAlert}
    variants: {ios: {bindings: {AlertInput: IOSAlert}}}
    """

  @Test func anAdapterUsedBySomeConfigurationIsUsedInAll() throws {
    for variant in [nil, "ios"] {
      let result = try RouteCfg.validate(yaml: Self.adapterInBaseOnly, path: "adapter.yaml", variant: variant)
      #expect(result.diagnostics.isEmpty, "\(variant ?? "base"): \(result.diagnostics.map(\.message))")
    }
  }

  /// An adapter between two protocols one module provides is never needed, and a binding would
  /// not change that: the warning says so instead of suggesting one.
  @Test func anAdapterBetweenProtocolsOfOneModuleIsNeverNeeded() throws {
    let result = try RouteCfg.validate(
      yaml: """
        routecfg: 1
        protocols: {A: "func a()", B: "func a()"}
        modules:
          Prov: {kind: service, provides: [A, B]}
          User: {kind: view, requires: [A], routes: [/user]}
        adapters:
          - {adapt: A, to: B}
        """, path: "same.yaml")
    #expect(
      result.diagnostics.map(\.message) == [
        "the adapter from 'A' to 'B' is never used: module 'Prov' provides both 'A' and 'B', so 'A' never "
          + "needs the adapter; remove it"
      ])
  }

  /// `Home` requires `NeedAlert`, which an adapter maps to `AlertInput`; two modules provide that.
  static func throughAdapter(bindings: String) -> String {
    """
    routecfg: 1
    protocols:
      NeedAlert: |
        func show()
      AlertInput: |
        func show()
    modules:
      Home: {kind: view, requires: [NeedAlert, AlertInput], routes: [/home]}
      IOSAlert: {kind: view, provides: [AlertInput], routes: [/ios]}
      MacAlert: {kind: view, provides: [AlertInput], routes: [/mac]}
    adapters:
      - {adapt: NeedAlert, to: AlertInput}
    \(bindings)
    """
  }

  @Test func aBindingOfAnAdaptersTargetAlsoPicksForRequirementsThroughTheAdapter() throws {
    let yaml = Self.throughAdapter(
      bindings: """
        bindings: {AlertInput: IOSAlert}
        variants:
          macOS: {bindings: {AlertInput: MacAlert}}
        """)
    let result = try RouteCfg.validate(yaml: yaml, path: "through.yaml")
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
    let graph = try #require(result.graph)
    let base = graph.resolution(variant: nil)?.provider(of: "NeedAlert")
    #expect(base?.module == "IOSAlert")
    #expect(base?.adapter.map { graph.adapters[$0].to } == "AlertInput")
    #expect(graph.resolution(variant: "macOS")?.provider(of: "NeedAlert")?.module == "MacAlert")
  }

  @Test func withoutABindingTheRequirementStaysAmbiguousAndAnInvalidOneIsTheOneProblem() throws {
    let unbound = try RouteCfg.validate(yaml: Self.throughAdapter(bindings: ""), path: "through.yaml")
    #expect(unbound.diagnostics.map(\.code) == [.ambiguousRequirement, .ambiguousRequirement])
    // `Home` cannot provide `AlertInput`: that binding is RC0703, which leaves the choice unknown
    // for the requirement of `AlertInput` and for the one that reaches it through the adapter
    // alike: neither is also ambiguous (RC0702).
    let invalid = try RouteCfg.validate(
      yaml: Self.throughAdapter(bindings: "bindings: {AlertInput: Home}"), path: "through.yaml")
    #expect(invalid.diagnostics.map(\.code) == [.invalidBinding], "\(invalid.diagnostics.map(\.message))")
  }

  @Test func aBindingOfAProtocolNoModuleProvidesLeavesItsRequirementsUnsatisfied() throws {
    let yaml = """
      routecfg: 1
      protocols:
        Q: ""
      modules:
        Root: {kind: view, requires: [Q], routes: [/]}
        Other: {kind: view, routes: [/o]}
      bindings:
        Q: Other
      """
    let result = try RouteCfg.validate(yaml: yaml, path: "unprovided.yaml")
    #expect(result.diagnostics.map(\.code) == [.unsatisfiedRequirement, .invalidBinding])
    let binding = try #require(result.diagnostics.last)
    #expect(binding.message.contains("and no module provides 'Q'"), "\(binding.message)")
    #expect(!binding.message.contains("bind one of the modules"), "\(binding.message)")
  }
}
