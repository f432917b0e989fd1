/// One registered member of a destination type, with its types erased so the registry can
/// check it against the manifest and call it by name.
@usableFromInline
struct MemberEntry {
  @usableFromInline
  enum Kind {
    case property(
      get: @MainActor (AnyObject) throws -> Any?, set: (@MainActor (AnyObject, Any?) throws -> Void)?)
    case method(
      call: @MainActor (AnyObject, [Any?]) throws -> Any?, parameterTypes: [Any.Type], resultType: Any.Type)
  }

  let kind: Kind
  /// The property's value type, or the method's result type.
  let valueType: Any.Type
  /// A property's ``TypedAccessors`` of its value type.
  let typed: AnyObject?
  /// A method registered with a closure that can throw.
  let isThrowing: Bool

  @usableFromInline
  init(kind: Kind, valueType: Any.Type, typed: AnyObject? = nil, isThrowing: Bool = false) {
    self.kind = kind
    self.valueType = valueType
    self.typed = typed
    self.isThrowing = isThrowing
  }

  var isSettable: Bool {
    if case .property(_, let set) = kind { return set != nil }
    return false
  }
}

/// A property's accessors with its value type kept, so that a ``DynamicProperty`` of that type
/// reads and writes it without casts.
@usableFromInline
final class TypedAccessors<Value> {
  let get: @MainActor (AnyObject) throws -> Value
  /// `nil` for a read-only registration.
  let set: (@MainActor (AnyObject, Value) throws -> Void)?

  @usableFromInline
  init(
    get: @escaping @MainActor (AnyObject) throws -> Value,
    set: (@MainActor (AnyObject, Value) throws -> Void)?
  ) {
    self.get = get
    self.set = set
  }
}
