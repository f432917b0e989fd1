/// What misspelt references meant, so that a misspelt name is one problem with one diagnostic
/// (its RC0503 or RC0504, with a did-you-mean) and not also the checks that depend on what it
/// names: the protocol a misspelt `provides` meant is not reported as unprovided (RC0701), the
/// names a misspelt reference meant are not unused (RC0901), and the modules they lead to are not
/// unreachable (RC0903).
///
/// Built only when a check is about to report one of those, so a valid manifest never pays for it.
struct MisspeltReferences {
  /// Protocols named by a misspelt `provides` entry's did-you-mean.
  var provided: Set<String> = []
  /// Protocols named by the did-you-mean of any other misspelt protocol reference (`requires`,
  /// an adapter's `adapt` or `to`, `inherits`, a binding).
  var used: Set<String> = []
  /// Modules named by the did-you-mean of a misspelt `fallback` or binding.
  var modules: Set<String> = []
  /// Modules with a `provides` entry that names no protocol: what they meant to provide, and so
  /// whether they are reachable, is not known.
  var modulesProvidingUnknown: Set<Int> = []
  /// Protocols adapted by an adapter whose `to` names no protocol, or that has no `to`: their
  /// requirement fails because of that error.
  var adaptedToUnknown: Set<String> = []
  /// Protocols named by the did-you-mean of a misspelt `adapt`: the adapter would satisfy them.
  var adapted: Set<String> = []
  /// The `to` of every adapter whose `adapt` is misspelt or that a misspelt `requires` meant:
  /// whether the adapter is used, and so whether those protocols' providers are reachable, is
  /// not known.
  var adaptedByMisspelling: Set<String> = []
  /// Protocols that inherit a misspelt parent: what they conform to is not known (which a binding
  /// of a protocol no module requires may count on).
  var withMisspeltParents: Set<String> = []
  /// For each adapter with a misspelt `adapt` or `to`, by the protocol it adapts as meant: the
  /// protocol it forwards to as meant (`nil`: unknown, misspelt with no did-you-mean).
  var adapterTargetsMeant: [String: [String?]] = [:]

  /// `true` when a misspelt `provides` entry meant to provide `name`, or an adapter from `name`
  /// fails for its own error: a requirement of `name` that does not resolve follows from that
  /// error. (A misspelt `inherits` entry explains none: inheriting a protocol answers no
  /// requirement of it.)
  func explainsUnsatisfied(_ name: String) -> Bool {
    provided.contains(name) || adapted.contains(name) || adaptedToUnknown.contains(name)
  }
}

extension ManifestValidator {
  /// `true` when `name` names a declared protocol: what ``checkProtocolReference(_:role:listedWith:)``
  /// accepts, and what a misspelt reference is not.
  func isDeclaredProtocol(_ name: String) -> Bool {
    protocols[name] != nil || protocolIndex[name] != nil
  }

  /// The protocol a reference that names none meant: the did-you-mean its RC0503 gives
  /// (``checkProtocolReference(_:role:listedWith:)``), so never a protocol its own list already
  /// holds; `nil` for a declared protocol or a name with no suggestion.
  func protocolMeant(_ name: String, listedWith listed: inout ListedNames) -> String? {
    guard !isDeclaredProtocol(name), let meant = protocolNames.suggestion(for: name, excluding: listed.set())
    else { return nil }
    listed.add(meant)
    return meant
  }

  /// The protocols an adapter's sides name, a misspelt side read as its did-you-mean (never the
  /// other side: an adapter to itself is RC0612); `nil` for a side missing, or misspelt with no
  /// did-you-mean.
  func meantSides(of adapter: AdapterDecl) -> (adapt: String?, to: String?) {
    func meant(_ side: Located<String>?, other: Located<String>?) -> String? {
      guard let side else { return nil }
      if isDeclaredProtocol(side.value) { return side.value }
      var listed = ListedNames(also: other?.value)
      return protocolMeant(side.value, listedWith: &listed)
    }
    return (meant(adapter.adapt, other: adapter.to), meant(adapter.to, other: adapter.adapt))
  }

  /// Whether `module` might answer the protocol `name` (ID `id`) once the misspelt references
  /// are read as their did-you-mean: it provides, as meant, `name` or the target of an adapter
  /// from `name`, as meant: listing it, or, where no module lists it as meant, providing a
  /// protocol that inherits it (through parents read as meant). `true` also when a misspelling
  /// with no did-you-mean leaves it unknown. A binding of `name` to the module is then not
  /// reported as wrong (RC0703): the misspelling is the one problem.
  mutating func mightAnswerAsMeant(_ name: String, id: Int, module: Int) -> Bool {
    let misspelt = misspeltReferences()
    let adapters = misspelt.adapterTargetsMeant[name] ?? []
    guard
      misspelt.modulesProvidingUnknown.contains(module) || !adapters.isEmpty
        || manifest.modules[module].provides.contains(where: { provided in
          // Its own parent misspelt, or one of an ancestor's.
          misspelt.withMisspeltParents.contains(provided.value)
            || protocols[provided.value]?.ancestors.contains(where: misspelt.withMisspeltParents.contains)
              == true
        })
    else { return false }
    // Worked out once per module: many bindings may name one module.
    let found = meantConformances[module] ?? conformancesAsMeant(of: module)
    meantConformances[module] = .some(found)
    guard let conformances = found else { return true }
    let listedByAny = listedAsMeant()
    let listed = Set(providesAsMeant(manifest.modules[module]).compactMap { $0 })
    // A module that lists a protocol answers it; one inheriting it, only a protocol no module
    // lists or requires (for its maker).
    func answers(_ protocolName: String) -> Bool {
      listed.contains(protocolName)
        || (conformances.contains(protocolName) && !listedByAny.contains(protocolName)
          && !(protocolIndex[protocolName].map { requiredProtocols[$0] } ?? false))
    }
    if answers(name) { return true }
    // An adapter's `to` answers through a module that lists it (SPEC §2), never one inheriting it.
    for adapter in adaptersByRequired[id] {
      if let to = manifest.adapters[adapter].to?.value, listed.contains(to) { return true }
    }
    return adapters.contains { $0.map(listed.contains) ?? true }
  }

  /// The protocols some module lists under `provides`, misspelt entries read as their
  /// did-you-mean (those without one left out: they could be any protocol).
  private mutating func listedAsMeant() -> Set<String> {
    if let cached = listedAsMeantCache { return cached }
    var names: Set<String> = []
    for module in manifest.modules { names.formUnion(providesAsMeant(module).compactMap { $0 }) }
    listedAsMeantCache = names
    return names
  }

  /// The protocols `module` lists under `provides`, a misspelt entry read as its did-you-mean
  /// (`nil` for one without a did-you-mean).
  private func providesAsMeant(_ module: ModuleDecl) -> [String?] {
    var listed = ListedNames(module.provides)
    return module.provides.map { provided in
      isDeclaredProtocol(provided.value) ? provided.value : protocolMeant(provided.value, listedWith: &listed)
    }
  }

  /// What `module` conforms to once misspelt references are read as meant: the protocols it
  /// provides and all they inherit; `nil` when a misspelling with no did-you-mean leaves it
  /// unknown.
  private func conformancesAsMeant(of module: Int) -> Set<String>? {
    var conformances: Set<String> = []
    var queue: [String] = []
    for provided in providesAsMeant(manifest.modules[module]) {
      guard let provided else { return nil }
      queue.append(provided)
    }
    while let next = queue.popLast() {
      guard conformances.insert(next).inserted, let declared = protocolIndex[next] else { continue }
      let decl = manifest.protocols[declared]
      var parents = ListedNames(decl.inherits, also: decl.name.value)
      for parent in decl.inherits {
        if isDeclaredProtocol(parent.value) {
          queue.append(parent.value)
        } else if let meant = protocolMeant(parent.value, listedWith: &parents) {
          queue.append(meant)
        } else {
          return nil
        }
      }
    }
    return conformances
  }

  /// The misspelt references of the manifest and what their did-you-mean hints name, found once.
  mutating func misspeltReferences() -> MisspeltReferences {
    if let misspeltCache { return misspeltCache }
    let found = findMisspeltReferences()
    misspeltCache = found
    return found
  }

  private func findMisspeltReferences() -> MisspeltReferences {
    var found = MisspeltReferences()
    func useProtocol(_ reference: Located<String>, listedWith listed: inout ListedNames) {
      if let meant = protocolMeant(reference.value, listedWith: &listed) { found.used.insert(meant) }
    }
    func useModule(_ reference: Located<String>) {
      guard moduleIndex[reference.value] == nil, let meant = moduleNames.suggestion(for: reference.value)
      else { return }
      found.modules.insert(meant)
    }
    for decl in manifest.protocols {
      var listed = ListedNames(decl.inherits, also: decl.name.value)
      for parent in decl.inherits where !isDeclaredProtocol(parent.value) {
        found.withMisspeltParents.insert(decl.name.value)
        if let meant = protocolMeant(parent.value, listedWith: &listed) { found.used.insert(meant) }
      }
    }
    for (index, module) in manifest.modules.enumerated() {
      var listed = ListedNames(module.provides)
      for provided in module.provides where !isDeclaredProtocol(provided.value) {
        found.modulesProvidingUnknown.insert(index)
        if let meant = protocolMeant(provided.value, listedWith: &listed) {
          found.provided.insert(meant)
        }
      }
      listed = ListedNames(module.requires)
      for required in module.requires { useProtocol(required, listedWith: &listed) }
    }
    for adapter in manifest.adapters {
      let adaptIsMisspelt = adapter.adapt.map { !isDeclaredProtocol($0.value) } ?? false
      let toIsMisspelt = adapter.to.map { !isDeclaredProtocol($0.value) } ?? false
      let meant = adaptIsMisspelt || toIsMisspelt ? meantSides(of: adapter) : (adapt: nil, to: nil)
      if adaptIsMisspelt {
        if let adapt = meant.adapt {
          found.used.insert(adapt)
          found.adapted.insert(adapt)
        }
        if let to = adapter.to?.value { found.adaptedByMisspelling.insert(to) }
      } else if let adapt = adapter.adapt?.value, found.used.contains(adapt), let to = adapter.to?.value {
        // A misspelt `requires` meant the protocol this adapter adapts.
        found.adaptedByMisspelling.insert(to)
      }
      if toIsMisspelt {
        if let to = meant.to { found.used.insert(to) }
        if let adapt = adapter.adapt?.value { found.adaptedToUnknown.insert(adapt) }
      } else if adapter.to == nil, let adapt = adapter.adapt?.value {
        // No 'to' (missing, misspelt or not a name) is an error of its own already.
        found.adaptedToUnknown.insert(adapt)
      }
      if adaptIsMisspelt || toIsMisspelt, let adapt = meant.adapt ?? adapter.adapt?.value {
        found.adapterTargetsMeant[adapt, default: []].append(meant.to)
      }
    }
    for block in [manifest.bindings] + manifest.variants.map(\.bindings) {
      var listed = ListedNames(bindingsOf: block)
      for binding in block {
        useProtocol(binding.protocolName, listedWith: &listed)
        useModule(binding.module)
      }
    }
    if let fallback = manifest.fallback { useModule(fallback) }
    return found
  }
}
