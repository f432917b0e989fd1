import RouteCfgCore

/// Checks a value against a member's declared type where no member table's Swift types can, for
/// objects that answer members themselves (``SelfDescribingMembers``, such as recording mocks).
///
/// Only types made of standard concrete types are checked (`String?`, `[Int]`, `[String: Double]`):
/// a named type the runtime cannot see through (a protocol, a type of the app) or a function type
/// accepts any value, since its spelling says nothing about whether a value conforms.
enum DeclaredValueCheck {
  /// `true` when `value` may be stored in a member declared `declared`.
  static func accepts(_ value: Any?, as declared: TypeRef) -> Bool {
    guard let value = DynamicValue.flatten(value) else { return isOptional(declared) }
    let unwrapped = declared.withoutOptionals
    guard isCheckable(unwrapped) else { return true }
    return SwiftTypeName.matches(type(of: value), unwrapped)
  }

  /// Throws a type mismatch naming `member` when `value` does not fit `declared`: a value the
  /// object's own types cannot check (a mock's).
  static func check(_ value: Any?, declared: TypeRef, member: String) throws {
    guard accepts(value, as: declared) else {
      throw RuntimeError.typeMismatch(
        member: member, expected: declared.description, actual: typeName(of: value))
    }
  }

  /// Throws a type mismatch naming `member`, with the type the caller declared, for a value that
  /// cannot cross an adapter as the caller declared it: `nil` for a type that cannot hold it
  /// (converted, `nil` for a `String` would pass as the target's `String?`; a protocol the
  /// manifest declares, `isProtocol`, refines `AnyObject` and holds none either, also as an
  /// array's element or a dictionary's value), or a value that is not a standard scalar
  /// (`String`, `Int`, `Double`, `Bool`...) declared as one. Other values are checked where they
  /// arrive, by Swift's casts, which take more than their spelling says (an `[Int]` for an
  /// `[Int?]`); a scalar is one cast, as the target's would be.
  static func checkCrossing(
    _ value: Any?, declared: TypeRef, member: String, isProtocol: (String) -> Bool
  ) throws {
    guard let value = DynamicValue.flatten(value) else {
      guard isOptional(declared), !isProtocolName(declared, isProtocol) else {
        throw RuntimeError.typeMismatch(member: member, expected: declared.description, actual: "nil")
      }
      return
    }
    let unwrapped = declared.unwrappedOptional ?? declared
    if hasProtocolElement(unwrapped, isProtocol), holdsNilForAProtocol(value, declared: unwrapped, isProtocol)
    {
      throw RuntimeError.typeMismatch(
        member: member, expected: declared.description, actual: typeName(of: value))
    }
    guard case .named(let name) = unwrapped, let isScalar = scalars[name], !isScalar(value) else { return }
    throw RuntimeError.typeMismatch(
      member: member, expected: declared.description, actual: typeName(of: value))
  }

  /// Whether an array's element or a dictionary's value, at any depth, is a protocol of the
  /// manifest that is not optional.
  private static func hasProtocolElement(_ type: TypeRef, _ isProtocol: (String) -> Bool) -> Bool {
    switch type {
    case .array(let element), .dictionary(_, let element):
      return isProtocolName(element, isProtocol)
        || hasProtocolElement(element.unwrappedOptional ?? element, isProtocol)
    default: return false
    }
  }

  /// `true` for a bare name of a protocol the manifest declares.
  private static func isProtocolName(_ type: TypeRef, _ isProtocol: (String) -> Bool) -> Bool {
    if case .named(let name) = type { return isProtocol(name) }
    return false
  }

  /// Whether an array or dictionary holds `nil` where `declared` has a protocol of the manifest
  /// (`[Observer]`, `[String: Observer]`, nested ones too), which cannot hold it. Called only for
  /// a type with such a place (``hasProtocolElement(_:_:)``: an `[Int]` is not copied to be
  /// looked at), which its elements' type then has too.
  private static func holdsNilForAProtocol(_ value: Any, declared: TypeRef, _ isProtocol: (String) -> Bool)
    -> Bool
  {
    let element: TypeRef
    let elements: [Any?]
    switch declared {
    case .array(let declaredElement):
      guard let array = value as? [Any?] else { return false }
      (element, elements) = (declaredElement, array)
    case .dictionary(_, let declaredValue):
      guard let dictionary = value as? [AnyHashable: Any?] else { return false }
      (element, elements) = (declaredValue, Array(dictionary.values))
    default: return false
    }
    let elementIsProtocol = isProtocolName(element, isProtocol)
    let inner = element.unwrappedOptional ?? element
    return elements.contains { item in
      guard let item = DynamicValue.flatten(item) else { return elementIsProtocol }
      return holdsNilForAProtocol(item, declared: inner, isProtocol)
    }
  }

  /// The standard scalar types, each with the test of a value of it.
  private static let scalars: [String: @Sendable (Any) -> Bool] = {
    let types: [String: @Sendable (Any) -> Bool] = [
      "String": { $0 is String }, "Int": { $0 is Int }, "Double": { $0 is Double }, "Bool": { $0 is Bool },
      "Float": { $0 is Float }, "Character": { $0 is Character }, "Int64": { $0 is Int64 },
      "Int32": { $0 is Int32 }, "UInt": { $0 is UInt }, "UInt8": { $0 is UInt8 },
    ]
    // The standard aliases of these types, tested as the types they stand for.
    return types.merging(SwiftKnownTypeNames.standardAliases.compactMapValues { types[$0] }) { first, _ in
      first
    }
  }()

  /// The name of the type of `value` as mismatches name it; `nil` for none.
  static func typeName(of value: Any?) -> String {
    DynamicValue.flatten(value).map { SwiftTypeName.of(type(of: $0)) } ?? "nil"
  }

  /// `nil` fits an optional, and the types whose values may hold one.
  private static func isOptional(_ declared: TypeRef) -> Bool {
    if declared.isOptional { return true }
    guard case .named(let name) = declared else { return false }
    return !concreteNames.contains(name)
  }

  /// Whether the type is built only of concrete standard types, so that its spelling decides.
  private static func isCheckable(_ type: TypeRef) -> Bool {
    switch type {
    case .named(let name): return concreteNames.contains(name)
    case .optional(let inner), .array(let inner): return isCheckable(inner)
    case .dictionary(let key, let value): return isCheckable(key) && isCheckable(value)
    case .function: return false
    }
  }

  /// Standard library and Foundation value types, which no other type can stand in for.
  private static let concreteNames: Set<String> = {
    let names: Set<String> = [
      "String", "Substring", "Character", "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8",
      "UInt16", "UInt32", "UInt64", "Double", "Float", "Void", "URL", "Date", "Data", "UUID",
    ]
    // The standard aliases of these types, compared as the types they stand for.
    return names.union(SwiftKnownTypeNames.standardAliases.filter { names.contains($0.value) }.keys)
  }()
}
