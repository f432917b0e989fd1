/// Builds a ``RouteTrie``'s flat storage one entry at a time, with the structures the matcher
/// reads: nodes in one array, every literal edge in one open-addressing table probed with the
/// byte hash the matcher uses (so building a literal edge hashes bytes, not a `String`), and the
/// literals' bytes in one pool. Literals that are equal as strings but not in bytes (canonical
/// equivalence: `é` precomposed or decomposed) lead to one child, found through the edges'
/// equivalence hashes (``RouteTrie/equivalenceHash(of:)``), which are computed once per edge.
struct RouteTrieBuilder {
  private(set) var nodes: [RouteTrie.Node] = [RouteTrie.Node()]
  /// Where each node's only literal starts in `literalBytes`.
  private(set) var onlyLiteralOffsets: [Int32] = [0]
  private(set) var slots: [RouteTrie.Slot] = []
  /// Where each slot's literal starts in `literalBytes`.
  private(set) var slotOffsets: [Int32] = []
  private(set) var literalBytes: [UInt8] = []
  private(set) var edges: [RouteTrie.Edge] = []
  /// Edge numbers keyed by (parent, literal's equivalence hash), as the matcher reads them.
  private(set) var equivalents: [Int32] = []
  /// Each entry's ranges of `bindings` and `queryParameters`.
  private(set) var spans: [RouteTrie.EntrySpan] = []
  private(set) var bindings: [RouteTrie.Binding] = []
  private(set) var queryParameters: [RouteTrie.QueryParameter] = []
  /// Where each entry's pattern ends, in entry order: the node, and whether a catch-all follows.
  private var endings: [(node: Int32, isCatchAll: Bool)] = []

  /// Makes room for `capacity` entries: their spans, and the literal tables sized for as many
  /// literal edges (most patterns add one or more), so that a large table is not grown and
  /// rehashed step by step.
  init(capacity: Int) {
    var tableSize = 16
    while tableSize < capacity * 2, tableSize < 1 << 24 { tableSize *= 2 }
    makeEmptyTables(size: tableSize)
    edges.reserveCapacity(capacity)
    spans.reserveCapacity(capacity)
    bindings.reserveCapacity(capacity)
    endings.reserveCapacity(capacity)
  }

  /// Adds the pattern of `entry` (the next entry index) to the trie.
  mutating func insert(_ entry: RouteTable.Entry) {
    var node: Int32 = 0
    let bindingStart = bindings.count
    for (position, segment) in entry.pattern.segments.enumerated() {
      switch segment {
      case .literal(let literal):
        node = literalChild(of: node, literal)
      case .parameter(let name):
        let type = entry.valueType(ofParameter: name) ?? .string
        bindings.append(
          RouteTrie.Binding(segment: Int32(position), type: type, isCatchAll: false, name: name))
        node = parameterChild(of: node, for: type)
      case .catchAll(let name):
        bindings.append(
          RouteTrie.Binding(segment: Int32(position), type: .string, isCatchAll: true, name: name))
      }
    }
    endings.append((node, entry.pattern.catchAllName != nil))
    let queryStart = queryParameters.count
    if !entry.optionalParameters.isEmpty {
      let bound = bindings[bindingStart...]
      for name in entry.optionalParameters where !bound.contains(where: { $0.name == name }) {
        queryParameters.append(RouteTrie.QueryParameter(name: name, type: entry.valueType(ofParameter: name)))
      }
      // Sorted in place: sorting `queryParameters[queryStart...]` copied the range out and back.
      if queryParameters.count - queryStart > 1 {
        queryParameters.withUnsafeMutableBufferPointer { all in
          var added = UnsafeMutableBufferPointer(rebasing: all[queryStart...])
          added.sort { $0.name < $1.name }
        }
      }
    }
    spans.append(
      RouteTrie.EntrySpan(
        bindingStart: Int32(bindingStart), bindingCount: Int32(bindings.count - bindingStart),
        queryStart: Int32(queryStart), queryCount: Int32(queryParameters.count - queryStart)))
  }

  /// The entries that end at each node, by increasing index: `lists` holds, per node, its
  /// terminals and then its catch-alls, and the nodes are given their ranges of it.
  mutating func finishLists() -> [Int32] {
    for ending in endings {
      if ending.isCatchAll {
        nodes[Int(ending.node)].catchAllCount += 1
      } else {
        nodes[Int(ending.node)].terminalCount += 1
      }
    }
    var start: Int32 = 0
    for index in nodes.indices {
      nodes[index].terminals = start
      start += nodes[index].terminalCount
      nodes[index].catchAlls = start
      start += nodes[index].catchAllCount
    }
    // Filled in entry order, so each node's range lists its entries by increasing index.
    var filled = [Int32](repeating: 0, count: nodes.count * 2)
    var lists = [Int32](repeating: 0, count: Int(start))
    for (entry, ending) in endings.enumerated() {
      let node = Int(ending.node)
      let kind = ending.isCatchAll ? 1 : 0
      let first = ending.isCatchAll ? nodes[node].catchAlls : nodes[node].terminals
      lists[Int(first + filled[node * 2 + kind])] = Int32(entry)
      filled[node * 2 + kind] += 1
    }
    return lists
  }

  /// The child of `parent` for `literal`, added if new.
  private mutating func literalChild(of parent: Int32, _ literal: String) -> Int32 {
    var contiguous = literal
    return contiguous.withUTF8 { bytes in
      let found = slots.withUnsafeBufferPointer { slots in
        slotOffsets.withUnsafeBufferPointer { offsets in
          literalBytes.withUnsafeBufferPointer { pool in
            RouteTrie.probe(
              parent: parent, segmentHash: LiteralHash.of(bytes), bytes, slots: slots, offsets: offsets,
              pool: pool)
          }
        }
      }
      if found.isFound { return slots[found.index].child }
      let index = found.index
      let isNonASCII = bytes.contains { $0 >= 0x80 }
      if isNonASCII || nodes[Int(parent)].hasNonASCIILiterals,
        let edge = equivalentEdge(of: parent, literal)
      {
        // Equal as a string to a literal already there: the same child. The matcher reaches it
        // by the fallback, which such a segment or node takes.
        return edges[Int(edge)].child
      }
      let child = addNode()
      if isNonASCII { nodes[Int(parent)].hasNonASCIILiterals = true }
      if nodes[Int(parent)].literals == .none, bytes.count <= Int(UInt16.max) {
        nodes[Int(parent)].literals = .one
        nodes[Int(parent)].onlyPrefix = found.prefix
        nodes[Int(parent)].onlyChild = child
        nodes[Int(parent)].onlyLength = UInt16(bytes.count)
        onlyLiteralOffsets[Int(parent)] = Int32(literalBytes.count)
      } else {
        nodes[Int(parent)].literals = .table
      }
      slots[index] = RouteTrie.Slot(
        hash: found.hash, length: UInt32(bytes.count), parent: parent, child: child, prefix: found.prefix)
      slotOffsets[index] = Int32(literalBytes.count)
      edges.append(
        RouteTrie.Edge(
          parent: parent, child: child, offset: Int32(literalBytes.count), length: Int32(bytes.count),
          equivalenceHash: RouteTrie.equivalenceHash(of: literal)))
      literalBytes.append(contentsOf: bytes)
      if edges.count * 2 > slots.count {
        growSlots()
      } else {
        placeEquivalent(Int32(edges.count - 1))
      }
      return child
    }
  }

  private func equivalentEdge(of parent: Int32, _ literal: String) -> Int32? {
    equivalents.withUnsafeBufferPointer { table in
      edges.withUnsafeBufferPointer { edges in
        literalBytes.withUnsafeBufferPointer { bytes in
          RouteTrie.equivalentEdge(of: parent, literal, table: table, edges: edges, bytes: bytes)
        }
      }
    }
  }

  /// Adds `edge` to the equivalence table, which has room.
  private mutating func placeEquivalent(_ edge: Int32) {
    let mask = equivalents.count - 1
    let entry = edges[Int(edge)]
    var place = RouteTrie.equivalenceKey(entry.equivalenceHash, parent: entry.parent) & mask
    while equivalents[place] >= 0 { place = (place + 1) & mask }
    equivalents[place] = edge
  }

  /// Doubles the tables, placing every edge again by its stored hashes.
  private mutating func growSlots() {
    let old = slots
    let oldOffsets = slotOffsets
    makeEmptyTables(size: old.count * 2)
    let mask = slots.count - 1
    for (position, slot) in old.enumerated() where slot.parent >= 0 {
      var index = Int(slot.hash) & mask
      while slots[index].parent >= 0 { index = (index + 1) & mask }
      slots[index] = slot
      slotOffsets[index] = oldOffsets[position]
    }
    for edge in edges.indices { placeEquivalent(Int32(edge)) }
  }

  /// The slot, offset and equivalence tables, empty, with `size` places (a power of two).
  private mutating func makeEmptyTables(size: Int) {
    slots = [RouteTrie.Slot](repeating: RouteTrie.Slot(), count: size)
    slotOffsets = [Int32](repeating: 0, count: size)
    equivalents = [Int32](repeating: -1, count: size)
  }

  private mutating func addNode() -> Int32 {
    nodes.append(RouteTrie.Node())
    onlyLiteralOffsets.append(0)
    return Int32(nodes.count - 1)
  }

  /// The child of `parent` for a parameter of `type`, added if new.
  private mutating func parameterChild(of parent: Int32, for type: RouteValueType) -> Int32 {
    let node = Int(parent)
    let existing: Int32
    switch type {
    case .int: existing = nodes[node].int
    case .double: existing = nodes[node].double
    case .bool: existing = nodes[node].bool
    case .string: existing = nodes[node].string
    }
    if existing >= 0 { return existing }
    let child = addNode()
    switch type {
    case .int: nodes[node].int = child
    case .double: nodes[node].double = child
    case .bool: nodes[node].bool = child
    case .string: nodes[node].string = child
    }
    return child
  }
}
