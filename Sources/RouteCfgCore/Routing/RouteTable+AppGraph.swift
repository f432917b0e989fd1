extension RouteTable {
  /// The router for a validated manifest: every module's routes, its URL-carriable parameters,
  /// the manifest's scheme and fallback.
  public init(graph: AppGraph) {
    var entries: [Entry] = []
    entries.reserveCapacity(graph.routes.count)
    for route in graph.routes {
      var parameters: [String: TypeRef] = [:]
      for parameter in graph.modules[route.module]?.parameters ?? [] {
        parameters[parameter.name] = parameter.type
      }
      entries.append(Entry(module: route.module, pattern: route.pattern, parameters: parameters))
    }
    self.init(entries: entries, scheme: graph.scheme, fallback: graph.fallback)
  }
}

extension RouteValue {
  /// The value as JSON: numbers, booleans and strings.
  public var json: JSONValue {
    switch self {
    case .int(let value): return .int(value)
    case .double(let value): return .double(value)
    case .bool(let value): return .bool(value)
    case .string(let value): return .string(value)
    }
  }
}
