// Runs the code generated for Fixtures/GeneratedNames.yaml: manifest names that meet the
// generated code's own names still route, wire and forward. Prints FAIL lines, then "ok".

/// The external type the manifest names `Reader`, like the route type's URL reader.
struct Reader: Hashable, Sendable {
  var name = ""
}

func check(_ condition: Bool, _ what: String) {
  if !condition { print("FAIL: \(what)") }
}

final class Log {
  var values: [Int] = []
}

final class Pong: Pinger {
  let value: Int
  init(_ value: Int) { self.value = value }
  func ping() -> Int { value }
  func mix(_ first: Int, _ second: Int) -> Int { first * 10 + second }
}

final class RootView: Opener {
  var source: Reader?
  var pinged: [Int] = []

  func watch(_ onPing: @escaping (any Pinger) -> (any Pinger)?, _ onDone: @escaping (any Pinger) -> Void) {
    let pong = Pong(7)
    pinged.append(onPing(pong)?.ping() ?? -1)
    onDone(pong)
  }

  func all(handlers: [(any Pinger) -> Void], pinger: any Pinger, count: Int, text: String) -> Int {
    for handler in handlers { handler(pinger) }
    return pinger.ping() + count + text.count + pinger.mix(0, 0)
  }

  func hit(self: Int) -> Int { self + 1 }
  func hot(by value: Int) -> Int { value * 2 }
  func record(_ text: String, at index: Int, _ extra: Int) -> Int { text.count * 100 + index * 10 + extra }
  // swift-format-ignore: AlwaysUseLowerCamelCase
  func tag(`_` text: String) -> Int { text.count }
  var `Type`: Int { 40 }
  var `Protocol` = 0
}

final class UserView: Resolution {
  func ping() -> Int { 3 }
  func mix(_ first: Int, _ second: Int) -> Int { first - second }
}

/// A `Resolution` whose `mix(_:_:)` the root reaches through the bridge.
final class Mixer: Resolution {
  func ping() -> Int { 3 }
  func mix(_ first: Int, _ second: Int) -> Int { first + second + 7 }
}

/// Module `Self_`'s object, of every protocol named like a function or type the generated code uses.
final class SelfView: max, preconditionFailure, isolated, Registrations, DynamicProtocolProxy, noDynamicValue
{
  let id: Int
  init(id: Int) { self.id = id }
  var peer: any isolated { self }
}

final class Marker: Sendable {
  let name: String
  init(_ name: String) { self.name = name }
}

// Routes: cases named like the route type's members resolve and write their paths.
let routes: [(String, NamesRoute)] = [
  ("/p/42", .path(id: 42)), ("/resolve", .resolve), ("/init?id=3", .`init`(id: 3)),
  ("/hash/x", .hash(id: "x")),
  ("/hashvalue", .hashValue), ("/node", .matchNode0), ("/route/5", .matchRoute1(id: 5)),
  ("/literals", .literals0), ("/e", .root()), ("/user", .user()), ("/self?id=4", .`self`(id: 4)),
]
for (url, route) in routes {
  check(NamesRoute.resolve(url) == .route(route), "resolve(\(url))")
  check(NamesRoute.resolve(route.path) == .route(route), "the path of \(url): \(route.path)")
}
check(NamesRoute.resolve("/nowhere") == .unmatched, "an unmatched URL")
check(Set([NamesRoute.hash(id: "a"), .hash(id: "a"), .hashValue]).count == 2, "hashing")

// The registry: factories of modules named like its members, protocols named like its types.
let root = RootView()
let registry = NamesRegistry(
  root: { reader, _ in
    root.source = reader
    return root
  },
  user: { _, _ in UserView() },
  path: { Marker("path \($0)") }, resolve: { Marker("resolve") }, init: { _ in Marker("init") },
  hash: { Marker("hash \($0)") }, hashValue: { Marker("hashValue") }, matchNode0: { Marker("node") },
  matchRoute1: { _ in Marker("route") }, literals0: { Marker("literals") }, self: { SelfView(id: $0 ?? 0) })
check((registry.open(url: "/p/9") as? Marker)?.name == "path 9", "open(url:) for Path")
check((registry.open(url: "/hash/z") as? Marker)?.name == "hash z", "open(url:) for Hash")
check(registry.open(url: "/user") is UserView, "open(url:) for User")
check(
  (registry.open(url: "/self?id=2") as? SelfView)?.id == 2, "open(url:) for Self_, whose factory is self:")
check(
  registry.makemax(id: 1).id + registry.makepreconditionFailure(id: 2).id
    + ((registry.makeisolated(id: 3).peer as? SelfView)?.id ?? 0)
    + registry.makeRegistrations(id: 4).id + registry.makeDynamicProtocolProxy(id: 5).id
    + registry.makenoDynamicValue(id: 6).id == 21,
  "protocols named like the generated code's functions and types")

// The proxy: closure arguments and locals apart from parameters named `a0`, `bridges`, `result`.
let factories: any Factories = registry.makeFactories(reader: Reader(name: "r"))
check(factories.reader == Reader(name: "r"), "a property of the external type Reader")
let log = Log()
factories.watch(
  { a0 in
    log.values.append(a0.ping())
    return a0
  }, { b0 in log.values.append(b0.ping() * 10) })
check(log.values == [7, 70] && root.pinged == [7], "closures both ways: \(log.values), \(root.pinged)")
let user = UserView()
let total = factories.all(
  function0: [{ log.values.append($0.ping() * 100) }], bridges: user, base: 1, result: "ab")
check(total == 6 && log.values.last == 300, "parameters named function0, bridges, base, result: \(total)")
check(factories.hit(self: 1) == 2 && factories.hot(by: 3) == 6, "parameters named self")
check(factories.log("ab", at: 3, 4) == 234, "unnamed parameters through the proxy")
check(factories.tag(`_`: "abc") == 3, "a label spelled `_` in backticks")
let mixed = factories.all(function0: [], bridges: Mixer(), base: 0, result: "")
check(mixed == 3 + 7, "unnamed parameters through the bridge: \(mixed)")
factories.Protocol = 5
check(factories.Type == 40 && root.Protocol == 5, "members named Type and Protocol")
print("ok")
