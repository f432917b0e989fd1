import RouteCfgCore

/// The classes that present an object of one protocol as another: for `adapt: R, to: P`, the
/// proxy `PAsR` (conforms to `R`, holds a `P` strongly) and, when values flow the other way, the
/// bridge `RAsP` (conforms to `P`, holds the caller's `R` weakly). An adapter used only in
/// reverse (its `to` may have members `adapt` lacks) has no proxy. A proxy whose objects are set
/// on the caller's objects also has a form that holds them weakly, `PAsRHeldWeakly`, added once
/// translation finds it is needed (``adding(weakProxiesOf:)``).
struct AdapterClasses {
  /// One generated class.
  struct Class {
    enum Kind {
      /// `PAsR`: a required-protocol facade over a provided object.
      case proxy
      /// `RAsP`: a provided-protocol facade over the caller's object, held weakly.
      case bridge
      /// `PAsRHeldWeakly`: the proxy `PAsR` holding its object weakly, for an object of the
      /// provider's set on the caller's object, which the bridge store keeps (the provider may
      /// hold that object of the caller's strongly: a proxy holding the provider would be a cycle).
      case weakProxy
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
  }

  /// Every class: proxies, bridges, then weak proxies, each in adapter order.
  let all: [Class]
  private let byName: [String: Int]

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
    self.all = classes
    self.byName = byName
  }

  private init(all: [Class], byName: [String: Int]) {
    self.all = all
    self.byName = byName
  }

  /// The class that turns a `source` object into a `destination`, if one is generated (a proxy
  /// or a bridge).
  func converting(from source: String, to destination: String) -> Class? {
    byName[source + "As" + destination].map { all[$0] }
  }

  /// The name of the form of `proxy` that holds its object weakly.
  static func weakProxyName(of proxy: Class) -> String { proxy.name + weakProxySuffix }

  /// The name of the proxy `weakProxy` is the weak form of.
  static func proxyName(ofWeakProxy weakProxy: Class) -> String {
    String(weakProxy.name.dropLast(weakProxySuffix.count))
  }

  private static let weakProxySuffix = "HeldWeakly"

  /// The weak form of the proxy that turns a `source` object into a `destination`, if one is
  /// generated.
  func weakProxy(from source: String, to destination: String) -> Class? {
    guard let proxy = converting(from: source, to: destination), proxy.kind == .proxy else { return nil }
    return byName[Self.weakProxyName(of: proxy)].map { all[$0] }
  }

  /// These classes and the weak forms of the proxies named `proxies` (in the order of
  /// ``all``), which translation found objects set on the caller's objects through.
  func adding(weakProxiesOf proxies: Set<String>) -> AdapterClasses {
    var classes = all
    var byName = byName
    for proxy in all where proxy.kind == .proxy && proxies.contains(proxy.name) {
      let name = Self.weakProxyName(of: proxy)
      guard byName[name] == nil else { continue }
      byName[name] = classes.count
      classes.append(
        Class(
          name: name, kind: .weakProxy, adapter: proxy.adapter, source: proxy.source,
          destination: proxy.destination, pairings: proxy.pairings))
    }
    return AdapterClasses(all: classes, byName: byName)
  }

  /// The names of the proxies that have a weak form.
  var proxiesWithWeakForms: Set<String> {
    Set(all.filter { $0.kind == .weakProxy }.map(Self.proxyName(ofWeakProxy:)))
  }
}

/// The proxies translation found objects of the provider's set on the caller's objects through,
/// which therefore need their weak form (``AdapterClasses/Class/Kind/weakProxy``).
final class WeakProxyRequests {
  private(set) var proxies: Set<String> = []

  func request(_ proxy: String) { proxies.insert(proxy) }
}
