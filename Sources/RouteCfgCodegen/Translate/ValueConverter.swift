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
  /// What keeps the conversion from compiling, which `generate` reports instead (RC1003,
  /// RC1004).
  var problems: [ForwardingProblem] = []
}

/// Why generated forwarding would not compile.
enum ForwardingProblem: Hashable {
  /// A value Swift 6 cannot send off the main actor (``MainActorSending`` finds it blocked).
  case unsendable(UnsendableValue)
  /// A closure that is a parameter of a closure, so not escaping (`() -> Void` in
  /// `(() -> Void) -> Int`), where the other side's closure takes it as an optional one, which
  /// may be kept (`((() -> Void)?) -> Int`).
  case escapes(closure: TypeRef, into: TypeRef)

  /// Whether the problem is there however the value is passed: an escape is in the types
  /// themselves, a send only in a closure that the conversion writes.
  var isInTheTypes: Bool {
    if case .escapes = self { return true }
    return false
  }
}

/// A value a main-actor closure would pass to a `nonisolated` `async` function, which Swift 6
/// cannot send there.
struct UnsendableValue: Hashable {
  /// The value's type, as the `async` function takes it.
  let type: TypeRef
  /// The part of ``type`` that keeps it from being sent (``MainActorSending``): a synchronous
  /// function type, a service's protocol, `Any` or `AnyObject`, or a type of the app's own beside
  /// main-actor values.
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
  /// off the main actor (``MainActorSending``).
  var isMainActor = false
  /// The conversion is written in a proxy, whose wrapped object is the provider's: a value set on
  /// it comes from the caller, so the wrapper its store keeps holds it weakly, a proxy's bridge
  /// (``AdapterClasses/bridge(beside:)``) where a proxy converts it.
  var isInProxy = false

  /// This converter, for code inside a closure that also binds `names`.
  private func inside(_ names: [String]) -> ValueConverter {
    var scope = self
    scope.taken.formUnion(names)
    return scope
  }

  /// - Parameter isArgument: the value is a method's argument (into the wrapped object), which
  ///   the method's receiver may keep or not: a proxy made for it is remembered only while held.
  func convert(
    _ value: SwiftExpr, from source: TypeRef, to destination: TypeRef, flow: ValueFlow,
    isArgument: Bool = false
  ) -> Conversion {
    convert(value, from: source, to: destination, flow: flow, depth: 0, isArgument: isArgument)
  }

  /// - Parameter isHandedOver: the value was made by the caller's function and returned to the
  ///   wrapped object (``wrapped(_:_:into:flow:depth:)``): nothing else may hold it, so a bridge
  ///   made for it holds it strongly, and the bridge store only remembers that bridge.
  private func convert(
    _ value: SwiftExpr, from source: TypeRef, to destination: TypeRef, flow: ValueFlow, depth: Int,
    isHandedOver: Bool = false, isArgument: Bool = false
  ) -> Conversion {
    // A value of the very type taken is passed as it is, also when one side writes it another
    // way (`TimeInterval` for `Double`). (Converted part by part, a closure type that takes a
    // closure would be wrapped when inside another closure, whose closure parameter Swift does
    // not let escape, and the wrapper would then be sent where the value need not be.)
    if source == destination || standardSpelling(source) == standardSpelling(destination) {
      return Conversion(expression: value, isIdentity: true)
    }
    switch (source, destination) {
    case (.optional(.named(let name)), .optional(.named(let target))):
      // The optional form of `wrapping` reads a released delegate back as `nil`.
      return named(
        value, name, into: target, flow: flow, function: "wrappingOptional", isHandedOver: isHandedOver,
        isArgument: isArgument)
    case (.optional(let inner), .optional(let target)):
      return mapped(
        value, "map", from: inner, to: target, flow: flow, depth: depth, isHandedOver: isHandedOver,
        isArgument: isArgument)
    case (_, .optional(let target)):
      return convert(
        value, from: source, to: target, flow: flow, depth: depth, isHandedOver: isHandedOver,
        isArgument: isArgument)
    case (.array(.named(let name)), .array(.named(let target))) where readsBackReleased(name, as: target):
      // A released caller's object is left out, as the dynamic runtime leaves it out.
      return mapped(
        value, "compactMap", from: .optional(.named(name)), to: .optional(.named(target)), flow: flow,
        depth: depth, isHandedOver: isHandedOver, isArgument: isArgument)
    case (.dictionary(_, .named(let name)), .dictionary(_, .named(let target)))
    where readsBackReleased(name, as: target):
      return mapped(
        value, "compactMapValues", from: .optional(.named(name)), to: .optional(.named(target)), flow: flow,
        depth: depth, isHandedOver: isHandedOver, isArgument: isArgument)
    case (.array(let inner), .array(let target)):
      return mapped(
        value, "map", from: inner, to: target, flow: flow, depth: depth, isHandedOver: isHandedOver,
        isArgument: isArgument)
    case (.dictionary(_, let inner), .dictionary(_, let target)):
      return mapped(
        value, "mapValues", from: inner, to: target, flow: flow, depth: depth, isHandedOver: isHandedOver,
        isArgument: isArgument)
    case (.function(let function), .function(let target)):
      return wrapped(value, function, into: target, flow: flow, depth: depth)
    case (.named(let name), .named(let target)):
      return named(value, name, into: target, flow: flow, isHandedOver: isHandedOver, isArgument: isArgument)
    default:
      return Conversion(expression: value, isIdentity: true)
    }
  }

  /// `type` with each standard type in one spelling (`Double` for `TimeInterval`, `Data` for
  /// `Foundation.Data`), where no declared protocol has that name.
  private func standardSpelling(_ type: TypeRef) -> TypeRef {
    let protocols = context.graph.protocols
    return type.replacingNames { name in
      SwiftKnownTypeNames.standardType(of: name) { protocols[$0] != nil }
    }
  }

  /// Whether a value of `name` converted to `target` may be a bridge the other way whose object
  /// was released: an element that then stands for nothing, which a collection of non-optional
  /// values leaves out (`compactMap`) where a single value reads back as `nil`.
  private func readsBackReleased(_ name: String, as target: String) -> Bool {
    guard adapterClass(from: name, to: target) != nil, let back = classes.converting(from: target, to: name)
    else { return false }
    return back.kind == .bridge || classes.bridge(beside: back) != nil
  }

  /// The adapter class a value of protocol `name` is wrapped in to be a `target`, or `nil` when it
  /// is one already (the same protocol, or one that inherits `target`) or nothing converts it.
  private func adapterClass(from name: String, to target: String) -> AdapterClasses.Class? {
    classes.converter(from: name, to: target, in: context.graph)
  }

  /// `value.map { convert($0) }`, or `value` when elements need no conversion.
  private func mapped(
    _ value: SwiftExpr, _ method: String, from source: TypeRef, to destination: TypeRef, flow: ValueFlow,
    depth: Int, isHandedOver: Bool, isArgument: Bool
  ) -> Conversion {
    let elementType = Self.elementType(of: source, mappedWith: method)
    let typed = Self.namesElementType(elementType)
    let element =
      convertsToClosure(source, destination)
      ? AdapterTranslator.unique("function\(depth)", avoiding: taken)
      : typed ? AdapterTranslator.unique("element\(depth)", avoiding: taken) : nil
    var inner = inside(element.map { [$0] } ?? []).convert(
      element.map(SwiftExpr.identifier) ?? .verbatim("$0"), from: source, to: destination, flow: flow,
      depth: depth + 1, isHandedOver: isHandedOver, isArgument: isArgument)
    guard !inner.isIdentity else {
      return Conversion(expression: value, isIdentity: true, problems: inner.problems.filter(\.isInTheTypes))
    }
    var closure = SwiftClosure(parameters: element.map { [$0] } ?? [], inner.expression)
    if typed {
      closure.types = [context.swiftType(elementType)]
      closure.result = context.swiftType(destination)
    }
    // `(a?.list).map`, not `a?.list.map`, which would map the array rather than the optional.
    let mappedValue = value.isOptionalChain ? SwiftExpr.parenthesized(value) : value
    inner.expression = .call(mappedValue.dot(method), [], trailing: closure)
    inner.wrapsFunction = false
    return inner
  }

  /// Whether the closure that converts an element of type `element` names its parameter's and
  /// result's types: when the element is itself an optional or a collection, which its
  /// conversion maps in turn. Swift infers the types of nested `map` closures in time exponential
  /// in their depth (sixteen levels of `[T]?` did not compile); typed, each level is settled on
  /// its own. Not for an element that holds a function type, whose isolation and escaping Swift
  /// infers from the closure's use.
  private static func namesElementType(_ element: TypeRef) -> Bool {
    func holdsFunction(_ type: TypeRef) -> Bool {
      switch type {
      case .named: return false
      case .optional(let inner), .array(let inner): return holdsFunction(inner)
      case .dictionary(let key, let value): return holdsFunction(key) || holdsFunction(value)
      case .function: return true
      }
    }
    switch element {
    case .optional, .array, .dictionary: return !holdsFunction(element)
    case .named, .function: return false
    }
  }

  /// The type of the element a `map`-like `method` passes its closure, whose conversion is from
  /// `source`: that of `compactMap` and `compactMapValues` is the optional of their element's.
  private static func elementType(of source: TypeRef, mappedWith method: String) -> TypeRef {
    guard method == "compactMap" || method == "compactMapValues", let element = source.unwrappedOptional
    else {
      return source
    }
    return element
  }

  /// Whether converting an element makes a closure around it (through optionals too), which then
  /// needs the element by a name of its own rather than `$0`.
  private func convertsToClosure(_ source: TypeRef, _ destination: TypeRef) -> Bool {
    if case .function = source.withoutOptionals, case .function = destination.withoutOptionals { return true }
    return false
  }

  /// A closure that calls `value` with converted arguments and converts its result.
  ///
  /// - Parameter always: make the closure even when it would only pass its arguments on.
  private func wrapped(
    _ value: SwiftExpr, _ function: FunctionType, into target: FunctionType, flow: ValueFlow, depth: Int,
    always: Bool = false
  ) -> Conversion {
    let letter = String(UnicodeScalar(UInt8(ascii: "a") &+ UInt8(min(depth, 25))))
    let names = target.parameters.indices.map { AdapterTranslator.unique("\(letter)\($0)", avoiding: taken) }
    let scope = inside(names)
    var usesBridges = false
    var identity = true
    var arguments: [SwiftArgument] = []
    var sent: [SwiftStmt] = []
    var problems: [ForwardingProblem] = []
    for (index, (parameter, targetParameter)) in zip(function.parameters, target.parameters).enumerated() {
      // An argument of the call, as a method's is: a provider's object the provider passes to the
      // caller's closure is handed over, not kept.
      var argument = scope.convert(
        .identifier(names[index]), from: targetParameter, to: parameter, flow: flow.reversed,
        depth: depth + 1,
        isArgument: true)
      // Inside a closure, `value` may be a non-escaping parameter, which Swift does not let this
      // closure's own non-escaping closure parameter be passed to as it is: a closure around it
      // is (bound below).
      if depth > 0, argument.isIdentity, case .function(let passed) = targetParameter,
        case .function(let taken) = parameter
      {
        argument = scope.wrapped(
          .identifier(names[index]), passed, into: taken, flow: flow.reversed, depth: depth + 1, always: true)
      }
      usesBridges = usesBridges || argument.usesBridges
      identity = identity && argument.isIdentity
      problems += argument.problems
      // The closure's own closure parameter is not escaping: the value's may not keep it.
      if case .function = targetParameter, case .optional = parameter {
        problems.append(.escapes(closure: targetParameter, into: parameter))
      }
      // A main-actor closure sends what it passes to a `nonisolated` async function: a wrapper it
      // made, or its own argument when that is not `Sendable` (MainActorSending).
      let sending =
        function.isAsync && isMainActor ? MainActorSending(context: context).kind(of: parameter) : nil
      if case .blocked(let blocker) = sending {
        problems.append(.unsendable(UnsendableValue(type: parameter, blocker: blocker)))
      }
      // A closure made here goes through a constant of its type. Swift infers the types of its
      // parameters from that (`b0.map` over wrappers), and lets it capture this closure's own
      // non-escaping parameter although `value` may be a non-escaping parameter too. A value sent
      // goes through a constant of the type `value` takes, so that no conversion (`W` into `W?`)
      // makes a new value after it, which Swift would not count as sent safely.
      let bindsClosure = argument.wrapsFunction && (depth > 0 || sending == .mainActor)
      guard sending == .mainActor || bindsClosure else {
        arguments.append(.unlabeled(argument.expression))
        continue
      }
      let name = AdapterTranslator.unique(
        "\(letter)\(index)" + (sending == .mainActor ? "Sent" : "Wrapped"), avoiding: scope.taken)
      sent.append(
        .declaration(
          SwiftBinding(
            isUnsafelyNonisolated: sending == .mainActor, name: name,
            type: context.swiftType(parameter), value: argument.expression)))
      arguments.append(.unlabeled(.identifier(name)))
    }
    var call = SwiftExpr.call(value, arguments)
    if function.isAsync { call = .await(call) }
    if function.isThrowing { call = .try(call) }
    // What the caller's function returns into the wrapped object is handed over to it.
    let isHandedOver = flow == .inward
    let result = scope.convert(
      call, from: function.result, to: target.result, flow: flow, depth: depth + 1, isHandedOver: isHandedOver
    )
    problems += result.problems
    guard always || !(identity && result.isIdentity) else {
      return Conversion(expression: value, isIdentity: true, problems: problems.filter(\.isInTheTypes))
    }
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
      usesBridges: usesBridges || result.usesBridges, wrapsFunction: true, problems: problems)
  }

  /// A protocol value through an inherited protocol (as it is) or an adapter class.
  /// Values moving inward are wrapped through the adapter object's store: a bridge it keeps
  /// holds the caller's object weakly (a delegate the caller set or passed), and one made for a
  /// value handed over holds it, the store only remembering it for identity. A value moving
  /// outward is handed over to the caller: its wrapper holds it, and the store remembers the
  /// wrapper while the caller holds it, so that reading the same object again (or back, after
  /// the caller set the wrapper it read) gives the same wrapper (`===`). A provider's object
  /// passed as an argument into the caller's (the sender a provider passes to the caller's
  /// delegate) is handed over too: its proxy holds it, so a store that kept the proxy would keep
  /// the sender alive for as long as the delegate lives (the sender holding its delegate, a
  /// cycle). One set into the caller's object (a delegate the provider sets) is kept, since the
  /// caller may hold it weakly.
  private func named(
    _ value: SwiftExpr, _ name: String, into target: String, flow: ValueFlow, function: String = "wrapping",
    isHandedOver: Bool, isArgument: Bool = false
  ) -> Conversion {
    guard var adapterClass = adapterClass(from: name, to: target) else {
      return Conversion(expression: value, isIdentity: true)
    }
    var arguments = [SwiftArgument.unlabeled(value), SwiftArgument("in", bridges)]
    if flow == .outward || isHandedOver || (isArgument && adapterClass.kind == .proxy) {
      arguments.append(SwiftArgument("handingOver", .verbatim("true")))
    }
    // A caller's object into the provider through a proxy that has a bridge beside it goes
    // through that bridge, set or passed: the store finds one wrapper per object and class, so
    // the object set and the object passed are the same wrapper to the provider (`===`). Passed
    // over, the bridge holds it, as the proxy would.
    if isInProxy, flow == .inward, let bridge = classes.bridge(beside: adapterClass) {
      adapterClass = bridge
    }
    return Conversion(
      expression: .call(.identifier(adapterClass.name).dot(function), arguments), isIdentity: false,
      usesBridges: true)
  }
}
