/// The standard types that member bodies name most often. Parsing shares their names, and the
/// `T?` and `[T]` types made of them, instead of building new ones each time: an indirect
/// enum case is an immutable box, so sharing one is the same as making an equal one.
package enum SwiftKnownTypeNames {
  /// The names, in the order of their indices.
  static let names = [
    "Bool", "Character", "Data", "Date", "Decimal", "Double", "Error", "Float", "Int", "Int8", "Int16",
    "Int32", "Int64", "Never", "Result", "String", "Substring", "TimeInterval", "UInt", "UInt8", "UInt16",
    "UInt32", "UInt64", "URL", "UUID", "Void",
  ]

  /// `name` without the `Swift.` or `Foundation.` written before it (`Foundation.Data` →
  /// `Data`), or `nil` when it has neither: the standard library's and Foundation's types under
  /// their qualified names, which Swift reads as the bare ones (unless the manifest declares a
  /// protocol of the bare name, which callers check).
  package static func withoutStandardModule(_ name: String) -> Substring? {
    switch name.utf8.first {
    case UInt8(ascii: "S"): return name.hasPrefix("Swift.") ? name.dropFirst(6) : nil
    case UInt8(ascii: "F"): return name.hasPrefix("Foundation.") ? name.dropFirst(11) : nil
    default: return nil
    }
  }

  /// Type aliases of the standard library and Foundation, by the names a manifest may write
  /// them with, and the types they stand for: Swift reads `TimeInterval` as `Double`, so the
  /// validator and the dynamic runtime compare them as the same type.
  package static let standardAliases: [String: String] = [
    "TimeInterval": "Double", "Foundation.TimeInterval": "Double",
    "Float64": "Double", "Swift.Float64": "Double",
    "Float32": "Float", "Swift.Float32": "Float",
    "UnicodeScalar": "Unicode.Scalar", "Swift.UnicodeScalar": "Unicode.Scalar",
  ]

  /// The standard type `name` writes, in one spelling, when it is written with `Swift.` or
  /// `Foundation.` or as a standard alias: `Data` for `Foundation.Data`, `Double` for
  /// `TimeInterval`; `nil` for any other name. (A caller checks that the manifest declares no
  /// protocol of the name, which a bare name then means.)
  package static func standardSpelling(of name: String) -> String? {
    standardAliases[name] ?? withoutStandardModule(name).map(String.init)
  }

  /// The type `name` stands for, in one spelling (`Data` for `Foundation.Data`, `Double` for
  /// `TimeInterval`, any other name as it is); `nil` when it, or that spelling, is one of the
  /// manifest's protocols (`isProtocol`), which a bare name then means (`Calendar` declared
  /// beside `Foundation.Calendar`).
  package static func standardType(of name: String, isProtocol: (String) -> Bool) -> String? {
    guard !isProtocol(name) else { return nil }
    let spelling = standardSpelling(of: name) ?? name
    return isProtocol(spelling) ? nil : spelling
  }

  /// `true` for a name of ``names`` that is not a protocol: `Int.Protocol` is no type (Swift:
  /// "cannot use 'Protocol' with non-protocol type 'Int'"), where `Error.Protocol` is one.
  package static func isConcrete(_ name: String) -> Bool {
    name != "Error" && names.contains(name)
  }

  /// `true` when `name.Protocol` names no type: `name` is a standard type that is not a
  /// protocol (``isConcrete(_:)``), also written `Swift.Int`, or a metatype (`Int.Type`,
  /// `P.Protocol`), which no type is a protocol of.
  package static func cannotHaveProtocolMetatype(_ name: String) -> Bool {
    let unqualified = name.hasPrefix("Swift.") ? String(name.dropFirst(6)) : name
    return isConcrete(unqualified) || MetatypeName.isMetatype(name)
  }

  /// The table that matches words to the indices of the names.
  static let table = SwiftWordTable<Int>(names.enumerated().map { ($0.element, $0.offset) })

  /// For each name, `T?`.
  static let optionals = names.map { TypeRef.optional(.named($0)) }

  /// For each name, `[T]`.
  static let arrays = names.map { TypeRef.array(.named($0)) }

  /// For each pair of names, `[K: V]`, at `key * names.count + value` (``dictionary(_:_:)``).
  private static let dictionaries = names.flatMap { key in
    names.map { TypeRef.dictionary(key: .named(key), value: .named($0)) }
  }

  /// `[K: V]` for the names at `key` and `value`, shared: `[String: Int]` is written in body
  /// after body.
  static func dictionary(_ key: Int, _ value: Int) -> TypeRef {
    dictionaries[key * names.count + value]
  }
}
