import RouteCfgCore

/// The routes as a tree with one node per distinct pattern prefix (by shape), as the core
/// router builds it: generated matching walks it depth first in precedence order (literal, `Int`,
/// `Double`, `Bool`, `String`, catch-all), so it answers exactly as `RouteTable` does.
struct RouteMatchTree {
  /// A node: the routes that continue with one more segment, by kind, and those that end here.
  struct Node {
    /// The depth: how many segments lead here.
    var depth: Int
    /// The value types of the parameter segments on the way here, in order.
    var captures: [RouteValueType]
    /// Literal children in the order of their first route.
    var literals: [(text: String, node: Int)] = []
    /// The child of each literal, found without a walk of ``literals`` (a node may have
    /// thousands: `/m0`, `/m1`, ...).
    var literalChildren: [String: Int] = [:]
    var typed: [RouteValueType: Int] = [:]
    /// Routes whose pattern ends here, by declaration order.
    var terminals: [Int] = []
    /// Routes whose pattern ends with a catch-all after this node, by declaration order.
    var catchAlls: [Int] = []
  }

  /// One route with how it turns a match into values.
  struct Route {
    let info: RouteInfo
    let module: ModuleInfo
    /// The node the route ends at (its catch-all follows it).
    let node: Int
    /// For each pattern parameter, its capture index (`nil` for the catch-all).
    let bindings: [(name: String, capture: Int?)]
    /// The segment the catch-all starts at.
    let catchAllStart: Int?
    /// Optional parameters the pattern does not bind, read from the query, sorted by name as
    /// the core router reads them; the type is `nil` when no URL value converts to it.
    let queryParameters: [(parameter: ParameterInfo, type: RouteValueType?)]
  }

  var nodes: [Node] = [Node(depth: 0, captures: [])]
  var routes: [Route] = []

  init(graph: AppGraph) {
    for info in graph.routes {
      guard let module = graph.modules[info.module] else { continue }
      insert(info, module: module)
    }
  }

  private mutating func insert(_ info: RouteInfo, module: ModuleInfo) {
    let types = Dictionary(module.parameters.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var node = 0
    var bindings: [(name: String, capture: Int?)] = []
    var catchAllStart: Int?
    for (position, segment) in info.pattern.segments.enumerated() {
      switch segment {
      case .literal(let text):
        if let child = nodes[node].literalChildren[text] {
          node = child
        } else {
          let child = addNode(after: node, capture: nil)
          nodes[node].literals.append((text: text, node: child))
          nodes[node].literalChildren[text] = child
          node = child
        }
      case .parameter(let name):
        let type = types[name]?.routeType ?? .string
        bindings.append((name: name, capture: nodes[node].captures.count))
        if let child = nodes[node].typed[type] {
          node = child
        } else {
          let child = addNode(after: node, capture: type)
          nodes[node].typed[type] = child
          node = child
        }
      case .catchAll(let name):
        bindings.append((name: name, capture: nil))
        catchAllStart = position
      }
    }
    let index = routes.count
    if catchAllStart != nil {
      nodes[node].catchAlls.append(index)
    } else {
      nodes[node].terminals.append(index)
    }
    let bound = Set(bindings.map(\.name))
    let query = module.parameters.filter { $0.isOptional && !bound.contains($0.name) }.sorted {
      $0.name < $1.name
    }
    .map { (parameter: $0, type: $0.routeType) }
    routes.append(
      Route(
        info: info, module: module, node: node, bindings: bindings, catchAllStart: catchAllStart,
        queryParameters: query))
  }

  private mutating func addNode(after parent: Int, capture: RouteValueType?) -> Int {
    var captures = nodes[parent].captures
    if let capture { captures.append(capture) }
    nodes.append(Node(depth: nodes[parent].depth + 1, captures: captures))
    return nodes.count - 1
  }
}
