/// One registered member of a destination type, with its types erased so the registry can
/// check it against the manifest and call it by name.
struct MemberEntry {
  enum Kind {
    case property(
      get: @MainActor (AnyObject) throws -> Any?, set: (@MainActor (AnyObject, Any?) throws -> Void)?)
    case method(
      call: @MainActor (AnyObject, [Any?]) throws -> Any?, parameterTypes: [Any.Type], resultType: Any.Type)
  }

  let kind: Kind
  /// The property's value type, or the method's result type.
  let valueType: Any.Type

  var isSettable: Bool {
    if case .property(_, let set) = kind { return set != nil }
    return false
  }
}
