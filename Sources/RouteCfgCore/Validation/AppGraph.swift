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
  /// The variant validation was asked for (`--variant`, `variant:`), whose resolution is also the
  /// base one here; `nil` when every configuration was checked.
  package var checkedVariant: String? = nil
  /// With ``checkedVariant``, the other configurations' resolutions (`nil`: the base), which
  /// only the graph's notes read (an adapter another configuration resolves through): their
  /// problems were not checked, so nothing is wired with them.
  package var otherResolutions: [String?: Resolution] = [:]

  /// Who answers each protocol in the base configuration (`nil`) or a variant.
  /// `nil` for a variant name the manifest does not declare.
  public func resolution(variant: String?) -> Resolution? {
    guard let variant else { return baseResolution }
    return resolutions[variant]
  }

  /// Who answers each protocol in any configuration, also one validation did not check
  /// (``otherResolutions``): for the graph's notes on adapters other configurations use.
  package func resolution(anyConfiguration configuration: String?) -> Resolution? {
    if checkedVariant != nil, configuration != checkedVariant { return otherResolutions[configuration] }
    return resolution(variant: configuration)
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
  /// The protocols that several modules could answer and nothing chooses between, with those
  /// candidates, in declaration order. A required one is an error (RC0702); one that only some
  /// module provides is not, but has no provider (so generated code has no `make` method for it).
  public let undecided: [String: [Provider]]

  init(variant: String?, providers: [String: Provider], undecided: [String: [Provider]] = [:]) {
    self.variant = variant
    self.providers = providers
    self.undecided = undecided
  }

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
///
/// A pairing keeps the names it is made of, shared with the protocol table, and spells its full
/// name and path only when they are read: a validated manifest holds one pairing per member of
/// every adapter (10,000 at 1,000 modules in the benchmark), and spelling each when it was made
/// cost an array and often a string apiece.
public struct MemberPairing: Sendable, Hashable {
  /// The facade member's base name (`message`, `didFinishLogin`).
  package let memberName: String
  /// The facade member's parameters when it is a method (for their labels); empty for a
  /// property. Kept beside ``isMethod`` rather than as an optional, whose tag byte made every
  /// pairing 8 bytes larger.
  private let parameters: MethodParameters
  /// The base name of the target member the path ends at (`title` in `header.title`).
  package let targetName: String
  /// Every step of the path when it has more than one; `nil` for a member of the target itself.
  private let keyPath: [String]?
  /// `true` when values of one protocol become another on the way (a delegate handed across):
  /// forwarding this member needs a proxy of that protocol.
  public let crossesAdapter: Bool
  /// `true` when the facade member is an `async` method (kept where the pairing reads the method
  /// anyway, for the dynamic runtime's build check, ``isDynamicallyUncallable``, and for
  /// generated code).
  package let isAsyncMethod: Bool
  /// `true` when the facade member writes a function type or a dictionary
  /// (``TypeRef/holdsFunctionOrDictionary``) and the pair is not one that forwards its types
  /// unchanged: the only pairings whose values the dynamic runtime may fail to convert (a closure
  /// of `() -> Int` where the other side declares `() -> Int?`), which its build checks.
  package let mayNeedConversion: Bool
  /// `true` when the facade member is a method.
  private let isMethod: Bool
  /// `true` when the facade member is a method the dynamic runtime cannot call (async, or of
  /// more arguments than it passes: ``MethodSignature/dynamicCallLimitation``). Stored, so that
  /// the runtime's build check reads it in place (through a getter, each pairing was copied).
  package let isDynamicallyUncallable: Bool

  /// Pairs `facade` with the target's member `targetName`, or with the end of `keyPath` when
  /// the target is reached through properties.
  init(
    facade: MemberDecl, targetName: String, keyPath: [String]? = nil, crossesAdapter: Bool,
    mayNeedConversion: Bool
  ) {
    self.memberName = facade.name
    if case .method(let method) = facade.kind {
      self.parameters = method.parameters
      self.isAsyncMethod = method.isAsync
      self.isMethod = true
      self.isDynamicallyUncallable = MethodSignature.isDynamicallyUncallable(
        isAsync: method.isAsync, argumentCount: method.parameters.count)
    } else {
      self.parameters = MethodParameters()
      self.isAsyncMethod = false
      self.isMethod = false
      self.isDynamicallyUncallable = false
    }
    self.targetName = targetName
    self.keyPath = keyPath
    self.crossesAdapter = crossesAdapter
    self.mayNeedConversion = mayNeedConversion
  }

  /// The facade member's full name (`message`, `didFinishLogin()`).
  public var member: String {
    guard isMethod else { return memberName }
    return MethodSignature.fullName(base: memberName, parameters: parameters)
  }

  /// Base names of the target's properties leading to the target member; the last one may be a
  /// method (by base name). One element unless a key path (`header.title`).
  public var path: [String] { keyPath ?? [targetName] }

  /// The properties a key path reads before `targetName` (`header` in `header.title`); empty for
  /// a member of the target itself. A key path never ends at a method.
  package var stepsBeforeTarget: ArraySlice<String> { keyPath?.dropLast() ?? [] }

  /// `true` when this pairs `member` of the facade (same full name), compared without spelling it.
  package func pairs(_ member: MemberDecl) -> Bool {
    guard member.name == memberName else { return false }
    switch member.kind {
    case .property: return !isMethod
    case .method(let method): return isMethod && MethodSignature.haveSameLabels(parameters, method.parameters)
    }
  }

  public static func == (lhs: MemberPairing, rhs: MemberPairing) -> Bool {
    lhs.memberName == rhs.memberName && lhs.isMethod == rhs.isMethod
      && MethodSignature.haveSameLabels(lhs.parameters, rhs.parameters)
      && lhs.targetName == rhs.targetName && lhs.keyPath == rhs.keyPath
      && lhs.crossesAdapter == rhs.crossesAdapter
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(memberName)
    // What the full name adds to the base name: whether it is a method, and its labels.
    hasher.combine(isMethod ? parameters.count : -1)
    for parameter in parameters { hasher.combine(parameter.label) }
    hasher.combine(targetName)
    hasher.combine(keyPath)
    hasher.combine(crossesAdapter)
  }
}

extension MemberPairing: CustomReflectable {
  /// Shows the full name and the path, as they read, rather than the parts they are made of.
  public var customMirror: Mirror {
    Mirror(
      self, children: ["member": member, "path": path, "crossesAdapter": crossesAdapter],
      displayStyle: .struct)
  }
}
