extension TypeRef {
  /// The Swift standard types member declarations name most often (`Bool`, `Int`, `String`,
  /// `URL`...), in alphabetical order: what an editor offers beside a manifest's protocols.
  public static var standardTypeNames: [String] { SwiftKnownTypeNames.names }

  /// `true` for one of ``standardTypeNames``, `Any` or `AnyObject`: names no manifest declares
  /// as a protocol.
  package static func isStandardTypeName(_ name: String) -> Bool { standardNameSet.contains(name) }

  private static let standardNameSet = Set(SwiftKnownTypeNames.names + ["Any", "AnyObject"])

  /// The standard library's types that generated code names (route values, their decoding, the
  /// bridge store, isolation): a protocol of one of these names would hide the library's type
  /// there (RC1001).
  package static let namesGeneratedCodeUses: Set<String> = [
    "AnyObject", "Array", "Bool", "Double", "Error", "Hashable", "Hasher", "Int", "MainActor",
    "ObjectIdentifier", "Range", "Sendable", "String", "Substring", "UInt8", "Unicode", "UTF8", "Void",
  ]

  /// The modules generated code qualifies names with (`Swift.String`, and `RouteCfgRuntime.`
  /// with `--dynamic`): a protocol of one of these names would hide the module there (RC1001).
  package static let modulesGeneratedCodeQualifiesWith: Set<String> = ["Swift", "RouteCfgRuntime"]
}
