extension TypeRef {
  /// The Swift standard types member declarations name most often (`Bool`, `Int`, `String`,
  /// `URL`...), in alphabetical order: what an editor offers beside a manifest's protocols.
  public static var standardTypeNames: [String] { SwiftKnownTypeNames.names }
}
