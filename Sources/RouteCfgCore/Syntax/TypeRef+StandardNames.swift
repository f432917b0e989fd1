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

extension TypeRef {
  /// The type as Swift reads it, each standard name in one spelling
  /// (``SwiftKnownTypeNames/standardType(of:isProtocol:)``): `Swift.` and `Foundation.` dropped
  /// (`(Swift.String) -> Void` is `(String) -> Void`, `[Swift.String: Int]` is `[String: Int]`)
  /// and aliases read as what they stand for (`(TimeInterval) -> Void` is `(Double) -> Void`),
  /// as the validator's type fit reads them; a name whose bare form the manifest declares as a
  /// protocol (`isProtocol`) keeps its module, since the bare name is that protocol, not the
  /// module's type.
  package func inStandardSpelling(isProtocol: (String) -> Bool) -> TypeRef {
    switch self {
    case .named(let name):
      guard let spelling = SwiftKnownTypeNames.standardType(of: name, isProtocol: isProtocol),
        spelling != name
      else { return self }
      return .named(spelling)
    case .optional(let wrapped): return .optional(wrapped.inStandardSpelling(isProtocol: isProtocol))
    case .array(let element): return .array(element.inStandardSpelling(isProtocol: isProtocol))
    case .dictionary(let key, let value):
      return .dictionary(
        key: key.inStandardSpelling(isProtocol: isProtocol),
        value: value.inStandardSpelling(isProtocol: isProtocol))
    case .function(let function):
      return .function(
        FunctionType(
          parameters: function.parameters.map { $0.inStandardSpelling(isProtocol: isProtocol) },
          result: function.result.inStandardSpelling(isProtocol: isProtocol), isAsync: function.isAsync,
          isThrowing: function.isThrowing))
    }
  }
}
