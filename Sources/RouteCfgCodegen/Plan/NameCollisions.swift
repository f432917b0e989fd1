import RouteCfgCore

/// Finds manifest names that would collide in generated Swift (RC1001): two declarations with
/// one type name (a protocol named like an adapter class, `AppRoute` or a `Dependencies`
/// protocol), two modules with one lowerCamelCase name (route cases and factory labels), a
/// module named like a member the route type already has, two protocols with one `make` method.
struct NameCollisions {
  let context: GenerationContext
  let classes: AdapterClasses

  /// Names of the route type's own members, which no module may take as its case name.
  static let routeMembers: Set<String> = ["path", "resolve", "hash", "hashValue", "init", "self"]

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
    for name in graph.protocolNames {
      guard let info = graph.protocols[name] else { continue }
      found += types.claim(name, "protocol '\(name)'", at: info.location)
    }
    for adapterClass in classes.all {
      let location = graph.adapters[adapterClass.adapter].location
      let role = adapterClass.kind == .proxy ? "proxy" : "bridge"
      found += types.claim(adapterClass.name, "the \(role) class of the adapter here", at: location)
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
      if !module.routes.isEmpty, Self.isRouteMember(name) {
        found.append(
          Diagnostic(
            .generatedNameCollision,
            "module '\(module.name)' would be the route case '\(name)', which \(context.routeTypeName) already "
              + "has as a member; rename the module",
            at: module.location))
      }
    }
    var makers = FirstOwner()
    for name in graph.protocolNames {
      guard let info = graph.protocols[name] else { continue }
      found += makers.claim(
        context.makerName(for: name), "the make method of protocol '\(name)'", at: info.location)
    }
    return found
  }

  private static func isRouteMember(_ name: String) -> Bool {
    if routeMembers.contains(name) { return true }
    for prefix in ["matchNode", "matchRoute", "literals"] where name.hasPrefix(prefix) {
      let rest = name.dropFirst(prefix.count)
      if !rest.isEmpty, rest.allSatisfy(\.isASCII), rest.allSatisfy(\.isNumber) { return true }
    }
    return false
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
          at: location, notes: [DiagnosticNote("\(first.what) comes from here", at: first.location)])
      ]
    }
  }
}
