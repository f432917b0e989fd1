/// Scalar values that a read of a large file hands over as soon as each is complete, picked by
/// the keys that lead to them from the root mapping: the thread that builds the tree works on them
/// while it waits for libyaml's next events (``YAMLReader/read(_:file:limits:maxDiagnostics:selecting:handOver:whileWaiting:alongside:)``).
///
/// A value is picked where it is written: one that an alias repeats elsewhere is not picked
/// again. Keys are compared by their text, however they are quoted.
package struct YAMLValueSelection: Sendable {
  /// Key paths from the root mapping to the values picked; `nil` matches any key.
  let paths: [[String?]]

  /// At most eight paths, none empty.
  package init(paths: [[String?]]) {
    precondition(paths.count <= 8 && !paths.contains { $0.isEmpty }, "one to eight non-empty key paths")
    self.paths = paths
  }

  /// Every path, as a set of bits (bit `n` for path `n`): what the root mapping can lead to.
  var all: UInt8 { UInt8(truncatingIfNeeded: (1 << paths.count) - 1) }

  /// Of the paths in `matching`, those whose key at `depth` is `key` and that go on below it:
  /// the paths a collection that is the value of `key` can lead to.
  func continuing(_ matching: UInt8, depth: Int, key: String) -> UInt8 {
    var result: UInt8 = 0
    for (index, path) in paths.enumerated() where matching & 1 << index != 0 {
      if path.count > depth + 1, Self.matches(path[depth], key) { result |= 1 << index }
    }
    return result
  }

  /// `true` when one of the paths in `matching` ends at `depth` with `key`: the scalar value of
  /// `key` is picked.
  func ends(_ matching: UInt8, depth: Int, key: String) -> Bool {
    paths.indices.contains { index in
      matching & 1 << index != 0 && paths[index].count == depth + 1 && Self.matches(paths[index][depth], key)
    }
  }

  private static func matches(_ pattern: String?, _ key: String) -> Bool {
    pattern.map { $0 == key } ?? true
  }
}
