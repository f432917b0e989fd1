/// A property of a destination found once by its manifest name, then read and written with its
/// Swift type and no name lookups:
///
/// ```swift
/// let message = try login.property("message", as: String?.self)
/// try message.set("Please log in")  // reaches notifyString through the adapter
/// let text = try message.get()  // String?
/// ```
///
/// Making one throws what reading the property by name would throw for the name (a member the
/// protocol does not declare, or one that is a method). Reads and writes then throw what access
/// by name throws: writing a read-only property, a `nil` step of a key path, a conversion the
/// dynamic runtime cannot make. A property reached directly or through a renaming adapter, whose
/// registered type is `Value`, is read and written straight through its member table entry;
/// anything else (key paths, values converted between protocols) goes through access by name.
@MainActor
public struct DynamicProperty<Value> {
  /// The property's name in the destination's protocol.
  public let name: String
  private let read: @MainActor () throws -> Value
  private let write: @MainActor (Value) throws -> Void
  /// What must live as long as the property: the destination it came from, which keeps alive
  /// what it handed over (proxies its object holds weakly).
  private let owner: AnyObject?

  init(
    name: String, read: @escaping @MainActor () throws -> Value,
    write: @escaping @MainActor (Value) throws -> Void, keeping owner: AnyObject? = nil
  ) {
    self.name = name
    self.read = read
    self.write = write
    self.owner = owner
  }

  /// Reads the property.
  public func get() throws -> Value { try read() }

  /// Writes the property.
  public func set(_ value: Value) throws { try write(value) }
}

/// Destinations that can resolve a property once (the runtime's own); others get access by name.
@MainActor
protocol ResolvesProperties {
  /// The property `name` as a `Value`, or `nil` when it has no faster way than access by name.
  /// Throws when `name` is not a property of the protocol.
  func resolvedProperty<Value>(_ name: String, as type: Value.Type) throws -> DynamicProperty<Value>?
}

extension DynamicMembers {
  /// The property `name` as a ``DynamicProperty`` of `Value`, for code that reads or writes it
  /// more than once.
  public func property<Value>(_ name: String, as type: Value.Type = Value.self) throws -> DynamicProperty<
    Value
  > {
    if let resolving = self as? any ResolvesProperties,
      let resolved = try resolving.resolvedProperty(name, as: type)
    {
      return resolved
    }
    return byName(name, as: type)
  }

  /// A ``DynamicProperty`` that reads and writes by name.
  func byName<Value>(_ name: String, as type: Value.Type) -> DynamicProperty<Value> {
    DynamicProperty(
      name: name, read: { try self.get(name, as: type) }, write: { try self.set(name, to: $0) })
  }
}
