import RouteCfgCore

/// Everything the translators share: the validated graph, the chosen configuration, names and
/// isolation.
struct GenerationContext {
  let graph: AppGraph
  let options: CodegenOptions
  /// The configuration being wired.
  let resolution: Resolution
  /// The root manifest's path, as given: its file name appears in the headers.
  let manifestPath: String
  let isolation: IsolationAnalysis
  /// `NoteApp`: the manifest's `app`, or its file name in UpperCamelCase.
  let appName: String
  /// Aliases for manifest types that `AppRoute.Resolution`, `AppRoute.Reader` or
  /// `AppRegistry.Factories` would hide.
  let hiddenTypes: HiddenTypeAliases
  /// The modules that list each protocol in `provides`, and in `requires`, in declaration order:
  /// found once, not by scanning every module for every protocol.
  let providers: [String: [String]]
  let requirers: [String: [String]]

  var routeTypeName: String { appName + "Route" }
  var registryTypeName: String { appName + "Registry" }
  /// The class that keeps the bridges an adapter object hands to the object it wraps.
  var bridgeStoreName: String { appName + "Bridges" }
  /// The error a bridge throws when the object it stands for is gone.
  var releasedErrorName: String { appName + "ReleasedObjectError" }

  init(graph: AppGraph, options: CodegenOptions, resolution: Resolution, manifestPath: String) {
    self.graph = graph
    self.options = options
    self.resolution = resolution
    self.manifestPath = manifestPath
    self.isolation = IsolationAnalysis(graph: graph)
    self.appName = graph.app ?? SwiftNaming.typePrefix(fromFileName: manifestPath)
    self.hiddenTypes = HiddenTypeAliases(graph: graph, appName: appName, writesWiring: options.module == nil)
    var providers: [String: [String]] = [:]
    var requirers: [String: [String]] = [:]
    for name in graph.moduleNames {
      guard let module = graph.modules[name] else { continue }
      // A protocol listed twice by one module counts once, as the manifest means it.
      for provided in Set(module.provides) { providers[provided, default: []].append(name) }
      for required in Set(module.requires) { requirers[required, default: []].append(name) }
    }
    self.providers = providers
    self.requirers = requirers
  }

  // MARK: Modifiers

  /// `public`, or nothing for internal code.
  var access: [String] { options.access == .public ? ["public"] : [] }

  /// `@MainActor`, or `nonisolated` (so that main-actor default isolation does not apply).
  func isolationHead(mainActor: Bool, doc: [String] = [], extraModifiers: [String] = []) -> SwiftDeclHead {
    mainActor
      ? SwiftDeclHead(doc: doc, attributes: ["@MainActor"], modifiers: access + extraModifiers)
      : SwiftDeclHead(doc: doc, modifiers: access + ["nonisolated"] + extraModifiers)
  }

  /// The head of a generated enum a client switches over (`AppRoute`, its `Resolution`):
  /// nonisolated and, when public, `@frozen`, so that a client of a library built with library
  /// evolution may switch over it exhaustively; its cases change only with the manifest.
  func enumHead(doc: [String]) -> SwiftDeclHead {
    var head = isolationHead(mainActor: false, doc: doc)
    if options.access == .public { head.attributes.append("@frozen") }
    return head
  }

  func isMainActor(protocol name: String) -> Bool { isolation.mainActorProtocols.contains(name) }

  func isMainActor(module name: String) -> Bool { isolation.mainActorModules.contains(name) }

  // MARK: Types

  /// A manifest type as Swift: declared protocols become existentials (`any P`), and so do the
  /// standard library's (`any Hashable`: ``NeverHashableName/standardProtocols``). Names a nested
  /// generated type would hide are written through their alias (``HiddenTypeAliases``), unless
  /// `asDeclared` (a protocol's own members, which no generated type encloses).
  func swiftType(_ type: TypeRef, asDeclared: Bool = false) -> SwiftType {
    func convert(_ type: TypeRef) -> SwiftType {
      switch type {
      case .named(let name):
        let reference = asDeclared ? name : typeName(name)
        if graph.protocols[name] != nil || NeverHashableName.isStandardProtocol(name) {
          return .existential([reference])
        }
        return standardProtocolMetatype(name, asDeclared: asDeclared) ?? .named(reference)
      case .optional(let wrapped): return .optional(convert(wrapped))
      case .array(let element): return .array(convert(element))
      case .dictionary(let key, let value): return .dictionary(key: convert(key), value: convert(value))
      case .function(let function):
        return .function(
          SwiftFunctionType(
            parameters: function.parameters.map(convert), isAsync: function.isAsync,
            isThrowing: function.isThrowing, result: convert(function.result)))
      }
    }
    return convert(type)
  }

  /// The metatype of a standard protocol as Swift 6 writes it, `nil` for any other name: an
  /// existential metatype, and one of it, with `any` before (`Hashable.Type` as `any
  /// Hashable.Type`, `Hashable.Type.Type` as `any Hashable.Type.Type`); the metatype of an
  /// existential (`.Protocol`) as that existential's `.Type` (`Hashable.Protocol` as `(any
  /// Hashable).Type`, `Hashable.Type.Protocol` as `(any Hashable.Type).Type`), with what follows
  /// it after (`Hashable.Protocol.Type` as `(any Hashable).Type.Type`).
  private func standardProtocolMetatype(_ name: String, asDeclared: Bool) -> SwiftType? {
    let base = String(MetatypeName.base(of: name))
    guard base.count < name.count, NeverHashableName.isStandardProtocol(base) else { return nil }
    var existential = asDeclared ? base : typeName(base)
    var suffixes = name.dropFirst(base.count + 1).split(separator: ".")[...]
    while let first = suffixes.first, first == "Type" {
      existential += ".Type"
      suffixes.removeFirst()
    }
    guard suffixes.popFirst() != nil else { return .existential([existential]) }
    // The first `.Protocol`: the existential's own metatype.
    return .named("(any \(existential)).Type" + suffixes.map { ".\($0)" }.joined())
  }

  /// A manifest type's name as generated code writes it: its alias when a nested generated type
  /// would hide it.
  func typeName(_ name: String) -> String { hiddenTypes.reference(to: name) }

  /// `any P` for a declared protocol.
  func existential(_ protocolName: String) -> SwiftType { .existential([typeName(protocolName)]) }

  /// What a module's factory returns: `any P1 & P2` for the protocols it provides, `AnyObject`
  /// when it provides none.
  func objectType(of module: ModuleInfo) -> SwiftType {
    module.provides.isEmpty ? .anyObject : .existential(module.provides.map(typeName))
  }

  /// The module that answers a protocol in the configuration being generated, with how (its
  /// adapter, if any); `nil` when nothing does.
  func providerModule(of protocolName: String) -> (provider: Provider, module: ModuleInfo)? {
    guard let provider = resolution.provider(of: protocolName), let module = graph.modules[provider.module]
    else { return nil }
    return (provider, module)
  }

  // MARK: Names

  /// The class that presents a `source` object as a `destination`: `ProvidedLoginViewInputAsModuleARequiredLoginViewInput`.
  func adapterClassName(from source: String, to destination: String) -> String {
    source + "As" + destination
  }

  /// `makeNoteDetailInput`.
  func makerName(for protocolName: String) -> String { "make" + protocolName }

  /// `noteDetail`: a module's name as a route case, factory label and property.
  func memberName(of module: String) -> String { SwiftNaming.lowerCamelCase(module) }

  /// `NoteListDependencies`.
  func dependenciesName(of module: String) -> String { SwiftNaming.upperFirst(module) + "Dependencies" }

  /// The adapter index by its two protocols.
  func adapter(adapting required: String, to provided: String) -> Int? {
    graph.adapters.firstIndex { $0.adapt == required && $0.to == provided }
  }
}
