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
  func build(f: @escaping () -> any W) -> any W { f() }
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
