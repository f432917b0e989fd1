/// The proxies a facade handed to its target (a delegate set, an argument passed, inside a
/// collection too), kept alive as long as the facade is, since the target may hold them weakly:
/// one per caller object and crossing (the protocol it is handed over as, and the one the proxy
/// speaks, which pick the adapter), so that handing the same object over again the same way
/// hands over the same proxy, as generated bridges are kept (Docs/Codegen.md). Proxies whose caller objects are
/// gone are forgotten each time the store has doubled, so a delegate reassigned again and again
/// does not grow it.
@MainActor
final class HandedOverProxies {
  private struct Key: Hashable {
    let caller: ObjectIdentifier
    let source: String
    let destination: String
  }

  private struct Entry {
    weak var caller: AnyObject?
    let proxy: AnyObject
  }

  private var entries: [Key: Entry] = [:]
  /// The count at which the next sweep runs: twice the count the last one left.
  private var sweepAt = 8

  /// The proxy of `destination` handed over for `caller`, an object of `source`, while `caller`
  /// is alive.
  func proxy(for caller: AnyObject, from source: String, as destination: String) -> AnyObject? {
    let key = Key(caller: ObjectIdentifier(caller), source: source, destination: destination)
    guard let entry = entries[key], entry.caller === caller else { return nil }
    return entry.proxy
  }

  /// Keeps `proxy`, of `destination`, made for `caller`, an object of `source`.
  func keep(_ proxy: AnyObject, for caller: AnyObject, from source: String, as destination: String) {
    let key = Key(caller: ObjectIdentifier(caller), source: source, destination: destination)
    entries[key] = Entry(caller: caller, proxy: proxy)
    guard entries.count >= sweepAt else { return }
    entries = entries.filter { $0.value.caller != nil }
    sweepAt = max(8, entries.count * 2)
  }

  /// How many proxies are kept (tests).
  var count: Int { entries.count }
}
