extension TypeRef {
  /// The Swift standard types member declarations name most often (`Bool`, `Int`, `String`,
  /// `URL`...), in alphabetical order: what an editor offers beside a manifest's protocols.
  public static var standardTypeNames: [String] { SwiftKnownTypeNames.names }

  /// `true` for one of ``standardTypeNames``, `Any` or `AnyObject`: names no manifest declares
  /// as a protocol.
  package static func isStandardTypeName(_ name: String) -> Bool { standardNameSet.contains(name) }

  private static let standardNameSet = Set(SwiftKnownTypeNames.names + ["Any", "AnyObject"])
}
