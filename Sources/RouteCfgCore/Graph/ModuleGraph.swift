/// The module graph of one configuration: every module, and for each requirement an edge to the
/// module that answers it, through the adapter that sits between when there is one.
///
/// `routecfg graph` draws it as Graphviz DOT or Mermaid; review tools can read it directly.
public struct ModuleGraph: Sendable, Equatable {
  /// A module, in declaration order.
  public struct Node: Sendable, Equatable {
    public let name: String
    public let kind: ModuleKind
    /// Route patterns as written.
    public let routes: [String]
    /// `true` for the manifest's fallback module.
    public let isFallback: Bool
  }

  /// A requirement: `from` requires `protocolName`, which `to` answers.
  public struct Edge: Sendable, Equatable {
    public let from: String
    public let to: String
    /// The required protocol.
    public let protocolName: String
    /// The protocol `to` provides when an adapter maps the requirement onto it.
    public let adaptedTo: String?
  }

  /// An adapter no requirement resolves through (a delegate adapter, crossed by the values of
  /// members, or one nothing uses), with the requirements whose protocols' members pass values
  /// of its two protocols: it is drawn between their modules, or alone when there are none.
  public struct AdapterLink: Sendable, Equatable {
    /// Two modules a requirement joins: the one that requires, and the one that answers.
    public struct Modules: Sendable, Equatable {
      public let requirer: String
      public let provider: String
    }

    /// The adapter's `adapt` protocol.
    public let adapt: String
    /// The adapter's `to` protocol.
    public let to: String
    /// The requirements whose members pass values between `adapt` and `to`, in edge order.
    public let between: [Modules]
    /// `false` for an adapter nothing uses (RC0902).
    public let isUsed: Bool
  }

  /// The app's name, when the manifest sets one.
  public let app: String?
  /// The variant drawn, or `nil` for the base configuration.
  public let variant: String?
  public let nodes: [Node]
  /// Edges by requiring module (in declaration order), then by `requires` order.
  public let edges: [Edge]
  /// The adapters no edge resolves through, in declaration order.
  public let adapterLinks: [AdapterLink]

  /// The graph of `graph` under the base configuration (`variant` `nil`) or a variant; `nil`
  /// for a variant the manifest does not declare.
  public init?(_ graph: AppGraph, variant: String? = nil) {
    guard let resolution = graph.resolution(variant: variant) else { return nil }
    var nodes: [Node] = []
    var edges: [Edge] = []
    for name in graph.moduleNames {
      guard let module = graph.modules[name] else { continue }
      nodes.append(
        Node(
          name: name, kind: module.kind, routes: module.routes.map(\.text), isFallback: graph.fallback == name
        ))
      for required in module.requires {
        guard let provider = resolution.provider(of: required) else { continue }
        let adapter = provider.adapter.flatMap {
          graph.adapters.indices.contains($0) ? graph.adapters[$0] : nil
        }
        edges.append(Edge(from: name, to: provider.module, protocolName: required, adaptedTo: adapter?.to))
      }
    }
    self.app = graph.app
    self.variant = variant
    self.nodes = nodes
    self.edges = edges
    self.adapterLinks = Self.adapterLinks(graph, edges: edges)
  }

  /// The adapters no edge resolves through; each is drawn between the modules of the edges
  /// through an adapter whose two protocols' members name its two protocols, one on each side.
  /// Linear in the edges and the names their protocols' members write: each name written on the
  /// requiring side is looked up among the adapters of that protocol.
  private static func adapterLinks(_ graph: AppGraph, edges: [Edge]) -> [AdapterLink] {
    let resolvedThrough = Set(edges.compactMap { edge in edge.adaptedTo.map { [edge.protocolName, $0] } })
    var drawn: [Int] = []
    var adaptersByProtocol: [String: [Int]] = [:]
    for (index, adapter) in graph.adapters.enumerated()
    where !resolvedThrough.contains([adapter.adapt, adapter.to]) {
      drawn.append(index)
      adaptersByProtocol[adapter.adapt, default: []].append(index)
      if adapter.to != adapter.adapt { adaptersByProtocol[adapter.to, default: []].append(index) }
    }
    var namedByMembers: [String: Set<String>] = [:]
    func named(by protocolName: String) -> Set<String> {
      if let names = namedByMembers[protocolName] { return names }
      let members = graph.protocols[protocolName]?.members ?? []
      let names = Set(members.flatMap { $0.writtenTypes.flatMap(\.namedTypes) })
      namedByMembers[protocolName] = names
      return names
    }
    var between: [Int: [AdapterLink.Modules]] = [:]
    var linked = Set<[String]>()
    for edge in edges {
      guard let provided = edge.adaptedTo else { continue }
      let (requiredNames, providedNames) = (named(by: edge.protocolName), named(by: provided))
      // Adapters in declaration order for this edge, whichever name finds them first.
      var crossing = Set<Int>()
      for name in requiredNames {
        for index in adaptersByProtocol[name] ?? [] {
          let adapter = graph.adapters[index]
          if (adapter.adapt == name && providedNames.contains(adapter.to))
            || (adapter.to == name && providedNames.contains(adapter.adapt))
          {
            crossing.insert(index)
          }
        }
      }
      for index in crossing.sorted() where linked.insert([String(index), edge.from, edge.to]).inserted {
        between[index, default: []].append(AdapterLink.Modules(requirer: edge.from, provider: edge.to))
      }
    }
    // Adapters a requirement resolves through in some configuration (this one's are edges).
    var usedByRequirements = Set<Int>()
    for configuration in [graph.baseResolution] + graph.variantNames.compactMap({ graph.resolutions[$0] }) {
      for name in graph.moduleNames {
        for required in graph.modules[name]?.requires ?? [] {
          if let index = configuration.provider(of: required)?.adapter { usedByRequirements.insert(index) }
        }
      }
    }
    return drawn.map { index in
      let adapter = graph.adapters[index]
      let links = between[index] ?? []
      let isUsed =
        !links.isEmpty || usedByRequirements.contains(index) || adapter.isUsedInReverse
        || adapter.isCrossedForward || adapter.isCrossedInReverse
      return AdapterLink(adapt: adapter.adapt, to: adapter.to, between: links, isUsed: isUsed)
    }
  }
}
