extension ManifestValidator {
  /// Warns about protocols nothing uses, adapters nothing needs and modules nothing reaches.
  mutating func checkUnusedParts() {
    checkUnusedProtocols()
    checkUnusedAdapters()
    checkUnreachableModules()
  }

  /// A protocol is used when a module provides or requires it, an adapter names it, another
  /// protocol inherits it, or a member or parameter type names it.
  private mutating func checkUnusedProtocols() {
    var used = referencedProtocols
    for info in protocols.values { used.formUnion(info.inherits) }
    // A protocol with an invalid name already has an error.
    for name in protocolOrder where !used.contains(name) && SwiftIdentifier.problem(with: name) == nil {
      guard let index = protocolIndex[name] else { continue }
      let decl = manifest.protocols[index]
      diagnostics.report(
        .unusedProtocol,
        "protocol '\(name)' is not used: no module provides or requires it, and no adapter, "
          + "protocol or member refers to it; add it to a module's 'provides' or remove it",
        at: decl.name.location)
    }
  }

  /// An adapter is needed when a requirement resolves through it (in some configuration) or a
  /// member forwarding passes values across it.
  private mutating func checkUnusedAdapters() {
    let used = adaptersUsedByResolution.union(adaptersUsedByMembers)
    for index in adapterIndex.values.sorted() where !used.contains(index) {
      let decl = manifest.adapters[index]
      guard let adapt = decl.adapt?.value, let to = decl.to?.value, protocols[adapt] != nil,
        protocols[to] != nil
      else { continue }
      let reason: String
      if !requiredProtocols.contains(adapt) {
        reason = "no module requires '\(adapt)' and no member passes values between '\(adapt)' and '\(to)'"
      } else if (providersOf[to] ?? []).isEmpty {
        reason = "no module provides '\(to)'"
      } else {
        reason = "'\(adapt)' resolves to another provider"
      }
      diagnostics.report(
        .unusedAdapter,
        "the adapter from '\(adapt)' to '\(to)' is never used: \(reason); remove it or require '\(adapt)'",
        at: decl.location)
    }
  }

  /// A module is reachable when it has a route, is the fallback, is bound, or some module
  /// requires a protocol it can provide.
  private mutating func checkUnreachableModules() {
    var reachable: Set<Int> = []
    for required in requiredProtocols where protocols[required] != nil {
      for candidate in candidates(for: required) { reachable.insert(candidate.module) }
    }
    var named: Set<String> = []
    if let fallback = manifest.fallback { named.insert(fallback.value) }
    for binding in manifest.bindings + manifest.variants.flatMap(\.bindings) {
      named.insert(binding.module.value)
    }
    for name in moduleOrder {
      guard let index = moduleIndex[name] else { continue }
      let module = manifest.modules[index]
      if !module.routes.isEmpty || module.routesHaveErrors || reachable.contains(index)
        || named.contains(name)
      {
        continue
      }
      diagnostics.report(
        .unreachableModule,
        "module '\(name)' is unreachable: it has no route and no module requires what it provides; "
          + "add a route, require one of its protocols, or remove it",
        at: module.name.location)
    }
  }
}
