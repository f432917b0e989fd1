import RouteCfgCore

/// Which generated protocols and factories are `@MainActor`.
///
/// A protocol takes the isolation of the module that answers it: those a `view` module provides
/// (with their ancestors), and those required and answered by a view in any configuration, are
/// `@MainActor`; protocols a `service` provides are usable from any isolation. Protocols that no
/// module provides are `@MainActor` when a `@MainActor` protocol's members name them (delegates
/// of views). Then, until nothing changes: parents and children of a `@MainActor` protocol
/// are `@MainActor`; an adapter whose `to` is `@MainActor` makes its `adapt` `@MainActor` (its
/// proxy calls the provided members), and one used in reverse whose `adapt` is `@MainActor`
/// makes its `to` `@MainActor` (its bridge calls the caller's members), as does a key path of
/// its `map` through a `@MainActor` protocol's property for its `adapt`; a proxy or bridge whose
/// member hands values of a `@MainActor` protocol across another adapter makes the protocol it
/// conforms to `@MainActor` (the wrappers it makes are). So every call generated code makes stays
/// within one isolation, and the code compiles under either default isolation.
struct IsolationAnalysis {
  /// The protocols that are `@MainActor`.
  let mainActorProtocols: Set<String>
  /// The modules whose factories are `@MainActor`: views, and services that provide a
  /// `@MainActor` protocol (their objects are isolated to the main actor).
  let mainActorModules: Set<String>
  /// Why each `@MainActor` protocol is: the first rule that put it there (RC1006 explains it).
  let causes: [String: IsolationCause]

  init(graph: AppGraph) {
    var providedByView: Set<String> = []
    var providedByService: Set<String> = []
    var causes: [String: IsolationCause] = [:]
    for module in graph.moduleNames.compactMap({ graph.modules[$0] }) {
      for name in module.provides {
        let family = [name] + Array(graph.protocols[name]?.ancestors ?? [])
        if module.kind == .view {
          providedByView.formUnion(family)
          for member in family where causes[member] == nil {
            causes[member] = .providedByView(module: module.name, as: name)
          }
        } else {
          providedByService.formUnion(family)
        }
      }
    }
    var mainActor = providedByView
    let configurations = [nil] + graph.variantNames.map { Optional($0) }
    for variant in configurations {
      guard let resolution = graph.resolution(variant: variant) else { continue }
      for module in graph.moduleNames.compactMap({ graph.modules[$0] }) {
        for required in module.requires {
          if let provider = resolution.provider(of: required), graph.modules[provider.module]?.kind == .view,
            mainActor.insert(required).inserted
          {
            causes[required] = .answeredByView(module: provider.module, variant: variant)
          }
        }
      }
    }
    // Parents and children, one step each: the walk below reaches every ancestor and descendant
    // a step at a time, so a deep hierarchy costs its edges, not its pairs.
    var children: [String: [String]] = [:]
    for info in graph.protocolNames.compactMap({ graph.protocols[$0] }) {
      for parent in info.inherits { children[parent, default: []].append(info.name) }
    }
    let providedByAnyModule = providedByView.union(providedByService)
    let marks = Self.adapterMarks(graph)
    // Each protocol found `@MainActor` is visited once and marks what follows from it, so a
    // chain of thousands of delegates adapted both ways takes one pass, not one per link. In
    // declaration order and breadth first, so that each cause is the nearest, the same every run.
    var queue = graph.protocolNames.filter { mainActor.contains($0) }
    var next = 0
    // The cause is made only for a protocol marked the first time.
    func mark(_ name: String, _ cause: @autoclosure () -> IsolationCause) {
      if graph.protocols[name] != nil, mainActor.insert(name).inserted {
        queue.append(name)
        causes[name] = cause()
      }
    }
    while next < queue.count {
      let name = queue[next]
      next += 1
      for (marked, rule, adapter) in marks[name] ?? [] {
        mark(marked, .adapter(adapter, rule, from: name))
      }
      guard let info = graph.protocols[name] else { continue }
      for parent in info.inherits { mark(parent, .inheritedBy(name)) }
      for child in children[name] ?? [] { mark(child, .inherits(name)) }
      for member in info.members {
        // A metatype is `Sendable` whatever its protocol's isolation, so it passes none on.
        for named in member.protocolNames(in: graph, throughMetatypes: false)
        where !providedByAnyModule.contains(named) {
          mark(named, .namedByMember(of: name, member: member.fullName))
        }
      }
    }
    mainActorProtocols = mainActor
    self.causes = causes
    var modules: Set<String> = []
    for module in graph.modules.values {
      let providesIsolated = module.provides.contains { mainActor.contains($0) }
      if module.kind == .view || providesIsolated { modules.insert(module.name) }
    }
    mainActorModules = modules
  }

  /// What each protocol makes `@MainActor` through the adapters once it is: an adapter whose `to`
  /// it is, or whose forward key paths step through it, makes its `adapt` `@MainActor`; one used
  /// in reverse whose `adapt` it is makes its `to`; a proxy or bridge whose member hands values
  /// of it across another adapter makes the protocol it conforms to `@MainActor` (the wrappers
  /// it makes are).
  private static func adapterMarks(_ graph: AppGraph)
    -> [String: [(marked: String, rule: IsolationCause.AdapterRule, adapter: Int)]]
  {
    var marks: [String: [(marked: String, rule: IsolationCause.AdapterRule, adapter: Int)]] = [:]
    for (index, adapter) in graph.adapters.enumerated() {
      marks[adapter.to, default: []].append((adapter.adapt, .proxyCalls, index))
      // A key path through a `@MainActor` protocol's property (`session.user.name`, `User` a
      // view's) is read by the proxy, which runs on the main actor then.
      for pairing in adapter.forward where pairing.path.count > 1 {
        for owner in ForwardingTarget(path: pairing.path, root: adapter.to, graph: graph)?.owners ?? [] {
          marks[owner, default: []].append((adapter.adapt, .proxyReadsKeyPath, index))
        }
      }
      for crossed in crossedProtocols(
        adapter.forward, facade: adapter.adapt, target: adapter.to, graph: graph)
      {
        marks[crossed, default: []].append((adapter.adapt, .proxyWraps, index))
      }
      if adapter.isUsedInReverse {
        marks[adapter.adapt, default: []].append((adapter.to, .bridgeCalls, index))
        for crossed in crossedProtocols(
          adapter.reverse, facade: adapter.to, target: adapter.adapt, graph: graph)
        {
          marks[crossed, default: []].append((adapter.to, .bridgeWraps, index))
        }
      }
    }
    return marks
  }

  /// The protocols whose values a facade of `facade` over a `target` object hands across another
  /// adapter (protocols related by inheritance need no wrapper, and are left out).
  private static func crossedProtocols(
    _ pairings: [MemberPairing], facade: String, target: String, graph: AppGraph
  ) -> Set<String> {
    guard let info = graph.protocols[facade] else { return [] }
    var crossed: Set<String> = []
    for pairing in pairings where pairing.crossesAdapter {
      guard let member = info.members.first(where: pairing.pairs),
        let forwarded = ForwardingTarget(path: pairing.path, root: target, graph: graph)
      else { continue }
      for (facadeType, targetType) in zip(member.writtenTypes, forwarded.member.writtenTypes) {
        for pair in facadeType.namePairs(with: targetType) {
          guard let first = graph.protocols[pair.0], let second = graph.protocols[pair.1],
            !first.conforms(to: pair.1), !second.conforms(to: pair.0)
          else { continue }
          crossed.insert(pair.0)
          crossed.insert(pair.1)
        }
      }
    }
    return crossed
  }
}

extension MemberDecl {
  /// The declared protocols this member's types name (properties, parameters, results), as
  /// ``TypeRef/protocolNames(in:throughMetatypes:)`` finds them.
  func protocolNames(in graph: AppGraph, throughMetatypes: Bool = true) -> [String] {
    writtenTypes.flatMap { $0.protocolNames(in: graph, throughMetatypes: throughMetatypes) }
  }
}

extension TypeRef {
  /// The declared protocols this type names, inside optionals, collections and function types,
  /// and, unless `throughMetatypes` is `false`, as metatypes (`Item.Type` names `Item`).
  func protocolNames(in graph: AppGraph, throughMetatypes: Bool = true) -> [String] {
    namedTypes.compactMap { written in
      let name = throughMetatypes ? String(MetatypeName.base(of: written)) : written
      return graph.protocols[name] != nil ? name : nil
    }
  }
}

extension TypeRef {
  /// The pairs of different names at the same place in two types, as a value of this type is
  /// converted to `other` (optionals unwrapped on either side; elements, dictionary keys and
  /// values, function parameters and results side by side).
  fileprivate func namePairs(with other: TypeRef) -> [(String, String)] {
    switch (self, other) {
    case (.named(let name), .named(let target)): return name == target ? [] : [(name, target)]
    case (.optional(let wrapped), _): return wrapped.namePairs(with: other.unwrappedOptional ?? other)
    case (_, .optional(let wrapped)): return namePairs(with: wrapped)
    case (.array(let element), .array(let target)): return element.namePairs(with: target)
    case (.dictionary(let key, let value), .dictionary(let targetKey, let targetValue)):
      return key.namePairs(with: targetKey) + value.namePairs(with: targetValue)
    case (.function(let function), .function(let target)):
      return zip(function.parameters + [function.result], target.parameters + [target.result]).flatMap {
        $0.namePairs(with: $1)
      }
    default: return []
    }
  }
}
