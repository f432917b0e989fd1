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
    /// The other configurations in which a requirement resolves through it (`nil` for the base
    /// configuration, then variants in declaration order).
    public let resolvingIn: [String?]
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
    self.adapterLinks = Self.adapterLinks(graph, variant: variant, edges: edges)
  }

  /// The adapters no edge resolves through; each is drawn between the modules of the edges
  /// through an adapter one of whose paired members passes values between its two protocols
  /// (the member's type names one, the member it reaches the other). Linear in the edges'
  /// pairings: each name a member writes is looked up among the adapters of that protocol.
  private static func adapterLinks(_ graph: AppGraph, variant: String?, edges: [Edge]) -> [AdapterLink] {
    var adapterIndex: [[String]: Int] = [:]
    for (index, adapter) in graph.adapters.enumerated() { adapterIndex[[adapter.adapt, adapter.to]] = index }
    let resolvedThrough = Set(edges.compactMap { edge in edge.adaptedTo.map { [edge.protocolName, $0] } })
    var drawn: [Int] = []
    var adaptersByProtocol: [String: [Int]] = [:]
    for (index, adapter) in graph.adapters.enumerated()
    where !resolvedThrough.contains([adapter.adapt, adapter.to]) {
      drawn.append(index)
      adaptersByProtocol[adapter.adapt, default: []].append(index)
      if adapter.to != adapter.adapt { adaptersByProtocol[adapter.to, default: []].append(index) }
    }
    var between: [Int: [AdapterLink.Modules]] = [:]
    var linked = Set<[String]>()
    for edge in edges {
      guard let provided = edge.adaptedTo, let resolving = adapterIndex[[edge.protocolName, provided]] else {
        continue
      }
      var crossing = Set<Int>()
      for pairing in graph.adapters[resolving].forward where pairing.crossesAdapter {
        guard let member = graph.protocols[edge.protocolName]?.member(named: pairing.memberName),
          let target = targetMember(of: pairing, from: provided, in: graph)
        else { continue }
        let targetNames = Set(target.writtenTypes.flatMap(\.namedTypes))
        for name in Set(member.writtenTypes.flatMap(\.namedTypes)) {
          for index in adaptersByProtocol[name] ?? [] {
            let adapter = graph.adapters[index]
            if (adapter.adapt == name && targetNames.contains(adapter.to))
              || (adapter.to == name && targetNames.contains(adapter.adapt))
            {
              crossing.insert(index)
            }
          }
        }
      }
      // In declaration order, whichever member found them first.
      for index in crossing.sorted() where linked.insert([String(index), edge.from, edge.to]).inserted {
        between[index, default: []].append(AdapterLink.Modules(requirer: edge.from, provider: edge.to))
      }
    }
    // The configurations in which a requirement resolves through each adapter.
    var resolvingIn: [Int: [String?]] = [:]
    for configuration in [nil] + graph.variantNames where configuration != variant {
      guard let resolution = graph.resolution(variant: configuration) else { continue }
      var found = Set<Int>()
      for name in graph.moduleNames {
        for required in graph.modules[name]?.requires ?? [] {
          if let index = resolution.provider(of: required)?.adapter { found.insert(index) }
        }
      }
      for index in found { resolvingIn[index, default: []].append(configuration) }
    }
    return drawn.map { index in
      let adapter = graph.adapters[index]
      let links = between[index] ?? []
      let configurations = resolvingIn[index] ?? []
      let isUsed =
        !links.isEmpty || !configurations.isEmpty || adapter.isUsedInReverse || adapter.isCrossedForward
        || adapter.isCrossedInReverse
      return AdapterLink(
        adapt: adapter.adapt, to: adapter.to, between: links, resolvingIn: configurations, isUsed: isUsed)
    }
  }

  /// The member a pairing reaches: a member of `provided`, or the last step of its key path.
  private static func targetMember(of pairing: MemberPairing, from provided: String, in graph: AppGraph)
    -> MemberDecl?
  {
    var owner = graph.protocols[provided]
    for step in pairing.path.dropLast() {
      guard let type = owner?.member(named: step)?.property?.type.withoutOptionals,
        case .named(let name) = type
      else { return nil }
      owner = graph.protocols[name]
    }
    return pairing.path.last.flatMap { owner?.member(named: $0) }
  }
}
