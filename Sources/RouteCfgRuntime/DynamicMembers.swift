import RouteCfgCore

/// An object seen as one protocol of the manifest: its members read, written and called by the
/// names that protocol gives them. Values of protocol types are converted on the way through
/// adapters (a delegate set here arrives at the other side as that side's protocol).
@MainActor
public protocol DynamicMembers: AnyObject {
  /// The protocol whose member names this object answers to.
  var protocolName: String { get }
  /// The object that finally receives the calls.
  var object: AnyObject { get }
  /// Reads a property.
  func get(_ member: String) throws -> Any?
  /// Writes a settable property.
  func set(_ member: String, to value: Any?) throws
  /// Calls a method by base name (`didLogin`) or full name (`highlight(range:animated:)`).
  func call(_ method: String, _ arguments: [Any?]) throws -> Any?
}

extension DynamicMembers {
  /// Calls a method with its arguments in order.
  @discardableResult
  public func call(_ method: String, _ arguments: Any?...) throws -> Any? {
    try call(method, arguments)
  }

  /// Reads a property as a `T`; ``RuntimeError/readMismatch(member:requested:actual:)`` when
  /// its value is not one.
  public func get<T>(_ member: String, as type: T.Type) throws -> T {
    let value = try get(member)
    do {
      return try DynamicValue.cast(value, to: type, for: member)
    } catch RuntimeError.typeMismatch(_, let requested, let actual) {
      // A proxy the runtime made for a value read back, whose registered class does not conform
      // to its protocol: the registration is what to fix, not the type asked for.
      var asked = Substring(requested)
      while asked.last == "?" { asked.removeLast() }
      if let proxy = DynamicValue.flatten(value) as? DynamicProtocolProxy,
        SwiftTypeName.of(Swift.type(of: proxy)) == actual, asked == proxy.members.protocolName
      {
        throw RuntimeError.proxyDoesNotConform(
          protocolName: proxy.members.protocolName, proxyType: actual, member: member)
      }
      throw RuntimeError.readMismatch(member: member, requested: requested, actual: actual)
    }
  }
}

/// An object that implements a protocol itself, through its registered member table. A caller's
/// object handed across an adapter is held weakly; once it is released, reads and calls throw
/// ``RuntimeError/released(protocolName:)``.
final class DirectMembers: DynamicMembers, ResolvesProperties {
  let protocolName: String
  private let strongObject: AnyObject?
  private weak var weakObject: AnyObject?
  /// The object, or `nil` once an object held weakly is released.
  var liveObject: AnyObject? { strongObject ?? weakObject }
  /// The object, or a placeholder once an object held weakly is released (which calls then
  /// report instead of reaching it).
  var object: AnyObject { liveObject ?? ReleasedObject.placeholder }
  private let info: ProtocolInfo
  private let table: ErasedMemberTable
  /// Table entries by the names callers used, found once: a property's by its name, a method's
  /// by the base or full name it was called with.
  private var properties = NamedRoutes<MemberEntry>()
  private var methods = NamedRoutes<MemberEntry>()
  /// Setters of the properties the protocol declares settable, by name, found once.
  private var setters = NamedRoutes<@MainActor (AnyObject, Any?) throws -> Void>()

  init(object: AnyObject, protocolInfo: ProtocolInfo, table: ErasedMemberTable, weakly: Bool = false) {
    self.protocolName = protocolInfo.name
    self.strongObject = weakly ? nil : object
    // Only when needed: a weak reference moves the object's reference counts to a side table,
    // which makes every retain of it slower.
    if weakly { self.weakObject = object }
    self.info = protocolInfo
    self.table = table
  }

  func get(_ member: String) throws -> Any? {
    let entry = try self.entry(for: member, property: true)
    guard case .property(let get, _) = entry.kind else { throw unknown(member, property: true) }
    // Table getters hand out values without `Optional` layers already.
    return try get(try live())
  }

  func set(_ member: String, to value: Any?) throws {
    do {
      try setFitting(member, to: value)
    } catch RuntimeError.typeMismatch(let name, let expected, let actual) {
      // A destination handed over by name: the object it stands for.
      guard let object = Destination.handedOverValue(value) else {
        throw RuntimeError.typeMismatch(member: name, expected: expected, actual: actual)
      }
      try setFitting(member, to: object)
    }
  }

  private func setFitting(_ member: String, to value: Any?) throws {
    if let set = setters.route(named: member) { return try set(try live(), value) }
    guard let declaration = info.member(named: member), declaration.property?.isSettable == true else {
      if info.member(named: member)?.isProperty == true {
        throw RuntimeError.readOnly(protocolName: protocolName, member: member)
      }
      throw unknown(member, property: true)
    }
    let entry = try self.entry(for: member, property: true)
    guard case .property(_, let set?) = entry.kind else {
      throw RuntimeError.readOnly(protocolName: protocolName, member: member)
    }
    setters.add(set, named: member)
    try set(try live(), value)
  }

  func call(_ method: String, _ arguments: [Any?]) throws -> Any? {
    let entry = try self.entry(for: method, property: false)
    guard case .method(let call, _, _) = entry.kind else { throw unknown(method, property: false) }
    do {
      return try call(try live(), arguments)
    } catch RuntimeError.typeMismatch(let name, let expected, let actual) {
      // Destinations handed over by name: the objects they stand for.
      let objects = arguments.map(Destination.handedOverValue)
      guard objects.contains(where: { $0 != nil }) else {
        throw RuntimeError.typeMismatch(member: name, expected: expected, actual: actual)
      }
      return try call(try live(), zip(arguments, objects).map { $1 ?? $0 })
    }
  }

  /// The object, or the error once an object held weakly is released.
  private func live() throws(RuntimeError) -> AnyObject {
    guard let object = liveObject else { throw .released(protocolName: protocolName) }
    return object
  }

  /// The table's accessors of a property the protocol declares, for a caller that resolves the
  /// property once and keeps them (an adapter facade); the setter only when the protocol declares
  /// the property settable. `nil` when `name` is no such property, so that the caller's ordinary
  /// path reports why.
  func propertyAccessors(_ name: String) -> PropertyAccessors? {
    // An object held weakly is reached by name, which checks it is still there.
    guard let strongObject, let (entry, settable) = declaredProperty(name),
      case .property(let get, let set) = entry.kind
    else { return nil }
    return PropertyAccessors(object: strongObject, get: get, set: settable ? set : nil)
  }

  /// ``propertyAccessors(_:)`` with the property's type kept, when it was registered as `Value`.
  func typedAccessors<Value>(_ name: String, as type: Value.Type) -> TypedAccessors<Value>? {
    guard strongObject != nil, let (entry, settable) = declaredProperty(name),
      let typed = entry.typed as? TypedAccessors<Value>
    else { return nil }
    return settable ? typed : TypedAccessors(get: typed.get, set: nil)
  }

  /// The table entry of a property the protocol declares, and whether it declares it settable.
  private func declaredProperty(_ name: String) -> (MemberEntry, Bool)? {
    guard let declaration = info.member(named: name), let property = declaration.property,
      let entry = table.entries[declaration.fullName]
    else { return nil }
    return (entry, property.isSettable)
  }

  func resolvedProperty<Value>(_ name: String, as type: Value.Type) throws -> DynamicProperty<Value>? {
    _ = try entry(for: name, property: true)
    guard let typed = typedAccessors(name, as: type) else { return nil }
    let object = self.object
    let write: @MainActor (Value) throws -> Void
    if let set = typed.set {
      write = { value in try set(object, value) }
    } else {
      write = { value in try self.set(name, to: value) }
    }
    return DynamicProperty(name: name, read: { try typed.get(object) }, write: write)
  }

  /// The table entry for a member the protocol declares.
  private func entry(for name: String, property: Bool) throws -> MemberEntry {
    if let entry = property ? properties.route(named: name) : methods.route(named: name) { return entry }
    let entry = try lookUpEntry(for: name, property: property)
    if property { properties.add(entry, named: name) } else { methods.add(entry, named: name) }
    return entry
  }

  private func lookUpEntry(for name: String, property: Bool) throws -> MemberEntry {
    let base = MemberDecl.baseName(of: name)
    guard let declaration = info.member(named: base), declaration.isProperty == property,
      name == base || name == declaration.fullName
    else { throw unknown(name, property: property) }
    guard let entry = table.entries[declaration.fullName] else {
      throw RuntimeError.unsupported(
        "'\(table.typeName)' registers no '\(declaration.fullName)' for '\(protocolName)'")
    }
    return entry
  }

  /// Why `member` names no property (`property`) or method here.
  private func unknown(_ member: String, property: Bool) -> RuntimeError {
    .noSuchMember(member, property: property, of: protocolName, members: info.members)
  }
}

/// What a released object's members stand on: no table accepts it.
private final class ReleasedObject: Sendable {
  static let placeholder = ReleasedObject()
}

/// A property's accessors from a member table, found once, with the object they are called on
/// (held strongly, as its ``DirectMembers`` holds it).
struct PropertyAccessors {
  let object: AnyObject
  let get: @MainActor (AnyObject) throws -> Any?
  /// `nil` when the protocol declares the property read-only.
  let set: (@MainActor (AnyObject, Any?) throws -> Void)?
}
