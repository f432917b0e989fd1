import RouteCfgCore

/// Which way a value moves relative to the adapter object that converts it.
enum ValueFlow {
  /// Into the wrapped object: a value set, an argument. Wrappers made for it are kept by the
  /// adapter object's bridge store, since the wrapped object may hold them weakly (a delegate).
  case inward
  /// Back to the adapter object's caller: a value read, a result. The caller owns what it gets.
  case outward

  var reversed: ValueFlow { self == .inward ? .outward : .inward }
}

/// A planned conversion: the expression, and what it needs from the code around it.
struct Conversion {
  var expression: SwiftExpr
  /// `false` when the value is used as it is (identical types, or an implicit upcast).
  var isIdentity: Bool
  /// The expression refers to the bridge store.
  var usesBridges = false
  /// The expression wraps a closure around the value, so the value must be a plain name (a
  /// closure must capture a value, not re-evaluate an expression at each call).
  var wrapsFunction = false
  /// The values the conversion would send off the main actor that Swift 6 cannot send
  /// (``ValueConverter/sentArgument(_:_:of:_:)`` refused them): the generated code would not
  /// compile, and `generate` reports RC1003 instead.
  var unsendable: [UnsendableValue] = []
}

/// A value a main-actor closure would pass to a `nonisolated` `async` function, which Swift 6
/// cannot send there.
struct UnsendableValue: Hashable {
  /// The value's type, as the `async` function takes it.
  let type: TypeRef
  /// The part of ``type`` that keeps it from being sent: a synchronous function type, or a type
  /// of the app's own.
  let blocker: TypeRef
}

/// Writes the Swift expression that turns a value of one manifest type into another, following
/// the same rules as the validator's type fit: identical types, `T` into `T?`, optionals, arrays
/// and dictionaries element by element, function types parameter by parameter (in reverse) and
/// result, and protocols through an inherited protocol or an adapter class.
struct ValueConverter {
  let context: GenerationContext
  let classes: AdapterClasses
  /// The bridge store of the adapter object doing the conversion.
  let bridges: SwiftExpr
  /// Names in scope where the conversion is written (the method's parameters, locals): the
  /// closures it writes name their parameters and constants apart from these, so that a closure
  /// never hides a value its body uses (a parameter named `a0`).
  var taken: Set<String> = []
  /// The conversion is written in a `@MainActor` adapter class. A closure it writes there is
  /// main-actor isolated, so an argument it passes to a `nonisolated` `async` function is sent
  /// off the main actor (``sentArgument(_:_:of:_:)``).
  var isMainActor = false

  /// This converter, for code inside a closure that also binds `names`.
  private func inside(_ names: [String]) -> ValueConverter {
    var scope = self
    scope.taken.formUnion(names)
    return scope
  }

  func convert(_ value: SwiftExpr, from source: TypeRef, to destination: TypeRef, flow: ValueFlow)
    -> Conversion
  {
    convert(value, from: source, to: destination, flow: flow, depth: 0)
  }

  /// - Parameter isHandedOver: the value was made by the caller's function and returned to the
  ///   wrapped object (``wrapped(_:_:into:flow:depth:)``): nothing else may hold it, so a bridge
  ///   made for it holds it strongly, and the bridge store only remembers that bridge.
  private func convert(
    _ value: SwiftExpr, from source: TypeRef, to destination: TypeRef, flow: ValueFlow, depth: Int,
    isHandedOver: Bool = false
  ) -> Conversion {
    switch (source, destination) {
    case (.optional(.named(let name)), .optional(.named(let target))):
      // The optional form of `wrapping` reads a released delegate back as `nil`.
      return named(
        value, name, into: target, flow: flow, function: "wrappingOptional", isHandedOver: isHandedOver)
    case (.optional(let inner), .optional(let target)):
      return mapped(
        value, "map", from: inner, to: target, flow: flow, depth: depth, isHandedOver: isHandedOver)
    case (_, .optional(let target)):
      return convert(value, from: source, to: target, flow: flow, depth: depth, isHandedOver: isHandedOver)
    case (.array(let inner), .array(let target)):
      return mapped(
        value, "map", from: inner, to: target, flow: flow, depth: depth, isHandedOver: isHandedOver)
    case (.dictionary(_, let inner), .dictionary(_, let target)):
      return mapped(
        value, "mapValues", from: inner, to: target, flow: flow, depth: depth, isHandedOver: isHandedOver)
    case (.function(let function), .function(let target)):
      return wrapped(value, function, into: target, flow: flow, depth: depth)
    case (.named(let name), .named(let target)):
      return named(value, name, into: target, flow: flow, isHandedOver: isHandedOver)
    default:
      return Conversion(expression: value, isIdentity: true)
    }
  }

  /// `value.map { convert($0) }`, or `value` when elements need no conversion.
  private func mapped(
    _ value: SwiftExpr, _ method: String, from source: TypeRef, to destination: TypeRef, flow: ValueFlow,
    depth: Int, isHandedOver: Bool
  ) -> Conversion {
    let element =
      convertsToClosure(source, destination)
      ? AdapterTranslator.unique("function\(depth)", avoiding: taken) : nil
    var inner = inside(element.map { [$0] } ?? []).convert(
      element.map(SwiftExpr.identifier) ?? .verbatim("$0"), from: source, to: destination, flow: flow,
      depth: depth + 1, isHandedOver: isHandedOver)
    guard !inner.isIdentity else { return Conversion(expression: value, isIdentity: true) }
    let closure = SwiftClosure(parameters: element.map { [$0] } ?? [], inner.expression)
    // `(a?.list).map`, not `a?.list.map`, which would map the array rather than the optional.
    let mappedValue = value.isOptionalChain ? SwiftExpr.parenthesized(value) : value
    inner.expression = .call(mappedValue.dot(method), [], trailing: closure)
    inner.wrapsFunction = false
    return inner
  }

  private func convertsToClosure(_ source: TypeRef, _ destination: TypeRef) -> Bool {
    if case .function = source, case .function = destination { return true }
    return false
  }

  /// A closure that calls `value` with converted arguments and converts its result.
  private func wrapped(
    _ value: SwiftExpr, _ function: FunctionType, into target: FunctionType, flow: ValueFlow, depth: Int
  ) -> Conversion {
    let letter = String(UnicodeScalar(UInt8(ascii: "a") &+ UInt8(min(depth, 25))))
    let names = target.parameters.indices.map { AdapterTranslator.unique("\(letter)\($0)", avoiding: taken) }
    let scope = inside(names)
    var usesBridges = false
    var identity = true
    var arguments: [SwiftArgument] = []
    var sent: [SwiftStmt] = []
    var unsendable: [UnsendableValue] = []
    var unescaped: [String] = []
    for (index, (parameter, targetParameter)) in zip(function.parameters, target.parameters).enumerated() {
      let argument = scope.convert(
        .identifier(names[index]), from: targetParameter, to: parameter, flow: flow.reversed, depth: depth + 1
      )
      usesBridges = usesBridges || argument.usesBridges
      identity = identity && argument.isIdentity
      unsendable += argument.unsendable
      // A main-actor closure sends what it passes to a `nonisolated` async function: a wrapper it
      // made, or its own argument when that is not `Sendable` (a protocol value, a closure).
      if function.isAsync, isMainActor, !argument.isIdentity || !scope.isPlainlySendable(parameter) {
        if let binding = scope.sentArgument(argument, parameter, of: index, letter) {
          sent.append(.declaration(binding))
          arguments.append(.unlabeled(.identifier(binding.name)))
          continue
        }
        // An argument passed as it is, of a type of the app's own, is the app's to make `Sendable`.
        let blocker = scope.sendBlocker(parameter) ?? parameter
        if !argument.isIdentity || !scope.isAppType(blocker) {
          unsendable.append(UnsendableValue(type: parameter, blocker: blocker))
        }
      }
      arguments.append(.unlabeled(argument.expression))
      // Inside a closure, `value` may be a non-escaping parameter, which Swift does not let
      // this closure's own non-escaping parameter be captured into a call of.
      if depth > 0, argument.wrapsFunction, case .function = targetParameter {
        unescaped.append(names[index])
      }
    }
    var call = SwiftExpr.call(value, arguments)
    if function.isAsync { call = .await(call) }
    if function.isThrowing { call = .try(call) }
    for name in unescaped.reversed() {
      call = .call(
        .identifier("withoutActuallyEscaping"), [.unlabeled(.identifier(name))],
        trailing: SwiftClosure(parameters: [name], call))
      if function.isAsync { call = .await(call) }
      if function.isThrowing { call = .try(call) }
    }
    // What the caller's function returns into the wrapped object is handed over to it.
    let isHandedOver = flow == .inward
    let result = scope.convert(
      call, from: function.result, to: target.result, flow: flow, depth: depth + 1, isHandedOver: isHandedOver
    )
    unsendable += result.unsendable
    guard !(identity && result.isIdentity) else { return Conversion(expression: value, isIdentity: true) }
    // A closure of one expression returns it; after the constants of sent arguments, `return`
    // says so.
    var body: [SwiftStmt] = [
      sent.isEmpty || target.result == .void ? .expression(result.expression) : .return(result.expression)
    ]
    if result.wrapsFunction {
      let name = AdapterTranslator.unique("result", avoiding: scope.taken)
      body = [
        .declaration(SwiftBinding(name: name, value: call)),
        .return(
          scope.inside([name]).convert(
            .identifier(name), from: function.result, to: target.result, flow: flow, depth: depth + 1,
            isHandedOver: isHandedOver
          ).expression),
      ]
    }
    return Conversion(
      expression: .closure(SwiftClosure(parameters: names, body: sent + body)), isIdentity: false,
      usesBridges: usesBridges || result.usesBridges, wrapsFunction: true, unsendable: unsendable)
  }

  /// The argument bound to a `nonisolated(unsafe)` constant, when the closure that converts it is
  /// main-actor isolated and calls a `nonisolated` `async` function with it: Swift 6 refuses to
  /// send the wrapper it made (`WAsNW.wrapping(a0)`, a value of a protocol that is not
  /// `Sendable`) off the main actor. Sending it is safe when its type passes
  /// ``maySendOffTheMainActor(_:)``: whatever the callee does with the value, each member it
  /// reaches runs on the main actor. `nil` for any other type (a synchronous closure, a type of
  /// the app's own): Swift 6 rejects the call, and the conversion lists the type as
  /// ``Conversion/unsendable``.
  fileprivate func sentArgument(_ argument: Conversion, _ type: TypeRef, of index: Int, _ letter: String)
    -> SwiftBinding?
  {
    guard isMainActor, maySendOffTheMainActor(type) else { return nil }
    let name = AdapterTranslator.unique("\(letter)\(index)Sent", avoiding: taken)
    // A closure bound to a constant has no type from its context: Swift could not infer the
    // types of its parameters (`b0.map` over an array of wrappers).
    return SwiftBinding(
      isUnsafelyNonisolated: true, name: name, type: argument.wrapsFunction ? context.swiftType(type) : nil,
      value: argument.expression)
  }

  /// `true` for a type Swift knows is `Sendable` (a standard value type, `Error`, and optionals,
  /// arrays and dictionaries of them), or that is the app's own (``isAppType(_:)``): its values
  /// are passed as they are.
  fileprivate func isPlainlySendable(_ type: TypeRef) -> Bool {
    switch type {
    case .named(let name):
      return context.graph.protocols[name] == nil
    case .optional(let inner), .array(let inner): return isPlainlySendable(inner)
    case .dictionary(let key, let value): return isPlainlySendable(key) && isPlainlySendable(value)
    case .function: return false
    }
  }

  /// `true` for a named type that is neither a protocol of the manifest nor a standard type.
  fileprivate func isAppType(_ type: TypeRef) -> Bool {
    guard case .named(let name) = type else { return false }
    return context.graph.protocols[name] == nil && name != "Error" && !SwiftKnownTypeNames.isConcrete(name)
  }

  /// `true` for a type whose values may cross to another isolation although Swift cannot tell:
  /// a declared `@MainActor` protocol, a standard value type (`String`, `Int`...), and optionals,
  /// arrays, dictionaries and `async` functions made of them (a closure formed on the main actor
  /// runs there wherever it is called from).
  private func maySendOffTheMainActor(_ type: TypeRef) -> Bool { sendBlocker(type) == nil }

  /// The first part of `type` that keeps its values from crossing to another isolation
  /// (``maySendOffTheMainActor(_:)``): a synchronous function type (the callee could call it
  /// off the main actor), or a named type that is neither a `@MainActor` protocol nor a standard
  /// value type. `nil` when there is none.
  fileprivate func sendBlocker(_ type: TypeRef) -> TypeRef? {
    switch type {
    case .named(let name):
      // `any Error` is `Sendable`, as the standard value types are.
      let isSendable =
        context.graph.protocols[name] != nil
        ? context.isMainActor(protocol: name) : name == "Error" || SwiftKnownTypeNames.isConcrete(name)
      return isSendable ? nil : type
    case .optional(let inner), .array(let inner): return sendBlocker(inner)
    case .dictionary(let key, let value): return sendBlocker(key) ?? sendBlocker(value)
    case .function(let function):
      guard function.isAsync else { return type }
      return function.parameters.lazy.compactMap(sendBlocker).first ?? sendBlocker(function.result)
    }
  }

  /// A protocol value through an inherited protocol (as it is) or an adapter class.
  /// Values moving inward are wrapped through the adapter object's store: a bridge it keeps
  /// holds the caller's object weakly (a delegate the caller set or passed), and one made for a
  /// value handed over holds it, the store only remembering it for identity. A value moving
  /// outward gets a wrapper of its own, which holds it.
  private func named(
    _ value: SwiftExpr, _ name: String, into target: String, flow: ValueFlow, function: String = "wrapping",
    isHandedOver: Bool
  ) -> Conversion {
    guard name != target, let info = context.graph.protocols[name], context.graph.protocols[target] != nil,
      !info.conforms(to: target), let adapterClass = classes.converting(from: name, to: target)
    else { return Conversion(expression: value, isIdentity: true) }
    var arguments = [SwiftArgument.unlabeled(value)]
    if flow == .inward {
      arguments.append(SwiftArgument("in", bridges))
      if isHandedOver, adapterClass.kind == .bridge {
        arguments.append(SwiftArgument("handingOver", .verbatim("true")))
      }
    }
    return Conversion(
      expression: .call(.identifier(adapterClass.name).dot(function), arguments), isIdentity: false,
      usesBridges: flow == .inward)
  }
}
