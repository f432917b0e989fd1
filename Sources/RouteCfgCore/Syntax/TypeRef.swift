/// A Swift type as written in a member declaration or a module parameter.
///
/// `()` is read as `Void`, a parenthesised type as the type inside, and `any P` as `P`.
public enum TypeRef: Sendable, Hashable, CustomStringConvertible {
  /// An identifier, possibly dotted (`String`, `NoteInput`, `Foundation.URL`).
  case named(String)
  /// `T?`
  indirect case optional(TypeRef)
  /// `[T]`
  indirect case array(TypeRef)
  /// `[K: V]`
  indirect case dictionary(key: TypeRef, value: TypeRef)
  /// `(T, U) async throws -> V`
  indirect case function(FunctionType)

  /// `Void`, the result of a method without `->`.
  public static let void = TypeRef.named("Void")

  /// The Swift spelling, as a user would write it.
  public var description: String {
    switch self {
    case .named(let name): return name
    case .optional(let wrapped):
      if case .function = wrapped { return "(\(wrapped))?" }
      return "\(wrapped)?"
    case .array(let element): return "[\(element)]"
    case .dictionary(let key, let value): return "[\(key): \(value)]"
    case .function(let function): return function.description
    }
  }

  /// The type without one level of `?`, or `nil` when it is not optional.
  public var unwrappedOptional: TypeRef? {
    if case .optional(let wrapped) = self { return wrapped }
    return nil
  }

  /// `true` for `T?`.
  public var isOptional: Bool { unwrappedOptional != nil }

  /// `true` when the type is, or holds inside optionals and arrays, a function type or a
  /// dictionary: the two shapes of which the validator lets differently written types fit
  /// (closures of other types, dictionaries of other keys) and the dynamic runtime may not convert.
  package var holdsFunctionOrDictionary: Bool {
    switch self {
    case .named: return false
    case .optional(let inner), .array(let inner): return inner.holdsFunctionOrDictionary
    case .dictionary, .function: return true
    }
  }

  /// The type without any of its `?` layers (`String??` → `String`).
  package var withoutOptionals: TypeRef {
    var type = self
    while let wrapped = type.unwrappedOptional { type = wrapped }
    return type
  }

  /// Every named type written in this type, in order, inside optionals, collections and
  /// function types (`[String: Note]?` names `String` and `Note`).
  package var namedTypes: [String] {
    var names: [String] = []
    appendNamedTypes(to: &names)
    return names
  }

  private func appendNamedTypes(to names: inout [String]) {
    switch self {
    case .named(let name): names.append(name)
    case .optional(let inner), .array(let inner): inner.appendNamedTypes(to: &names)
    case .dictionary(let key, let value):
      key.appendNamedTypes(to: &names)
      value.appendNamedTypes(to: &names)
    case .function(let function):
      for parameter in function.parameters { parameter.appendNamedTypes(to: &names) }
      function.result.appendNamedTypes(to: &names)
    }
  }
}

extension TypeRef {
  /// The type with each name `replacement` gives another for replaced (`TimeInterval` by
  /// `Double`), inside optionals, collections and function types.
  package func replacingNames(_ replacement: (String) -> String?) -> TypeRef {
    switch self {
    case .named(let name): return replacement(name).map(TypeRef.named) ?? self
    case .optional(let inner): return .optional(inner.replacingNames(replacement))
    case .array(let inner): return .array(inner.replacingNames(replacement))
    case .dictionary(let key, let value):
      return .dictionary(key: key.replacingNames(replacement), value: value.replacingNames(replacement))
    case .function(var function):
      function.parameters = function.parameters.map { $0.replacingNames(replacement) }
      function.result = function.result.replacingNames(replacement)
      return .function(function)
    }
  }
}

/// A function type: `(Int, String) async throws -> Bool`.
public struct FunctionType: Sendable, Hashable, CustomStringConvertible {
  public var parameters: [TypeRef]
  public var result: TypeRef
  public var isAsync: Bool
  public var isThrowing: Bool

  public init(parameters: [TypeRef], result: TypeRef, isAsync: Bool = false, isThrowing: Bool = false) {
    self.parameters = parameters
    self.result = result
    self.isAsync = isAsync
    self.isThrowing = isThrowing
  }

  public var description: String {
    var text = "(" + parameters.map(\.description).joined(separator: ", ") + ")"
    if isAsync { text += " async" }
    if isThrowing { text += " throws" }
    return text + " -> \(result)"
  }
}

extension TypeRef {
  /// Calls `found` for every dictionary key written in this type that cannot be `Hashable`, in
  /// written order, with what blocks it (``hashableBlocker(_:)``) and the number of named types
  /// written before that in the declaration: `names` counts them as the walk goes, from what the
  /// types written before this one left in it. `[[P]: Int]` and `[Int: [P: Int]]` have one.
  package func forEachUnhashableKey(
    _ isUnhashable: (String) -> Bool, names: inout Int,
    _ found: (_ key: TypeRef, _ blocker: TypeRef, _ namesBefore: Int) -> Void
  ) {
    switch self {
    case .named: names += 1
    case .optional(let inner), .array(let inner):
      inner.forEachUnhashableKey(isUnhashable, names: &names, found)
    case .dictionary(let key, let value):
      if let blocker = key.hashableBlocker(isUnhashable) {
        found(key, blocker.blocker, names + blocker.namesBefore)
      }
      key.forEachUnhashableKey(isUnhashable, names: &names, found)
      value.forEachUnhashableKey(isUnhashable, names: &names, found)
    case .function(let function):
      for parameter in function.parameters {
        parameter.forEachUnhashableKey(isUnhashable, names: &names, found)
      }
      function.result.forEachUnhashableKey(isUnhashable, names: &names, found)
    }
  }

  /// The part of this type that keeps it from being `Hashable`, with the number of named types
  /// written before it in this type: a function type, or a name `isUnhashable` rules out, inside
  /// optionals, arrays and dictionary values (`Any` in `[Item: Any]`, after one name); `nil` when
  /// the type can be (a named type is taken to be unless `isUnhashable` says otherwise, since an
  /// external type's conformances are not known).
  package func hashableBlocker(_ isUnhashable: (String) -> Bool) -> (blocker: TypeRef, namesBefore: Int)? {
    switch self {
    case .named(let name): return isUnhashable(name) ? (self, 0) : nil
    case .optional(let inner), .array(let inner): return inner.hashableBlocker(isUnhashable)
    case .dictionary(let key, let value):
      return value.hashableBlocker(isUnhashable).map { ($0.blocker, key.namedTypes.count + $0.namesBefore) }
    case .function: return (self, 0)
    }
  }
}
