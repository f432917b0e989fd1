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
  public func set(_ member: String, to value: Any?) throws {
    try members.set(member, to: Self.handedOver(value))
  }
  public func call(_ method: String, _ arguments: [Any?]) throws -> Any? {
    try members.call(method, arguments.map(Self.handedOver))
  }

  /// A value handed over by name, as its typed counterpart would be: a destination the registry
  /// made without an adapter is the module's object. (One over an adapter stays: conversion
  /// backs out of it to the object it wraps, and reads it back as itself.)
  private static func handedOver(_ value: Any?) -> Any? {
    // Compared by type, not cast: this runs for every value set or passed by name.
    guard let value, type(of: value) == Destination.self, let destination = value as? Destination,
      !(destination.members is AdaptedMembers)
    else { return value }
    return destination.object
  }
}

extension Destination: ResolvesProperties {
  func resolvedProperty<Value>(_ name: String, as type: Value.Type) throws -> DynamicProperty<Value>? {
    try members.property(name, as: type)
  }
}
