import RouteCfgCore

/// Writes `AppRegistry` (a factory per module, a `make` method per protocol, `open`) and each
/// module's `Dependencies` protocol, which the registry conforms to.
struct RegistryTranslator {
  let context: GenerationContext
  let routedModules: [ModuleInfo]

  private var graph: AppGraph { context.graph }
  private var modules: [ModuleInfo] { graph.moduleNames.compactMap { graph.modules[$0] } }

  func declarations() -> [SwiftDecl] {
    var members: [SwiftDecl] = [factoriesType(), factoriesProperty(), initializer()]
    members += makers()
    members += openFunctions()
    var declarations: [SwiftDecl] = [
      .typeDecl(
        SwiftTypeDecl(
          head: context.isolationHead(
            mainActor: false,
            doc: [
              "\(context.appName)'s modules wired as the manifest says: give it a factory per module, then make any protocol's destination with its `make` method or open a route or URL."
            ]),
          kind: .struct, name: context.registryTypeName, inherits: ["Sendable"], members: members))
    ]
    for module in modules where !module.requires.isEmpty {
      // A modular app's wiring imports the protocol from the module's interface.
      if context.options.interfaceModules == nil {
        declarations.append(DependenciesTranslator(context: context).declaration(for: module))
      }
      declarations.append(
        .extensionDecl(
          SwiftExtension(
            head: SwiftDeclHead(modifiers: ["nonisolated"]), name: context.registryTypeName,
            conformances: [context.dependenciesName(of: module.name)], members: [])))
    }
    return context.hiddenTypes.declarations(access: context.access) + declarations
  }

  // MARK: Factories

  /// The type of a module's factory: its parameters in declaration order (function-typed ones
  /// `@escaping`, so that the module can keep a callback), then its dependencies when it
  /// requires protocols; it returns the module's object.
  func factoryType(of module: ModuleInfo) -> SwiftType {
    var parameters = module.parameters.map { context.swiftType($0.type).escaping }
    if !module.requires.isEmpty {
      parameters.append(.existential([context.dependenciesName(of: module.name)]))
    }
    let attributes = context.isMainActor(module: module.name) ? ["@MainActor", "@Sendable"] : ["@Sendable"]
    return .function(
      SwiftFunctionType(
        attributes: attributes, parameters: parameters, result: context.objectType(of: module)))
  }

  private func factoriesType() -> SwiftDecl {
    .typeDecl(
      SwiftTypeDecl(
        head: SwiftDeclHead(
          doc: ["The factories, one per module (internal, for the dynamic registration `--dynamic` writes)."],
          modifiers: ["nonisolated"]), kind: .struct, name: "Factories",
        inherits: ["Sendable"],
        members: modules.map { module in
          .property(
            SwiftProperty(
              head: SwiftDeclHead(), isLet: true, name: context.memberName(of: module.name),
              type: factoryType(of: module), accessors: .stored(initialValue: nil)))
        }))
  }

  private func factoriesProperty() -> SwiftDecl {
    .property(
      SwiftProperty(
        head: SwiftDeclHead(), isLet: true, name: "factories",
        type: .named("Factories"),
        accessors: .stored(initialValue: nil)))
  }

  /// `init(noteList: ...)`: a factory's label is its module's member name; a module whose member
  /// name is `self` (`Self_`) has its factory held as `selfFactory` (`init(self selfFactory:)`),
  /// since the body reaches the registry through `self`.
  private func initializer() -> SwiftDecl {
    let labels = modules.map { context.memberName(of: $0.name) }
    let selfFactory = AdapterTranslator.unique("selfFactory", avoiding: Set(labels))
    let names = labels.map { $0 == "self" ? selfFactory : $0 }
    var doc = ["A registry that makes each module's object with its factory."]
    if !modules.isEmpty { doc += ["", "- Parameters:"] }
    for (module, name) in zip(modules, names) {
      doc.append("  - \(name): Makes module `\(module.name)`\(factoryDescription(module)).")
    }
    return .initializer(
      SwiftInitializer(
        head: SwiftDeclHead(doc: doc, modifiers: context.access),
        parameters: zip(modules, zip(labels, names)).map { module, pair in
          SwiftParameter(label: pair.0, name: pair.1, type: factoryType(of: module).escaping)
        },
        body: [
          .assign(
            .selfMember("factories"),
            .call(
              .identifier("Factories"), zip(labels, names).map { SwiftArgument($0, .identifier($1)) }))
        ]))
  }

  private func factoryDescription(_ module: ModuleInfo) -> String {
    var parts: [String] = []
    if !module.parameters.isEmpty {
      parts.append("from " + module.parameters.map { "`\($0.name)`" }.joined(separator: ", "))
    }
    if !module.requires.isEmpty { parts.append("with its dependencies") }
    return parts.isEmpty ? "" : " " + parts.joined(separator: " and ")
  }

  /// `self.factories.module(arguments..., self)`.
  func makeObject(_ module: ModuleInfo, arguments: [SwiftExpr]) -> SwiftExpr {
    var all = arguments.map(SwiftArgument.unlabeled)
    if !module.requires.isEmpty { all.append(.unlabeled(.selfExpr)) }
    return .call(.selfMember("factories").dot(context.memberName(of: module.name)), all)
  }

  // MARK: Makers

  /// The protocols a module provides (those it lists in `provides` and those they inherit) or
  /// requires that resolve, in declaration order. Who answers each is the resolution's choice:
  /// an inherited protocol two modules provide has no `make` method unless a binding picks one.
  private var madeProtocols: [(name: String, provider: Provider, module: ModuleInfo)] {
    let listed = Self.protocolsWithMakers(in: graph)
    return graph.protocolNames.compactMap { name in
      guard listed.contains(name), let (provider, module) = context.providerModule(of: name) else {
        return nil
      }
      return (name: name, provider: provider, module: module)
    }
  }

  /// The protocols that get a `make` method when they resolve: those a module provides (those
  /// it lists in `provides` and those they inherit) or requires.
  static func protocolsWithMakers(in graph: AppGraph) -> Set<String> {
    var listed: Set<String> = []
    for module in graph.modules.values {
      for name in module.provides {
        listed.insert(name)
        listed.formUnion(graph.protocols[name]?.ancestors ?? [])
      }
      listed.formUnion(module.requires)
    }
    return listed
  }

  private func makers() -> [SwiftDecl] {
    let required = Set(modules.flatMap(\.requires))
    var declarations: [SwiftDecl] = []
    for made in madeProtocols {
      declarations.append(maker(made.name, provider: made.provider, module: made.module, optionalsToo: true))
      if required.contains(made.name), made.module.parameters.contains(where: \.isOptional) {
        declarations.append(
          maker(made.name, provider: made.provider, module: made.module, optionalsToo: false))
      }
    }
    return declarations
  }

  /// Whether making `protocolName` from `module` runs on the main actor.
  func makerIsMainActor(_ protocolName: String, module: ModuleInfo) -> Bool {
    context.isMainActor(protocol: protocolName) || context.isMainActor(module: module.name)
  }

  /// The parameters a `make` method takes: the provider's (function-typed ones `@escaping`, as
  /// its factory takes them), optional ones defaulting to `nil` (or left out, for the
  /// `Dependencies` form).
  func makerParameters(_ module: ModuleInfo, optionalsToo: Bool) -> [SwiftParameter] {
    module.parameters.filter { optionalsToo || !$0.isOptional }.map {
      SwiftParameter($0.name, context.swiftType($0.type).escaping, defaultValue: $0.isOptional ? .nil : nil)
    }
  }

  private func maker(_ protocolName: String, provider: Provider, module: ModuleInfo, optionalsToo: Bool)
    -> SwiftDecl
  {
    let arguments = module.parameters.map { parameter -> SwiftExpr in
      optionalsToo || !parameter.isOptional ? .identifier(parameter.name) : .nil
    }
    var object = makeObject(module, arguments: arguments)
    var doc = "A `\(protocolName)`: module `\(module.name)`"
    if let adapter = provider.adapter {
      let proxy = context.adapterClassName(from: graph.adapters[adapter].to, to: protocolName)
      object = .call(.identifier(proxy), [.unlabeled(object)])
      doc += " through `\(proxy)`"
    }
    if !optionalsToo { doc += ", its optional parameters left out" }
    return .function(
      SwiftFunction(
        head: SwiftDeclHead(
          doc: [doc + "."], attributes: makerIsMainActor(protocolName, module: module) ? ["@MainActor"] : [],
          modifiers: context.access),
        signature: SwiftSignature(
          name: context.makerName(for: protocolName),
          parameters: makerParameters(module, optionalsToo: optionalsToo),
          result: context.existential(protocolName)),
        body: [.return(object)]))
  }

  // MARK: Open

  private func openFunctions() -> [SwiftDecl] {
    let fallback = graph.fallback.flatMap { graph.modules[$0] }
    let mainActor = (routedModules + (fallback.map { [$0] } ?? [])).contains {
      context.isMainActor(module: $0.name)
    }
    let attributes = mainActor ? ["@MainActor"] : []
    let cases = routedModules.map { module -> SwiftSwitchCase in
      let names = module.parameters.map(\.name)
      return SwiftSwitchCase(
        patterns: [.enumCase(context.memberName(of: module.name), bindings: names)],
        body: [.return(makeObject(module, arguments: names.map(SwiftExpr.identifier)))])
    }
    let openRoute = SwiftDecl.function(
      SwiftFunction(
        head: SwiftDeclHead(
          doc: ["Makes the module `route` leads to, with the route's values."], attributes: attributes,
          modifiers: context.access),
        signature: SwiftSignature(
          name: "open",
          parameters: [SwiftParameter(label: nil, name: "route", type: .named(context.routeTypeName))],
          result: .anyObject),
        body: routedModules.isEmpty
          // A `switch` over a value of a type with no cases is code that "will never be
          // executed"; a function taking such a value needs no body at all.
          ? [.comment("\(context.routeTypeName) has no cases: nothing can call this.")]
          : CaseDispatch.statements(
            over: .identifier("route"), cases: cases, caseCount: routedModules.count,
            otherwise: CaseDispatch.unreachable)))
    let unmatched: SwiftStmt =
      fallback.map { .return(makeObject($0, arguments: $0.parameters.map { _ in .nil })) } ?? .return(.nil)
    let resolve = SwiftExpr.call(
      .identifier(context.routeTypeName).dot("resolve"), [.unlabeled(.identifier("url"))])
    let openURL = SwiftDecl.function(
      SwiftFunction(
        head: SwiftDeclHead(
          doc: [
            "Makes the module `url` leads to (the fallback for a URL no route matches); `nil` for a URL that is not the app's"
              + (fallback == nil ? ", or one no route matches (there is no fallback)." : ".")
          ], attributes: attributes, modifiers: context.access),
        signature: SwiftSignature(
          name: "open", parameters: [SwiftParameter("url", .string)], result: .optional(.anyObject)),
        body: [
          .switch(
            resolve,
            [
              SwiftSwitchCase(
                patterns: [.some(.enumCase("route", bindings: ["route"]))],
                body: [.return(.call(.selfExpr.dot("open"), [.unlabeled(.identifier("route"))]))]),
              SwiftSwitchCase(patterns: [.some(.expression(.member(nil, "unmatched")))], body: [unmatched]),
              SwiftSwitchCase(patterns: [.none], body: [.return(.nil)]),
            ])
        ]))
    return [openRoute, openURL]
  }
}

/// Writes a module's `Dependencies` protocol: one `make` method per protocol it requires,
/// taking the provider's non-optional parameters.
struct DependenciesTranslator {
  let context: GenerationContext

  func declaration(for module: ModuleInfo) -> SwiftDecl {
    let registry = RegistryTranslator(context: context, routedModules: [])
    let requirements = module.requires.compactMap { required -> SwiftRequirement? in
      guard let (_, providerModule) = context.providerModule(of: required) else { return nil }
      return .method(
        doc: [],
        attributes: registry.makerIsMainActor(required, module: providerModule) ? ["@MainActor"] : [],
        signature: SwiftSignature(
          name: context.makerName(for: required),
          parameters: registry.makerParameters(providerModule, optionalsToo: false),
          result: .existential([required])))
    }
    return .protocolDecl(
      SwiftProtocol(
        head: context.isolationHead(
          mainActor: false,
          doc: [
            "What module `\(module.name)` needs from the app: a `make` method per protocol it requires.",
            "`\(context.registryTypeName)` conforms; a test can hand the module a stand-in.",
          ]),
        name: context.dependenciesName(of: module.name), inherits: ["Sendable"], requirements: requirements))
  }
}
