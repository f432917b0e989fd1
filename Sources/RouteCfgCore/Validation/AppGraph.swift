/// The validated meaning of a manifest: protocols with inherited members, modules, adapters with
/// their member pairings, routes and the provider of each protocol per configuration. The
/// runtime registry, the router and code generation all read this one model.
public struct AppGraph: Sendable {
  public let app: String?
  /// Where `app` is written, or the start of the root file when it is not.
  public let appLocation: SourceLocation
  public let scheme: String?
  public let fallback: String?
  /// Protocols by name.
  public let protocols: [String: ProtocolInfo]
  /// Protocol names in declaration order.
  public let protocolNames: [String]
  /// Modules by name.
  public let modules: [String: ModuleInfo]
  /// Module names in declaration order.
  public let moduleNames: [String]
  /// Adapters in declaration order.
  public let adapters: [AdapterInfo]
  /// Variant names in declaration order.
  public let variantNames: [String]
  /// Every route in declaration order.
  public let routes: [RouteInfo]
  let resolutions: [String: Resolution]
  let baseResolution: Resolution

  /// Who answers each protocol in the base configuration (`nil`) or a variant.
  /// `nil` for a variant name the manifest does not declare.
  public func resolution(variant: String?) -> Resolution? {
    guard let variant else { return baseResolution }
    return resolutions[variant]
  }

  /// The adapter that adapts `required` to `provided`, if any.
  public func adapter(adapting required: String, to provided: String) -> AdapterInfo? {
    adapters.first { $0.adapt == required && $0.to == provided }
  }
}

/// A module as the runtime sees it.
public struct ModuleInfo: Sendable {
  public let name: String
  public let kind: ModuleKind
  public let location: SourceLocation
  public let provides: [String]
  public let requires: [String]
  public let parameters: [ParameterInfo]
  public let routes: [RoutePattern]
}

/// A module parameter with its type and what a URL can carry for it.
public struct ParameterInfo: Sendable, Hashable {
  public let name: String
  public let type: TypeRef
  /// `true` for `T?`: callers and URLs may leave it out.
  public var isOptional: Bool { type.isOptional }
  /// The URL value type, when the parameter can come from a URL.
  public let routeType: RouteValueType?
}

/// One route of one module.
public struct RouteInfo: Sendable {
  public let module: String
  public let pattern: RoutePattern
  public let location: SourceLocation
}

/// Who answers a protocol: a module, possibly through an adapter.
public struct Provider: Sendable, Hashable {
  public let module: String
  /// Index into ``AppGraph/adapters`` when an adapter sits between.
  public let adapter: Int?
}

/// The provider of every protocol that has exactly one (after bindings) in one configuration.
public struct Resolution: Sendable {
  public let variant: String?
  public let providers: [String: Provider]

  /// The provider of a protocol, if it resolves.
  public func provider(of protocolName: String) -> Provider? { providers[protocolName] }
}

/// An adapter with its member pairings resolved.
public struct AdapterInfo: Sendable {
  /// The required protocol.
  public let adapt: String
  /// The provided protocol it forwards to.
  public let to: String
  public let location: SourceLocation
  /// For each member of `adapt` (by full name), the member or key path of `to` it reaches.
  public let forward: [MemberPairing]
  /// For each member of `to`, the member of `adapt` it reaches when the adapter is used in
  /// reverse (to hand a `adapt` object to code that expects `to`); empty when it is not.
  public let reverse: [MemberPairing]
  /// `true` when the adapter was checked forward: a requirement resolves through it, a member
  /// type needs it that way, or nothing uses it; or, used only in reverse, its forward facade
  /// holds without errors. Code generation then writes its proxy.
  public let isUsedForward: Bool
  /// `true` when member types pass `adapt` values to code that expects `to` (a delegate the
  /// caller sets): code generation then writes the reverse bridge.
  public let isUsedInReverse: Bool
  /// `true` when a member's values of `to` become `adapt` through this adapter (a value read
  /// through another facade): the dynamic runtime then needs a proxy of `adapt`.
  public let isCrossedForward: Bool
  /// `true` when a member's values of `adapt` become `to` through this adapter: the dynamic
  /// runtime then needs a proxy of `to`.
  public let isCrossedInReverse: Bool
}

/// One member of a facade protocol and where calls to it go on the target object.
public struct MemberPairing: Sendable, Hashable {
  /// The facade member's full name (`message`, `didFinishLogin()`).
  public let member: String
  /// Base names of the target's properties leading to the target member; the last one may be a
  /// method (by base name). One element unless a key path (`header.title`).
  public let path: [String]
  /// `true` when values of one protocol become another on the way (a delegate handed across):
  /// forwarding this member needs a proxy of that protocol.
  public let crossesAdapter: Bool

  init(member: String, path: [String], crossesAdapter: Bool = false) {
    self.member = member
    self.path = path
    self.crossesAdapter = crossesAdapter
  }
}
