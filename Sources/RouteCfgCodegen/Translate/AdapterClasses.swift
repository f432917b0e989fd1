import RouteCfgCore

/// The classes that present an object of one protocol as another: for `adapt: R, to: P`, the
/// proxy `PAsR` (conforms to `R`, holds a `P` strongly) and, when values flow the other way, the
/// bridge `RAsP` (conforms to `P`, holds the caller's `R` weakly). An adapter used only in
/// reverse (its `to` may have members `adapt` lacks) has no proxy.
///
/// A proxy can also be what turns a caller's object into the provider's protocol: with a
/// delegate adapter declared from the provider's delegate protocol to the caller's (`adapt:
/// LoginDelegate, to: NeedLoginDelegate`), the caller's `NeedLoginDelegate` set on a proxy's
/// property reaches the provider through `NeedLoginDelegateAsLoginDelegate`. The store keeps that
/// wrapper, which must then hold the caller's object weakly, or the caller would keep itself
/// alive through its proxy: such a proxy gets a bridge of its own, `PAsRBridge`, with the same
/// members.
struct AdapterClasses {
  /// One generated class.
  struct Class {
    enum Kind {
      /// `PAsR`: a required-protocol facade over a provided object.
      case proxy
      /// `RAsP`: a provided-protocol facade over the caller's object, held weakly.
      case bridge
    }

    let name: String
    let kind: Kind
    let adapter: Int
    /// The protocol of the wrapped object.
    let source: String
    /// The protocol the class conforms to.
    let destination: String
    /// Where calls to each member of `destination` go on the wrapped object.
    let pairings: [MemberPairing]
    /// For a bridge made beside a proxy (`PAsRBridge`), the proxy's name.
    var bridgeOfProxy: String? = nil
  }

  /// Every class, proxies first, each in adapter order, then the bridges of proxies.
  let all: [Class]
  private let byName: [String: Int]
  /// The bridge made beside a proxy, by the proxy's name.
  private let bridgesOfProxies: [String: Int]

  init(context: GenerationContext) {
    var classes: [Class] = []
    for (index, adapter) in context.graph.adapters.enumerated() where adapter.isUsedForward {
      classes.append(
        Class(
          name: context.adapterClassName(from: adapter.to, to: adapter.adapt), kind: .proxy, adapter: index,
          source: adapter.to, destination: adapter.adapt, pairings: adapter.forward))
    }
    for (index, adapter) in context.graph.adapters.enumerated() where adapter.isUsedInReverse {
      classes.append(
        Class(
          name: context.adapterClassName(from: adapter.adapt, to: adapter.to), kind: .bridge, adapter: index,
          source: adapter.adapt, destination: adapter.to, pairings: adapter.reverse))
    }
    var byName: [String: Int] = [:]
    for (index, adapterClass) in classes.enumerated() where byName[adapterClass.name] == nil {
      byName[adapterClass.name] = index
    }
    self.byName = byName
    var bridgesOfProxies: [String: Int] = [:]
    for proxy in Self.proxiesKeepingCallerObjects(classes, byName: byName, graph: context.graph) {
      bridgesOfProxies[proxy.name] = classes.count
      classes.append(
        Class(
          name: proxy.name + "Bridge", kind: .bridge, adapter: proxy.adapter, source: proxy.source,
          destination: proxy.destination, pairings: proxy.pairings, bridgeOfProxy: proxy.name))
    }
    self.all = classes
    self.bridgesOfProxies = bridgesOfProxies
  }

  /// The class that turns a `source` object into a `destination`, if one is generated.
  func converting(from source: String, to destination: String) -> Class? {
    byName[source + "As" + destination].map { all[$0] }
  }

  /// The class a value of protocol `name` is wrapped in to be a `target`, or `nil` when it is one
  /// already (the same protocol, or one that inherits `target`) or nothing converts it.
  func converter(from name: String, to target: String, in graph: AppGraph) -> Class? {
    Self.converterIndex(from: name, to: target, byName: byName, graph: graph).map { all[$0] }
  }

  /// ``converter(from:to:in:)``'s index in the classes `byName` indexes.
  private static func converterIndex(
    from name: String, to target: String, byName: [String: Int], graph: AppGraph
  ) -> Int? {
    guard name != target, let info = graph.protocols[name], graph.protocols[target] != nil,
      !info.conforms(to: target)
    else { return nil }
    return byName[name + "As" + target]
  }

  /// The bridge made beside `proxy` for the caller's objects the store keeps, if it has one.
  func bridge(beside proxy: Class) -> Class? {
    proxy.kind == .proxy ? bridgesOfProxies[proxy.name].map { all[$0] } : nil
  }

  /// The classes a value of `adapterClass`'s destination may be when it is turned back into its
  /// source: the class converting the other way and the bridge beside it, which `wrapping` unwraps.
  func opposites(of adapterClass: Class) -> [Class] {
    guard let opposite = converting(from: adapterClass.destination, to: adapterClass.source) else {
      return []
    }
    return [opposite] + (bridge(beside: opposite).map { [$0] } ?? [])
  }

  /// The proxies through which a proxy's settable property passes the caller's object it is set
  /// to on to the provider (the property's value, inside optionals, arrays and dictionaries too),
  /// which the proxy's store then keeps: they need a bridge beside them that holds it weakly.
  private static func proxiesKeepingCallerObjects(
    _ classes: [Class], byName: [String: Int], graph: AppGraph
  ) -> [Class] {
    var found: [Class] = []
    var seen: Set<String> = []
    for enclosing in classes where enclosing.kind == .proxy {
      guard let destination = graph.protocols[enclosing.destination] else { continue }
      for member in destination.members {
        guard let property = member.property, property.isSettable,
          let pairing = enclosing.pairings.first(where: { $0.pairs(member) }),
          let target = ForwardingTarget(path: pairing.path, root: enclosing.source, graph: graph),
          let targetProperty = target.member.property
        else { continue }
        for (name, targetName) in namedPairs(from: property.type, to: targetProperty.type) {
          guard let index = converterIndex(from: name, to: targetName, byName: byName, graph: graph),
            classes[index].kind == .proxy, seen.insert(classes[index].name).inserted
          else { continue }
          found.append(classes[index])
        }
      }
    }
    return found
  }

  /// The protocol names a value of `source` is converted between on its way into a `target`,
  /// as ``ValueConverter`` walks the two types: through optionals, arrays and dictionaries
  /// element by element (function types pass what they carry on as handed over, not kept).
  private static func namedPairs(from source: TypeRef, to target: TypeRef) -> [(String, String)] {
    switch (source, target) {
    case (.optional(let inner), .optional(let targetInner)): return namedPairs(from: inner, to: targetInner)
    case (_, .optional(let targetInner)): return namedPairs(from: source, to: targetInner)
    case (.array(let inner), .array(let targetInner)): return namedPairs(from: inner, to: targetInner)
    case (.dictionary(_, let inner), .dictionary(_, let targetInner)):
      return namedPairs(from: inner, to: targetInner)
    case (.named(let name), .named(let targetName)): return [(name, targetName)]
    default: return []
    }
  }
}
