extension RouteTable {
  /// The router for a validated manifest: every module's routes, its URL-carriable parameters,
  /// the manifest's scheme and fallback.
  public init(graph: AppGraph) {
    var entries: [Entry] = []
    entries.reserveCapacity(graph.routes.count)
    // Each entry goes into the trie as it is made: inserted later, it would be copied out of
    // the array again, retaining what it holds, by then out of the cache.
    var trie = RouteTrieBuilder(capacity: graph.routes.count)
    // A module's parameter types, worked out once for its routes (which the graph lists together).
    var module: String?
    var types: [String: RouteValueType] = [:]
    var optional: Set<String> = []
    for route in graph.routes {
      if route.module != module {
        module = route.module
        let parameters = graph.modules[route.module]?.parameters ?? []
        // Made at its size in one step (`reserveCapacity` on an empty dictionary runs the
        // standard library's unspecialized code, a thousand instructions a module).
        types = Dictionary(minimumCapacity: parameters.count)
        optional = []
        for parameter in parameters {
          if parameter.type.isOptional { optional.insert(parameter.name) }
          if let valueType = parameter.routeType { types[parameter.name] = valueType }
        }
      }
      let entry = Entry(
        module: route.module, pattern: route.pattern, parameterTypes: types, optionalParameters: optional)
      trie.insert(entry)
      entries.append(entry)
    }
    self.init(entries: entries, builtBy: trie, scheme: graph.scheme, fallback: graph.fallback)
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
