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
    // Copied only when an argument is a destination: a call by name makes no array of its own.
    try members.call(
      method, arguments.contains(where: Self.isDestination) ? arguments.map(Self.handedOver) : arguments)
  }

  /// A value handed over by name, as its typed counterpart would be: a destination the registry
  /// made without an adapter is the module's object. (One over an adapter stays: conversion
  /// backs out of it to the object it wraps, and reads it back as itself.)
  private static func handedOver(_ value: Any?) -> Any? {
    guard isDestination(value), let destination = value as? Destination,
      !(destination.members is AdaptedMembers)
    else { return value }
    return destination.object
  }

  /// Compared by type, not cast: this runs for every value set or passed by name.
  private static func isDestination(_ value: Any?) -> Bool {
    guard let value else { return false }
    return type(of: value) == Destination.self
  }
}

extension Destination: ResolvesProperties {
  func resolvedProperty<Value>(_ name: String, as type: Value.Type) throws -> DynamicProperty<Value>? {
    try members.property(name, as: type)
  }
}
