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

  @usableFromInline
  init(kind: Kind, valueType: Any.Type) {
    self.kind = kind
    self.valueType = valueType
  }

  var isSettable: Bool {
    if case .property(_, let set) = kind { return set != nil }
    return false
  }
}
