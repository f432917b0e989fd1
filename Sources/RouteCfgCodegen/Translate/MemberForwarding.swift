import RouteCfgCore

/// Writes one adapter class's implementation of one member: a computed property or a method
/// that forwards to the wrapped object's member (through a key path, with renamed arguments),
/// converting values across adapters on the way.
struct MemberForwarding {
  let context: GenerationContext
  let classes: AdapterClasses
  let adapterClass: AdapterClasses.Class
  /// The stored property holding the wrapped object.
  let baseName: String
  /// The stored property holding the object's bridge store.
  let bridgesName: String

  struct Forwarded {
    let declaration: SwiftDecl
    let usesBridges: Bool
    /// What keeps the member's forwarding from compiling (``Conversion/problems``).
    var problems: [ForwardingProblem] = []
  }

  private var isBridge: Bool { adapterClass.kind == .bridge }

  func forward(_ member: MemberDecl, path: [String]) -> Forwarded? {
    guard let target = ForwardingTarget(path: path, root: adapterClass.source, graph: context.graph) else {
      return nil
    }
    switch (member.kind, target.member.kind) {
    case (.property(let property), .property(let targetProperty)):
      return forwardProperty(member.name, property, target: target, targetProperty: targetProperty)
    case (.method(let method), .method(let targetMethod)):
      return forwardMethod(member.name, method, target: target, targetMethod: targetMethod)
    default:
      return nil
    }
  }

  // MARK: Properties

  private func forwardProperty(
    _ name: String, _ property: PropertySignature, target: ForwardingTarget, targetProperty: PropertySignature
  ) -> Forwarded {
    let local = MemberForwarding.localBase(avoiding: [])
    let bridges = AdapterTranslator.unique("bridges", avoiding: [local])
    let converter = ValueConverter(
      context: context, classes: classes, bridges: .identifier(bridges),
      taken: [local, bridges, "value", "newValue"],
      isMainActor: context.isMainActor(protocol: adapterClass.destination), isInProxy: !isBridge)
    let receiver = isBridge ? SwiftExpr.identifier(local) : .selfMember(baseName)
    let read = converter.convert(
      target.access(on: receiver), from: target.readType ?? targetProperty.type, to: property.type,
      flow: .outward)
    var getter = bind(
      read, source: target.access(on: receiver), from: target.readType ?? targetProperty.type,
      to: property.type, converter: converter, flow: .outward)
    var usesBridges = read.usesBridges
    if read.usesBridges { getter = [bindBridges(bridges)] + getter }
    if isBridge {
      getter = [guardBase(local, otherwise: releasedProperty(property.type))] + getter
    }
    var problems = read.problems
    var setter: [SwiftStmt]?
    if property.isSettable {
      let write = converter.convert(
        .identifier("newValue"), from: property.type, to: targetProperty.type, flow: .inward)
      usesBridges = usesBridges || write.usesBridges
      problems += write.problems
      var statements: [SwiftStmt] = [.assign(target.access(on: receiver), write.expression)]
      if write.usesBridges { statements = [bindBridges(bridges)] + statements }
      if isBridge { statements = [guardBase(local, otherwise: [.return(nil)])] + statements }
      setter = statements
    }
    let declaration = SwiftDecl.property(
      SwiftProperty(
        head: SwiftDeclHead(modifiers: context.access), isLet: false, name: name,
        type: context.swiftType(property.type),
        accessors: .computed(get: getter, set: setter)))
    return Forwarded(declaration: declaration, usesBridges: usesBridges, problems: problems)
  }

  // MARK: Methods

  private func forwardMethod(
    _ name: String, _ declared: MethodSignature, target: ForwardingTarget, targetMethod: MethodSignature
  ) -> Forwarded {
    let method = declared.implementationParameters
    let names = Set(method.parameters.map(\.name))
    let local = MemberForwarding.localBase(avoiding: names)
    let bridges = AdapterTranslator.unique("bridges", avoiding: names.union([local, "value"]))
    let converter = ValueConverter(
      context: context, classes: classes, bridges: .identifier(bridges),
      taken: names.union([local, bridges, "value"]),
      isMainActor: context.isMainActor(protocol: adapterClass.destination), isInProxy: !isBridge)
    let receiver = isBridge ? SwiftExpr.identifier(local) : .selfMember(baseName)
    var usesBridges = false
    var problems: [ForwardingProblem] = []
    var arguments: [SwiftArgument] = []
    for (parameter, targetParameter) in zip(method.parameters, targetMethod.parameters) {
      let argument = converter.convert(
        .identifier(parameter.name), from: parameter.type, to: targetParameter.type, flow: .inward,
        isArgument: true)
      usesBridges = usesBridges || argument.usesBridges
      problems += argument.problems
      arguments.append(SwiftArgument(targetParameter.label, argument.expression))
    }
    var call = SwiftExpr.call(target.access(on: receiver), arguments)
    if targetMethod.isAsync { call = .await(call) }
    if targetMethod.isThrowing { call = .try(call) }
    var body: [SwiftStmt]
    if targetMethod.result == .void || method.result == .void {
      body = [.expression(call)]
    } else {
      let resultType =
        target.isOptionalChain && !targetMethod.result.isOptional
        ? TypeRef.optional(targetMethod.result) : targetMethod.result
      let result = converter.convert(call, from: resultType, to: method.result, flow: .outward)
      usesBridges = usesBridges || result.usesBridges
      problems += result.problems
      body = bind(
        result, source: call, from: resultType, to: method.result, converter: converter, flow: .outward,
        taken: names.union([local, bridges]))
    }
    if usesBridges { body = [bindBridges(bridges)] + body }
    if isBridge { body = [guardBase(local, otherwise: releasedMethod(method))] + body }
    let signature = ProtocolTranslator(context: context).signature(of: name, method)
    let declaration = SwiftDecl.function(
      SwiftFunction(
        head: SwiftDeclHead(
          modifiers: context.access
            + ProtocolTranslator.asyncModifiers(
              method, mainActor: context.isMainActor(protocol: adapterClass.destination))),
        signature: signature, body: body))
    return Forwarded(declaration: declaration, usesBridges: usesBridges, problems: problems)
  }

  // MARK: Pieces

  /// `return conversion`, or, when the conversion wraps the value in a closure, the value bound
  /// to a constant first (the closure must capture the value, not re-read it).
  private func bind(
    _ conversion: Conversion, source: SwiftExpr, from sourceType: TypeRef, to type: TypeRef,
    converter: ValueConverter, flow: ValueFlow, taken: Set<String> = []
  ) -> [SwiftStmt] {
    guard conversion.wrapsFunction else { return [.return(conversion.expression)] }
    let name = AdapterTranslator.unique("value", avoiding: taken)
    let bound = converter.convert(.identifier(name), from: sourceType, to: type, flow: flow)
    return [.declaration(SwiftBinding(name: name, value: source)), .return(bound.expression)]
  }

  /// `let bridges = self.bridges`: closures that convert values capture the store, not `self`
  /// (a closure handed to the wrapped object must not keep the adapter object alive).
  private func bindBridges(_ local: String) -> SwiftStmt {
    .declaration(SwiftBinding(name: local, value: .selfMember(bridgesName)))
  }

  /// The name of the local constant a bridge binds its object to.
  static func localBase(avoiding taken: Set<String>) -> String {
    AdapterTranslator.unique("base", avoiding: taken)
  }

  /// `guard let base = self.base else { otherwise }`.
  private func guardBase(_ local: String, otherwise: [SwiftStmt]) -> SwiftStmt {
    .guard([.optionalBinding(local, .selfMember(baseName))], else: otherwise)
  }

  /// What a bridge's property read does once the object it stands for is released.
  private func releasedProperty(_ type: TypeRef) -> [SwiftStmt] {
    type.isOptional ? [.return(.nil)] : [released()]
  }

  /// What a bridge's method does once the object it stands for is released: nothing, `nil`, or
  /// an error when the method can answer with one; else it stops, as an unowned reference would.
  private func releasedMethod(_ method: MethodSignature) -> [SwiftStmt] {
    if method.result == .void { return [.return(nil)] }
    if method.result.isOptional { return [.return(.nil)] }
    if method.isThrowing {
      return [
        .throw(
          .call(
            .identifier(context.releasedErrorName),
            [SwiftArgument("protocolName", .string(adapterClass.source))]))
      ]
    }
    return [released()]
  }

  private func released() -> SwiftStmt {
    .expression(
      .call(
        .identifier(context.releasedErrorName).dot(BridgeSupportTranslator.stopFunctionName),
        [
          .unlabeled(
            .string(
              "the '\(adapterClass.source)' object behind this '\(adapterClass.destination)' bridge was released"
            ))
        ]))
  }
}
