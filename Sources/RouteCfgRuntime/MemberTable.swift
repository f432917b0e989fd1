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
    entries[name] = MemberEntry(kind: .property(get: Self.getter(keyPath), set: nil), valueType: Value.self)
  }

  /// A settable property.
  @inlinable
  public mutating func property<Value>(_ name: String, _ keyPath: ReferenceWritableKeyPath<Root, Value>) {
    entries[name] = MemberEntry(
      kind: .property(
        get: Self.getter(keyPath),
        set: { object, value in
          try Self.root(object)[keyPath: keyPath] = try DynamicValue.cast(value, to: Value.self, for: name)
        }),
      valueType: Value.self)
  }

  /// A read-only optional property.
  @inlinable
  public mutating func property<Wrapped>(_ name: String, _ keyPath: KeyPath<Root, Wrapped?>) {
    entries[name] = MemberEntry(
      kind: .property(get: Self.optionalGetter(keyPath), set: nil), valueType: Wrapped?.self)
  }

  /// A settable optional property.
  @inlinable
  public mutating func property<Wrapped>(_ name: String, _ keyPath: ReferenceWritableKeyPath<Root, Wrapped?>)
  {
    entries[name] = MemberEntry(
      kind: .property(
        get: Self.optionalGetter(keyPath),
        set: { object, value in
          try Self.root(object)[keyPath: keyPath] = try DynamicValue.castOptional(
            value, to: Wrapped.self, for: name)
        }),
      valueType: Wrapped?.self)
  }

  /// Reads a property as a value without `Optional` layers (`nil` when one is empty). Whether
  /// the type has layers to look into is decided once, here, not on every read.
  @inlinable
  static func getter<Value>(_ keyPath: KeyPath<Root, Value>) -> @MainActor (AnyObject) throws -> Any? {
    if DynamicValue.isOptional(Value.self) {
      return { object in DynamicValue.flatten(try root(object)[keyPath: keyPath]) }
    }
    return { object in try root(object)[keyPath: keyPath] }
  }

  /// ``getter(_:)`` for a property the compiler knows is optional: unwrapped by the type system,
  /// and only a further optional inside is looked into.
  @inlinable
  static func optionalGetter<Wrapped>(
    _ keyPath: KeyPath<Root, Wrapped?>
  ) -> @MainActor (AnyObject) throws -> Any? {
    if DynamicValue.isOptional(Wrapped.self) {
      return { object in DynamicValue.flatten(try root(object)[keyPath: keyPath]) }
    }
    return { object in try root(object)[keyPath: keyPath].map { $0 } }
  }

  /// A method without arguments.
  public mutating func method<Result>(
    _ fullName: String, _ body: @escaping @MainActor (Root) throws -> Result
  ) {
    add(fullName, parameters: [], result: Result.self) { root, _ in try body(root) }
  }

  /// A method with one argument.
  public mutating func method<A, Result>(
    _ fullName: String, _ body: @escaping @MainActor (Root, A) throws -> Result
  ) {
    add(fullName, parameters: [A.self], result: Result.self) { root, arguments in
      try body(root, DynamicValue.cast(arguments[0], to: A.self, for: fullName))
    }
  }

  /// A method with two arguments.
  public mutating func method<A, B, Result>(
    _ fullName: String, _ body: @escaping @MainActor (Root, A, B) throws -> Result
  ) {
    add(fullName, parameters: [A.self, B.self], result: Result.self) { root, arguments in
      try body(
        root, DynamicValue.cast(arguments[0], to: A.self, for: fullName),
        DynamicValue.cast(arguments[1], to: B.self, for: fullName))
    }
  }

  /// A method with three arguments.
  public mutating func method<A, B, C, Result>(
    _ fullName: String, _ body: @escaping @MainActor (Root, A, B, C) throws -> Result
  ) {
    add(fullName, parameters: [A.self, B.self, C.self], result: Result.self) { root, arguments in
      try body(
        root, DynamicValue.cast(arguments[0], to: A.self, for: fullName),
        DynamicValue.cast(arguments[1], to: B.self, for: fullName),
        DynamicValue.cast(arguments[2], to: C.self, for: fullName))
    }
  }

  /// A method with four arguments.
  public mutating func method<A, B, C, D, Result>(
    _ fullName: String, _ body: @escaping @MainActor (Root, A, B, C, D) throws -> Result
  ) {
    add(fullName, parameters: [A.self, B.self, C.self, D.self], result: Result.self) { root, arguments in
      try body(
        root, DynamicValue.cast(arguments[0], to: A.self, for: fullName),
        DynamicValue.cast(arguments[1], to: B.self, for: fullName),
        DynamicValue.cast(arguments[2], to: C.self, for: fullName),
        DynamicValue.cast(arguments[3], to: D.self, for: fullName))
    }
  }

  /// A method with five arguments.
  public mutating func method<A, B, C, D, E, Result>(
    _ fullName: String, _ body: @escaping @MainActor (Root, A, B, C, D, E) throws -> Result
  ) {
    add(fullName, parameters: [A.self, B.self, C.self, D.self, E.self], result: Result.self) {
      root, arguments in
      try body(
        root, DynamicValue.cast(arguments[0], to: A.self, for: fullName),
        DynamicValue.cast(arguments[1], to: B.self, for: fullName),
        DynamicValue.cast(arguments[2], to: C.self, for: fullName),
        DynamicValue.cast(arguments[3], to: D.self, for: fullName),
        DynamicValue.cast(arguments[4], to: E.self, for: fullName))
    }
  }

  /// A method with six arguments.
  public mutating func method<A, B, C, D, E, F, Result>(
    _ fullName: String, _ body: @escaping @MainActor (Root, A, B, C, D, E, F) throws -> Result
  ) {
    add(fullName, parameters: [A.self, B.self, C.self, D.self, E.self, F.self], result: Result.self) {
      root, arguments in
      try body(
        root, DynamicValue.cast(arguments[0], to: A.self, for: fullName),
        DynamicValue.cast(arguments[1], to: B.self, for: fullName),
        DynamicValue.cast(arguments[2], to: C.self, for: fullName),
        DynamicValue.cast(arguments[3], to: D.self, for: fullName),
        DynamicValue.cast(arguments[4], to: E.self, for: fullName),
        DynamicValue.cast(arguments[5], to: F.self, for: fullName))
    }
  }

  private mutating func add<Result>(
    _ fullName: String, parameters: [Any.Type], result: Result.Type,
    _ call: @escaping @MainActor (Root, [Any?]) throws -> Result
  ) {
    let count = parameters.count
    entries[fullName] = MemberEntry(
      kind: .method(
        call: { object, arguments in
          guard arguments.count == count else {
            throw RuntimeError.argumentCount(member: fullName, expected: count, actual: arguments.count)
          }
          return DynamicValue.flatten(try call(Self.root(object), arguments))
        },
        parameterTypes: parameters, resultType: Result.self),
      valueType: Result.self)
  }

  @inlinable
  static func root(_ object: AnyObject) throws -> Root {
    guard let root = object as? Root else {
      throw RuntimeError.typeMismatch(
        member: "self", expected: SwiftTypeName.of(Root.self), actual: SwiftTypeName.of(type(of: object)))
    }
    return root
  }
}
