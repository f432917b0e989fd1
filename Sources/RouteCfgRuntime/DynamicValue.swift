/// Moving values through `Any?` without traps: casts that report a mismatch, and flattening of
/// optionals that generic code would otherwise box twice.
@usableFromInline
enum DynamicValue {
  /// `value` as a `T`, where `nil` is a valid `T` when `T` is optional.
  @usableFromInline
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

  /// `value` as a `Wrapped?`: a value of exactly `Wrapped` passes with one cast; anything else
  /// (optionals boxed in `Any`, a mismatch to report) takes ``cast(_:to:for:)``.
  @inlinable
  static func castOptional<Wrapped>(_ value: Any?, to type: Wrapped.Type, for member: String) throws
    -> Wrapped?
  {
    guard let value else { return nil }
    if let typed = value as? Wrapped { return typed }
    return try cast(value, to: Wrapped?.self, for: member)
  }

  /// `true` when a value of `type` is or may be an optional: an optional, or a type whose values
  /// can hold one (`Any`, `AnyHashable`, an existential such as `any Sendable`). Decided once per
  /// registration; existentials are known by their name, which this runtime spells with `any `
  /// only for some (`any Hashable` is spelled `Hashable`), so callers that must not miss one
  /// also compare a value's dynamic type with the registered type, which no existential equals.
  @usableFromInline
  static func mayHoldOptional(_ type: Any.Type) -> Bool {
    if isOptional(type) || type == Any.self || type == AnyHashable.self { return true }
    return String(describing: type).hasPrefix("any ")
  }

  /// `true` when values of `type` are optionals, which ``flatten(_:)`` looks into.
  @usableFromInline
  static func isOptional(_ type: Any.Type) -> Bool { type is any OptionalLayer.Type }

  /// The value inside any number of `Optional` layers, or `nil`.
  @usableFromInline
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

/// How the arguments of one parameter type are cast, decided once per method registration.
///
/// A value whose dynamic type is exactly `T` (the common case) passes with one specialised cast:
/// what ``DynamicValue/cast(_:to:for:)`` returns for it too, unless `T` is an optional or
/// `AnyHashable`, whose values may hold optional layers that it looks into, so those take it.
/// No value's dynamic type is an existential, so existential parameters always take it.
@usableFromInline
struct ParameterCast<T> {
  @usableFromInline let member: String
  @usableFromInline let exactPasses: Bool

  @inlinable
  init(_ type: T.Type, for member: String) {
    self.member = member
    exactPasses = !DynamicValue.isOptional(T.self) && T.self != AnyHashable.self
  }

  @inlinable
  func callAsFunction(_ value: Any?) throws -> T {
    if exactPasses, let value, Swift.type(of: value) == T.self, let typed = value as? T { return typed }
    return try DynamicValue.cast(value, to: T.self, for: member)
  }
}
