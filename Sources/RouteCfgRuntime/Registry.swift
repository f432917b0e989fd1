import RouteCfgCore

/// A validated manifest wired to Swift: hands out destinations by protocol and by URL, forwarding
/// through adapters. Immutable once built and safe to share: URL resolution and `Sendable`
/// services work from any isolation; view destinations are made and used on the main actor.
///
/// ```swift
/// let manifest = try RouteCfg.load(path: "manifests/NoteApp.yaml")
/// let registry = try Registry(manifest, registrations: registrations)
/// let login = try registry.destination(for: "ModuleARequiredLoginViewInput")
/// try login.set("message", to: "Please log in to read this note")
/// ```
public final class Registry: Sendable {
  /// The validated model.
  public let graph: AppGraph
  /// The compiled router.
  public let router: RouteTable
  /// Who answers each protocol in the chosen configuration.
  public let resolution: Resolution
  private let services: [NameKey: @Sendable (ModuleContext) throws -> any AnyObject & Sendable]
  @MainActor private let state: RuntimeState

  /// Builds a registry for a validated manifest. Every mismatch between the manifest and the
  /// registrations is reported at once: modules without a factory or registered twice, factories
  /// for unknown modules, proxies and protocol tables for unknown protocols, provided members
  /// missing from a member table or registered with another type, table entries no protocol
  /// declares or that match no declaration of their name, and protocols whose values cross
  /// adapters without a proxy.
  @MainActor
  public init(graph: AppGraph, registrations: Registrations, variant: String? = nil)
    throws(RegistryBuildError)
  {
    var problems = RegistrationCheck(graph: graph, registrations: registrations).problems()
    let resolution = graph.resolution(variant: variant)
    if resolution == nil, let variant {
      if let checked = graph.checkedVariant, graph.variantNames.contains(variant) {
        // A declared variant that validation did not check: its problems are not known.
        problems.insert(
          "variant '\(variant)' was not checked: the manifest was validated for variant '\(checked)' alone; "
            + "validate it without a variant to wire any of its configurations", at: 0)
      } else {
        // Worded as the CLI words it: a suggestion, and what the manifest declares (maybe none).
        problems.insert(UnknownVariantError(name: variant, available: graph.variantNames).description, at: 0)
      }
    }
    guard problems.isEmpty, let resolution else { throw RegistryBuildError(problems: problems) }
    self.graph = graph
    self.router = RouteTable(graph: graph)
    self.resolution = resolution
    self.services = registrations.factories.compactMapValues(\.makeSendable)
    self.state = RuntimeState(graph: graph, registrations: registrations)
  }

  /// Builds a registry from a validation result; a manifest with errors cannot be wired.
  @MainActor
  public convenience init(
    _ manifest: ValidationResult, registrations: Registrations, variant: String? = nil
  ) throws(RegistryBuildError) {
    guard let graph = manifest.graph else {
      let errors = manifest.report.errorCount
      let lines = TextFormatter.format(manifest.report).split(separator: "\n").map(String.init)
      throw RegistryBuildError(
        problems: [
          "the manifest has \(MessageWords.counted(errors, "error")); load it with RouteCfg.load(path:), which throws them"
        ]
          + lines.prefix(20))
    }
    try self.init(graph: graph, registrations: registrations, variant: variant)
  }

  // MARK: Any isolation

  /// The module (and adapter) that answers a protocol.
  public func provider(of protocolName: String) -> Provider? { resolution.provider(of: protocolName) }

  /// Where a URL leads (SPEC §2): a route with typed parameters, the fallback, or nowhere.
  public func resolve(_ url: String) -> RouteResolution { router.resolve(url) }

  /// A `service` destination from any isolation, as the type its factory makes. Services behind
  /// an adapter need the dynamic forwarding of ``destination(for:parameters:)`` on the main actor.
  public func service<T>(
    for protocolName: String, as type: T.Type = T.self, parameters: [String: any Sendable] = [:]
  ) throws(RuntimeError) -> T {
    guard let provider = resolution.provider(of: protocolName) else {
      throw .unanswered(protocolName, in: graph)
    }
    if provider.adapter != nil {
      throw .unsupported(
        "'\(protocolName)' reaches '\(provider.module)' through an adapter; use destination(for:) on the main actor"
      )
    }
    guard let make = services[NameKey(provider.module)] else {
      // A view is made on the main actor whatever its registration.
      if graph.modules[provider.module]?.kind == .view {
        throw .unsupported(
          "module '\(provider.module)' is a view, made on the main actor; ask for '\(protocolName)' with "
            + "destination(for:as:) on the main actor")
      }
      throw .unsupported(
        "module '\(provider.module)' is not registered as a Sendable service (with service(_:_:make:)); "
          + "ask for '\(protocolName)' with destination(for:as:) on the main actor, or register the module "
          + "with service(_:_:make:)")
    }
    let context = try ModuleContext(
      module: provider.module, parameters: parameters, graph: graph, aliases: state.registrations.typeAliases)
    let object: any AnyObject & Sendable
    // As for a view's factory (``make(_:parameters:)``): the runtime's own errors (a parameter
    // read with `context.value`) pass through; any other is described.
    do { object = try make(context) } catch let error as RuntimeError {
      throw error
    } catch {
      throw .unsupported("the factory of '\(provider.module)' failed: \(error)")
    }
    return try Self.cast(object, to: T.self, for: protocolName)
  }

  // MARK: Main actor

  /// The destination that answers a protocol: the provider's instance, behind a forwarding facade
  /// when an adapter sits between. Reads, writes and calls use the protocol's member names.
  @MainActor
  public func destination(
    for protocolName: String, parameters: [String: any Sendable] = [:]
  ) throws(RuntimeError) -> Destination {
    guard let provider = resolution.provider(of: protocolName) else {
      throw .unanswered(protocolName, in: graph)
    }
    let (object, type): (AnyObject, AnyClass?) = try make(provider.module, parameters: parameters)
    guard let index = provider.adapter else {
      return Destination(
        module: provider.module,
        members: try state.members(of: object, as: protocolName, origin: .module(registeredAs: type)))
    }
    let adapter = graph.adapters[index]
    guard let facade = graph.protocols[protocolName] else { throw .unanswered(protocolName, in: graph) }
    let target = try state.members(of: object, as: adapter.to, origin: .module(registeredAs: type))
    let members = AdaptedMembers(facade: facade, target: target, pairings: adapter.forward, state: state)
    return Destination(module: provider.module, members: members)
  }

  /// The destination as a Swift value of the protocol: the provider itself when it implements
  /// the protocol, or the registered proxy for the protocol through an adapter.
  @MainActor
  public func destination<T>(
    for protocolName: String, as type: T.Type, parameters: [String: any Sendable] = [:]
  ) throws(RuntimeError) -> T {
    let destination = try destination(for: protocolName, parameters: parameters)
    if destination.members is DirectMembers {
      if let typed = destination.object as? T { return typed }
      // A proxy makes a T of an object that answers members itself (a mock); an object of a type
      // of the app that is not a T (a factory that makes the wrong class) is what must change,
      // whatever proxy is registered; without a proxy, the caller asked for the wrong type.
      guard destination.object is any SelfDescribingMembers,
        state.registrations.proxyMaker(for: protocolName) != nil
      else { return try Self.cast(destination.object, to: T.self, for: protocolName) }
      let proxy = try state.proxy(for: protocolName, over: destination)
      return try Self.cast(proxy, to: T.self, for: protocolName)
    }
    return try Self.cast(try state.proxy(for: protocolName, over: destination), to: T.self, for: protocolName)
  }

  /// An object as the type a caller asked for, or the mismatch.
  private static func cast<T>(_ object: AnyObject, to type: T.Type, for protocolName: String)
    throws(RuntimeError) -> T
  {
    guard let typed = object as? T else {
      throw .wrongDestinationType(
        protocolName: protocolName, requested: SwiftTypeName.of(T.self),
        actual: SwiftTypeName.of(Swift.type(of: object)))
    }
    return typed
  }

  /// Makes the module a URL leads to, configured with the URL's parameters.
  @MainActor
  public func open(_ url: String) throws(RuntimeError) -> OpenedDestination {
    let match: RouteMatch?
    let module: String
    switch router.resolve(url) {
    case .matched(let found):
      match = found
      module = found.module
    case .fallback(let fallback):
      match = nil
      module = fallback
    case .unmatched(let reason), .notRouted(let reason):
      throw .notRouted(url: url, reason: reason)
    }
    let parameters = match?.parameters ?? [:]
    let (object, _) = try make(module, parameters: parameters.mapValues(\.swiftValue))
    return OpenedDestination(
      module: module, route: match?.pattern.text, parameters: parameters, object: object)
  }

  /// An object seen as a protocol it implements, through its registered member table.
  @MainActor
  public func members(of object: AnyObject, as protocolName: String) throws(RuntimeError)
    -> any DynamicMembers
  {
    try state.members(of: object, as: protocolName)
  }

  /// Makes a module's object with its factory; also returns the type the factory was registered
  /// with, whose member table serves the object.
  @MainActor
  private func make(_ module: String, parameters: [String: any Sendable]) throws(RuntimeError) -> (
    AnyObject, AnyClass?
  ) {
    guard let factory = state.registrations.factories[NameKey(module)] else {
      throw .unsupported("module '\(module)' has no factory")
    }
    let context = try ModuleContext(
      module: module, parameters: parameters, graph: graph, aliases: state.registrations.typeAliases)
    do {
      return (try factory.make(context), factory.type)
    } catch let error as RuntimeError {
      throw error
    } catch {
      throw .unsupported("the factory of '\(module)' failed: \(error)")
    }
  }
}

/// A module made for a URL.
public struct OpenedDestination {
  public let module: String
  /// The matched pattern as written; `nil` for the fallback.
  public let route: String?
  /// The URL's typed parameters.
  public let parameters: [String: RouteValue]
  /// The module's instance, made by its factory.
  public let object: AnyObject

  /// `true` when no route matched and the fallback answered.
  public var isFallback: Bool { route == nil }
}
