import RouteCfgCore

/// Why ``IsolationAnalysis`` put a protocol on the main actor: the first of its rules that did.
/// A cause names the protocol it followed from, so causes chain back to a view (RC1006 shows the
/// chain).
enum IsolationCause: Sendable, Hashable {
  /// What an adapter's generated class does that puts a protocol on the main actor.
  enum AdapterRule: Sendable, Hashable {
    /// The proxy (of `adapt`) calls the members of its `to`.
    case proxyCalls
    /// The proxy reads a key path through a property of the protocol.
    case proxyReadsKeyPath
    /// The proxy hands values of the protocol across another adapter, in wrappers it makes.
    case proxyWraps
    /// The bridge (of `to`) calls the members of its `adapt`.
    case bridgeCalls
    /// The bridge hands values of the protocol across another adapter.
    case bridgeWraps
  }

  /// A view module provides it (`as` is the protocol the module lists, which may inherit it).
  case providedByView(module: String, as: String)
  /// A view module answers it where it is required (in `variant`, or the base configuration).
  case answeredByView(module: String, variant: String?)
  /// A member of a `@MainActor` protocol names it.
  case namedByMember(of: String, member: String)
  /// It inherits a `@MainActor` protocol.
  case inherits(String)
  /// A `@MainActor` protocol inherits it.
  case inheritedBy(String)
  /// The class generated for the adapter at this index of ``AppGraph/adapters`` is on the main
  /// actor because of `from`.
  case adapter(Int, AdapterRule, from: String)

  /// The protocol this cause follows from, if it is not where a chain starts.
  var predecessor: String? {
    switch self {
    case .providedByView, .answeredByView: return nil
    case .namedByMember(let of, _): return of
    case .inherits(let name), .inheritedBy(let name): return name
    case .adapter(_, _, let from): return from
    }
  }

  /// Why `name` is on the main actor, in words, and where that is written.
  func explanation(of name: String, in graph: AppGraph) -> (text: String, location: SourceLocation) {
    let head = "'\(name)' is on the main actor because "
    switch self {
    case .providedByView(let module, let listed):
      // A view providing a protocol that inherits it makes its objects main-actor ones, whether
      // or not that view is the module a requirement of it resolves to.
      let what =
        listed == name ? "provides it" : "provides '\(listed)', which inherits it"
      return (head + "'\(module)', a view, \(what)", location(of: module, graph))
    case .answeredByView(let module, let variant):
      let configuration = variant.map { " in variant '\($0)'" } ?? ""
      return (head + "'\(module)', a view, answers it\(configuration)", location(of: module, graph))
    case .namedByMember(let owner, let member):
      return (
        head + "'\(member)' of '\(owner)', a main-actor protocol, names it",
        graph.protocols[owner]?.location ?? graph.appLocation
      )
    case .inherits(let parent):
      return (
        head + "it inherits '\(parent)', a main-actor protocol",
        graph.protocols[name]?.location ?? graph.appLocation
      )
    case .inheritedBy(let child):
      return (
        head + "'\(child)', a main-actor protocol, inherits it",
        graph.protocols[child]?.location ?? graph.appLocation
      )
    case .adapter(let index, let rule, let from):
      guard graph.adapters.indices.contains(index) else { return (head + "of an adapter", graph.appLocation) }
      let adapter = graph.adapters[index]
      let adapterName = "the adapter from '\(adapter.adapt)' to '\(adapter.to)'"
      let fromProtocol = "'\(from)', a main-actor protocol"
      let why: String
      switch rule {
      case .proxyCalls: why = "the proxy of \(adapterName) calls members of \(fromProtocol)"
      case .proxyReadsKeyPath: why = "the proxy of \(adapterName) reads a key path through \(fromProtocol)"
      case .proxyWraps:
        why = "the proxy of \(adapterName) hands on values of \(fromProtocol), through another adapter"
      case .bridgeCalls: why = "the bridge of \(adapterName) calls members of \(fromProtocol)"
      case .bridgeWraps:
        why = "the bridge of \(adapterName) hands on values of \(fromProtocol), through another adapter"
      }
      return (head + why, adapter.location)
    }
  }

  private func location(of module: String, _ graph: AppGraph) -> SourceLocation {
    graph.modules[module]?.location ?? graph.appLocation
  }
}
