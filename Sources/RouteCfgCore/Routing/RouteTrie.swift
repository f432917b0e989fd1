/// The compiled form of a ``RouteTable``: a trie with one node per distinct pattern prefix (by
/// shape), stored in flat buffers, and one open-addressing hash table of every literal edge
/// keyed by (parent node, segment bytes).
///
/// Matching reads segments as byte ranges of the URL (see ``URLScanner``): a literal costs one
/// hash probe and one byte comparison, with no allocation. Literals compare as Swift strings do
/// (canonical equivalence: `é` written precomposed or as `e` and a combining accent are the same
/// literal); bytes that are equal are equal strings, so only a miss on a non-ASCII segment, or in
/// a node with non-ASCII literals, falls back to a `String` lookup.
///
/// The buffers are written once, in `init`, and only read afterwards, so the matcher is safe to
/// share between threads.
final class RouteTrie: @unchecked Sendable {
  struct Node {
    /// Children for `Int`, `Double`, `Bool` and `String` parameters, in precedence order; -1 for none.
    var int: Int32 = -1
    var double: Int32 = -1
    var bool: Int32 = -1
    var string: Int32 = -1
    /// Entries whose pattern ends here, by increasing index: a range of `lists`.
    var terminals: Int32 = 0
    var terminalCount: Int32 = 0
    /// Entries whose pattern ends with a catch-all after this node: a range of `lists`.
    var catchAlls: Int32 = 0
    var catchAllCount: Int32 = 0
    var hasLiterals = false
    var hasNonASCIILiterals = false
  }

  /// One literal edge of the hash table; `parent` is -1 in an empty slot. A literal's first eight
  /// bytes are kept in the slot, so short literals compare without reading the byte pool.
  struct Slot {
    var hash: UInt32 = 0
    var length: UInt32 = 0
    var parent: Int32 = -1
    var child: Int32 = -1
    var prefix: UInt64 = 0
  }

  /// A parameter or catch-all of an entry: the segment it binds and the type it converts to.
  struct Binding: Sendable {
    var segment: Int
    var name: String
    var type: RouteValueType
    var isCatchAll: Bool
  }

  /// How an entry turns a match into values.
  struct CompiledEntry: Sendable {
    var bindings: [Binding]
    /// Optional parameters read from the query; `nil` for a type no URL value converts to.
    var queryParameters: [(name: String, type: RouteValueType?)]
  }

  private let nodes: UnsafeMutableBufferPointer<Node>
  private let slots: UnsafeMutableBufferPointer<Slot>
  private let slotMask: Int
  private let lists: UnsafeMutableBufferPointer<Int32>
  private let literalBytes: UnsafeMutablePointer<UInt8>
  /// Where each slot's literal starts in `literalBytes` (read only for literals over 8 bytes).
  private let slotOffsets: UnsafeMutablePointer<Int32>
  /// Each node's literals as strings, for the canonical-equivalence fallback.
  private let literalMaps: [[String: Int32]]
  let entries: [CompiledEntry]
  /// The table's entries (the same storage), for the module and pattern of a match.
  let tableEntries: [RouteTable.Entry]
  /// `false` when no entry reads the query, so that URLs skip it.
  let readsQuery: Bool

  init(_ tableEntries: [RouteTable.Entry]) {
    var builder = Builder()
    for (index, entry) in tableEntries.enumerated() {
      builder.insert(entry, index: Int32(index))
    }
    entries = builder.entries
    self.tableEntries = tableEntries
    readsQuery = builder.entries.contains { !$0.queryParameters.isEmpty }
    literalMaps = builder.nodes.map(\.literals)

    var listValues: [Int32] = []
    var literalCount = 0
    var byteCount = 0
    nodes = .allocate(capacity: builder.nodes.count)
    for (index, built) in builder.nodes.enumerated() {
      var node = Node(int: built.int, double: built.double, bool: built.bool, string: built.string)
      node.terminals = Int32(listValues.count)
      node.terminalCount = Int32(built.terminals.count)
      listValues += built.terminals
      node.catchAlls = Int32(listValues.count)
      node.catchAllCount = Int32(built.catchAlls.count)
      listValues += built.catchAlls
      node.hasLiterals = !built.literals.isEmpty
      node.hasNonASCIILiterals = built.literals.keys.contains { $0.utf8.contains { $0 >= 0x80 } }
      literalCount += built.literals.count
      for key in built.literals.keys { byteCount += key.utf8.count }
      nodes.initializeElement(at: index, to: node)
    }
    lists = .allocate(capacity: max(1, listValues.count))
    _ = lists.initialize(from: listValues)

    var capacity = 16
    while capacity < literalCount * 2 { capacity *= 2 }
    slots = .allocate(capacity: capacity)
    slots.initialize(repeating: Slot())
    slotMask = capacity - 1
    literalBytes = .allocate(capacity: max(1, byteCount))
    slotOffsets = .allocate(capacity: capacity)
    slotOffsets.initialize(repeating: 0, count: capacity)
    var written = 0
    for (parent, built) in builder.nodes.enumerated() {
      // Sorted, so that the table does not depend on the dictionary's order.
      for (key, child) in built.literals.sorted(by: { $0.key < $1.key }) {
        let bytes = Array(key.utf8)
        let hash = Self.mix(LiteralHash.of(bytes), parent: parent)
        var index = Int(truncatingIfNeeded: hash) & slotMask
        while slots[index].parent >= 0 { index = (index + 1) & slotMask }
        slots[index] = Slot(
          hash: UInt32(truncatingIfNeeded: hash), length: UInt32(bytes.count), parent: Int32(parent),
          child: child,
          prefix: bytes.withUnsafeBufferPointer(Self.prefix))
        slotOffsets[index] = Int32(written)
        for byte in bytes {
          literalBytes[written] = byte
          written += 1
        }
      }
    }
  }

  deinit {
    nodes.deallocate()
    slots.deallocate()
    lists.deallocate()
    literalBytes.deallocate()
    slotOffsets.deallocate()
  }

  /// The first eight bytes (or fewer), little-endian.
  @inline(__always)
  private static func prefix(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var value: UInt64 = 0
    for index in 0..<min(8, bytes.count) { value |= UInt64(bytes[index]) << (8 * UInt64(index)) }
    return value
  }

  /// Combines a segment's hash with its parent node.
  @inline(__always)
  private static func mix(_ hash: UInt64, parent: Int) -> UInt64 {
    var mixed = hash ^ (UInt64(truncatingIfNeeded: parent) &* 0x9E37_79B9_7F4A_7C15)
    mixed ^= mixed >> 31
    mixed &*= 0xBF58_476D_1CE4_E5B9
    mixed ^= mixed >> 29
    return mixed
  }

  /// The child of `node` for a literal segment, or `nil`.
  @inline(__always)
  private func literalChild(
    _ node: Int, _ segment: ScannedSegment, _ bytes: UnsafeBufferPointer<UInt8>
  ) -> Int32? {
    let mixed = Self.mix(segment.hash, parent: node)
    let hash = UInt32(truncatingIfNeeded: mixed)
    let prefix = Self.prefix(bytes)
    var index = Int(truncatingIfNeeded: mixed) & slotMask
    while true {
      let slot = slots[index]
      guard slot.parent >= 0 else { break }
      if slot.hash == hash, slot.parent == node, Int(slot.length) == bytes.count, slot.prefix == prefix,
        bytes.count <= 8 || Self.equal(literalBytes + Int(slotOffsets[index]), bytes)
      {
        return slot.child
      }
      index = (index + 1) & slotMask
    }
    guard segment.isNonASCII || nodes[node].hasNonASCIILiterals else { return nil }
    return literalMaps[node][String(decoding: bytes, as: UTF8.self)]
  }

  @inline(__always)
  private static func equal(_ lhs: UnsafeMutablePointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
    for index in 0..<rhs.count where lhs[index] != rhs[index] { return false }
    return true
  }

  /// The best entry for the scanned segments, or `nil`: a depth-first search that tries children
  /// in precedence order (literal, `Int`, `Double`, `Bool`, `String`, catch-all), so that the
  /// first complete match wins and each node is visited at most once.
  func match<Query: RouteQuery>(_ url: ScannedURL, query: Query) -> Int? {
    visit(0, depth: 0, url, query).map(Int.init)
  }

  private func visit<Query: RouteQuery>(_ nodeIndex: Int, depth: Int, _ url: ScannedURL, _ query: Query)
    -> Int32?
  {
    let node = nodes[nodeIndex]
    guard depth < url.segmentCount else {
      return firstFinished(node.terminals, node.terminalCount, query)
    }
    let segment = url.segments[depth]
    let bytes = url.bytes(depth)
    if node.hasLiterals, let child = literalChild(nodeIndex, segment, bytes),
      let found = visit(Int(child), depth: depth + 1, url, query)
    {
      return found
    }
    if node.int >= 0, RouteValueSyntax.int(bytes: bytes) != nil,
      let found = visit(Int(node.int), depth: depth + 1, url, query)
    {
      return found
    }
    if node.double >= 0, RouteValueSyntax.double(bytes: bytes) != nil,
      let found = visit(Int(node.double), depth: depth + 1, url, query)
    {
      return found
    }
    if node.bool >= 0, RouteValueSyntax.bool(bytes: bytes) != nil,
      let found = visit(Int(node.bool), depth: depth + 1, url, query)
    {
      return found
    }
    if node.string >= 0, let found = visit(Int(node.string), depth: depth + 1, url, query) {
      return found
    }
    return firstFinished(node.catchAlls, node.catchAllCount, query)
  }

  /// The first of the listed entries (tied routes, by increasing index) whose query values
  /// convert.
  private func firstFinished<Query: RouteQuery>(_ start: Int32, _ count: Int32, _ query: Query) -> Int32? {
    guard count > 0 else { return nil }
    // Without query parameters anywhere, the first entry is the answer.
    guard readsQuery else { return lists[Int(start)] }
    for position in Int(start)..<Int(start + count) {
      let index = lists[position]
      if query.converts(entries[Int(index)].queryParameters) { return index }
    }
    return nil
  }
}

/// The query of a URL as the matcher reads it: whether an entry's query parameters convert.
protocol RouteQuery {
  /// `false` when a value given for one of `parameters` has an invalid escape or does not
  /// convert to its type (so the route fails).
  func converts(_ parameters: [(name: String, type: RouteValueType?)]) -> Bool
}

extension URLQuery: RouteQuery {
  func converts(_ parameters: [(name: String, type: RouteValueType?)]) -> Bool {
    for parameter in parameters {
      switch value(forKey: parameter.name) {
      case .absent: continue
      case .invalid: return false
      case .value(let text): if parameter.type?.parse(text) == nil { return false }
      }
    }
    return true
  }
}

/// Builds the nodes and compiled entries, one entry at a time.
private struct Builder {
  struct Node {
    var literals: [String: Int32] = [:]
    var int: Int32 = -1
    var double: Int32 = -1
    var bool: Int32 = -1
    var string: Int32 = -1
    var terminals: [Int32] = []
    var catchAlls: [Int32] = []
  }

  var nodes: [Node] = [Node()]
  var entries: [RouteTrie.CompiledEntry] = []

  mutating func insert(_ entry: RouteTable.Entry, index: Int32) {
    var node = 0
    var bindings: [RouteTrie.Binding] = []
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
        let type = entry.parameterTypes[name] ?? .string
        bindings.append(RouteTrie.Binding(segment: position, name: name, type: type, isCatchAll: false))
        bound.insert(name)
        node = child(of: node, for: type)
      case .catchAll(let name):
        bindings.append(RouteTrie.Binding(segment: position, name: name, type: .string, isCatchAll: true))
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
    entries.append(RouteTrie.CompiledEntry(bindings: bindings, queryParameters: queryParameters))
  }

  private mutating func addNode() -> Int32 {
    nodes.append(Node())
    return Int32(nodes.count - 1)
  }

  private mutating func child(of node: Int, for type: RouteValueType) -> Int {
    let existing: Int32
    switch type {
    case .int: existing = nodes[node].int
    case .double: existing = nodes[node].double
    case .bool: existing = nodes[node].bool
    case .string: existing = nodes[node].string
    }
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
