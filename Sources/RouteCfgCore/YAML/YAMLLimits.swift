/// Bounds that keep hostile YAML from exhausting time, memory or the stack.
public struct YAMLLimits: Sendable, Hashable {
  /// Files larger than this many bytes are refused before they are parsed.
  public var maxFileBytes: Int
  /// The deepest allowed nesting of sequences and mappings (also through aliases).
  public var maxDepth: Int
  /// The most nodes that aliases may add when expanded, summed over the file.
  public var maxAliasExpansion: Int

  public init(maxFileBytes: Int = 32 << 20, maxDepth: Int = 128, maxAliasExpansion: Int = 1_000_000) {
    self.maxFileBytes = maxFileBytes
    self.maxDepth = maxDepth
    self.maxAliasExpansion = maxAliasExpansion
  }

  /// 32 MiB files, 128 levels of nesting, one million nodes added by aliases.
  public static let standard = YAMLLimits()
}
