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
  /// through an adapter one of whose paired members passes values between its two protocols:
  /// where the member's type has one at a place (the property's type, a parameter, the result,
  /// an element) the member it reaches has the other at the same place. Each resolving adapter's
  /// pairings are read once, however many edges it serves.
  private static func adapterLinks(_ graph: AppGraph, variant: String?, edges: [Edge]) -> [AdapterLink] {
    var adapterIndex: [[String]: Int] = [:]
    for (index, adapter) in graph.adapters.enumerated() { adapterIndex[[adapter.adapt, adapter.to]] = index }
    let resolvedThrough = Set(edges.compactMap { edge in edge.adaptedTo.map { [edge.protocolName, $0] } })
    let drawn = graph.adapters.indices.filter {
      !resolvedThrough.contains([graph.adapters[$0].adapt, graph.adapters[$0].to])
    }
    var crossedThrough: [Int: [Int]] = [:]
    var between: [Int: [AdapterLink.Modules]] = [:]
    var linked = Set<[String]>()
    for edge in edges {
      guard let provided = edge.adaptedTo, let resolving = adapterIndex[[edge.protocolName, provided]] else {
        continue
      }
      if crossedThrough[resolving] == nil {
        var pairs = Set<[String]>()
        for pairing in graph.adapters[resolving].forward where pairing.crossesAdapter {
          guard let member = graph.protocols[edge.protocolName]?.member(named: pairing.memberName),
            let target = targetMember(of: pairing, from: provided, in: graph)
          else { continue }
          pairNames(member, target, into: &pairs)
        }
        let crossed = Set(
          pairs.flatMap { pair in [adapterIndex[pair], adapterIndex[[pair[1], pair[0]]]].compactMap { $0 } }
        ).intersection(drawn)
        // In declaration order.
        crossedThrough[resolving] = crossed.sorted()
      }
      for index in crossedThrough[resolving] ?? []
      where linked.insert([String(index), edge.from, edge.to]).inserted {
        between[index, default: []].append(AdapterLink.Modules(requirer: edge.from, provider: edge.to))
      }
    }
    // The configurations in which a requirement resolves through each adapter.
    var resolvingIn: [Int: [String?]] = [:]
    for configuration in [nil] + graph.variantNames where configuration != variant {
      guard let resolution = graph.resolution(anyConfiguration: configuration) else { continue }
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

  /// The names two paired members write at the same places and that differ: the property's
  /// types, or each parameter and the result of two methods.
  private static func pairNames(_ member: MemberDecl, _ target: MemberDecl, into pairs: inout Set<[String]>) {
    switch (member.kind, target.kind) {
    case (.property(let one), .property(let other)): pairNames(one.type, other.type, into: &pairs)
    case (.method(let one), .method(let other)) where one.parameters.count == other.parameters.count:
      for (parameter, otherParameter) in zip(one.parameters, other.parameters) {
        pairNames(parameter.type, otherParameter.type, into: &pairs)
      }
      pairNames(one.result, other.result, into: &pairs)
    default: break
    }
  }

  /// The names two types write at the same places and that differ (`RD?` and `PD` give
  /// `[RD, PD]`), optionals looked through, as the validator compares types.
  private static func pairNames(_ one: TypeRef, _ other: TypeRef, into pairs: inout Set<[String]>) {
    switch (one.withoutOptionals, other.withoutOptionals) {
    case (.named(let name), .named(let otherName)): if name != otherName { pairs.insert([name, otherName]) }
    case (.array(let element), .array(let otherElement)): pairNames(element, otherElement, into: &pairs)
    case (.dictionary(let key, let value), .dictionary(let otherKey, let otherValue)):
      pairNames(key, otherKey, into: &pairs)
      pairNames(value, otherValue, into: &pairs)
    case (.function(let function), .function(let otherFunction))
    where function.parameters.count == otherFunction.parameters.count:
      for (parameter, otherParameter) in zip(function.parameters, otherFunction.parameters) {
        pairNames(parameter, otherParameter, into: &pairs)
      }
      pairNames(function.result, otherFunction.result, into: &pairs)
    default: break
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
