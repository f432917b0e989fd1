extension ManifestValidator {
  /// Indexes protocols, modules and adapters by name, reporting duplicates at the second
  /// declaration in load order with a note at the first, and resolves protocol inheritance.
  mutating func indexDeclarations() {
    protocolIndex.reserveCapacity(manifest.protocols.count)
    for (index, decl) in manifest.protocols.enumerated() {
      let name = decl.name.value
      if let first = protocolIndex[name] {
        diagnostics.report(
          .duplicateProtocol,
          "protocol '\(name)' is declared twice; all files share one name space: rename or remove "
            + "this one",
          at: decl.name.location,
          notes: [DiagnosticNote("first declared here", at: manifest.protocols[first].name.location)])
        continue
      }
      protocolIndex[name] = index
      protocolOrder.append(name)
    }
    moduleIndex.reserveCapacity(manifest.modules.count)
    for (index, decl) in manifest.modules.enumerated() {
      let name = decl.name.value
      if let first = moduleIndex[name] {
        diagnostics.report(
          .duplicateModule,
          "module '\(name)' is declared twice; all files share one name space: rename or remove "
            + "this one",
          at: decl.name.location,
          notes: [DiagnosticNote("first declared here", at: manifest.modules[first].name.location)])
        continue
      }
      moduleIndex[name] = index
      moduleOrder.append(name)
    }
    protocolNames = NameSuggester(protocolOrder)
    moduleNames = NameSuggester(moduleOrder)

    var builder = ProtocolTableBuilder(
      declarations: manifest.protocols, index: protocolIndex, order: protocolOrder)
    protocols = builder.build()
    diagnostics.append(contentsOf: builder.diagnostics)

    indexAdapters()
    indexProviders()
  }

  /// Indexes adapters by their protocol pair; reports adapters of a protocol to itself and
  /// repeated pairs.
  private mutating func indexAdapters() {
    for (index, adapter) in manifest.adapters.enumerated() {
      guard let adapt = adapter.adapt, let to = adapter.to else { continue }
      if adapt.value == to.value {
        diagnostics.report(
          .selfAdapter,
          "this adapter adapts '\(adapt.value)' to itself; a protocol needs no adapter to itself: "
            + "remove the adapter",
          at: to.location)
        continue
      }
      let pair = AdapterPair(adapt: adapt.value, to: to.value)
      if let first = adapterIndex[pair] {
        diagnostics.report(
          .duplicateAdapter,
          "an adapter from '\(adapt.value)' to '\(to.value)' already exists; merge their 'map' "
            + "entries into one adapter",
          at: adapter.location,
          notes: [DiagnosticNote("first adapter here", at: manifest.adapters[first].location)])
        continue
      }
      adapterIndex[pair] = index
      adaptersByRequired[adapt.value, default: []].append(index)
    }
  }

  /// Which modules provide each protocol, counting the protocols a provided one inherits.
  private mutating func indexProviders() {
    for name in moduleOrder {
      guard let index = moduleIndex[name] else { continue }
      var seen: Set<String> = []
      for provided in manifest.modules[index].provides {
        guard let info = protocols[provided.value] else { continue }
        if seen.insert(info.name).inserted { providersOf[info.name, default: []].append(index) }
        for ancestor in info.ancestors.sorted() where seen.insert(ancestor).inserted {
          providersOf[ancestor, default: []].append(index)
        }
      }
    }
  }
}
