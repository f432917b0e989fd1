import RouteCfgCore

/// The classes that present an object of one protocol as another: for `adapt: R, to: P`, the
/// proxy `PAsR` (conforms to `R`, holds a `P` strongly) and, when values flow the other way, the
/// bridge `RAsP` (conforms to `P`, holds the caller's `R` weakly). An adapter used only in
/// reverse (its `to` may have members `adapt` lacks) has no proxy.
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
  }

  /// Every class, proxies first, each in adapter order.
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

  /// The class that turns a `source` object into a `destination`, if one is generated.
  func converting(from source: String, to destination: String) -> Class? {
    byName[source + "As" + destination].map { all[$0] }
  }
}
