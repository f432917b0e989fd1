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
    // By protocol ID; undeclared names (already reported) have none and are left out.
    var used = Array(repeating: false, count: manifest.protocols.count)
    var queue: [Int] = []
    queue.reserveCapacity(protocolIDs.count)
    func use(_ id: Int) {
      if !used[id] {
        used[id] = true
        queue.append(id)
      }
    }
    func use(_ name: String) {
      if let id = protocolIndex[name] { use(id) }
    }
    for module in manifest.modules.indices {
      for id in providedIDs[module] where id >= 0 { use(id) }
      for id in requiredIDs[module] where id >= 0 { use(id) }
    }
    for id in parameterTypeProtocols { use(id) }
    for adapter in adapterProtocolIDs {
      if let adapt = adapter.adapt { use(adapt) }
      if let to = adapter.to { use(to) }
    }
    var position = 0
    while position < queue.count {
      let id = queue[position]
      position += 1
      // Every ID queued is a first declaration's, the one ``ProtocolLookup/infos`` holds.
      for parent in protocols.infos[id]?.inherits ?? [] { use(parent) }
      for referenced in typeReferencedProtocols[id] { use(referenced) }
    }
    // A protocol with an invalid name already has an error, as has a misspelt reference to it.
    for (name, id) in zip(protocolOrder, protocolIDs)
    where !used[id] && SwiftIdentifier.problem(with: name) == nil {
      let misspelt = misspeltReferences()
      if misspelt.used.contains(name) || misspelt.provided.contains(name) { continue }
      diagnostics.report(
        .unusedProtocol,
        "protocol '\(name)' is not used: no module provides or requires it, no adapter names it, and no "
          + "protocol in use refers to it; add it to a module's 'provides' or remove it",
        at: manifest.protocols[id].name.location)
    }
  }

  /// An adapter is needed when a requirement resolves through it (in some configuration) or a
  /// member forwarding passes values across it. Whether a member does is not known while an
  /// adapter's map could not be read or has errors, its members have errors, an adapter names a
  /// protocol that is not declared, or a protocol's members could not all be read (its body, or
  /// a parent that is not declared): the member that would use an adapter may be the one at
  /// fault, so none is called unused until those errors are fixed.
  private mutating func checkUnusedAdapters() {
    if adapterChecksFoundErrors || protocols.values.contains(where: \.hasUnreadMembers)
      || manifest.adapters.indices.contains(where: { index in
        manifest.adapters[index].mapIsUnreadable || !manifest.adapters[index].unreadMapKeys.isEmpty
          || adapterProtocolIDs[index].adapt == nil || adapterProtocolIDs[index].to == nil
      })
    {
      return
    }
    for index in adapterOrder
    where !adaptersUsedByResolution[index] && !crossingsByMembers.containsEither(of: index) {
      let decl = manifest.adapters[index]
      guard let adapt = decl.adapt?.value, let to = decl.to?.value,
        let adaptID = adapterProtocolIDs[index].adapt,
        let toID = adapterProtocolIDs[index].to
      else { continue }
      // A misspelt reference meant to require what it adapts, or to provide what it forwards to:
      // whether it is used follows from that error (RC0503).
      let misspelt = misspeltReferences()
      if misspelt.used.contains(adapt) || misspelt.explainsUnsatisfied(to) { continue }
      let why: String
      let providers = listingProviders(of: toID)
      if !requiredProtocols[adaptID] {
        why =
          "no module requires '\(adapt)' and no member passes values between '\(adapt)' and '\(to)'; remove it "
          + "or require '\(adapt)'"
      } else if let provider = providers.first {
        let direct = listingProviders(of: adaptID)
        if let both = providers.first(where: direct.contains) {
          // Binding 'adapt' to this module would change nothing: it provides 'adapt' itself.
          why =
            "module '\(manifest.modules[both].name.value)' provides both '\(adapt)' and '\(to)', so '\(adapt)' "
            + "never needs the adapter; remove it"
        } else {
          let module = manifest.modules[provider].name.value
          why =
            "'\(adapt)' resolves to another provider in every configuration; remove it, or bind '\(adapt)' to "
            + "'\(module)' (which provides '\(to)')"
        }
      } else {
        let missing = noModuleAnswers(to)
        // Where a module provides 'adapt' itself, a provider of 'to' would make two (RC0702).
        let answered = !listingProviders(of: adaptID).isEmpty
        why =
          missing
          + (answered
            ? ", and a module provides '\(adapt)' itself; remove it"
            : "; remove it or add '\(to)' to a module's 'provides'")
      }
      diagnostics.report(
        .unusedAdapter, "the adapter from '\(adapt)' to '\(to)' is never used: \(why)", at: decl.location)
    }
  }

  /// A module is reachable when it has a route, is the fallback, or another module requires a
  /// protocol it can provide (directly or through an adapter). Requiring its own protocol, or
  /// being bound to a protocol nobody requires, does not make a module reachable.
  private mutating func checkUnreachableModules() {
    var reachable = Array(repeating: false, count: manifest.modules.count)
    for index in moduleIDs {
      for id in requiredIDs[index] where id >= 0 {
        for candidate in candidates(for: id) where candidate.module != index {
          reachable[candidate.module] = true
        }
      }
    }
    for (name, index) in zip(moduleOrder, moduleIDs) {
      let module = manifest.modules[index]
      // A module with an invalid name already has an error (RC0205), as a protocol's does.
      if !module.routes.isEmpty || module.routesHaveErrors || reachable[index]
        || manifest.fallback?.value == name || SwiftIdentifier.problem(with: name) != nil
      {
        continue
      }
      // A misspelt reference that meant this module, or one of its protocols, already has its
      // error; so has a misspelt protocol it provides, which leaves what it meant unknown.
      let misspelt = misspeltReferences()
      if misspelt.modules.contains(name) || misspelt.modulesProvidingUnknown.contains(index)
        || module.provides.contains(where: {
          misspelt.used.contains($0.value) || misspelt.adaptedByMisspelling.contains($0.value)
        })
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
