/// Values kept for some of a tree's nodes, by node: the nodes in increasing order beside their
/// values, found by binary search, which costs a fraction of hashing a node for a dictionary.
/// Nodes mostly come in increasing order (as a tree is read), and each of those is appended
/// without a search.
struct NodeOrderedValues<Value: Sendable>: Sendable {
  private var nodes: [Int32] = []
  private var values: [Value] = []

  /// How many nodes have a value.
  var count: Int { values.count }

  /// The value of `node`, if it has one.
  subscript(node: Int32) -> Value? {
    let position = firstPosition(notBefore: node)
    return position < nodes.count && nodes[position] == node ? values[position] : nil
  }

  /// Gives `node` the value `value`, in place of any it had.
  mutating func set(_ value: Value, for node: Int32) {
    let position = firstPosition(notBefore: node)
    if position < nodes.count, nodes[position] == node {
      values[position] = value
    } else {
      nodes.insert(node, at: position)
      values.insert(value, at: position)
    }
  }

  /// Gives each node of `other` its value there.
  mutating func take(_ other: NodeOrderedValues) {
    nodes.reserveCapacity(nodes.count + other.nodes.count)
    values.reserveCapacity(values.count + other.values.count)
    for (node, value) in zip(other.nodes, other.values) { set(value, for: node) }
  }

  /// The position of the first node at or after `node` (the end when there is none).
  private func firstPosition(notBefore node: Int32) -> Int {
    guard let last = nodes.last, last >= node else { return nodes.count }
    return nodes.endOfPrefix { $0 < node }
  }
}
