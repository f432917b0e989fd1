/// Bounds that keep hostile YAML from exhausting time, memory or the stack.
public struct YAMLLimits: Sendable, Hashable {
  /// Files larger than this many bytes are refused before they are parsed (and larger than
  /// ``largestReadable`` whatever this says).
  public var maxFileBytes: Int
  /// The deepest allowed nesting of sequences and mappings (also through aliases).
  public var maxDepth: Int
  /// The most nodes that aliases may add when expanded, summed over the file. A scalar counts
  /// one node per ``bytesPerNode`` bytes of text, so that aliasing a long protocol body many
  /// times cannot make the manifest hundreds of times larger than its file.
  public var maxAliasExpansion: Int

  public init(maxFileBytes: Int = 32 << 20, maxDepth: Int = 128, maxAliasExpansion: Int = 1_000_000) {
    self.maxFileBytes = maxFileBytes
    self.maxDepth = maxDepth
    self.maxAliasExpansion = maxAliasExpansion
  }

  /// 32 MiB files, 128 levels of nesting, one million nodes added by aliases.
  public static let standard = YAMLLimits()

  /// The largest file the reader takes, 2 GiB less one byte: the tree's positions and indexes
  /// are 32-bit numbers.
  public static let largestReadable = Int(Int32.max)

  /// How many bytes of a scalar's text count as one node in the alias budget.
  public static let bytesPerNode = 16

  /// A scalar's weight in the alias budget: one node, and one more per ``bytesPerNode`` bytes.
  static func expandedSize(ofScalar value: String) -> Int32 {
    Int32(clamping: 1 + value.utf8.count / bytesPerNode)
  }
}
