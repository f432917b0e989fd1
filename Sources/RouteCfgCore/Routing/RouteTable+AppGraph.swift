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
    var tables = ParameterTables()
    var current = ParameterTables.Tables(types: [:], optional: [])
    for route in graph.routes {
      if route.module != module {
        module = route.module
        current = tables.tables(for: graph.modules[route.module]?.parameters ?? [])
      }
      let entry = Entry(
        module: route.module, pattern: route.pattern, parameterTypes: current.types,
        optionalParameters: current.optional)
      trie.insert(entry)
      entries.append(entry)
    }
    self.init(entries: entries, builtBy: trie, scheme: graph.scheme, fallback: graph.fallback)
  }
}

/// The parameter tables of the modules' route entries (``RouteTable/Entry/parameterTypes`` and
/// ``RouteTable/Entry/optionalParameters``), shared by modules that declare the same parameters.
///
/// Making a module's two tables costs about 3,000 instructions (a dictionary and a set, each
/// allocated and hashed with SipHash), as much as the rest of its routes' entries; many modules
/// declare the same few parameters (`id: Int`), and the last few sets made are kept and compared
/// with each module's, a name at a time, before any is made again.
private struct ParameterTables {
  struct Tables {
    let types: [String: RouteValueType]
    let optional: Set<String>
  }

  /// The parameter lists last made tables for, with their tables, the newest last.
  private var recent: [(parameters: [ParameterInfo], tables: Tables)] = []
  /// How many parameter lists are kept.
  private static let kept = 4

  /// The tables of a module with `parameters`: those made before for the same list, or new ones.
  mutating func tables(for parameters: [ParameterInfo]) -> Tables {
    if let found = recent.lastIndex(where: { Self.areSame($0.parameters, parameters) }) {
      return recent[found].tables
    }
    var types: [String: RouteValueType] = Dictionary(minimumCapacity: parameters.count)
    var optional: Set<String> = []
    for parameter in parameters {
      if parameter.isOptional { optional.insert(parameter.name) }
      if let valueType = parameter.routeType { types[parameter.name] = valueType }
    }
    let tables = Tables(types: types, optional: optional)
    if recent.count == Self.kept { recent.removeFirst() }
    recent.append((parameters, tables))
    return tables
  }

  /// `true` when both lists give the same tables: the same names, in order, with the same
  /// carried types and optionality. Read by index, in place: `zip` copied each parameter out,
  /// retaining its name and type.
  private static func areSame(_ lhs: [ParameterInfo], _ rhs: [ParameterInfo]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    for index in lhs.indices
    where lhs[index].name != rhs[index].name || lhs[index].routeType != rhs[index].routeType
      || lhs[index].isOptional != rhs[index].isOptional
    {
      return false
    }
    return true
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
