import RouteCfgCore

/// The protocols a module provides that get no `make` method because several modules could
/// answer them and nothing chooses (RC1005, a warning): `validate` accepts them, since no module
/// requires them, but a caller of the registry would look for the method in vain.
struct UndecidedProviders {
  let context: GenerationContext

  private var graph: AppGraph { context.graph }

  func diagnostics() -> [Diagnostic] {
    let made = RegistryTranslator.protocolsWithMakers(in: graph)
    return graph.protocolNames.compactMap { name -> Diagnostic? in
      guard made.contains(name), context.resolution.provider(of: name) == nil,
        let candidates = context.resolution.undecided[name], candidates.count > 1,
        let info = graph.protocols[name]
      else { return nil }
      var modules: [String] = []
      for candidate in candidates where !modules.contains(candidate.module) {
        modules.append(candidate.module)
      }
      let maker = "'\(context.makerName(for: name))'"
      let message: String
      if modules.count == 1 {
        message =
          "'\(name)' gets no \(maker) in the registry: module '\(modules[0])' provides it through "
          + "\(candidates.count) adapters; remove all but one of them"
      } else {
        let listed =
          modules.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + (modules.count > 5 ? ", ..." : "")
        message =
          "'\(name)' gets no \(maker) in the registry: \(modules.count) modules provide it (\(listed)) and "
          + "no binding chooses one; bind one under 'bindings' ('\(name): \(modules[0])') to make it"
      }
      return Diagnostic(
        .undecidedProvider, message, at: info.location, notes: candidates.map { note($0, for: name) })
    }
  }

  /// Where a candidate module is declared, and how it provides the protocol.
  private func note(_ candidate: Provider, for name: String) -> DiagnosticNote {
    let module = graph.modules[candidate.module]
    let location = module?.location ?? graph.appLocation
    if let index = candidate.adapter, graph.adapters.indices.contains(index) {
      let adapter = graph.adapters[index]
      // At the adapter: of several adapters that make one module a candidate, each is named.
      return DiagnosticNote(
        "'\(candidate.module)' provides it through the adapter from '\(adapter.adapt)' to '\(adapter.to)'",
        at: adapter.location)
    }
    if let module, !module.provides.contains(name),
      let child = module.provides.first(where: { graph.protocols[$0]?.ancestors.contains(name) == true })
    {
      return DiagnosticNote(
        "'\(candidate.module)' provides it as '\(child)', which inherits it", at: location)
    }
    return DiagnosticNote("'\(candidate.module)' provides it", at: location)
  }
}
