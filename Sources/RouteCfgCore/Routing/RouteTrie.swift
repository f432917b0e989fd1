/// The compiled form of a ``RouteTable``: a trie with one node per distinct pattern prefix (by shape)
/// and a depth-first search in precedence order.
struct RouteTrie: Sendable {
  /// A node: the routes that continue with one more segment, by kind, and those that end here.
  struct Node: Sendable {
    var literals: [String: Int32] = [:]
    /// Children for `Int`, `Double`, `Bool` and `String` parameters, in precedence order; -1 for none.
    var int: Int32 = -1
    var double: Int32 = -1
    var bool: Int32 = -1
    var string: Int32 = -1
    /// Entries whose pattern ends here, by increasing index.
    var terminals: [Int32] = []
    /// Entries whose pattern ends with a catch-all after this node, by increasing index.
    var catchAlls: [Int32] = []

    /// The child for a parameter of `type`, or -1.
    func child(for type: RouteValueType) -> Int32 {
      switch type {
      case .int: return int
      case .double: return double
      case .bool: return bool
      case .string: return string
      }
    }
  }

  /// How an entry turns a match into values.
  struct CompiledEntry: Sendable {
    /// Path parameters: the segment index and the name. A catch-all's value joins the segments
    /// from its index on.
    var bindings: [(segment: Int, name: String, isCatchAll: Bool)]
    /// Optional parameters read from the query; `nil` for a type no URL value converts to.
    var queryParameters: [(name: String, type: RouteValueType?)]
  }

  /// What a match yields before the table adds the entry's module and pattern.
  struct Found {
    var entryIndex: Int
    var parameters: [String: RouteValue]
  }

  let nodes: [Node]
  let entries: [CompiledEntry]
  /// `false` when no entry reads the query, so that URLs skip parsing it.
  let readsQuery: Bool

  init(_ tableEntries: [RouteTable.Entry]) {
    var builder = Builder()
    for (index, entry) in tableEntries.enumerated() {
      builder.insert(entry, index: Int32(index))
    }
    nodes = builder.nodes
    entries = builder.entries
    readsQuery = builder.entries.contains { !$0.queryParameters.isEmpty }
  }

  /// Builds the nodes and compiled entries, one entry at a time.
  private struct Builder {
    var nodes: [Node] = [Node()]
    var entries: [CompiledEntry] = []

    mutating func insert(_ entry: RouteTable.Entry, index: Int32) {
      var node = 0
      var bindings: [(segment: Int, name: String, isCatchAll: Bool)] = []
      var bound: Set<String> = []
      for (position, segment) in entry.pattern.segments.enumerated() {
        switch segment {
        case .literal(let literal):
          if let child = nodes[node].literals[literal] {
            node = Int(child)
          } else {
            let child = addNode()
            nodes[node].literals[literal] = child
            node = Int(child)
          }
        case .parameter(let name):
          bindings.append((segment: position, name: name, isCatchAll: false))
          bound.insert(name)
          node = child(of: node, for: entry.parameterTypes[name] ?? .string)
        case .catchAll(let name):
          bindings.append((segment: position, name: name, isCatchAll: true))
          bound.insert(name)
        }
      }
      if entry.pattern.catchAllName != nil {
        nodes[node].catchAlls.append(index)
      } else {
        nodes[node].terminals.append(index)
      }
      let queryParameters = entry.optionalParameters.subtracting(bound).sorted().map { name in
        (name: name, type: entry.parameterTypes[name])
      }
      entries.append(CompiledEntry(bindings: bindings, queryParameters: queryParameters))
    }

    private mutating func addNode() -> Int32 {
      nodes.append(Node())
      return Int32(nodes.count - 1)
    }

    private mutating func child(of node: Int, for type: RouteValueType) -> Int {
      let existing = nodes[node].child(for: type)
      if existing >= 0 { return Int(existing) }
      let child = addNode()
      switch type {
      case .int: nodes[node].int = child
      case .double: nodes[node].double = child
      case .bool: nodes[node].bool = child
      case .string: nodes[node].string = child
      }
      return Int(child)
    }
  }

  /// The best entry for `path`, or `nil`.
  func match(_ path: URLPath) -> Found? {
    var search = Search(trie: self, path: path)
    return search.visit(0, depth: 0)
  }
}

/// One depth-first search through a ``RouteTrie``. Children are tried in precedence order
/// (literal, `Int`, `Double`, `Bool`, `String`, catch-all) and the first complete match wins, so
/// each node is visited at most once.
private struct Search {
  let trie: RouteTrie
  let path: URLPath
  /// The value each segment was bound to on the way down.
  var values: [RouteValue?]

  init(trie: RouteTrie, path: URLPath) {
    self.trie = trie
    self.path = path
    self.values = Array(repeating: nil, count: path.segments.count)
  }

  mutating func visit(_ nodeIndex: Int, depth: Int) -> RouteTrie.Found? {
    let node = trie.nodes[nodeIndex]
    guard depth < path.segments.count else {
      return firstFinished(node.terminals)
    }
    let segment = path.segments[depth]
    if let child = node.literals[segment], let found = visit(Int(child), depth: depth + 1) {
      return found
    }
    for type in RouteValueType.precedence {
      let child = node.child(for: type)
      guard child >= 0, let value = type.parse(segment) else { continue }
      values[depth] = value
      if let found = visit(Int(child), depth: depth + 1) { return found }
    }
    return firstFinished(node.catchAlls)
  }

  /// The first of `entries` (tied routes, by increasing index) whose query values convert.
  private func firstFinished(_ entries: [Int32]) -> RouteTrie.Found? {
    for index in entries {
      if let found = finish(Int(index)) { return found }
    }
    return nil
  }

  /// The values of entry `index` for the bound segments and the query, or `nil` when a query
  /// value does not convert.
  private func finish(_ index: Int) -> RouteTrie.Found? {
    let entry = trie.entries[index]
    var parameters: [String: RouteValue] = [:]
    for binding in entry.bindings {
      if binding.isCatchAll {
        parameters[binding.name] = .string(path.segments[binding.segment...].joined(separator: "/"))
      } else if let value = values[binding.segment] {
        parameters[binding.name] = value
      }
    }
    for parameter in entry.queryParameters {
      switch path.query.value(forKey: parameter.name) {
      case .absent: continue
      case .invalid: return nil
      case .value(let text):
        guard let value = parameter.type?.parse(text) else { return nil }
        parameters[parameter.name] = value
      }
    }
    return RouteTrie.Found(entryIndex: index, parameters: parameters)
  }
}

extension RouteValueType {
  /// Parameter types in the order they are tried on a segment: `Int`, `Double`, `Bool`, `String`.
  static let precedence: [RouteValueType] = [.int, .double, .bool, .string]
}
