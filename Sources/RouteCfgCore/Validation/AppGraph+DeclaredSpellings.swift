extension AppGraph {
  /// This graph with every reference to a protocol spelled as the protocol is declared.
  ///
  /// Names are compared by canonical equivalence, as Swift's `String` compares them, so a
  /// manifest may declare `Über` precomposed (U+00DC) and name it decomposed (`U` and U+0308)
  /// elsewhere, as macOS file names and some editors write it. The Swift compiler compares
  /// identifiers byte by byte: code generation writes every name from this graph, in which the
  /// two spellings are one.
  package func withDeclaredSpellings() -> AppGraph {
    let spelling = DeclaredSpellings(protocolNames: protocolNames, moduleNames: moduleNames)
    var respelledProtocols: [String: ProtocolInfo] = [:]
    respelledProtocols.reserveCapacity(protocols.count)
    for (name, info) in protocols {
      respelledProtocols[spelling.protocolName(name)] = ProtocolInfo(
        name: spelling.protocolName(info.name), location: info.location,
        inherits: info.inherits.map(spelling.protocolName),
        ancestors: Set(info.ancestors.map(spelling.protocolName)),
        members: MemberList(info.members.map(spelling.member)),
        origins: MemberOrigins(
          own: spelling.protocolName(info.origins.own), ownCount: info.origins.ownCount,
          inherited: info.origins.inherited.map(spelling.protocolName)),
        hasUnreadMembers: info.hasUnreadMembers)
    }
    var respelledModules: [String: ModuleInfo] = [:]
    respelledModules.reserveCapacity(modules.count)
    for (name, module) in modules {
      respelledModules[name] = ModuleInfo(
        name: module.name, kind: module.kind, location: module.location,
        provides: module.provides.map(spelling.protocolName),
        requires: module.requires.map(spelling.protocolName),
        parameters: module.parameters.map { parameter in
          ParameterInfo(
            name: parameter.name, type: spelling.type(parameter.type), routeType: parameter.routeType)
        },
        routes: module.routes)
    }
    let respelledAdapters = adapters.map { adapter in
      AdapterInfo(
        adapt: spelling.protocolName(adapter.adapt), to: spelling.protocolName(adapter.to),
        location: adapter.location, forward: adapter.forward, reverse: adapter.reverse,
        isUsedForward: adapter.isUsedForward, isUsedInReverse: adapter.isUsedInReverse,
        isCrossedForward: adapter.isCrossedForward, isCrossedInReverse: adapter.isCrossedInReverse)
    }
    return AppGraph(
      app: app, appLocation: appLocation, scheme: scheme, fallback: fallback.map(spelling.moduleName),
      protocols: respelledProtocols, protocolNames: protocolNames, modules: respelledModules,
      moduleNames: moduleNames, adapters: respelledAdapters, variantNames: variantNames, routes: routes,
      resolutions: resolutions.mapValues(spelling.resolution),
      baseResolution: spelling.resolution(baseResolution), checkedVariant: checkedVariant,
      otherResolutions: otherResolutions.mapValues(spelling.resolution))
  }
}

/// The declared spelling of each protocol and module name, found by any canonically
/// equivalent spelling.
private struct DeclaredSpellings {
  private var protocols: [String: String] = [:]
  private var modules: [String: String] = [:]

  init(protocolNames: [String], moduleNames: [String]) {
    for name in protocolNames { protocols[name] = name }
    for name in moduleNames { modules[name] = name }
  }

  func protocolName(_ name: String) -> String { protocols[name] ?? name }

  func moduleName(_ name: String) -> String { modules[name] ?? name }

  /// `type` with each protocol it names spelled as declared (in a dotted name, each part).
  func type(_ type: TypeRef) -> TypeRef {
    switch type {
    case .named(let name):
      guard name.contains(".") else { return .named(protocolName(name)) }
      return .named(
        name.split(separator: ".", omittingEmptySubsequences: false).map { protocolName(String($0)) }
          .joined(separator: "."))
    case .optional(let wrapped): return .optional(self.type(wrapped))
    case .array(let element): return .array(self.type(element))
    case .dictionary(let key, let value): return .dictionary(key: self.type(key), value: self.type(value))
    case .function(var function):
      function.parameters = function.parameters.map(self.type)
      function.result = self.type(function.result)
      return .function(function)
    }
  }

  func member(_ member: MemberDecl) -> MemberDecl {
    var member = member
    switch member.kind {
    case .property(var property):
      property.type = type(property.type)
      member.kind = .property(property)
    case .method(var method):
      for index in method.parameters.indices {
        method.parameters[index].type = type(method.parameters[index].type)
      }
      method.result = type(method.result)
      member.kind = .method(method)
    }
    return member
  }

  func resolution(_ resolution: Resolution) -> Resolution {
    var providers: [String: Provider] = [:]
    providers.reserveCapacity(resolution.providers.count)
    for (name, provider) in resolution.providers {
      providers[protocolName(name)] = Provider(module: moduleName(provider.module), adapter: provider.adapter)
    }
    var undecided: [String: [Provider]] = [:]
    for (name, candidates) in resolution.undecided {
      undecided[protocolName(name)] = candidates.map {
        Provider(module: moduleName($0.module), adapter: $0.adapter)
      }
    }
    return Resolution(variant: resolution.variant, providers: providers, undecided: undecided)
  }
}
