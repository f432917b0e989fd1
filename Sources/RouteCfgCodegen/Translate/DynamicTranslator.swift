import RouteCfgCore

/// Writes the file `--dynamic` adds: the registration of every protocol's member table and
/// proxy with the dynamic runtime (`RouteCfgRuntime`), and of the registry's factories, so that
/// the dynamic `Registry` and `RouteCfgTesting` need nothing written by hand.
struct DynamicTranslator {
  let context: GenerationContext

  private var graph: AppGraph { context.graph }

  /// The module of the dynamic runtime, which the file imports and qualifies the runtime's types
  /// with (a manifest protocol named `Registrations` would hide them).
  static let runtimeModule = "RouteCfgRuntime"

  func declarations() -> [SwiftDecl] {
    var members: [SwiftDecl] = [registerProtocols(), registerDynamic()]
    members = [
      .extensionDecl(
        SwiftExtension(
          head: SwiftDeclHead(), name: context.registryTypeName, conformances: [], members: members))
    ]
    return members + graph.protocolNames.compactMap(proxyClass) + [noValueFunction()]
  }

  /// The file's helper for a member whose type has no default value: `noDynamicValue`, apart
  /// from the manifest's protocols, which share the module's scope with it.
  private var noValueName: String {
    AdapterTranslator.unique("noDynamicValue", avoiding: Set(graph.protocolNames))
  }

  /// `{P}DynamicProxy`.
  func proxyName(of protocolName: String) -> String { protocolName + "DynamicProxy" }

  // MARK: Registration

  private func registerProtocols() -> SwiftDecl {
    // The type names of the app's own the manifest writes, each as the type the compiler resolves
    // it to: an alias (`typealias NoteID = Int`) is not visible at run time.
    var body: [SwiftStmt] = appTypeNames().map { name in
      .expression(
        .call(
          .identifier("registrations").dot("typeAlias"),
          [.unlabeled(.string(name)), SwiftArgument("for", .verbatim("\(context.typeName(name)).self"))]))
    }
    for name in graph.protocolNames {
      guard let info = graph.protocols[name] else { continue }
      var table: [SwiftStmt] = []
      for member in info.members { table += tableEntry(member, of: name) }
      let closure = SwiftClosure(
        parameters: [table.isEmpty ? "_" : "table"],
        body: table.isEmpty ? [.comment("A marker protocol: no members.")] : table)
      body.append(
        .expression(
          .call(
            .identifier("registrations").dot("members"),
            [
              SwiftArgument("of", .verbatim("(any \(context.typeName(name))).self")),
              SwiftArgument("as", .string(name)),
            ], trailing: closure)))
      body.append(
        .expression(
          .call(
            .identifier("registrations").dot("proxy"), [SwiftArgument("for", .string(name))],
            trailing: SwiftClosure(.call(.identifier(proxyName(of: name)), [.unlabeled(.verbatim("$0"))])))))
    }
    return .function(
      SwiftFunction(
        head: SwiftDeclHead(
          doc: [
            "Registers with the dynamic runtime a member table and a proxy for every protocol of the manifest: what the dynamic `Registry` and `RouteCfgTesting` need beside the factories. Members the dynamic runtime cannot call (`async` methods, methods of more than \(MethodSignature.maximumDynamicArguments) arguments) are left out; the registry names them when it is built."
          ], attributes: ["@MainActor"], modifiers: context.access + ["static"]),
        signature: SwiftSignature(
          name: "registerProtocols",
          parameters: [
            SwiftParameter(
              label: "into", name: "registrations", type: .named("inout \(Self.runtimeModule).Registrations"))
          ]),
        body: body))
  }

  /// The names of types the manifest writes in members and module parameters that are neither
  /// declared protocols nor standard types, in the order first written.
  private func appTypeNames() -> [String] {
    var names: [String] = []
    var seen: Set<String> = []
    func add(_ type: TypeRef) {
      for name in type.namedTypes where !MetatypeName.isMetatype(name) && graph.protocols[name] == nil {
        // `Swift.Int` and `Foundation.Data` are standard; an app's `Model.Date` is not.
        let bare = SwiftKnownTypeNames.withoutStandardModule(name).map(String.init) ?? name
        guard !TypeRef.isStandardTypeName(bare), !NeverHashableName.isStandardProtocol(name),
          seen.insert(name).inserted
        else { continue }
        names.append(name)
      }
    }
    for protocolName in graph.protocolNames {
      for member in graph.protocols[protocolName]?.members ?? [] { member.writtenTypes.forEach(add) }
    }
    for moduleName in graph.moduleNames {
      for parameter in graph.modules[moduleName]?.parameters ?? [] { add(parameter.type) }
    }
    return names
  }

  /// The member table entry of one member: closures that read and write a property (faster
  /// for the dynamic runtime than a key path), a closure that calls a method.
  private func tableEntry(_ member: MemberDecl, of protocolName: String) -> [SwiftStmt] {
    switch member.kind {
    case .property(let property):
      let name = SwiftRenderer.memberName(member.name)
      var arguments: [SwiftArgument] = [
        .unlabeled(.string(member.name)),
        SwiftArgument("get", .closure(SwiftClosure(parameters: ["object"], .identifier("object").dot(name)))),
      ]
      if property.isSettable {
        let assignment = SwiftStmt.assign(.identifier("object").dot(name), .identifier("value"))
        arguments.append(
          SwiftArgument("set", .closure(SwiftClosure(parameters: ["object", "value"], body: [assignment]))))
      }
      return [.expression(.call(.identifier("table").dot("property"), arguments))]
    case .method(let declared):
      let method = declared.implementationParameters
      if let limitation = method.dynamicCallLimitation {
        return [.comment("'\(member.fullName)' \(limitation).")]
      }
      let names = method.parameters.map(\.name)
      let object = AdapterTranslator.unique("object", avoiding: Set(names))
      var call = SwiftExpr.call(
        .identifier(object).dot(member.name),
        method.parameters.map { SwiftArgument($0.label, .identifier($0.name)) })
      if method.isThrowing { call = .try(call) }
      let closure = SwiftClosure(
        parameters: [object] + names,
        types: [context.existential(protocolName)]
          + method.parameters.map { context.swiftType($0.type).escaping },
        body: [.expression(call)])
      return [
        .expression(
          .call(.identifier("table").dot("method"), [.unlabeled(.string(member.fullName))], trailing: closure)
        )
      ]
    }
  }

  private func registerDynamic() -> SwiftDecl {
    var body: [SwiftStmt] = [
      .expression(
        .call(.verbatim("Self.registerProtocols"), [SwiftArgument("into", .verbatim("&registrations"))]))
    ]
    // The factories' closures read the registry through this name; with no module, none does.
    if !graph.moduleNames.isEmpty {
      body.append(.declaration(SwiftBinding(name: "registry", value: .selfExpr)))
    }
    for name in graph.moduleNames {
      guard let module = graph.modules[name] else { continue }
      var arguments: [SwiftArgument] = module.parameters.map { parameter in
        let wrapped = parameter.type.unwrappedOptional ?? parameter.type
        let type = Self.metatype(context.swiftType(wrapped))
        return parameter.isOptional
          ? .unlabeled(
            .call(
              .identifier("context").dot("parameter"),
              [.unlabeled(.string(parameter.name)), SwiftArgument("as", type)]))
          : .unlabeled(
            .try(
              .call(
                .identifier("context").dot("value"),
                [.unlabeled(.string(parameter.name)), SwiftArgument("as", type)])))
      }
      if !module.requires.isEmpty { arguments.append(.unlabeled(.identifier("registry"))) }
      let make = SwiftExpr.call(
        .identifier("registry").dot("factories").dot(context.memberName(of: module.name)), arguments)
      body.append(
        .expression(
          .call(
            .identifier("registrations").dot("module"),
            [.unlabeled(.string(name)), SwiftArgument("kind", .member(nil, module.kind.rawValue))],
            trailing: SwiftClosure(parameters: [module.parameters.isEmpty ? "_" : "context"], make))))
    }
    return .function(
      SwiftFunction(
        head: SwiftDeclHead(
          doc: [
            "Registers this registry's factories with the dynamic runtime, with every protocol's member table and proxy (`registerProtocols(into:)`): a dynamic `Registry` built from them needs nothing written by hand."
          ], attributes: ["@MainActor"], modifiers: context.access),
        signature: SwiftSignature(
          name: "registerDynamic",
          parameters: [
            SwiftParameter(
              label: "into", name: "registrations", type: .named("inout \(Self.runtimeModule).Registrations"))
          ]),
        body: body))
  }

  // MARK: Proxies

  /// A Swift object of protocol `name` whose members forward to dynamic members: the runtime
  /// makes one when a value crosses an adapter, or when a destination is asked for as this type.
  private func proxyClass(_ name: String) -> SwiftDecl? {
    guard let info = graph.protocols[name] else { return nil }
    let mainActor = context.isMainActor(protocol: name)
    // Witnesses of a protocol usable from any isolation are marked for the main actor, where the
    // conformance lives.
    let attributes = mainActor ? [] : ["@MainActor"]
    let members = info.members.map { proxyMember($0, of: name, attributes: attributes) }
    return .typeDecl(
      SwiftTypeDecl(
        head: SwiftDeclHead(
          doc: ["`\(name)` over dynamic members, for the dynamic runtime."],
          modifiers: context.access + ["final"]),
        kind: .class, name: proxyName(of: name),
        // The dynamic runtime lives on the main actor: a protocol usable from any isolation is
        // conformed to in isolation there.
        inherits: [Self.runtimeModule + ".DynamicProtocolProxy", mainActor ? name : "@MainActor " + name],
        members: members))
  }

  private func proxyMember(_ member: MemberDecl, of protocolName: String, attributes: [String]) -> SwiftDecl {
    switch member.kind {
    case .property(let property):
      let type = context.swiftType(property.type)
      let get = SwiftExpr.call(
        .identifier("forwardedValueOrReport"),
        [
          .unlabeled(.string(member.name)), SwiftArgument("as", Self.metatype(type)),
          SwiftArgument("fallback", fallback(type, member.name, protocolName)),
        ])
      let set: [SwiftStmt]? =
        property.isSettable
        ? [
          .expression(
            .call(
              .identifier("forwardValueOrReport"),
              [.unlabeled(.string(member.name)), .unlabeled(Self.anyValue(.identifier("newValue"), type))]))
        ]
        : nil
      return .property(
        SwiftProperty(
          head: SwiftDeclHead(attributes: attributes, modifiers: context.access), isLet: false,
          name: member.name,
          type: type, accessors: .computed(get: [.return(get)], set: set)))
    case .method(let declared):
      let method = declared.implementationParameters
      let arguments =
        [SwiftArgument.unlabeled(.string(member.fullName))]
        + method.parameters.map { parameter in
          .unlabeled(Self.anyValue(.identifier(parameter.name), context.swiftType(parameter.type)))
        }
      let call: SwiftExpr =
        method.isThrowing
        ? .try(.call(.identifier("forward"), arguments)) : .call(.identifier("forwardOrReport"), arguments)
      var body: [SwiftStmt]
      if method.result == .void {
        body = [.expression(call)]
      } else {
        let type = context.swiftType(method.result)
        // A non-throwing call names the type it reads, so that a value of another type is
        // reported (`forwardOrReport(_:_:as:)`); a throwing one casts what `forward` answers.
        let result =
          method.isThrowing
          ? SwiftExpr.conditionalCast(call, unwrapped(type))
          : .call(
            .identifier("forwardOrReport"),
            arguments + [SwiftArgument("as", Self.metatype(unwrapped(type)))])
        if type.isOptional {
          body = [.return(result)]
        } else {
          let read = method.isThrowing ? SwiftExpr.parenthesized(result) : result
          body = [.return(.binary(read, "??", fallback(type, member.fullName, protocolName)))]
        }
      }
      let signature = ProtocolTranslator(context: context).signature(of: member.name, method)
      return .function(
        SwiftFunction(
          head: SwiftDeclHead(attributes: attributes, modifiers: context.access), signature: signature,
          body: body))
    }
  }

  /// `value` handed to the runtime as `Any?`: an optional of an optional (`Int??`) is cast
  /// explicitly, as the compiler warns when it does so implicitly.
  static func anyValue(_ value: SwiftExpr, _ type: SwiftType) -> SwiftExpr {
    guard case .optional(.optional) = type else { return value }
    return .cast(value, .optional(.named("Any")))
  }

  /// `Int.self`, or `(any P).self` for a type that needs parentheses there.
  static func metatype(_ type: SwiftType) -> SwiftExpr {
    switch type {
    case .named, .array, .dictionary: return .verbatim(type.source + ".self")
    case .existential, .optional, .function: return .verbatim("(" + type.source + ").self")
    }
  }

  private func unwrapped(_ type: SwiftType) -> SwiftType {
    if case .optional(let wrapped) = type { return wrapped }
    return type
  }

  /// The value a member gives when the dynamic call gives none: the type's empty value where it
  /// has an obvious one, else a stop naming the member.
  private func fallback(_ type: SwiftType, _ member: String, _ protocolName: String) -> SwiftExpr {
    switch type {
    case .optional: return .nil
    case .array: return .verbatim("[]")
    case .dictionary: return .verbatim("[:]")
    case .named("String"), .named("Swift.String"): return .string("")
    case .named("Int"), .named("Double"), .named("Float"), .named("Swift.Int"), .named("Swift.Double"):
      return .verbatim("0")
    case .named("Bool"), .named("Swift.Bool"): return .verbatim("false")
    default:
      return .call(.identifier(noValueName), [.unlabeled(.string("\(protocolName).\(member)"))])
    }
  }

  private func noValueFunction() -> SwiftDecl {
    .function(
      SwiftFunction(
        head: SwiftDeclHead(
          doc: ["Stops when a dynamic member gives no value of a type that has no empty one."],
          attributes: [], modifiers: ["private"]),
        signature: SwiftSignature(
          name: noValueName, genericParameters: ["T"],
          parameters: [SwiftParameter(label: nil, name: "member", type: .string)],
          result: .named("T")),
        body: [
          .expression(
            .call(
              .standardLibrary("preconditionFailure"),
              [
                .unlabeled(
                  .interpolated([
                    .text("the dynamic member '"), .expression(.identifier("member")),
                    .text(
                      "' gave no value, and its type has no empty value to return instead (a mock without a "
                        + "stub for it, a caller released behind a delegate, or a failure already reported): "
                        + "stub it on the mock, or keep the caller alive"),
                  ]))
              ]))
        ]))
  }
}
