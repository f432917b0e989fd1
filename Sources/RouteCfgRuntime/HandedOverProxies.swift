/// The proxies a facade handed to its target (a delegate set, an argument passed, inside a
/// collection too), kept alive as long as the facade is, since the target may hold them weakly:
/// one per caller object and crossing (the protocol it is handed over as, and the one the proxy
/// speaks, which pick the adapter), so that handing the same object over again the same way
/// hands over the same proxy, as generated bridges are kept (Docs/Codegen.md). Proxies whose caller objects are
/// gone are forgotten each time the store has doubled, so a delegate reassigned again and again
/// does not grow it. The proxies it handed back to the caller (a delegate the target set itself,
/// read) are remembered, not kept, so that the same object reads as the same proxy while the
/// caller holds it.
@MainActor
final class HandedOverProxies {
  /// Which way a value crosses the facade, with the facade's store.
  enum Crossing {
    /// To the provider: a delegate the caller sets, an argument. The proxy made for the
    /// caller's object holds it weakly, and the store keeps the proxy.
    case toProvider(HandedOverProxies)
    /// Back to the caller: a value read, a result. The proxy holds the provider's object, and
    /// the store remembers it while the caller holds it.
    case toCaller(HandedOverProxies)
  }

  private struct Key: Hashable {
    let caller: ObjectIdentifier
    let source: String
    let destination: String
  }

  private struct Entry {
    weak var caller: AnyObject?
    /// The proxy kept for an object handed to the provider.
    var kept: AnyObject?
    /// The proxy made for an object handed back to the caller, while the caller holds it.
    weak var remembered: AnyObject?
  }

  private var entries: [Key: Entry] = [:]
  /// The count at which the next sweep runs: twice the count the last one left.
  private var sweepAt = 8

  /// The proxy of `destination` made for `caller`, an object of `source`, while `caller` is
  /// alive: the one kept for it, or, for a value handed back to the caller (`orRemembered`), the
  /// one remembered while the caller holds it.
  func proxy(for caller: AnyObject, from source: String, as destination: String, orRemembered: Bool)
    -> AnyObject?
  {
    let key = Key(caller: ObjectIdentifier(caller), source: source, destination: destination)
    guard let entry = entries[key], entry.caller === caller else { return nil }
    return orRemembered ? entry.kept ?? entry.remembered : entry.kept
  }

  /// Keeps `proxy`, of `destination`, made for `caller`, an object of `source`, handed to the
  /// provider; or, when `keeps` is `false` (handed back to the caller), remembers it without
  /// keeping it.
  func store(
    _ proxy: AnyObject, for caller: AnyObject, from source: String, as destination: String, keeps: Bool
  ) {
    let key = Key(caller: ObjectIdentifier(caller), source: source, destination: destination)
    var entry = entries[key].flatMap { $0.caller === caller ? $0 : nil } ?? Entry(caller: caller)
    if keeps { entry.kept = proxy } else { entry.remembered = proxy }
    entries[key] = entry
    guard entries.count >= sweepAt else { return }
    entries = entries.filter { $0.value.caller != nil }
    sweepAt = max(8, entries.count * 2)
  }

  /// How many proxies are kept or remembered (tests).
  var count: Int { entries.count }
}
