// Runs the code generated for Fixtures/AsyncClosureCrossings.yaml: closures of a `@MainActor`
// protocol's members get the wrappers of the values they are given (`WAsNW`), and return
// values through them (`NWAsW`), by the required protocol's names; objects the caller's
// closures or delegate make for the provider stay alive as long as the provider holds them.
// Prints FAIL lines, then "ok".

func check(_ condition: Bool, _ what: String) {
  if !condition { print("FAIL: \(what)") }
}

final class Item: W {
  let n: Int
  init(n: Int) { self.n = n }
}

final class Needed: NW {
  let n: Int
  init(n: Int) { self.n = n }
}

/// Calls each closure with objects it makes for the call, as Swift 6 lets a main-actor
/// implementation hand values to a nonisolated closure.
final class Provider: P {
  var handler: ((any W) async -> Void)?
  var maker: (() -> any W)?
  var source: (any Source)?
  var added: [any W] = []
  var built: (any W)?
  func build(f: @escaping () -> any W) -> any W {
    let item = f()
    built = item
    return item
  }
  func same(f: @escaping () -> any W) -> Bool { f() === f() }
  func add(item: any W) { added.append(item) }
  func numbered(f: @escaping ([Int: any W]) async -> Void) async { await f([1: Item(n: 11)]) }
  func nested(f: @escaping ((any W) async -> Void) async -> Void) async {
    // A closure that is not isolated: a main-actor one could not be sent to `f`.
    let inner: @Sendable (any W) async -> Void = { _ in }
    await f(inner)
  }
  func failing(f: @escaping ((any W, any Error) async -> Void) async -> Void) async {
    let inner: @Sendable (any W, any Error) async -> Void = { _, _ in }
    await f(inner)
  }
  func relay(f: @escaping () async -> (any W) -> Void) async -> Int {
    let take = await f()
    take(Item(n: 14))
    return 14
  }
  func tally(f: @escaping (([any W]) async -> Int) async -> String) {}
  func pair(f: @escaping (any W, any W) async -> Void) async { await f(Item(n: 16), Item(n: 17)) }
  var mapper: (any W) async -> any W = { $0 }
  func keyedTally(f: @escaping (([String: any W]) async -> Void) async -> Void) async {
    let inner: @Sendable ([String: any W]) async -> Void = { _ in }
    await f(inner)
  }
  func each(f: @escaping (any W) async -> Void) async {
    await f(Item(n: 1))
    await f(Item(n: 2))
  }
  func make(f: @escaping () async -> any W) async -> Int { await f().n }
  func both(f: @escaping (any W) async throws -> (any W)?) async throws -> Int {
    try await f(Item(n: 3))?.n ?? -1
  }
  func all(f: @escaping ([any W], [String: (any W)?]) async -> Void) async {
    await f([Item(n: 4), Item(n: 5)], ["six": Item(n: 6), "none": nil])
  }
}

@MainActor final class Seen {
  var values: [Int] = []
  func add(_ value: Int) { values.append(value) }
}

let seen = Seen()
let provider = Provider()
let proxy: any R = PAsR(provider)
await proxy.each { needed in seen.add(needed.n) }
check(seen.values == [1, 2], "each hands the caller wrappers of the provider's items: \(seen.values)")
check(await proxy.make { Needed(n: 7) } == 7, "make reads the caller's object through a wrapper")
let doubled = try await proxy.both { needed in Needed(n: needed.n * 10) }
check(doubled == 30, "both converts the argument and the result: \(doubled)")
await proxy.all { list, map in
  seen.add(list.count)
  for needed in list { seen.add(needed.n) }
  seen.add(map.count)
}
check(seen.values == [1, 2, 2, 4, 5, 2], "arrays and dictionaries of wrappers: \(seen.values)")
proxy.handler = { needed in seen.add(needed.n * 100) }
await provider.handler?(Item(n: 8))
check(seen.values.last == 800, "a handler the caller sets gets the provider's items: \(seen.values)")
let built = proxy.build { Needed(n: 9) }
check(built.n == 9, "an object the caller's closure returns outlives the call: \(built.n)")
proxy.maker = { Needed(n: 10) }
let made = provider.maker?()
check(made?.n == 10, "an object a closure the caller set returns stays alive")

// The same object returned twice gets the same wrapper while the first is alive, and the
// wrapper an object got when the caller passed it.
let kept = Needed(n: 12)
check(proxy.same { kept }, "an object returned twice gets one wrapper")
proxy.add(item: kept)
check(proxy.build { kept } === kept, "the caller gets its own object back")
check(provider.built === provider.added.first, "a returned object gets the wrapper it got when passed")
await proxy.numbered { map in seen.add(map[1]?.n ?? -1) }
check(seen.values.last == 11, "an Int-keyed dictionary of wrappers: \(seen.values)")
await proxy.nested { call in await call(Needed(n: 13)) }
check(await proxy.relay { { needed in seen.add(needed.n) } } == 14, "relay calls the returned closure")
check(seen.values.last == 14, "a closure an async closure returns gets the provider's items: \(seen.values)")
await proxy.keyedTally { call in await call(["fifteen": Needed(n: 15)]) }
await proxy.pair { item, needed in seen.add(item.n * 100 + needed.n) }
check(seen.values.last == 1617, "a value passed as it is beside a wrapper: \(seen.values)")
check(await proxy.mapper(Item(n: 18)).n == 18, "a closure's argument passed as it is, its result wrapped")

final class Counter: NSource {
  var count = 0
  func next() -> any NW {
    count += 1
    return Needed(n: count)
  }
}
let counter = Counter()
proxy.source = counter
let next = provider.source?.next()
check(next?.n == 1, "an object the caller's delegate returns stays alive")
check(provider.source != nil, "the delegate the caller set is there while the caller holds it")
print("ok")
