import RouteCfgCore

/// Which generated protocols and factories are `@MainActor`.
///
/// A protocol takes the isolation of the module that answers it: those a `view` module provides
/// (with their ancestors), and those required and answered by a view in any configuration, are
/// `@MainActor`; protocols a `service` provides are usable from any isolation. Protocols that no
/// module provides are `@MainActor` when a `@MainActor` protocol's members name them (delegates
/// of views). Then, until nothing changes: ancestors and descendants of a `@MainActor` protocol
/// are `@MainActor`; an adapter whose `to` is `@MainActor` makes its `adapt` `@MainActor` (its
/// proxy calls the provided members), and one used in reverse whose `adapt` is `@MainActor`
/// makes its `to` `@MainActor` (its bridge calls the caller's members). So every call generated
/// code makes stays within one isolation, and the code compiles under either default isolation.
struct IsolationAnalysis {
  /// The protocols that are `@MainActor`.
  let mainActorProtocols: Set<String>
  /// The modules whose factories are `@MainActor`: views, and services that provide a
  /// `@MainActor` protocol (their objects are isolated to the main actor).
  let mainActorModules: Set<String>

  init(graph: AppGraph) {
    var providedByView: Set<String> = []
    var providedByService: Set<String> = []
    for module in graph.modules.values {
      for name in module.provides {
        let family = [name] + Array(graph.protocols[name]?.ancestors ?? [])
        if module.kind == .view {
          providedByView.formUnion(family)
        } else {
          providedByService.formUnion(family)
        }
      }
    }
    var mainActor = providedByView
    let configurations = [nil] + graph.variantNames.map { Optional($0) }
    for variant in configurations {
      guard let resolution = graph.resolution(variant: variant) else { continue }
      for module in graph.modules.values {
        for required in module.requires {
          if let provider = resolution.provider(of: required), graph.modules[provider.module]?.kind == .view {
            mainActor.insert(required)
          }
        }
      }
    }
    var descendants: [String: [String]] = [:]
    for info in graph.protocols.values {
      for ancestor in info.ancestors { descendants[ancestor, default: []].append(info.name) }
    }
    let providedByAnyModule = providedByView.union(providedByService)
    var changed = true
    while changed {
      changed = false
      func mark(_ name: String) {
        if graph.protocols[name] != nil, mainActor.insert(name).inserted { changed = true }
      }
      for name in mainActor {
        guard let info = graph.protocols[name] else { continue }
        for ancestor in info.ancestors { mark(ancestor) }
        for descendant in descendants[name] ?? [] { mark(descendant) }
        for member in info.members {
          for named in member.protocolNames(in: graph) where !providedByAnyModule.contains(named) {
            mark(named)
          }
        }
      }
      for adapter in graph.adapters {
        if mainActor.contains(adapter.to) { mark(adapter.adapt) }
        if adapter.isUsedInReverse, mainActor.contains(adapter.adapt) { mark(adapter.to) }
      }
    }
    mainActorProtocols = mainActor
    var modules: Set<String> = []
    for module in graph.modules.values {
      let providesIsolated = module.provides.contains { mainActor.contains($0) }
      if module.kind == .view || providesIsolated { modules.insert(module.name) }
    }
    mainActorModules = modules
  }
}

extension MemberDecl {
  /// The declared protocols this member's types name (properties, parameters, results).
  func protocolNames(in graph: AppGraph) -> [String] {
    writtenTypes.flatMap { $0.protocolNames(in: graph) }
  }
}

extension TypeRef {
  /// The declared protocols this type names, inside optionals, collections and function types.
  func protocolNames(in graph: AppGraph) -> [String] {
    namedTypes.filter { graph.protocols[$0] != nil }
  }
}
