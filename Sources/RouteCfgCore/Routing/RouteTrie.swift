/// The compiled form of a ``RouteTable``: a trie with one node per distinct pattern prefix (by
/// shape), stored in flat buffers, and one open-addressing hash table of every literal edge
/// keyed by (parent node, segment bytes).
///
/// Matching reads segments as byte ranges of the URL (see ``URLScanner``): a literal costs one
/// hash probe and one byte comparison, with no allocation. Literals compare as Swift strings do
/// (canonical equivalence: `é` written precomposed or as `e` and a combining accent are the same
/// literal); bytes that are equal are equal strings, so only a miss on a non-ASCII segment, or in
/// a node with non-ASCII literals, falls back to comparing strings: a second table finds the
/// candidates by the literals' equivalence hashes (``equivalenceHash(of:)``), which equal strings
/// share. Building hashes each literal's bytes, and its equivalence hash once, never a dictionary
/// per node (``RouteTrieBuilder``).
///
/// The buffers are written once, in `init`, and only read afterwards, so the matcher is safe to
/// share between threads.
final class RouteTrie: @unchecked Sendable {
  /// A node: 48 bytes, which keeps its only literal edge when it has one (so that following it
  /// reads no slot of the hash table).
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
    /// The only literal edge's first eight bytes, child and length (its bytes past the eighth
    /// are at ``RouteTrie/onlyLiteralOffsets`` in the pool), when `literals` is `.one`.
    var onlyPrefix: UInt64 = 0
    var onlyChild: Int32 = -1
    var onlyLength: UInt16 = 0
    var literals = LiteralEdges.none
    var hasNonASCIILiterals = false
  }

  /// How a node's literal edges are found.
  enum LiteralEdges: UInt8 {
    case none
    /// One edge, kept in the node.
    case one
    /// In the hash table: several edges, or one too long to keep in the node.
    case table
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

  /// A literal edge in the order edges were added: where its literal's bytes are in the pool, and
  /// the literal's ``equivalenceHash(of:)``, which canonically equivalent strings share.
  struct Edge {
    var parent: Int32
    var child: Int32
    var offset: Int32
    var length: Int32
    var equivalenceHash: Int
  }

  /// A parameter or catch-all of an entry: the segment it binds and the type it converts to.
  struct Binding: Sendable {
    var segment: Int32
    var type: RouteValueType
    var isCatchAll: Bool
    var name: String
  }

  /// An optional parameter of an entry read from the query; `type` is `nil` for a type no URL
  /// value converts to.
  struct QueryParameter: Sendable {
    var name: String
    var type: RouteValueType?
  }

  /// How an entry turns a match into values: its ranges of the trie's bindings and query
  /// parameters, which all entries keep in two arrays, so that reading them copies no array.
  struct EntrySpan {
    var bindingStart: Int32
    var bindingCount: Int32
    var queryStart: Int32
    var queryCount: Int32
  }

  private let nodes: UnsafeMutableBufferPointer<Node>
  private let slots: UnsafeMutableBufferPointer<Slot>
  private let slotMask: Int
  /// Where each node's only literal starts in `literalBytes` (read only for literals over 8 bytes).
  private let onlyLiteralOffsets: UnsafeMutableBufferPointer<Int32>
  private let lists: UnsafeMutableBufferPointer<Int32>
  private let literalBytes: UnsafeMutableBufferPointer<UInt8>
  /// Where each slot's literal starts in `literalBytes` (read only for literals over 8 bytes).
  private let slotOffsets: UnsafeMutableBufferPointer<Int32>
  /// The literal edges, for the canonical-equivalence fallback.
  private let edges: UnsafeMutableBufferPointer<Edge>
  /// Edge numbers keyed by (parent, literal's equivalence hash); -1 in an empty place.
  private let equivalents: UnsafeMutableBufferPointer<Int32>
  private let spans: UnsafeMutableBufferPointer<EntrySpan>
  /// Every entry's bindings, in entry order, then pattern order.
  private let bindingStore: UnsafeMutableBufferPointer<Binding>
  /// Every entry's query parameters, in entry order, then by name.
  private let queryStore: UnsafeMutableBufferPointer<QueryParameter>
  /// The table's entries (the same storage), for the module and pattern of a match.
  let tableEntries: [RouteTable.Entry]
  /// `false` when no entry reads the query, so that URLs skip it.
  let readsQuery: Bool

  /// The trie of `tableEntries`, each of which was inserted into `builder`, in order.
  init(_ tableEntries: [RouteTable.Entry], builtBy builder: consuming RouteTrieBuilder) {
    assert(builder.spans.count == tableEntries.count, "the builder holds other entries than the table")
    let listValues = builder.finishLists()
    spans = Self.copy(builder.spans)
    bindingStore = Self.store(builder.bindings)
    queryStore = Self.store(builder.queryParameters)
    self.tableEntries = tableEntries
    readsQuery = !builder.queryParameters.isEmpty
    nodes = Self.copy(builder.nodes)
    onlyLiteralOffsets = Self.copy(builder.onlyLiteralOffsets)
    lists = Self.copy(listValues)
    slots = Self.copy(builder.slots)
    slotMask = builder.slots.count - 1
    slotOffsets = Self.copy(builder.slotOffsets)
    literalBytes = Self.copy(builder.literalBytes)
    edges = Self.copy(builder.edges)
    equivalents = Self.copy(builder.equivalents)
  }

  deinit {
    nodes.deallocate()
    onlyLiteralOffsets.deallocate()
    spans.deallocate()
    bindingStore.deinitialize()
    bindingStore.deallocate()
    queryStore.deinitialize()
    queryStore.deallocate()
    slots.deallocate()
    lists.deallocate()
    literalBytes.deallocate()
    slotOffsets.deallocate()
    edges.deallocate()
    equivalents.deallocate()
  }

  /// The bindings of entry `entry`, in pattern order. The buffer is the trie's: it lives as long
  /// as the trie.
  @inline(__always)
  func bindings(of entry: Int) -> UnsafeBufferPointer<Binding> {
    let span = spans[entry]
    return UnsafeBufferPointer(
      rebasing: bindingStore[Int(span.bindingStart)..<Int(span.bindingStart + span.bindingCount)])
  }

  /// The query parameters of entry `entry`, by name. The buffer is the trie's: it lives as long
  /// as the trie.
  @inline(__always)
  func queryParameters(of entry: Int) -> UnsafeBufferPointer<QueryParameter> {
    let span = spans[entry]
    return UnsafeBufferPointer(
      rebasing: queryStore[Int(span.queryStart)..<Int(span.queryStart + span.queryCount)])
  }

  /// A buffer holding `values` (one element at least, so that it is never empty).
  private static func copy<Element>(_ values: [Element]) -> UnsafeMutableBufferPointer<Element> {
    let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(1, values.count))
    _ = buffer.initialize(from: values)
    return buffer
  }

  /// A buffer holding exactly `values` (its memory never empty), whose elements `deinit`
  /// deinitializes.
  private static func store<Element>(_ values: [Element]) -> UnsafeMutableBufferPointer<Element> {
    UnsafeMutableBufferPointer(rebasing: copy(values)[..<values.count])
  }

  /// The first eight bytes (or fewer), little-endian.
  @inline(__always)
  static func prefix(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var value: UInt64 = 0
    for index in 0..<min(8, bytes.count) { value |= UInt64(bytes[index]) << (8 * UInt64(index)) }
    return value
  }

  /// Combines a segment's hash with its parent node.
  @inline(__always)
  static func mix<Hash: FixedWidthInteger>(_ hash: Hash, parent: Int) -> UInt64 {
    var mixed =
      UInt64(truncatingIfNeeded: hash) ^ (UInt64(truncatingIfNeeded: parent) &* 0x9E37_79B9_7F4A_7C15)
    mixed ^= mixed >> 31
    mixed &*= 0xBF58_476D_1CE4_E5B9
    mixed ^= mixed >> 29
    return mixed
  }

  /// Where a literal edge is, or would go, in a table of ``Slot``s.
  struct SlotProbe {
    /// The slot holding the edge, or the empty slot it would take.
    var index: Int
    var isFound: Bool
    /// The edge's 32-bit hash and first eight bytes, as its slot stores them.
    var hash: UInt32
    var prefix: UInt64
  }

  /// Finds the literal edge of `parent` with `bytes` (whose FNV-1a hash is `segmentHash`) in
  /// `slots`, comparing longer literals with their bytes in `pool` at `offsets`. The one probe
  /// the matcher looks literals up with and the builder adds them with.
  @inline(__always)
  static func probe(
    parent: Int32, segmentHash: UInt64, _ bytes: UnsafeBufferPointer<UInt8>,
    slots: UnsafeBufferPointer<Slot>, offsets: UnsafeBufferPointer<Int32>, pool: UnsafeBufferPointer<UInt8>
  ) -> SlotProbe {
    let hash = UInt32(truncatingIfNeeded: mix(segmentHash, parent: Int(parent)))
    let prefix = Self.prefix(bytes)
    let mask = slots.count - 1
    // The slot's 32-bit hash places it.
    var index = Int(hash) & mask
    while true {
      let slot = slots[index]
      guard slot.parent >= 0 else { break }
      if slot.hash == hash, slot.parent == parent,
        isLiteral(
          length: Int(slot.length), prefix: slot.prefix, offset: offsets[index], pool: pool, bytes,
          bytesPrefix: prefix)
      {
        return SlotProbe(index: index, isFound: true, hash: hash, prefix: prefix)
      }
      index = (index + 1) & mask
    }
    return SlotProbe(index: index, isFound: false, hash: hash, prefix: prefix)
  }

  /// The child of `node` for a literal segment, or `nil`.
  @inline(__always)
  private func literalChild(
    _ node: Int, _ segment: ScannedSegment, _ bytes: UnsafeBufferPointer<UInt8>
  ) -> Int32? {
    if nodes[node].literals == .one {
      let only = nodes[node]
      if Self.isLiteral(
        length: Int(only.onlyLength), prefix: only.onlyPrefix, offset: onlyLiteralOffsets[node],
        pool: UnsafeBufferPointer(literalBytes), bytes, bytesPrefix: Self.prefix(bytes))
      {
        return only.onlyChild
      }
    } else {
      let found = Self.probe(
        parent: Int32(truncatingIfNeeded: node), segmentHash: segment.hash, bytes,
        slots: UnsafeBufferPointer(slots),
        offsets: UnsafeBufferPointer(slotOffsets), pool: UnsafeBufferPointer(literalBytes))
      if found.isFound { return slots[found.index].child }
    }
    guard segment.isNonASCII || nodes[node].hasNonASCIILiterals else { return nil }
    return equivalentChild(node, String(decoding: bytes, as: UTF8.self))
  }

  /// The child of `node` for a literal that equals `segment` as a `String` (canonical
  /// equivalence) though its bytes differ.
  private func equivalentChild(_ node: Int, _ segment: String) -> Int32? {
    Self.equivalentEdge(
      of: Int32(node), segment, table: UnsafeBufferPointer(equivalents), edges: UnsafeBufferPointer(edges),
      bytes: UnsafeBufferPointer(literalBytes)
    ).map { edges[Int($0)].child }
  }

  /// The edge of `parent` whose literal equals `literal` as a `String`, found in `table`, an
  /// open-addressing table of edge numbers keyed by ``equivalenceKey(_:parent:)``: equal strings
  /// hash alike, so the candidates are the edges with the literal's hash.
  static func equivalentEdge(
    of parent: Int32, _ literal: String, table: UnsafeBufferPointer<Int32>,
    edges: UnsafeBufferPointer<Edge>, bytes: UnsafeBufferPointer<UInt8>
  ) -> Int32? {
    let hash = equivalenceHash(of: literal)
    let mask = table.count - 1
    var place = equivalenceKey(hash, parent: parent) & mask
    while table[place] >= 0 {
      let edge = edges[Int(table[place])]
      if edge.parent == parent, edge.equivalenceHash == hash,
        String(
          decoding: UnsafeBufferPointer(rebasing: bytes[Int(edge.offset)..<Int(edge.offset + edge.length)]),
          as: UTF8.self) == literal
      {
        return table[place]
      }
      place = (place + 1) & mask
    }
    return nil
  }

  /// A hash of `literal` that canonically equivalent strings share: ``NameKey``'s, which hashes
  /// an ASCII literal (nearly every one) by its bytes, about a sixth of the cost of `String`'s
  /// SipHash of its normalized form.
  @inline(__always)
  static func equivalenceHash(of literal: String) -> Int {
    Int(truncatingIfNeeded: NameKey.hash(of: literal))
  }

  /// Where an edge with a literal of equivalence hash `hash` goes in an equivalence table.
  static func equivalenceKey(_ hash: Int, parent: Int32) -> Int {
    Int(truncatingIfNeeded: mix(hash, parent: Int(parent)))
  }

  /// `true` when `bytes`, whose first eight bytes are `bytesPrefix` (made only when the lengths
  /// are equal), are the literal of `length` bytes whose first eight are `prefix` and whose bytes
  /// start at `offset` in `pool` (read only for literals over eight bytes, which are in the pool,
  /// so it is not empty then). The one comparison of a segment with a literal edge, kept in a
  /// slot or in its node.
  @inline(__always)
  private static func isLiteral(
    length: Int, prefix: UInt64, offset: @autoclosure () -> Int32, pool: UnsafeBufferPointer<UInt8>,
    _ bytes: UnsafeBufferPointer<UInt8>, bytesPrefix: @autoclosure () -> UInt64
  ) -> Bool {
    length == bytes.count && prefix == bytesPrefix()
      && (bytes.count <= 8 || equal(pool.baseAddress.unsafelyUnwrapped + Int(offset()), bytes))
  }

  @inline(__always)
  private static func equal(_ lhs: UnsafePointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
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
    if node.literals != .none, let child = literalChild(nodeIndex, segment, bytes),
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
      if query.converts(queryParameters(of: Int(index))) { return index }
    }
    return nil
  }
}

/// The query of a URL as the matcher reads it: whether an entry's query parameters convert.
protocol RouteQuery {
  /// `false` when a value given for one of `parameters` has an invalid escape or does not
  /// convert to its type (so the route fails).
  func converts(_ parameters: UnsafeBufferPointer<RouteTrie.QueryParameter>) -> Bool
}

extension URLQuery: RouteQuery {
  func converts(_ parameters: UnsafeBufferPointer<RouteTrie.QueryParameter>) -> Bool {
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
