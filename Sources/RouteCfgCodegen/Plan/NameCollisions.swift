import RouteCfgCore

/// Finds manifest names that would collide in generated Swift (RC1001): two declarations with
/// one type name (a protocol named like an adapter class, `AppRoute`, a `Dependencies` protocol
/// or an alias of ``HiddenTypeAliases``), a protocol named like a standard-library type the
/// generated code writes (`TypeRef.namesGeneratedCodeUses`) or like a module it qualifies names
/// with (`Swift`), two modules with one lowerCamelCase name (route cases and factory labels), and
/// a member named `self` that a `@MainActor` adapter class calls. (`make` methods are `make` and
/// the protocol's name as written, as unique as the names.)
///
/// A route case may share its base name with the route type's other members: Swift tells
/// `case path(id:)` from `var path`, `case resolve` from `resolve(_:)` and `case matchNode0` from
/// `matchNode0(_:)` (cases are static, and a case's labels are its parameters' names, never `_`);
/// the one member a case could clash with, a static property, is kept out of the route type
/// (its literal tables live in the reader).
struct NameCollisions {
  let context: GenerationContext
  let classes: AdapterClasses

  func diagnostics() -> [Diagnostic] {
    var found: [Diagnostic] = []
    var types = FirstOwner()
    let graph = context.graph
    for (name, what) in [
      (context.routeTypeName, "the route type"), (context.registryTypeName, "the registry"),
      (context.bridgeStoreName, "the bridge store"), (context.releasedErrorName, "the released-object error"),
    ] {
      found += types.claim(name, "\(what) of app '\(context.appName)'", at: graph.appLocation)
    }
    for (name, alias) in context.hiddenTypes.aliases.sorted(by: { $0.value < $1.value }) {
      found += types.claim(alias, "the alias of the manifest's type '\(name)'", at: graph.appLocation)
    }
    for name in graph.protocolNames {
      guard let info = graph.protocols[name] else { continue }
      if TypeRef.namesGeneratedCodeUses.contains(name) {
        found.append(
          Diagnostic(
            .generatedNameCollision,
            "'\(name)' would name two things in generated Swift, the standard library's '\(name)', which "
              + "the generated code uses, and protocol '\(name)'; rename the protocol",
            at: info.location))
        continue
      }
      if qualifyingModules.contains(name) {
        found.append(
          Diagnostic(
            .generatedNameCollision,
            "'\(name)' would name two things in generated Swift, the module '\(name)', with which the "
              + "generated code qualifies the names it uses, and protocol '\(name)'; rename the protocol",
            at: info.location))
        continue
      }
      found += types.claim(name, "protocol '\(name)'", at: info.location)
    }
    for adapterClass in classes.all {
      let adapter = graph.adapters[adapterClass.adapter]
      let role = adapterClass.kind == .proxy ? "proxy" : "bridge"
      found += types.claim(
        adapterClass.name, "the \(role) class of the adapter from '\(adapter.adapt)' to '\(adapter.to)'",
        at: adapter.location)
      found += selfMemberCalls(adapterClass, at: adapter.location)
    }
    if context.options.dynamicRegistration {
      for name in graph.protocolNames {
        guard let info = graph.protocols[name] else { continue }
        found += types.claim(
          DynamicTranslator(context: context).proxyName(of: name), "the dynamic proxy of protocol '\(name)'",
          at: info.location)
      }
    }
    for module in graph.moduleNames.compactMap({ graph.modules[$0] }) where !module.requires.isEmpty {
      let name = context.dependenciesName(of: module.name)
      found += types.claim(name, "the dependencies protocol of module '\(module.name)'", at: module.location)
    }
    var members = FirstOwner()
    for module in graph.moduleNames.compactMap({ graph.modules[$0] }) {
      let name = context.memberName(of: module.name)
      found += members.claim(name, "the case and factory of module '\(module.name)'", at: module.location)
    }
    return found
  }

  /// The modules the generated code qualifies names with (`Swift.max`,
  /// `RouteCfgRuntime.Registrations`): a protocol of one of these names would hide the module.
  private var qualifyingModules: Set<String> {
    context.options.dynamicRegistration
      ? TypeRef.modulesGeneratedCodeQualifiesWith
      : TypeRef.modulesGeneratedCodeQualifiesWith.subtracting([DynamicTranslator.runtimeModule])
  }

  /// An adapter class cannot reach a member named `self` (`base.`self`()`) where it is
  /// `@MainActor`, or from an `async` method: there Swift takes it for a reference to the class's
  /// own `self` and warns, whatever the spelling.
  private func selfMemberCalls(_ adapterClass: AdapterClasses.Class, at location: SourceLocation)
    -> [Diagnostic]
  {
    let isMainActor = context.isMainActor(protocol: adapterClass.destination)
    guard
      adapterClass.pairings.contains(where: { pairing in
        pairing.path.contains("self") && (isMainActor || pairing.isAsyncMethod)
      })
    else { return [] }
    let notes = context.graph.protocols[adapterClass.source].map {
      [DiagnosticNote("protocol '\(adapterClass.source)' is declared here", at: $0.location)]
    }
    let scope = isMainActor ? "the @MainActor class" : "an async method of the class"
    return [
      Diagnostic(
        .generatedNameCollision,
        "'self' would name two things in generated Swift, the object of \(scope) "
          + "'\(adapterClass.name)' and the member 'self' of protocol '\(adapterClass.source)' it calls, which "
          + "Swift takes for the first; rename the member",
        at: location, notes: notes ?? [])
    ]
  }

  /// The first claimant of each generated name.
  private struct FirstOwner {
    private var owners: [String: (what: String, location: SourceLocation)] = [:]

    /// Records `name` for `what`; a diagnostic when something already has it.
    mutating func claim(_ name: String, _ what: String, at location: SourceLocation) -> [Diagnostic] {
      guard let first = owners[name] else {
        owners[name] = (what, location)
        return []
      }
      return [
        Diagnostic(
          .generatedNameCollision,
          "'\(name)' would name two things in generated Swift, \(first.what) and \(what); rename one of them",
          at: location,
          notes: [DiagnosticNote("the name is first taken here, by \(first.what)", at: first.location)])
      ]
    }
  }
}
