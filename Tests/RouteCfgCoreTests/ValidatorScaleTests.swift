import RouteCfgCore
import RouteCfgSynthetic
import Testing

/// Pathological sizes must give linear output and finish; timing is left to the benchmark.
@Suite("Validator at scale")
struct ValidatorScaleTests {
  @Test func syntheticManifestsAreValid() throws {
    let result = try RouteCfg.validate(yaml: SyntheticManifest.yaml(moduleCount: 200), path: "synthetic.yaml")
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.prefix(3))")
    let graph = try #require(result.graph)
    #expect(graph.modules.count == 201)
    #expect(graph.adapters.count == 400)
    #expect(graph.routes.count == 400)
  }

  @Test func twentyThousandModulesWithOneRouteGiveOneDiagnosticEach() throws {
    var yaml = "routecfg: 1\nmodules:\n"
    for index in 0..<20_000 { yaml += "  M\(index): {kind: view, routes: [/same]}\n" }
    let result = try RouteCfg.validate(yaml: yaml, path: "same-route.yaml", maxDiagnostics: nil)
    let conflicts = result.diagnostics.filter { $0.code == .routeConflict }
    #expect(conflicts.count == 20_000)
    #expect(conflicts.allSatisfy { $0.notes.count <= DiagnosticBag.maxNotes + 1 })
  }

  @Test func manyProvidersOfOneRequirementKeepNotesBounded() throws {
    var yaml = "routecfg: 1\nprotocols:\n  P: ''\nmodules:\n"
    for index in 0..<5_000 { yaml += "  Provider\(index): {kind: service, provides: [P]}\n" }
    for index in 0..<5_000 { yaml += "  User\(index): {kind: view, requires: [P], routes: [/u\(index)]}\n" }
    let result = try RouteCfg.validate(yaml: yaml, path: "ambiguous.yaml", maxDiagnostics: nil)
    let ambiguous = result.diagnostics.filter { $0.code == .ambiguousRequirement }
    #expect(ambiguous.count == 5_000)
    #expect(ambiguous.allSatisfy { $0.notes.count <= DiagnosticBag.maxNotes + 1 })
    // The notes left out are counted, as every capped list of notes is.
    #expect(ambiguous.allSatisfy { $0.notes.last?.message == "and 4992 more like this" })
  }

  @Test func notesOfAnAmbiguousRequirementAreCappedAtEveryCount() throws {
    for providers in [9, 10, 11] {
      var yaml = "routecfg: 1\nprotocols:\n  P: ''\nmodules:\n"
      for index in 0..<providers { yaml += "  X\(index): {kind: service, provides: [P]}\n" }
      yaml += "  User: {kind: view, requires: [P], routes: [/u]}\n"
      let result = try RouteCfg.validate(yaml: yaml, path: "ambiguous.yaml")
      let notes = try #require(result.diagnostics.first { $0.code == .ambiguousRequirement }).notes
      if providers <= DiagnosticBag.maxNotes + 1 {
        #expect(notes.count == providers)
      } else {
        #expect(notes.count == DiagnosticBag.maxNotes + 1)
        #expect(notes.last?.message == "and \(providers - DiagnosticBag.maxNotes) more like this")
      }
    }
  }

  @Test func runawayInheritanceHitsTheBudgetOnce() throws {
    // A chain where each protocol inherits the previous one and adds a member: the inherited
    // members add up quadratically, so the budget stops it.
    var yaml = "routecfg: 1\nprotocols:\n  P0: 'var m0: Int'\n"
    for index in 1..<1_500 {
      yaml += "  P\(index):\n    inherits: [P\(index - 1)]\n    members: 'var m\(index): Int'\n"
    }
    yaml += "modules:\n  Host: {kind: view, provides: [P1499, P0, P5], routes: [/host]}\n"
    // Requirements the host answers by listing protocols the budget cut from P1499's inheritance
    // (and one adapted to such a protocol): not reported as unanswered (RC0701), nor their
    // members missing; one nothing provides still is.
    yaml += "  Guest: {kind: view, requires: [P0, P5, R], routes: [/guest]}\n"
    yaml += "  Lonely: {kind: view, requires: [Unrelated], routes: [/lonely]}\n"
    yaml = yaml.replacingOccurrences(
      of: "modules:\n", with: "  Unrelated: 'func u()'\n  R: 'var m0: Int'\nmodules:\n")
    yaml += "adapters:\n  - {adapt: R, to: P0}\n"
    let result = try RouteCfg.validate(yaml: yaml, path: "chain.yaml")
    #expect(
      result.diagnostics.map(\.code) == [.inheritanceTooLarge, .unsatisfiedRequirement],
      "\(result.diagnostics.map(\.message))")
  }

  /// Past the budget a protocol inherits nothing more, not even its parent's ancestors: the
  /// table of a chain far longer than the budget allows stays linear in size.
  @Test func inheritancePastTheBudgetStaysLinear() throws {
    let count = 6_000
    var yaml = "routecfg: 1\nprotocols:\n"
    for index in 0..<count { yaml += "  P\(index): {inherits: [P\(index + 1)]}\n" }
    yaml += "  P\(count): ''\nmodules:\n  M: {kind: view, provides: [P0], routes: [/m]}\n"
    let result = try RouteCfg.validate(yaml: yaml, path: "chain.yaml")
    #expect(result.diagnostics.filter { $0.code == .inheritanceTooLarge }.count == 1)
    let table = ProtocolInfo.table(for: result.manifest.protocols)
    let ancestors = table.values.reduce(0) { $0 + $1.ancestors.count }
    // The budget (1,000,000) counts members and ancestors inherited; add one parent a protocol.
    #expect(ancestors <= 1_000_000 + 2 * count)
  }

  @Test func longListsAreCheckedForRepeatsWithoutQuadraticWork() throws {
    var yaml = "routecfg: 1\nprotocols:\n"
    for index in 0..<3_000 { yaml += "  P\(index): ''\n" }
    yaml += "modules:\n  Host:\n    kind: view\n    routes: [/host]\n    provides: ["
    yaml += (0..<3_000).map { "P\($0)" }.joined(separator: ", ") + ", P7]\n"
    let result = try RouteCfg.validate(yaml: yaml, path: "long-list.yaml")
    #expect(result.diagnostics.map(\.code) == [.duplicateListEntry])
  }
}
