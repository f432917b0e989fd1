import RouteCfgCore

/// An object that answers members by name itself, without a member table: what test doubles such
/// as `RouteCfgTesting.RecordingMock` implement. The registry routes reads, writes and calls to
/// it with the manifest's names.
@MainActor
public protocol SelfDescribingMembers: AnyObject {
  /// Reads a property.
  func memberValue(_ name: String) throws -> Any?
  /// Writes a property.
  func setMemberValue(_ name: String, to value: Any?) throws
  /// Calls a method by its full name.
  func callMember(_ fullName: String, _ arguments: [Any?]) throws -> Any?
}

/// A self-describing object seen as one protocol: names are checked against the protocol and
/// then handed to the object.
final class SelfDescribedMembers: DynamicMembers, ResolvesProperties {
  let protocolName: String
  let object: AnyObject
  private let answering: any SelfDescribingMembers
  private let info: ProtocolInfo

  init(_ answering: any SelfDescribingMembers, protocolInfo: ProtocolInfo) {
    self.protocolName = protocolInfo.name
    self.object = answering
    self.answering = answering
    self.info = protocolInfo
  }

  func get(_ member: String) throws -> Any? {
    try answering.memberValue(try declaration(member, property: true).name)
  }

  func set(_ member: String, to value: Any?) throws {
    let declaration = try declaration(member, property: true)
    guard let property = declaration.property, property.isSettable else {
      throw RuntimeError.readOnly(protocolName: protocolName, member: member)
    }
    try DeclaredValueCheck.check(value, declared: property.type, member: member)
    try answering.setMemberValue(declaration.name, to: value)
  }

  func call(_ method: String, _ arguments: [Any?]) throws -> Any? {
    let declaration = try declaration(method, property: false)
    // A registry of real modules refuses such a method when it is built; an object that answers
    // members itself (a mock) is refused it when it is called, so its other members stay usable.
    if let limitation = declaration.method?.dynamicCallLimitation {
      throw RuntimeError.unsupported(
        "'\(declaration.fullName)' of '\(protocolName)' \(limitation); use generated code")
    }
    let count = declaration.method?.parameters.count ?? 0
    guard arguments.count == count else {
      throw RuntimeError.argumentCount(member: declaration.fullName, expected: count, actual: arguments.count)
    }
    for (argument, parameter) in zip(arguments, declaration.method?.parameters ?? []) {
      try DeclaredValueCheck.check(argument, declared: parameter.type, member: declaration.fullName)
    }
    return try answering.callMember(declaration.fullName, arguments)
  }

  /// Checks the name; reads and writes then go by name, as the object answers them.
  func resolvedProperty<Value>(_ name: String, as type: Value.Type) throws -> DynamicProperty<Value>? {
    _ = try declaration(name, property: true)
    return nil
  }

  private func declaration(_ member: String, property: Bool) throws -> MemberDecl {
    let base = MemberDecl.baseName(of: member)
    guard let declaration = info.member(named: base), declaration.isProperty == property,
      member == base || member == declaration.fullName
    else {
      throw RuntimeError.noSuchMember(member, property: property, of: protocolName, members: info.members)
    }
    return declaration
  }
}
