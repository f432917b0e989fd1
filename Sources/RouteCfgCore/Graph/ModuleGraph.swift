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

  /// The app's name, when the manifest sets one.
  public let app: String?
  /// The variant drawn, or `nil` for the base configuration.
  public let variant: String?
  public let nodes: [Node]
  /// Edges by requiring module (in declaration order), then by `requires` order.
  public let edges: [Edge]

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
  }
}
