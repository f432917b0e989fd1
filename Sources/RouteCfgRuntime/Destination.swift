/// What ``Registry/destination(for:parameters:)`` returns: a module's instance seen as the asked
/// protocol. Reads, writes and calls use that protocol's member names and reach the instance
/// directly or through an adapter.
@MainActor
public final class Destination: DynamicMembers {
  /// The module that answers.
  public let module: String
  /// How calls reach the instance.
  public let members: any DynamicMembers

  init(module: String, members: any DynamicMembers) {
    self.module = module
    self.members = members
  }

  public var protocolName: String { members.protocolName }
  /// The module's instance.
  public var object: AnyObject { members.object }

  public func get(_ member: String) throws -> Any? { try members.get(member) }
  public func set(_ member: String, to value: Any?) throws { try members.set(member, to: value) }
  public func call(_ method: String, _ arguments: [Any?]) throws -> Any? {
    try members.call(method, arguments)
  }

  /// What a destination the registry made without an adapter stands for when it is handed over
  /// by name where its protocol is taken: the module's object, as its typed counterpart would be,
  /// also inside an optional, an array or a dictionary's values. `nil` when `value` holds no such
  /// destination. (One over an adapter is backed out of by the conversion across the adapter,
  /// which reads it back as itself.) Asked only once a value does not fit, so that values set by
  /// name take no extra step.
  static func handedOverValue(_ value: Any?) -> Any? {
    guard let value = DynamicValue.flatten(value) else { return nil }
    if let destination = value as? Destination {
      return destination.members is AdaptedMembers ? nil : destination.object
    }
    if let items = value as? [Any?] {
      let replaced = items.map(handedOverValue)
      guard replaced.contains(where: { $0 != nil }) else { return nil }
      let merged = zip(items, replaced).map { $1 ?? $0 }
      // Without `nil` items, as a collection of objects is written.
      return merged.contains(where: { $0 == nil }) ? merged : merged.compactMap { $0 }
    }
    if let entries = value as? [AnyHashable: Any] {
      let replaced = entries.mapValues(handedOverValue)
      guard replaced.values.contains(where: { $0 != nil }) else { return nil }
      return entries.merging(replaced.compactMapValues { $0 }) { _, object in object }
    }
    return nil
  }
}

extension Destination: ResolvesProperties {
  func resolvedProperty<Value>(_ name: String, as type: Value.Type) throws -> DynamicProperty<Value>? {
    try members.property(name, as: type)
  }
}
