/// How one protocol resolves in one configuration.
enum ResolutionOutcome {
  case resolved(Candidate)
  case unsatisfied
  case ambiguous([Candidate])
  /// Bound to a module that cannot provide it (reported once, with the binding).
  case invalidBinding
}

extension ManifestValidator {
  /// Checks bindings, then resolves every requirement in the base configuration and each
  /// variant (or only the selected variant). Problems only a variant has name the variant.
  mutating func checkResolution() {
    requiredProtocols = Array(repeating: false, count: manifest.protocols.count)
    candidateCache = Array(repeating: nil, count: manifest.protocols.count)
    for module in manifest.modules.indices {
      for id in requiredIDs[module] where id >= 0 { requiredProtocols[id] = true }
    }
    let baseProtocols = boundProtocols(manifest.bindings)
    let base = Dictionary(zip(baseProtocols, manifest.bindings), uniquingKeysWith: { a, _ in a })
    if let selectedVariant {
      let variant = manifest.variants.first { $0.name.value == selectedVariant }
      let bindings = overlay(base, variant?.bindings ?? [])
      // Only the bindings in effect: base ones the variant keeps, and the variant's own.
      let overridden = Set(boundProtocols(variant?.bindings ?? []))
      checkBindings(
        zip(manifest.bindings, baseProtocols).filter { !overridden.contains($0.1) }.map(\.0), variant: nil)
      checkBindings(variant?.bindings ?? [], variant: selectedVariant)
      let (resolution, found) = resolve(bindings: bindings, variant: selectedVariant)
      resolutions[selectedVariant] = resolution
      baseResolution = resolution
      for problem in found { report(problem, variant: nil) }
      // An adapter is used when any configuration uses it, whichever one is checked: the
      // other configurations are resolved for that (and the graph's notes) alone, their
      // problems left out.
      otherResolutions[nil] = resolve(bindings: base, variant: nil).0
      for other in manifest.variants where other.name.value != selectedVariant {
        let name = other.name.value
        otherResolutions[name] = resolve(bindings: overlay(base, other.bindings), variant: name).0
      }
      return
    }
    checkBindings(manifest.bindings, variant: nil)
    for variant in manifest.variants { checkBindings(variant.bindings, variant: variant.name.value) }
    let (resolution, baseFound) = resolve(bindings: base, variant: nil)
    baseResolution = resolution
    for problem in baseFound { report(problem, variant: nil) }
    let known = Set(baseFound)
    for variant in manifest.variants {
      let name = variant.name.value
      let (variantResolution, found) = resolve(bindings: overlay(base, variant.bindings), variant: name)
      resolutions[name] = variantResolution
      for problem in found where !known.contains(problem) { report(problem, variant: name) }
    }
  }

  private func overlay(_ base: [String: BindingDecl], _ overrides: [BindingDecl]) -> [String: BindingDecl] {
    var bindings = base
    for (binding, name) in zip(overrides, boundProtocols(overrides)) { bindings[name] = binding }
    return bindings
  }

  /// The protocol each binding of `block` (the base bindings, or a variant's) binds: the one it
  /// names, or, for a misspelt name (RC0503), the one its did-you-mean names, as every check
  /// that depends on a misspelt reference reads it.
  private func boundProtocols(_ block: [BindingDecl]) -> [String] {
    var listed = ListedNames(bindingsOf: block)
    return block.map { protocolMeant($0.protocolName.value, listedWith: &listed) ?? $0.protocolName.value }
  }

  /// Why a module that provides a protocol inheriting `protocolName` (ID `id`), or the `to` of an
  /// adapter from it, does not answer it: only a module that lists the protocol answers a
  /// requirement or binding of it. Empty when `module` provides neither; `spelled` is the
  /// module's name as the binding writes it.
  private func inheritedOnlyAdvice(_ protocolName: String, id: Int, module: Int, spelled: String) -> String {
    let targets = [protocolName] + adaptersByRequired[id].compactMap { manifest.adapters[$0].to?.value }
    for target in targets {
      guard let child = providedChild(of: target, in: manifest.modules[module]) else { continue }
      let what =
        target == protocolName ? "it" : "'\(target)', the 'to' of the adapter from '\(protocolName)',"
      return
        " ('\(child.value)' inherits \(what) but the modules that list '\(target)' under 'provides' are the "
        + "ones that answer it: list '\(target)' in the 'provides' of '\(spelled)' too)"
    }
    return ""
  }

  /// Every binding must name a module that can provide its protocol; `variant` names the
  /// variant that declares them, for the message.
  private mutating func checkBindings(_ bindings: [BindingDecl], variant: String?) {
    let prefix = variant.map { "in variant '\($0)': " } ?? ""
    for binding in bindings {
      let protocolName = binding.protocolName.value
      // Every declared protocol (an ID) is in the protocol table.
      guard let id = protocolIndex[protocolName], let module = moduleIndex[binding.module.value] else {
        continue
      }
      if canAnswer(id, module: module) || mightAnswerAsMeant(protocolName, id: id, module: module) {
        continue
      }
      let candidates = candidates(for: id)
      let provided = manifest.modules[module].provides.map(\.value)
      let list = provided.isEmpty ? "nothing" : provided.map { "'\($0)'" }.joined(separator: ", ")
      // With no module to bind, the requirements are unsatisfied (RC0701) and say so too.
      let inherited = inheritedOnlyAdvice(protocolName, id: id, module: module, spelled: binding.module.value)
      let advice =
        candidates.isEmpty
        ? (inherited.isEmpty
          ? ", and no module provides '\(protocolName)': add it to a module's 'provides' and bind that module, "
            + "or remove the binding"
          : inherited + "; or remove the binding")
        : inherited + "; bind one of the modules that can answer it: "
          + MessageWords.quotedList(answeringModuleNames(id))
      diagnostics.report(
        .invalidBinding,
        prefix + "binding '\(protocolName)' to module '\(binding.module.value)', which does not provide it "
          + "(directly or through an adapter); it provides \(list)\(advice)",
        at: binding.module.location,
        notes: [
          DiagnosticNote(
            "module '\(binding.module.value)' is declared here", at: manifest.modules[module].name.location)
        ])
    }
  }

  /// The names of the modules that can answer the protocol `id`, each once (a module answering
  /// through two adapters is named once), in the order of ``candidates(for:)``.
  mutating func answeringModuleNames(_ id: Int) -> [String] {
    let names = candidates(for: id).map { manifest.modules[$0.module].name.value }
    var seen = FirstSeen<Bool>(capacity: names.count)
    return names.filter { seen.recordOrFind($0, true) == nil }
  }

  /// The modules that list the protocol `id` under `provides`: those that answer a requirement
  /// of it (none for a protocol only inherited by what modules provide).
  func listingProviders(of id: Int) -> IDList {
    providedOnlyThroughInheritance[id] ? IDList() : providersOf[id]
  }

  /// The modules that can answer a protocol, by its ID: those providing it (or a protocol
  /// inheriting it, for a protocol no module requires), then those providing the target of an
  /// adapter from it (one that lists it).
  mutating func candidates(for id: Int) -> [Candidate] {
    if let cached = candidateCache[id] { return cached }
    // A requirement resolves to "a module that lists it in `provides`, or an adapter whose `to`
    // is provided by a module" (SPEC §2): not to one providing a protocol that inherits it.
    let isRequired = requiredProtocols.indices.contains(id) && requiredProtocols[id]
    let direct = isRequired ? listingProviders(of: id) : providersOf[id]
    var result = direct.map { Candidate(module: $0, adapter: nil) }
    let adapters = adaptersByRequired[id]
    if !adapters.isEmpty {
      let directSet = Set(direct)
      for adapter in adapters {
        guard let target = adapterProtocolIDs[adapter].to,
          !providedOnlyThroughInheritance[target]
        else { continue }
        for module in providersOf[target] where !directSet.contains(module) {
          result.append(Candidate(module: module, adapter: adapter))
        }
      }
    }
    candidateCache[id] = result
    return result
  }

  private mutating func outcome(for id: Int, bindings: [String: BindingDecl]) -> ResolutionOutcome {
    let all = candidates(for: id)
    var chosen = all
    if !bindings.isEmpty, let binding = bindings[manifest.protocols[id].name.value] {
      // Nothing to bind: the requirement is unsatisfied whatever the binding names.
      if all.isEmpty { return .unsatisfied }
      guard let module = moduleIndex[binding.module.value] else { return .invalidBinding }
      chosen = all.filter { $0.module == module }
      if chosen.isEmpty { return .invalidBinding }
    } else if !bindings.isEmpty {
      // A binding of an adapter's `to` naming no module (RC0504), or one that cannot provide it
      // (RC0703), leaves the choice unknown, as for a requirement of `to` itself.
      if all.contains(where: { bindsUnknownModule($0, bindings: bindings) }) { return .invalidBinding }
      for candidate in all where bindsNonProvider(candidate, bindings: bindings) { return .invalidBinding }
      chosen = followingTargetBindings(all, bindings: bindings)
    }
    switch chosen.count {
    case 0: return .unsatisfied
    case 1: return .resolved(chosen[0])
    default: return .ambiguous(chosen)
    }
  }

  /// `candidates` with those reached through an adapter narrowed by a binding of the adapter's
  /// `to`: a binding says which module answers a protocol, also for requirements that reach it
  /// through an adapter. A binding to a module that cannot provide its protocol (RC0703) narrows
  /// nothing.
  private func followingTargetBindings(_ candidates: [Candidate], bindings: [String: BindingDecl])
    -> [Candidate]
  {
    candidates.filter { candidate in
      guard let adapter = candidate.adapter, let target = manifest.adapters[adapter].to?.value,
        let binding = bindings[target], let bound = moduleIndex[binding.module.value],
        let targetID = protocolIndex[target], providersOf[targetID].contains(bound)
      else { return true }
      return candidate.module == bound
    }
  }

  /// `true` when `candidate` is reached through an adapter whose `to` is bound to a declared
  /// module that cannot provide it (RC0703).
  private mutating func bindsNonProvider(_ candidate: Candidate, bindings: [String: BindingDecl]) -> Bool {
    guard let adapter = candidate.adapter, let target = manifest.adapters[adapter].to?.value,
      let binding = bindings[target], let bound = moduleIndex[binding.module.value],
      let targetID = protocolIndex[target]
    else { return false }
    // With no candidate at all, the requirements are unsatisfied (RC0701), which says so.
    return !candidates(for: targetID).isEmpty && !canAnswer(targetID, module: bound)
  }

  /// `true` when `module` can answer the protocol `id` (it provides it or a protocol inheriting
  /// it, or the target of an adapter from it): a binding of the protocol to it is valid.
  private mutating func canAnswer(_ id: Int, module: Int) -> Bool {
    candidates(for: id).contains { $0.module == module }
  }

  /// `true` when `candidate` is reached through an adapter whose `to` is bound to a module the
  /// manifest does not declare.
  private func bindsUnknownModule(_ candidate: Candidate, bindings: [String: BindingDecl]) -> Bool {
    guard let adapter = candidate.adapter, let target = manifest.adapters[adapter].to?.value,
      let binding = bindings[target]
    else { return false }
    return moduleIndex[binding.module.value] == nil
  }

  /// Resolves every protocol under one set of bindings; returns the providers and the
  /// diagnostics for each `requires` entry that does not resolve to exactly one module.
  private mutating func resolve(bindings: [String: BindingDecl], variant: String?) -> (
    Resolution, [ResolutionProblem]
  ) {
    // By protocol ID; `nil` for later declarations of a name.
    var outcomes: [ResolutionOutcome?] = Array(repeating: nil, count: manifest.protocols.count)
    var providers: [String: Provider] = [:]
    var undecided: [String: [Provider]] = [:]
    providers.reserveCapacity(protocolOrder.count)
    for (name, id) in zip(protocolOrder, protocolIDs) {
      let result = outcome(for: id, bindings: bindings)
      outcomes[id] = result
      if case .ambiguous(let candidates) = result {
        undecided[name] = candidates.map {
          Provider(module: moduleOrderName($0.module), adapter: $0.adapter)
        }
      }
      if case .resolved(let candidate) = result {
        providers[name] = Provider(module: moduleOrderName(candidate.module), adapter: candidate.adapter)
        if let adapter = candidate.adapter, requiredProtocols[id] { adaptersUsedByResolution[adapter] = true }
      } else if case .invalidBinding = result, requiredProtocols[id] {
        // The binding's error (RC0503, RC0504, RC0703) leaves the provider unknown: any adapter
        // that could be the way counts as used, so it is not also reported unused.
        for candidate in candidates(for: id) {
          if let adapter = candidate.adapter { adaptersUsedByResolution[adapter] = true }
        }
      }
    }
    var found: [ResolutionProblem] = []
    var ambiguities: [String: Ambiguity] = [:]
    for (moduleName, index) in zip(moduleOrder, moduleIDs) {
      for (required, id) in zip(manifest.modules[index].requires, requiredIDs[index]) {
        guard id >= 0, let result = outcomes[id] else { continue }
        switch result {
        case .resolved, .invalidBinding: continue
        case .unsatisfied:
          found.append(ResolutionProblem(required: required, module: moduleName, ambiguity: nil))
        case .ambiguous(let candidates):
          let known = ambiguities[required.value]
          let ambiguity = known ?? ambiguity(of: required.value, candidates: candidates)
          if known == nil {
            ambiguities[required.value] = ambiguity
            for candidate in candidates {
              if let adapter = candidate.adapter { adaptersUsedByResolution[adapter] = true }
            }
          }
          found.append(ResolutionProblem(required: required, module: moduleName, ambiguity: ambiguity))
        }
      }
    }
    return (Resolution(variant: variant, providers: providers, undecided: undecided), found)
  }

  private func moduleOrderName(_ index: Int) -> String { manifest.modules[index].name.value }

  /// Reports a requirement that does not resolve; its text is built only when it is listed.
  /// Problems only a variant has start with the variant's name.
  private mutating func report(_ problem: ResolutionProblem, variant: String?) {
    let prefix = variant.map { "in variant '\($0)': " } ?? ""
    let required = problem.required
    guard let ambiguity = problem.ambiguity else {
      // A provider's or an adapter's misspelt name already has its error (RC0503), also when the
      // requirement reaches what it meant through an adapter.
      let misspelt = misspeltReferences()
      let adapters = protocolIndex[required.value].map { adaptersByRequired[$0] } ?? IDList()
      let explains = { (name: String) in misspelt.explainsUnsatisfied(name) }
      if explains(required.value)
        || adapters.contains(where: { manifest.adapters[$0].to.map { explains($0.value) } ?? false })
      {
        return
      }
      let notes = unsatisfiedNotes(required)
      diagnostics.report(
        .unsatisfiedRequirement,
        prefix
          + Self.unsatisfiedMessage(
            required, by: problem.module,
            onlyInherited: protocolIndex[required.value].map { providedOnlyThroughInheritance[$0] } ?? false),
        at: required.location, notes: notes)
      return
    }
    diagnostics.report(
      .ambiguousRequirement,
      prefix
        + Self.ambiguousMessage(
          required, by: problem.module, ambiguity, hasBindings: !manifest.bindings.isEmpty),
      at: required.location, notes: ambiguity.notes)
  }

  /// `onlyInherited`: modules provide protocols that inherit it, which the notes name.
  private static func unsatisfiedMessage(_ required: Located<String>, by module: String, onlyInherited: Bool)
    -> String
  {
    "module '\(module)' requires '\(required.value)', but no module "
      + (onlyInherited ? "lists it under 'provides'" : "provides it") + "; add it to a "
      + "module's 'provides', or add an adapter from '\(required.value)' to a provided protocol"
  }

  /// A note at each module that provides a protocol inheriting the required one, which does
  /// not answer it, and at each adapter from it whose target nobody lists under `provides`.
  private func unsatisfiedNotes(_ required: Located<String>) -> [DiagnosticNote] {
    guard let id = protocolIndex[required.value] else { return [] }
    var notes = inheritingProviderNotes(required.value, id: id)
    for adapter in adaptersByRequired[id] {
      guard let target = manifest.adapters[adapter].to else { continue }
      notes.append(
        DiagnosticNote(
          "this adapter forwards it to '\(target.value)', but \(noModuleAnswers(target.value))",
          at: manifest.adapters[adapter].location))
      if let targetID = protocolIndex[target.value] {
        notes += inheritingProviderNotes(target.value, id: targetID)
      }
    }
    return notes
  }

  /// For a protocol no module lists under `provides`, a note at each module providing one that
  /// inherits it: such a module does not answer a requirement of it, and listing it is the fix.
  private func inheritingProviderNotes(_ name: String, id: Int) -> [DiagnosticNote] {
    guard providedOnlyThroughInheritance[id] else { return [] }
    return providersOf[id].compactMap { index in
      let module = manifest.modules[index]
      guard let child = providedChild(of: name, in: module) else { return nil }
      return DiagnosticNote(
        "'\(module.name.value)' provides '\(child.value)', which inherits '\(name)', but a requirement is "
          + "answered by a module that lists '\(name)' under 'provides': list it there too",
        at: child.location)
    }
  }

  /// The first protocol `module` lists under `provides` that inherits `ancestor`.
  private func providedChild(of ancestor: String, in module: ModuleDecl) -> Located<String>? {
    module.provides.first { protocols[$0.value]?.ancestors.contains(ancestor) == true }
  }

  /// Why no requirement of `name` is answered, as RC0701's adapter notes and RC0902 say it:
  /// "no module provides 'X'", or, where modules provide only protocols inheriting it, that
  /// none lists it.
  func noModuleAnswers(_ name: String) -> String {
    protocolIndex[name].map { providedOnlyThroughInheritance[$0] } == true
      ? "no module lists '\(name)' under 'provides' (one providing a protocol that inherits it does not "
        + "answer for it)"
      : "no module provides '\(name)'"
  }

  private func ambiguity(of protocolName: String, candidates: [Candidate]) -> Ambiguity {
    var seen: Set<Int> = []
    var names: [String] = []
    for candidate in candidates where seen.insert(candidate.module).inserted {
      if names.count < 6 { names.append(moduleOrderName(candidate.module)) }
    }
    // Several modules: the notes point at each module's `provides` entry, where a binding's
    // choice is seen. One module through several adapters: at the adapters, one of which stays.
    let atAdapters = seen.count == 1
    let notes = DiagnosticBag.notes(for: candidates) {
      candidateNote($0, for: protocolName, atAdapter: atAdapters)
    }
    return Ambiguity(moduleCount: seen.count, names: names, notes: notes, candidateCount: candidates.count)
  }

  /// The message for an ambiguous requirement; with `hasBindings`, the binding to choose one is
  /// an entry to add under the manifest's `bindings`, not a second `bindings` key.
  private static func ambiguousMessage(
    _ required: Located<String>, by module: String, _ ambiguity: Ambiguity, hasBindings: Bool
  ) -> String {
    let names = ambiguity.names
    var message: String
    if ambiguity.moduleCount == 1 {
      message =
        "module '\(module)' requires '\(required.value)', which module '\(names[0])' provides through "
        + "\(ambiguity.candidateCount) adapters; remove all but one of them"
    } else {
      let shown = names.prefix(5).joined(separator: ", ") + (ambiguity.moduleCount > 5 ? ", ..." : "")
      message =
        "module '\(module)' requires '\(required.value)', which \(ambiguity.moduleCount) modules provide "
        + "(\(shown)); choose one with "
        + (!hasBindings
          ? "'bindings: { \(required.value): \(names[0]) }'"
          : "'\(required.value): \(names[0])' under 'bindings'")
    }
    if ambiguity.candidateCount > ambiguity.notes.count {
      message += " (\(ambiguity.candidateCount) candidates)"
    }
    return message
  }

  private func candidateNote(_ candidate: Candidate, for protocolName: String, atAdapter: Bool)
    -> DiagnosticNote
  {
    let module = manifest.modules[candidate.module]
    guard let adapter = candidate.adapter else {
      return DiagnosticNote(
        "'\(module.name.value)' provides it here", at: providesEntry(of: module, for: protocolName))
    }
    let target = manifest.adapters[adapter].to?.value ?? "?"
    if atAdapter {
      return DiagnosticNote(
        "'\(module.name.value)' provides it through the adapter to '\(target)'",
        at: manifest.adapters[adapter].location)
    }
    return DiagnosticNote(
      "'\(module.name.value)' provides it through '\(target)' here, which the adapter from "
        + "'\(manifest.adapters[adapter].adapt?.value ?? protocolName)' forwards to",
      at: providesEntry(of: module, for: target))
  }

  /// Where `module` lists `protocolName` under `provides` (or, failing that, a protocol that
  /// inherits it).
  private func providesEntry(of module: ModuleDecl, for protocolName: String) -> SourceLocation {
    let entry =
      module.provides.first { $0.value == protocolName } ?? providedChild(of: protocolName, in: module)
    return entry?.location ?? module.name.location
  }
}

/// What an ambiguity diagnostic says about its candidates; the same for every module that
/// requires the protocol, so it is worked out once per protocol.
struct Ambiguity: Hashable {
  let moduleCount: Int
  let names: [String]
  let notes: [DiagnosticNote]
  let candidateCount: Int
}

/// A `requires` entry that does not resolve to exactly one module in one configuration: no
/// provider (`ambiguity` is `nil`) or several. Compared without text, so that the problems a
/// variant shares with the base configuration are reported once, and built into a diagnostic
/// only when it is listed.
struct ResolutionProblem: Hashable {
  let required: Located<String>
  let module: String
  let ambiguity: Ambiguity?
}
