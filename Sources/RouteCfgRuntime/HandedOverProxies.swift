/// The proxies a facade handed to its target (a delegate set, an argument passed, inside a
/// collection too), kept alive as long as the facade is, since the target may hold them weakly:
/// one per caller object and protocol, so that handing the same object over again hands over the
/// same proxy, as generated bridges are kept (Docs/Codegen.md). Proxies whose caller objects are
/// gone are forgotten each time the store has doubled, so a delegate reassigned again and again
/// does not grow it.
@MainActor
final class HandedOverProxies {
  private struct Key: Hashable {
    let caller: ObjectIdentifier
    let protocolName: String
  }

  private struct Entry {
    weak var caller: AnyObject?
    let proxy: AnyObject
  }

  private var entries: [Key: Entry] = [:]
  /// The count at which the next sweep runs: twice the count the last one left.
  private var sweepAt = 8

  /// The proxy handed over for `caller` as `protocolName`, while `caller` is alive.
  func proxy(for caller: AnyObject, as protocolName: String) -> AnyObject? {
    guard let entry = entries[Key(caller: ObjectIdentifier(caller), protocolName: protocolName)],
      entry.caller === caller
    else { return nil }
    return entry.proxy
  }

  /// Keeps `proxy`, made for `caller` as `protocolName`.
  func keep(_ proxy: AnyObject, for caller: AnyObject, as protocolName: String) {
    entries[Key(caller: ObjectIdentifier(caller), protocolName: protocolName)] = Entry(
      caller: caller, proxy: proxy)
    guard entries.count >= sweepAt else { return }
    entries = entries.filter { $0.value.caller != nil }
    sweepAt = max(8, entries.count * 2)
  }

  /// How many proxies are kept (tests).
  var count: Int { entries.count }
}
