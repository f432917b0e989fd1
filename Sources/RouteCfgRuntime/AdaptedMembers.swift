import RouteCfgCore

/// A facade of one protocol over an object of another, through an adapter's member pairings:
/// reads, writes and calls by the facade's member names reach the target's members, following
/// key paths (`title` → `header.title`) and renamed methods, with values of protocol types
/// converted on the way (delegates in both directions).
final class AdaptedMembers: DynamicMembers, ResolvesProperties {
  let protocolName: String
  let target: any DynamicMembers
  var object: AnyObject { target.object }
  private let facade: ProtocolInfo
  /// The adapter's pairings by the facade member's base name, which is unique in a protocol.
  private let pairings: [String: MemberPairing]
  private let state: RuntimeState
  /// Proxies handed to the target through this facade, kept alive as long as it is (the target
  /// may hold them weakly, as delegates usually are), one per caller object; and those handed
  /// back to the caller, remembered while the caller holds them.
  private let handedOver = HandedOverProxies()
  /// Each property and method name a caller used, resolved once: repeated accesses skip the name
  /// lookups and, when both sides agree on the types, the conversions.
  ///
  /// Both tables are read and written on the main actor, by ``propertyRoute(_:)`` and
  /// ``methodRoute(_:)`` alone, which call nothing that could reach them while they read: the
  /// runtime's exclusivity checks (about 80 instructions an access) are left out.
  @exclusivity(unchecked) private var propertyRoutes = NamedRoutes<PropertyRoute>()
  @exclusivity(unchecked) private var methodRoutes = NamedRoutes<MethodRoute>()
  /// The facade wraps the caller's object for the provider (a delegate the caller set, or one
  /// the provider read from such a facade): its methods are called by the provider, so their
  /// arguments cross to the caller (a sender the provider passes), held by their proxies while
  /// the caller holds them, and what it reads from the caller's object is the caller's.
  private let wrapsCallersObject: Bool

  init(
    facade: ProtocolInfo, target: any DynamicMembers, pairings: [MemberPairing], state: RuntimeState,
    wrapsCallersObject: Bool = false
  ) {
    self.protocolName = facade.name
    self.facade = facade
    self.target = target
    self.state = state
    self.wrapsCallersObject = wrapsCallersObject
    var byName: [String: MemberPairing] = [:]
    byName.reserveCapacity(pairings.count)
    for pairing in pairings { byName[pairing.memberName] = pairing }
    self.pairings = byName
  }

  /// How many proxies this facade keeps for what it handed over (tests).
  var handedOverCount: Int { handedOver.count }

  func get(_ member: String) throws -> Any? {
    let route = try propertyRoute(member)
    if let direct = route.direct {
      let value = try direct.read()
      if route.sameType { return value }
      return try state.convert(
        value, from: direct.type, to: route.type, crossing: .toCaller(handedOver),
        fromCallersSide: wrapsCallersObject)
    }
    guard let (owner, last) = try walk(route.path, settingOrCalling: nil) else { return nil }
    let value = try owner.target.get(last)
    return try state.convert(
      value, from: owner.type(of: last), to: route.type, crossing: .toCaller(handedOver),
      fromCallersSide: wrapsCallersObject)
  }

  func set(_ member: String, to value: Any?) throws {
    let route = try propertyRoute(member)
    guard route.isSettable else {
      throw RuntimeError.readOnly(protocolName: protocolName, member: member)
    }
    if let direct = route.direct, route.sameType {
      // Nothing to convert, so nothing is handed over that this facade must keep alive.
      return try Self.naming(member) { try direct.write(value) }
    }
    try DeclaredValueCheck.checkCrossing(value, declared: route.type, member: member, isProtocol: isProtocol)
    guard let (owner, last) = try walk(route.path, settingOrCalling: member) else { return }
    // A value of the wrong type is reported under the name the caller wrote, here as below.
    let converted = try Self.naming(member, declared: (route.type, value)) {
      try state.convert(
        value, from: route.type, to: owner.type(of: last), crossing: .toProvider(handedOver),
        fromCallersSide: !wrapsCallersObject)
    }
    try Self.naming(member, handedOver: [(value, converted)]) { try owner.target.set(last, to: converted) }
  }

  func call(_ method: String, _ arguments: [Any?]) throws -> Any? {
    let route = try methodRoute(method)
    let parameterCount = route.signature.parameters.count
    guard arguments.count == parameterCount else {
      throw RuntimeError.argumentCount(
        member: route.fullName, expected: parameterCount, actual: arguments.count)
    }
    if route.sameTypes {
      return try Self.naming(route.fullName) { try target.call(route.targetFullName, arguments) }
    }
    var converted: [Any?] = []
    converted.reserveCapacity(arguments.count)
    for index in arguments.indices {
      let declared = route.signature.parameters[index].type
      try DeclaredValueCheck.checkCrossing(
        arguments[index], declared: declared, member: route.fullName, isProtocol: isProtocol)
      converted.append(
        try Self.naming(route.fullName, declared: (declared, arguments[index])) {
          try state.convert(
            arguments[index], from: declared, to: route.targetSignature.parameters[index].type,
            crossing: wrapsCallersObject ? .toCaller(handedOver) : .toProvider(handedOver),
            fromCallersSide: !wrapsCallersObject)
        })
    }
    let result = try Self.naming(route.fullName, handedOver: Array(zip(arguments, converted))) {
      try target.call(route.targetFullName, converted)
    }
    return try state.convert(
      result, from: route.targetSignature.result, to: route.signature.result, crossing: .toCaller(handedOver),
      fromCallersSide: wrapsCallersObject)
  }

  /// Whether a type name the caller declares is a protocol of the manifest.
  private func isProtocol(_ name: String) -> Bool { state.graph.protocols[name] != nil }

  /// Runs `body`, reporting a value of the wrong type under the name the caller wrote
  /// (`message`), not the provided member's (`notifyString`), which the caller never sees.
  ///
  /// `handedOver` lists the values `body` hands the target, each as the caller gave it and as
  /// the runtime converted it: when the value refused is a proxy the runtime made for the
  /// crossing (not the caller's own value), the proxy registered for its protocol does not
  /// conform to it, and the error names that proxy. `declared` is the caller's value with the
  /// type the caller declares it as, when `body` converts it: a value that does not convert is
  /// reported as not of that type.
  private static func naming<Result>(
    _ member: String, handedOver: [(original: Any?, converted: Any?)] = [],
    declared: (type: TypeRef, value: Any?)? = nil, _ body: () throws -> Result
  ) throws -> Result {
    do {
      return try body()
    } catch RuntimeError.typeMismatch(_, let expected, let actual) {
      // A value the caller gives that does not convert is not of the type the caller declared
      // (every value of that type converts through a valid adapter): said in the caller's words.
      if let declared {
        throw RuntimeError.typeMismatch(
          member: member, expected: declared.type.description,
          actual: DeclaredValueCheck.typeName(of: declared.value))
      }
      for value in handedOver {
        guard let proxy = DynamicValue.flatten(value.converted) as? DynamicProtocolProxy,
          DynamicValue.flatten(value.original).map({ $0 as AnyObject !== proxy }) ?? false,
          SwiftTypeName.of(type(of: proxy)) == actual
        else { continue }
        throw RuntimeError.proxyDoesNotConform(
          protocolName: proxy.members.protocolName, proxyType: actual, member: member)
      }
      throw RuntimeError.typeMismatch(member: member, expected: expected, actual: actual)
    }
  }

  /// The facade's declaration of a member and its pairing with the target.
  private func resolve(_ member: String, property: Bool) throws -> (MemberDecl, MemberPairing) {
    let base = MemberDecl.baseName(of: member)
    guard let declaration = facade.member(named: base), declaration.isProperty == property,
      member == base || member == declaration.fullName, let pairing = pairings[declaration.name],
      pairing.pairs(declaration)
    else {
      throw RuntimeError.noSuchMember(member, property: property, of: protocolName, members: facade.members)
    }
    return (declaration, pairing)
  }

  func resolvedProperty<Value>(_ name: String, as type: Value.Type) throws -> DynamicProperty<Value>? {
    let route = try propertyRoute(name)
    guard route.direct != nil, route.sameType, let members = target as? DirectMembers,
      let typed = members.typedAccessors(route.path[0], as: type)
    else { return nil }
    let object = members.object
    let write: @MainActor (Value) throws -> Void
    if route.isSettable, let set = typed.set {
      write = { value in try Self.naming(name) { try set(object, value) } }
    } else {
      write = { value in try self.set(name, to: value) }
    }
    // The property holds the facade, as access by name would: it keeps alive the proxies it
    // handed to the target.
    return DynamicProperty(name: name, read: { try typed.get(object) }, write: write, keeping: self)
  }

  /// The method `method` of the facade (by base or full name), resolved on first use.
  private func methodRoute(_ method: String) throws -> MethodRoute {
    if let route = methodRoutes.route(named: method) { return route }
    let (declaration, pairing) = try resolve(method, property: false)
    // A key path never ends at a method: the target's member is its own.
    guard let signature = declaration.method,
      let targetDeclaration = state.protocolInfo(target.protocolName)?.member(named: pairing.targetName),
      let targetSignature = targetDeclaration.method
    else { throw RuntimeError.unknownMember(protocolName: protocolName, member: method, suggestion: "") }
    let route = MethodRoute(
      fullName: declaration.fullName, signature: signature, targetFullName: targetDeclaration.fullName,
      targetSignature: targetSignature)
    methodRoutes.add(route, named: method)
    return route
  }

  /// The property `member` of the facade, resolved on first use.
  private func propertyRoute(_ member: String) throws -> PropertyRoute {
    if let route = propertyRoutes.route(named: member) { return route }
    let (declaration, pairing) = try resolve(member, property: true)
    let path = pairing.path
    let type = declaration.property?.type ?? .void
    var direct: DirectAccess?
    if path.count == 1, let name = path.first {
      direct = DirectAccess(
        name, of: target, type: Step(target: target, state: state).type(of: name),
        accessors: (target as? DirectMembers)?.propertyAccessors(name))
    }
    let route = PropertyRoute(
      type: type, isSettable: declaration.property?.isSettable == true, path: path, direct: direct)
    propertyRoutes.add(route, named: member)
    return route
  }

  /// Follows a key path's steps to the object that owns its last step. `nil` when a step is
  /// `nil` while reading; an error while writing.
  private func walk(_ path: [String], settingOrCalling member: String?) throws -> (Step, String)? {
    guard let last = path.last else { return nil }
    var current = Step(target: target, state: state)
    for step in path.dropLast() {
      guard let value = DynamicValue.flatten(try current.target.get(step)) else {
        if let member { throw RuntimeError.nilStep(member: member, step: step) }
        return nil
      }
      guard case .named(let protocolName) = current.type(of: step).unwrappedOptional ?? current.type(of: step)
      else { throw RuntimeError.unsupported("key path step '\(step)' is not protocol-typed") }
      current = Step(target: try state.members(of: value as AnyObject, as: protocolName), state: state)
    }
    return (current, last)
  }

  /// A facade property and where it leads (a class: handing one out costs one retain).
  private final class PropertyRoute {
    /// The facade property's type.
    let type: TypeRef
    let isSettable: Bool
    /// The target's members, one per key path step.
    let path: [String]
    /// For a path of one step, a property of the target itself: how it is read and written.
    let direct: DirectAccess?
    /// The path is one step to a property of the facade property's type: values pass as they are.
    let sameType: Bool

    init(type: TypeRef, isSettable: Bool, path: [String], direct: DirectAccess?) {
      self.type = type
      self.isSettable = isSettable
      self.path = path
      self.direct = direct
      sameType = direct?.type == type
    }
  }

  /// A facade method and the target's method it calls.
  private final class MethodRoute {
    /// The facade method's full name, which messages use.
    let fullName: String
    let signature: MethodSignature
    /// The target method's full name, as its member table knows it.
    let targetFullName: String
    let targetSignature: MethodSignature
    /// Every argument and the result have the same type on both sides: values pass as they are.
    let sameTypes: Bool

    init(
      fullName: String, signature: MethodSignature, targetFullName: String, targetSignature: MethodSignature
    ) {
      self.fullName = fullName
      self.signature = signature
      self.targetFullName = targetFullName
      self.targetSignature = targetSignature
      sameTypes =
        signature.result == targetSignature.result
        && signature.parameters.map(\.type) == targetSignature.parameters.map(\.type)
    }
  }

  /// How a property of the target itself is read and written: through its member table's
  /// accessors when the target is an object with a table, else by name. Its methods call what it
  /// holds without copying it out (no retain of the object or of the closures per access).
  @MainActor
  private final class DirectAccess {
    /// The target property's type.
    let type: TypeRef
    private let object: AnyObject
    private let getter: @MainActor (AnyObject) throws -> Any?
    private let setter: @MainActor (AnyObject, Any?) throws -> Void

    /// `name` of `target`, through `accessors` when given. A setter the table does not offer
    /// (the target declares the property read-only) is asked by name, which reports why.
    init(_ name: String, of target: any DynamicMembers, type: TypeRef, accessors: PropertyAccessors?) {
      self.type = type
      let byName: @MainActor (AnyObject, Any?) throws -> Void = { _, value in
        try target.set(name, to: value)
      }
      if let accessors {
        object = accessors.object
        getter = accessors.get
        setter = accessors.set ?? byName
      } else {
        object = target
        getter = { _ in try target.get(name) }
        setter = byName
      }
    }

    func read() throws -> Any? { try getter(object) }

    func write(_ value: Any?) throws { try setter(object, value) }
  }

  /// One object along a key path, with its protocol's declarations.
  @MainActor
  private struct Step {
    let target: any DynamicMembers
    let state: RuntimeState

    func type(of member: String) -> TypeRef {
      state.protocolInfo(target.protocolName)?.member(named: member)?.property?.type ?? .void
    }
  }
}
