extension ManifestValidator {
  /// Indexes protocols, modules and adapters by name, reporting duplicates at the second
  /// declaration in load order with a note at the first, and resolves protocol inheritance. The
  /// protocols are indexed beside the modules and adapters (``ForkJoin``), which do not need them;
  /// then the protocol table is built beside the IDs that the protocols' index alone gives
  /// (``indexProtocolIDs()``), which the table does not need either.
  mutating func indexDeclarations() {
    var other = forkedCopy()
    ForkJoin.run(
      {
        (protocolIndex, protocolOrder, protocolIDs) = firstDeclarations(
          of: manifest.protocols.count, named: { [manifest] in manifest.protocols[$0].name },
          kind: "protocol", code: .duplicateProtocol)
        protocolNames = NameSuggester(protocolOrder)
        routeTypesNamingProtocols = RouteValueType.allCases.map(\.rawValue).filter {
          protocolIndex[$0] != nil
        }
      },
      alongside: {
        (other.moduleIndex, other.moduleOrder, other.moduleIDs) = other.firstDeclarations(
          of: other.manifest.modules.count,
          named: { [manifest = other.manifest] in manifest.modules[$0].name },
          kind: "module", code: .duplicateModule)
        other.moduleNames = NameSuggester(other.moduleOrder)
        other.indexAdapters()
      }, inParallel: usesThreads)
    (moduleIndex, moduleOrder, moduleIDs, moduleNames) = (
      other.moduleIndex, other.moduleOrder, other.moduleIDs, other.moduleNames
    )
    (adapterIndex, adapterOrder, repeatedAdapters) = (
      other.adapterIndex, other.adapterOrder, other.repeatedAdapters
    )
    diagnostics.append(contentsOf: other.diagnostics)
    var ids = forkedCopy()
    ForkJoin.run(
      {
        var builder = ProtocolTableBuilder(
          declarations: manifest.protocols, index: protocolIndex, ids: protocolIDs,
          diagnosticLimit: diagnostics.limit)
        protocols = builder.build()
        diagnostics.append(contentsOf: builder.diagnostics)
      }, alongside: { ids.indexProtocolIDs() }, inParallel: usesThreads)
    (adapterProtocolIDs, adaptersByRequired, providedIDs, requiredIDs) = (
      ids.adapterProtocolIDs, ids.adaptersByRequired, ids.providedIDs, ids.requiredIDs
    )
    indexProviders()
  }

  /// The position of each name's first declaration, the names in declaration order and their
  /// first declarations' positions in the same order; later declarations are reported at
  /// themselves with a note at the first. The names of the `count` declarations are read one at a
  /// time (`names`), not copied out first: a copy retained and released every name again.
  private mutating func firstDeclarations(
    of count: Int, named names: (Int) -> Located<String>, kind: String, code: DiagnosticCode
  ) -> (NameTable<Int>, [String], [Int]) {
    var index = NameTable<Int>()
    index.reserveCapacity(count)
    var order: [String] = []
    order.reserveCapacity(count)
    var positions: [Int] = []
    positions.reserveCapacity(count)
    for position in 0..<count {
      let name = names(position)
      if let first = index.existingValue(for: name.value, elseStoring: position) {
        // In one file, the reader already dropped keys written alike (RC0109): these two are
        // spelled with different characters that are one name in Unicode (é and e + U+0301).
        let why =
          names(first).location.file == name.location.file
          ? " in this file, spelled with different Unicode characters that are the same name"
          : "; all files share one name space"
        diagnostics.report(
          code, "\(kind) '\(name.value)' is declared twice\(why): rename or remove this one",
          at: name.location, notes: [DiagnosticNote("first declared here", at: names(first).location)])
        continue
      }
      order.append(name.value)
      positions.append(position)
    }
    return (index, order, positions)
  }

  /// Indexes adapters by their protocol pair; reports adapters of a protocol to itself and
  /// repeated pairs.
  private mutating func indexAdapters() {
    adapterIndex.reserveCapacity(manifest.adapters.count)
    adapterOrder.reserveCapacity(manifest.adapters.count)
    // By index: a loop over the adapters would copy each one.
    for index in manifest.adapters.indices {
      guard let adapt = manifest.adapters[index].adapt, let to = manifest.adapters[index].to else { continue }
      if adapt.value == to.value {
        diagnostics.report(
          .selfAdapter,
          "this adapter adapts '\(adapt.value)' to itself; a protocol needs no adapter to itself: "
            + "remove the adapter",
          at: to.location)
        continue
      }
      let pair = AdapterPair(adapt: adapt.value, to: to.value)
      if let first = adapterIndex.existingValue(for: pair, elseStoring: index) {
        diagnostics.report(
          .duplicateAdapter,
          "an adapter from '\(adapt.value)' to '\(to.value)' already exists; merge their 'map' "
            + "entries into one adapter",
          at: manifest.adapters[index].writtenLocation,
          notes: [DiagnosticNote("first adapter here", at: manifest.adapters[first].writtenLocation)])
        repeatedAdapters.append(index)
        continue
      }
      adapterOrder.append(index)
    }
  }

  /// The protocol IDs the adapters, `provides` and `requires` name, and which adapters adapt
  /// each protocol: found from the protocols' index alone.
  private mutating func indexProtocolIDs() {
    // By index: a loop over the adapters would copy each one.
    adapterProtocolIDs = manifest.adapters.indices.map {
      AdapterProtocolIDs(adapt: manifest.adapters[$0].adapt, to: manifest.adapters[$0].to, in: protocolIndex)
    }
    var adapters = IDListsBuilder(count: manifest.protocols.count)
    for index in adapterOrder {
      guard let id = adapterProtocolIDs[index].adapt else { continue }
      adapters.add(index, to: id)
    }
    adaptersByRequired = adapters.build()
    let modules = manifest.modules
    providedIDs = IDLists(count: modules.count) { [protocolIndex] in
      modules[$0].provides.lazy.map { protocolIndex[$0.value] ?? -1 }
    }
    requiredIDs = IDLists(count: modules.count) { [protocolIndex] in
      modules[$0].requires.lazy.map { protocolIndex[$0.value] ?? -1 }
    }
  }

  /// Which modules provide each protocol. The modules that list a protocol under `provides`
  /// provide it; only when none does, those providing a protocol that inherits it do (a module
  /// that says it provides `Base` answers for `Base`, not one providing `Derived: Base` beside
  /// it), for the registry's makers, not for requirements.
  private mutating func indexProviders() {
    // Modules come in declaration order, so a module listed twice for a protocol is added twice
    // in a row, which the builder drops.
    var providers = IDListsBuilder(count: manifest.protocols.count)
    var inheritingProviders: [(module: Int, protocolID: Int)] = []
    for index in moduleIDs {
      for id in providedIDs[index] where id >= 0 {
        guard let info = protocols.infos[id] else { continue }
        providers.add(index, to: id)
        for ancestor in info.ancestors {
          if let id = protocolIndex[ancestor] { inheritingProviders.append((index, id)) }
        }
      }
    }
    providedOnlyThroughInheritance = Array(repeating: false, count: manifest.protocols.count)
    for (_, id) in inheritingProviders where providers.addedCount(for: id) == 0 {
      providedOnlyThroughInheritance[id] = true
    }
    for (module, id) in inheritingProviders where providedOnlyThroughInheritance[id] {
      providers.add(module, to: id)
    }
    providersOf = providers.build()
  }
}
