/// The members of one destination type, as key paths and closures, by the names the manifest
/// gives them: a property by its name (`notifyString`), a method by its full name
/// (`highlight(range:animated:)`, `didLogin()`).
///
/// ```swift
/// var table = MemberTable(for: LoginViewController.self)
/// table.property("notifyString", \.notifyString)          // settable: a writable key path
/// table.property("delegate", \.delegate)
/// table.method("login()") { controller in controller.login() }
/// ```
@MainActor
public struct MemberTable<Root> {
  @usableFromInline var entries: [String: MemberEntry] = [:]

  public init(for type: Root.Type = Root.self) {}

  // The property registrations are inlinable so that their accessors are specialised for the
  // registering module's concrete types: no generic metadata or casts are looked up per access.

  /// A read-only property.
  @inlinable
  public mutating func property<Value>(_ name: String, _ keyPath: KeyPath<Root, Value>) {
    add(name, get: { $0[keyPath: keyPath] }, set: nil)
  }

  /// A settable property.
  @inlinable
  public mutating func property<Value>(_ name: String, _ keyPath: ReferenceWritableKeyPath<Root, Value>) {
    add(name, get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 })
  }

  /// A read-only optional property.
  @inlinable
  public mutating func property<Wrapped>(_ name: String, _ keyPath: KeyPath<Root, Wrapped?>) {
    addOptional(name, get: { $0[keyPath: keyPath] }, set: nil)
  }

  /// A settable optional property.
  @inlinable
  public mutating func property<Wrapped>(_ name: String, _ keyPath: ReferenceWritableKeyPath<Root, Wrapped?>)
  {
    addOptional(name, get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 })
  }

  /// A property read and, when `set` is given, written by closures instead of a key path:
  /// `table.property("title", get: { $0.title }, set: { $0.title = $1 })`. Closures skip the
  /// Swift runtime's key path machinery, which is most of the cost of a dynamic access;
  /// `routecfg generate --dynamic` registers its members this way.
  @inlinable
  public mutating func property<Value>(
    _ name: String, get: @escaping @MainActor (Root) -> Value, set: (@MainActor (Root, Value) -> Void)? = nil
  ) {
    add(name, get: get, set: set)
  }

  /// ``property(_:get:set:)`` for an optional property.
  @inlinable
  public mutating func property<Wrapped>(
    _ name: String, get: @escaping @MainActor (Root) -> Wrapped?,
    set: (@MainActor (Root, Wrapped?) -> Void)? = nil
  ) {
    addOptional(name, get: get, set: set)
  }

  /// Registers a property: type-erased accessors for access by name (values read without
  /// `Optional` layers, values written checked against `Value`) and the typed ones for
  /// ``DynamicProperty``. Whether values of `Value` can hold optional layers is decided once, here.
  @inlinable
  mutating func add<Value>(
    _ name: String, get: @escaping @MainActor (Root) -> Value, set: (@MainActor (Root, Value) -> Void)?
  ) {
    let read: @MainActor (AnyObject) throws -> Any?
    if DynamicValue.mayHoldOptional(Value.self) {
      read = { object in DynamicValue.flatten(get(try Self.root(object))) }
    } else {
      read = { object in get(try Self.root(object)) }
    }
    // Typed access returns what access by name returns only for a value that is no optional and
    // cannot hold one.
    store(name, get: get, set: set, read: read, typed: !DynamicValue.mayHoldOptional(Value.self)) {
      try DynamicValue.cast($0, to: Value.self, for: name)
    }
  }

  /// ``add(_:get:set:)`` for a property the compiler knows is optional: unwrapped by the type
  /// system, so only a further optional inside is looked into.
  @inlinable
  mutating func addOptional<Wrapped>(
    _ name: String, get: @escaping @MainActor (Root) -> Wrapped?, set: (@MainActor (Root, Wrapped?) -> Void)?
  ) {
    let read: @MainActor (AnyObject) throws -> Any?
    if DynamicValue.mayHoldOptional(Wrapped.self) {
      read = { object in DynamicValue.flatten(get(try Self.root(object))) }
    } else {
      read = { object in
        guard let value = get(try Self.root(object)) else { return nil }
        return value
      }
    }
    // `nil` reads as `nil` both ways; a `Wrapped` that is or may hold an optional would not.
    store(name, get: get, set: set, read: read, typed: !DynamicValue.mayHoldOptional(Wrapped.self)) {
      try DynamicValue.castOptional($0, to: Wrapped.self, for: name)
    }
  }

  /// Stores a property's entry: `read` for access by name, writes checked by `cast`, and typed
  /// accessors when `typed`.
  @inlinable
  mutating func store<Value>(
    _ name: String, get: @escaping @MainActor (Root) -> Value, set: (@MainActor (Root, Value) -> Void)?,
    read: @escaping @MainActor (AnyObject) throws -> Any?, typed: Bool,
    cast: @escaping @MainActor (Any?) throws -> Value
  ) {
    var write: (@MainActor (AnyObject, Any?) throws -> Void)?
    var typedWrite: (@MainActor (AnyObject, Value) throws -> Void)?
    if let set {
      write = { object, value in set(try Self.root(object), try cast(value)) }
      typedWrite = { object, value in set(try Self.root(object), value) }
    }
    let accessors =
      typed ? TypedAccessors(get: { object in get(try Self.root(object)) }, set: typedWrite) : nil
    entries[name] = MemberEntry(
      kind: .property(get: read, set: write), valueType: Value.self, typed: accessors)
  }

  // Each arity has two registrations: a closure that cannot throw, for a member the manifest
  // declares without `throws` (Swift picks it for a closure that does not throw), and one that
  // can, which the registry accepts only for a member declared `throws` (a throwing
  // implementation of a non-throwing member would fail at first use, not at build).

  /// A method without arguments.
  @inlinable
  public mutating func method<Result>(
    _ fullName: String, _ body: @escaping @MainActor (Root) -> Result
  ) {
    method(fullName, isThrowing: false, body)
  }

  /// A method without arguments that throws.
  @inlinable
  public mutating func method<Result>(
    _ fullName: String, _ body: @escaping @MainActor (Root) throws -> Result
  ) {
    method(fullName, isThrowing: true, body)
  }

  @inlinable
  mutating func method<Result>(
    _ fullName: String, isThrowing: Bool, _ body: @escaping @MainActor (Root) throws -> Result
  ) {
    add(fullName, parameters: [], result: Result.self, isThrowing: isThrowing) { root, arguments in
      try body(root)
    }
  }

  /// A method with one argument.
  @inlinable
  public mutating func method<A, Result>(
    _ fullName: String, _ body: @escaping @MainActor (Root, A) -> Result
  ) {
    method(fullName, isThrowing: false, body)
  }

  /// A method with one argument that throws.
  @inlinable
  public mutating func method<A, Result>(
    _ fullName: String, _ body: @escaping @MainActor (Root, A) throws -> Result
  ) {
    method(fullName, isThrowing: true, body)
  }

  @inlinable
  mutating func method<A, Result>(
    _ fullName: String, isThrowing: Bool, _ body: @escaping @MainActor (Root, A) throws -> Result
  ) {
    let a = ParameterCast(A.self, for: fullName)
    add(fullName, parameters: [A.self], result: Result.self, isThrowing: isThrowing) { root, arguments in
      try body(root, a(arguments[0]))
    }
  }

  /// A method with two arguments.
  @inlinable
  public mutating func method<A, B, Result>(
    _ fullName: String, _ body: @escaping @MainActor (Root, A, B) -> Result
  ) {
    method(fullName, isThrowing: false, body)
  }

  /// A method with two arguments that throws.
  @inlinable
  public mutating func method<A, B, Result>(
    _ fullName: String, _ body: @escaping @MainActor (Root, A, B) throws -> Result
  ) {
    method(fullName, isThrowing: true, body)
  }

  @inlinable
  mutating func method<A, B, Result>(
    _ fullName: String, isThrowing: Bool, _ body: @escaping @MainActor (Root, A, B) throws -> Result
  ) {
    let a = ParameterCast(A.self, for: fullName)
    let b = ParameterCast(B.self, for: fullName)
    add(fullName, parameters: [A.self, B.self], result: Result.self, isThrowing: isThrowing) {
      root, arguments in
      try body(root, a(arguments[0]), b(arguments[1]))
    }
  }

  /// A method with three arguments.
  @inlinable
  public mutating func method<A, B, C, Result>(
    _ fullName: String, _ body: @escaping @MainActor (Root, A, B, C) -> Result
  ) {
    method(fullName, isThrowing: false, body)
  }

  /// A method with three arguments that throws.
  @inlinable
  public mutating func method<A, B, C, Result>(
    _ fullName: String, _ body: @escaping @MainActor (Root, A, B, C) throws -> Result
  ) {
    method(fullName, isThrowing: true, body)
  }

  @inlinable
  mutating func method<A, B, C, Result>(
    _ fullName: String, isThrowing: Bool, _ body: @escaping @MainActor (Root, A, B, C) throws -> Result
  ) {
    let a = ParameterCast(A.self, for: fullName)
    let b = ParameterCast(B.self, for: fullName)
    let c = ParameterCast(C.self, for: fullName)
    add(fullName, parameters: [A.self, B.self, C.self], result: Result.self, isThrowing: isThrowing) {
      root, arguments in
      try body(root, a(arguments[0]), b(arguments[1]), c(arguments[2]))
    }
  }

  /// A method with four arguments.
  @inlinable
  public mutating func method<A, B, C, D, Result>(
    _ fullName: String, _ body: @escaping @MainActor (Root, A, B, C, D) -> Result
  ) {
    method(fullName, isThrowing: false, body)
  }

  /// A method with four arguments that throws.
  @inlinable
  public mutating func method<A, B, C, D, Result>(
    _ fullName: String, _ body: @escaping @MainActor (Root, A, B, C, D) throws -> Result
  ) {
    method(fullName, isThrowing: true, body)
  }

  @inlinable
  mutating func method<A, B, C, D, Result>(
    _ fullName: String, isThrowing: Bool, _ body: @escaping @MainActor (Root, A, B, C, D) throws -> Result
  ) {
    let a = ParameterCast(A.self, for: fullName)
    let b = ParameterCast(B.self, for: fullName)
    let c = ParameterCast(C.self, for: fullName)
    let d = ParameterCast(D.self, for: fullName)
    add(fullName, parameters: [A.self, B.self, C.self, D.self], result: Result.self, isThrowing: isThrowing) {
      root, arguments in
      try body(root, a(arguments[0]), b(arguments[1]), c(arguments[2]), d(arguments[3]))
    }
  }

  /// A method with five arguments.
  @inlinable
  public mutating func method<A, B, C, D, E, Result>(
    _ fullName: String, _ body: @escaping @MainActor (Root, A, B, C, D, E) -> Result
  ) {
    method(fullName, isThrowing: false, body)
  }

  /// A method with five arguments that throws.
  @inlinable
  public mutating func method<A, B, C, D, E, Result>(
    _ fullName: String, _ body: @escaping @MainActor (Root, A, B, C, D, E) throws -> Result
  ) {
    method(fullName, isThrowing: true, body)
  }

  @inlinable
  mutating func method<A, B, C, D, E, Result>(
    _ fullName: String, isThrowing: Bool, _ body: @escaping @MainActor (Root, A, B, C, D, E) throws -> Result
  ) {
    let a = ParameterCast(A.self, for: fullName)
    let b = ParameterCast(B.self, for: fullName)
    let c = ParameterCast(C.self, for: fullName)
    let d = ParameterCast(D.self, for: fullName)
    let e = ParameterCast(E.self, for: fullName)
    add(
      fullName, parameters: [A.self, B.self, C.self, D.self, E.self], result: Result.self,
      isThrowing: isThrowing
    ) { root, arguments in
      try body(root, a(arguments[0]), b(arguments[1]), c(arguments[2]), d(arguments[3]), e(arguments[4]))
    }
  }

  /// A method with six arguments.
  @inlinable
  public mutating func method<A, B, C, D, E, F, Result>(
    _ fullName: String, _ body: @escaping @MainActor (Root, A, B, C, D, E, F) -> Result
  ) {
    method(fullName, isThrowing: false, body)
  }

  /// A method with six arguments that throws.
  @inlinable
  public mutating func method<A, B, C, D, E, F, Result>(
    _ fullName: String, _ body: @escaping @MainActor (Root, A, B, C, D, E, F) throws -> Result
  ) {
    method(fullName, isThrowing: true, body)
  }

  @inlinable
  mutating func method<A, B, C, D, E, F, Result>(
    _ fullName: String, isThrowing: Bool,
    _ body: @escaping @MainActor (Root, A, B, C, D, E, F) throws -> Result
  ) {
    let a = ParameterCast(A.self, for: fullName)
    let b = ParameterCast(B.self, for: fullName)
    let c = ParameterCast(C.self, for: fullName)
    let d = ParameterCast(D.self, for: fullName)
    let e = ParameterCast(E.self, for: fullName)
    let f = ParameterCast(F.self, for: fullName)
    add(
      fullName, parameters: [A.self, B.self, C.self, D.self, E.self, F.self], result: Result.self,
      isThrowing: isThrowing
    ) { root, arguments in
      try body(
        root, a(arguments[0]), b(arguments[1]), c(arguments[2]), d(arguments[3]), e(arguments[4]),
        f(arguments[5]))
    }
  }

  /// Registers a method: its call by name, checking the argument count, with the result read
  /// without `Optional` layers. Inlinable, as the property registrations are, so that the casts
  /// of the arguments (``ParameterCast``) and of the object are specialised for the registering
  /// module's types; a result of a type that cannot hold optional layers is not looked into.
  @inlinable
  mutating func add<Result>(
    _ fullName: String, parameters: [Any.Type], result: Result.Type, isThrowing: Bool,
    _ call: @escaping @MainActor (Root, [Any?]) throws -> Result
  ) {
    let count = parameters.count
    let flattensResult = DynamicValue.mayHoldOptional(Result.self)
    entries[fullName] = MemberEntry(
      kind: .method(
        call: { object, arguments in
          guard arguments.count == count else {
            throw RuntimeError.argumentCount(member: fullName, expected: count, actual: arguments.count)
          }
          let result = try call(Self.root(object), arguments)
          // A result of exactly `Result`, a type that cannot hold optionals, is looked into for
          // none; an existential's (no value is of exactly that type) always is. (`as Any`: in
          // generic code `type(of:)` of an existential is the existential itself.)
          if !flattensResult, Swift.type(of: result as Any) == Result.self { return result }
          return DynamicValue.flatten(result)
        },
        parameterTypes: parameters, resultType: Result.self),
      valueType: Result.self, isThrowing: isThrowing)
  }

  @inlinable
  static func root(_ object: AnyObject) throws -> Root {
    // Not a value refused but the object itself (a factory that made another type): said so,
    // rather than as a member that takes the protocol.
    guard let root = object as? Root else {
      let name = SwiftTypeName.of(Root.self)
      throw RuntimeError.wrongDestinationType(
        protocolName: name, requested: name, actual: SwiftTypeName.of(type(of: object)))
    }
    return root
  }
}
