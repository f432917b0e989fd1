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
    guard let optional = value as? any OptionalLayer else { return value }
    return optional.innermostValue
  }
}

/// An `Optional` seen without its `Wrapped` type, so that a boxed optional can be unwrapped with
/// one conformance check instead of reflection.
private protocol OptionalLayer {
  /// The value inside this and any further `Optional` layers, or `nil`.
  var innermostValue: Any? { get }
}

extension Optional: OptionalLayer {
  fileprivate var innermostValue: Any? {
    guard case .some(let wrapped) = self else { return nil }
    return DynamicValue.flatten(wrapped)
  }
}
