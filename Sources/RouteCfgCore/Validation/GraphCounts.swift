/// What a valid manifest's summary line counts (`valid (6 modules, 9 protocols, 3 adapters, 6
/// routes)`), as the ``AppGraph`` holds them: its modules, protocols, adapters, routes and
/// variants.
package struct GraphCounts: Sendable, Hashable {
  package let modules: Int
  package let protocols: Int
  package let adapters: Int
  package let routes: Int
  package let variants: Int
}

extension GraphCounts {
  /// The counts of `graph`.
  package init(_ graph: AppGraph) {
    self.init(
      modules: graph.modules.count, protocols: graph.protocols.count, adapters: graph.adapters.count,
      routes: graph.routes.count, variants: graph.variantNames.count)
  }
}

/// What validating a manifest found, for a caller that reads only the diagnostics and the
/// summary line (``ManifestValidator/validateCounting(_:variant:isIncomplete:maxDiagnostics:)``):
/// a ``ValidationOutcome`` with the graph's counts in place of the graph.
package struct CountedValidation: Sendable {
  package let diagnostics: [Diagnostic]
  package let omitted: OmittedDiagnostics
  package let heldBack: [HeldBackCheck]
  /// The counts of the graph the run would have made; they are a valid manifest's only when
  /// there is no error.
  package let counts: GraphCounts
}
