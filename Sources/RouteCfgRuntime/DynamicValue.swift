/// Moving values through `Any?` without traps: casts that report a mismatch, and flattening of
/// optionals that generic code would otherwise box twice.
enum DynamicValue {
  /// `value` as a `T`, where `nil` is a valid `T` when `T` is optional.
  static func cast<T>(_ value: Any?, to type: T.Type, for member: String) throws -> T {
    guard let value = flatten(value) else {
      if let optional = T.self as? any ExpressibleByNilLiteral.Type,
        let none = optional.init(nilLiteral: ()) as? T
      {
        return none
      }
      throw RuntimeError.typeMismatch(member: member, expected: SwiftTypeName.of(T.self), actual: "nil")
    }
    if let typed = value as? T { return typed }
    throw RuntimeError.typeMismatch(
      member: member, expected: SwiftTypeName.of(T.self), actual: SwiftTypeName.of(Swift.type(of: value)))
  }

  /// The value inside any number of `Optional` layers, or `nil`.
  static func flatten(_ value: Any?) -> Any? {
    guard let value else { return nil }
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional else { return value }
    guard let wrapped = mirror.children.first?.value else { return nil }
    return flatten(wrapped)
  }
}
