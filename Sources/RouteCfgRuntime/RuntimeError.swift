import RouteCfgCore

/// A problem found while using the registry: a wrong name, a wrong value type, a missing
/// parameter. Thrown, never a trap.
public enum RuntimeError: Error, Sendable, Hashable, CustomStringConvertible {
  /// No module answers the protocol in this configuration.
  case unresolved(protocolName: String)
  /// The manifest declares no protocol of this name (with a suggestion, or empty).
  case unknownProtocol(protocolName: String, suggestion: String)
  /// The protocol does not declare the member (with a suggestion, or empty).
  case unknownMember(protocolName: String, member: String, suggestion: String)
  /// The protocol declares the member as a property where a method was called (`isProperty`),
  /// or as a method where a property was read or written.
  case memberKind(protocolName: String, member: String, isProperty: Bool)
  /// A read-only member was set.
  case readOnly(protocolName: String, member: String)
  /// A value of the wrong type crossed the dynamic API.
  case typeMismatch(member: String, expected: String, actual: String)
  /// A property was read as a type its value is not (`get(_:as:)`, ``DynamicProperty/get()``);
  /// `actual` is `"nil"` for no value read as a non-optional type.
  case readMismatch(member: String, requested: String, actual: String)
  /// A method answered a value of another type than its caller declares (a recording mock's
  /// stub that returns the wrong type), read through ``DynamicProtocolProxy/forwardOrReport(_:_:as:file:line:)``.
  case resultMismatch(member: String, expected: String, actual: String)
  /// A method was called with the wrong number of arguments.
  case argumentCount(member: String, expected: Int, actual: Int)
  /// A non-optional module parameter was not supplied.
  case missingParameter(module: String, parameter: String, type: String)
  /// A parameter the module does not declare was supplied.
  case unknownParameter(module: String, parameter: String)
  /// An object's class has no registered member table.
  case noMemberTable(typeName: String, protocolName: String)
  /// An object handed over as a protocol has a member table that lacks some of the protocol's
  /// members (their full names), so it cannot stand for it.
  case incompleteMemberTable(typeName: String, protocolName: String, missing: [String])
  /// A value must cross to a protocol that has no registered proxy.
  case noProxy(protocolName: String)
  /// The proxy registered for a protocol (``Registrations/proxy(for:make:)``) made an object
  /// that does not conform to it, so `member` refused it where a value crossed an adapter: a
  /// proxy registered for the wrong protocol, or the untyped ``DynamicProtocolProxy`` handed to
  /// a module's Swift property.
  case proxyDoesNotConform(protocolName: String, proxyType: String, member: String)
  /// A key path step on the way to a member was `nil`.
  case nilStep(member: String, step: String)
  /// The URL reaches no module.
  case notRouted(url: String, reason: String)
  /// Something the dynamic runtime cannot do (generated code can).
  case unsupported(String)
  /// A caller's object handed across an adapter as this protocol (a delegate it set) has been
  /// released. Proxies' `OrReport` calls ignore it, as a `nil` weak delegate would be.
  case released(protocolName: String)
  /// A destination was asked for as a Swift type it is not (`destination(for:as:)`,
  /// `service(for:as:)`): the protocol, the type asked for, and the destination's own type. The
  /// description says what to change: the type asked for, or, when it was the protocol's Swift
  /// type already, the destination (a proxy that conforms, in place of an untyped
  /// ``DynamicProtocolProxy``).
  case wrongDestinationType(protocolName: String, requested: String, actual: String)

  public var description: String {
    switch self {
    case .unresolved(let name):
      return "no module answers '\(name)' in this configuration"
    case .unknownProtocol(let name, let suggestion):
      return "the manifest declares no protocol '\(name)'"
        + (suggestion.isEmpty ? "" : "; did you mean '\(suggestion)'?")
    case .unknownMember(let name, let member, let suggestion):
      return "'\(name)' has no member '\(member)'"
        + (suggestion.isEmpty ? "" : "; did you mean '\(suggestion)'?")
    case .memberKind(let name, let member, let isProperty):
      return isProperty
        ? "'\(name).\(member)' is a property, not a method: read it with get or set it with set, not call"
        : "'\(name).\(member)' is a method, not a property: call it with call, not get or set"
    case .readOnly(let name, let member):
      return "'\(name).\(member)' is read-only"
    case .typeMismatch(let member, let expected, let actual):
      return "'\(member)' takes \(MessageWords.aQuoted(expected)), not \(MessageWords.aQuoted(actual))"
    case .resultMismatch(let member, let expected, let actual):
      return "'\(member)' answered \(MessageWords.aQuoted(actual)), where its caller declares "
        + "\(MessageWords.aQuoted(expected))"
    case .readMismatch(let member, let requested, let actual):
      if actual == "nil" {
        return
          "'\(member)' is nil, which \(MessageWords.aQuoted(requested)) cannot hold; read it as '\(requested)?'"
      }
      return "'\(member)' holds \(MessageWords.aQuoted(actual)), not \(MessageWords.aQuoted(requested)); "
        + "read it as '\(actual)'"
    case .argumentCount(let member, let expected, let actual):
      return "'\(member)' takes \(MessageWords.counted(expected, "argument")), not \(actual)"
    case .missingParameter(let module, let parameter, let type):
      return "module '\(module)' needs parameter '\(parameter)' (\(type))"
    case .unknownParameter(let module, let parameter):
      return "module '\(module)' has no parameter '\(parameter)'"
    case .noMemberTable(let typeName, let name):
      return
        "'\(typeName)' has no registered member table, so it cannot be used as \(MessageWords.aQuoted(name)); "
        + "if it conforms to '\(name)', register its members with members(of: \(typeName).self), or "
        + "those of every object that conforms with members(of: (any \(name)).self, as: \"\(name)\")"
    case .incompleteMemberTable(let typeName, let name, let missing):
      let listed =
        missing.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
        + (missing.count > 3 ? " and \(missing.count - 3) more" : "")
      return
        "'\(typeName)' cannot be used as \(MessageWords.aQuoted(name)): its member table lacks \(listed); "
        + "register every member of '\(name)' with members(of: \(typeName).self)"
    case .noProxy(let name):
      return
        "a value must be handed over as \(MessageWords.aQuoted(name)), but no proxy is registered for '\(name)'; "
        + "register one with proxy(for: \"\(name)\"), or every protocol's with the registerProtocols(into:) that "
        + "'routecfg generate --dynamic' writes"
    case .proxyDoesNotConform(let name, let proxyType, let member):
      let start =
        "'\(member)' takes \(MessageWords.aQuoted(name)), but the proxy registered for '\(name)' makes "
        + MessageWords.aQuoted(proxyType)
      let register = "register a proxy that conforms to '\(name)' with proxy(for: \"\(name)\")"
      guard proxyType == SwiftTypeName.of(DynamicProtocolProxy.self) else {
        return start + ", which does not conform to '\(name)'; " + register
      }
      return start + ", which forwards by name and conforms to no protocol; " + register
        + ", or every protocol's with the registerProtocols(into:) that 'routecfg generate --dynamic' writes "
        + "(for RouteCfgTesting's mocks: mockRegistry { AppRegistry.registerProtocols(into: &$0) })"
    case .nilStep(let member, let step):
      return "cannot set '\(member)': '\(step)' is nil"
    case .notRouted(let url, let reason):
      return "'\(url)' reaches no module: \(reason)"
    case .unsupported(let reason):
      return reason
    case .released(let name):
      return "the object handed over as \(MessageWords.aQuoted(name)) has been released"
    case .wrongDestinationType(let name, let requested, let actual):
      let start = "the destination for '\(name)' is \(MessageWords.aQuoted(actual))"
      // Asked for as another type: the protocol's Swift type is the one to ask for.
      guard requested == name else {
        return start
          + ", not \(MessageWords.aQuoted(requested)); ask for it as 'any \(name)', the protocol's Swift type"
      }
      // Asked for as the protocol's type already: the destination is what must change.
      guard actual == SwiftTypeName.of(DynamicProtocolProxy.self) else {
        return start + ", which does not conform to '\(name)'; make '\(actual)' conform to it"
      }
      return start
        + ", a proxy that forwards by name and conforms to no protocol; register a proxy that conforms "
        + "to '\(name)' with proxy(for: \"\(name)\"), or every protocol's with the registerProtocols(into:) "
        + "that 'routecfg generate --dynamic' writes (for RouteCfgTesting's mocks: "
        + "mockRegistry { AppRegistry.registerProtocols(into: &$0) })"
    }
  }
}

/// Everything wrong with a set of registrations, found when the registry is built.
public struct RegistryBuildError: Error, Sendable, CustomStringConvertible {
  /// One line per problem, in a stable order.
  public let problems: [String]

  public var description: String {
    "the registrations do not match the manifest:\n" + problems.map { "  - " + $0 }.joined(separator: "\n")
  }
}

extension RuntimeError {
  /// Why no destination answers `protocolName`: the manifest does not declare it (with the
  /// closest declared name), or no module answers it in this configuration.
  static func unanswered(_ protocolName: String, in graph: AppGraph) -> RuntimeError {
    guard graph.protocols[protocolName] == nil else { return .unresolved(protocolName: protocolName) }
    return .unknownProtocol(
      protocolName: protocolName, suggestion: closestName(to: protocolName, among: graph.protocolNames) ?? "")
  }

  /// Why `member` (a base or full name) names no property (`property`) or method of a
  /// protocol with these members: it is one of the other kind, or it is not declared (with the
  /// closest name of the kind asked for).
  static func noSuchMember(
    _ member: String, property: Bool, of protocolName: String, members: MemberList
  ) -> RuntimeError {
    let base = MemberDecl.baseName(of: member)
    if let declared = members.first(where: { $0.name == base }), declared.isProperty != property {
      return .memberKind(
        protocolName: protocolName, member: declared.isProperty ? declared.name : declared.fullName,
        isProperty: declared.isProperty)
    }
    let names = members.filter { $0.isProperty == property }.map {
      member.contains("(") ? $0.fullName : $0.name
    }
    return .unknownMember(
      protocolName: protocolName, member: member, suggestion: closestName(to: member, among: names) ?? "")
  }
}
