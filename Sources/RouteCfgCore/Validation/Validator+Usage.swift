extension ManifestValidator {
  /// Warns about protocols nothing uses, adapters nothing needs and modules nothing reaches.
  mutating func checkUnusedParts() {
    checkUnusedProtocols()
    checkUnusedAdapters()
    checkUnreachableModules()
  }

  /// A protocol is used when a module provides or requires it or names it in a parameter type,
  /// when an adapter names it, or when a used protocol inherits it or names it in a member type.
  /// So a protocol that only refers to itself, or that only unused protocols refer to, is unused.
  private mutating func checkUnusedProtocols() {
    var used: Set<String> = []
    var queue: [String] = []
    used.reserveCapacity(protocols.count)
    queue.reserveCapacity(protocols.count)
    // Undeclared names (already reported) may enter `used`; they are never in `protocolOrder`.
    func use(_ name: String) {
      if used.insert(name).inserted { queue.append(name) }
    }
    for module in manifest.modules {
      for name in module.provides { use(name.value) }
      for name in module.requires { use(name.value) }
    }
    for name in parameterTypeProtocols { use(name) }
    for adapter in manifest.adapters {
      if let adapt = adapter.adapt { use(adapt.value) }
      if let to = adapter.to { use(to.value) }
    }
    var position = 0
    while position < queue.count {
      let name = queue[position]
      position += 1
      for parent in protocols[name]?.inherits ?? [] { use(parent) }
      for referenced in typeReferencedProtocols[name] ?? [] { use(referenced) }
    }
    // A protocol with an invalid name already has an error.
    for name in protocolOrder where !used.contains(name) && SwiftIdentifier.problem(with: name) == nil {
      guard let index = protocolIndex[name] else { continue }
      let decl = manifest.protocols[index]
      diagnostics.report(
        .unusedProtocol,
        "protocol '\(name)' is not used: no module provides or requires it, no adapter names it, and no "
          + "protocol in use refers to it; add it to a module's 'provides' or remove it",
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
      let why: String
      if !requiredProtocols.contains(adapt) {
        why =
          "no module requires '\(adapt)' and no member passes values between '\(adapt)' and '\(to)'; remove it "
          + "or require '\(adapt)'"
      } else if let provider = providersOf[to]?.first {
        let module = manifest.modules[provider].name.value
        why =
          "'\(adapt)' resolves to another provider in every configuration; remove it, or bind '\(adapt)' to "
          + "'\(module)' (which provides '\(to)')"
      } else {
        why = "no module provides '\(to)'; remove it or add '\(to)' to a module's 'provides'"
      }
      diagnostics.report(
        .unusedAdapter, "the adapter from '\(adapt)' to '\(to)' is never used: \(why)", at: decl.location)
    }
  }

  /// A module is reachable when it has a route, is the fallback, or another module requires a
  /// protocol it can provide (directly or through an adapter). Requiring its own protocol, or
  /// being bound to a protocol nobody requires, does not make a module reachable.
  private mutating func checkUnreachableModules() {
    var reachable: Set<Int> = []
    for name in moduleOrder {
      guard let index = moduleIndex[name] else { continue }
      for required in manifest.modules[index].requires where protocols[required.value] != nil {
        for candidate in candidates(for: required.value) where candidate.module != index {
          reachable.insert(candidate.module)
        }
      }
    }
    for name in moduleOrder {
      guard let index = moduleIndex[name] else { continue }
      let module = manifest.modules[index]
      if !module.routes.isEmpty || module.routesHaveErrors || reachable.contains(index)
        || manifest.fallback?.value == name
      {
        continue
      }
      diagnostics.report(
        .unreachableModule,
        "module '\(name)' is unreachable: it has no route and no other module requires what it provides; "
          + "add a route, require one of its protocols, or remove it",
        at: module.name.location)
    }
  }
}
