// Runs the code generated for Fixtures/HigherOrderClosures.yaml: the caller's objects reach the
// provider's innermost closures through bridges (`NWAsW`), three closures deep. Prints FAIL
// lines, then "ok".

func check(_ condition: Bool, _ what: String) {
  if !condition { print("FAIL: \(what)") }
}

final class Needed: NW {
  let n: Int
  init(n: Int) { self.n = n }
  func w() -> Int { n }
}

@MainActor final class Seen {
  var values: [Int] = []
  func add(_ value: Int) { values.append(value) }
}
let seen = Seen()

/// Hands each visitor a consumer that records what it is given.
final class Provider: P {
  var visit: (((any W) -> Void) -> Void) -> Void {
    { visitor in visitor { item in seen.add(item.w()) } }
  }
  func offer(f: @escaping (((any W) -> Void) -> Void) -> Void) {
    f { consume in consume(Plain(n: 5)) }
  }
  var visitAsync: (((any W) async -> Void) async -> Void) async -> Void {
    { visitor in
      // A closure that is not isolated: a main-actor one could not be sent to `visitor`.
      let consume: @Sendable (any W) async -> Void = { item in
        // Every member of a `@MainActor` protocol runs on the main actor, wherever its value is.
        nonisolated(unsafe) let item = item
        await MainActor.run { seen.add(item.w()) }
      }
      await visitor(consume)
    }
  }
  func offerThrowing(f: @escaping (((any W) throws -> Void) throws -> Void) throws -> Void) throws {
    try f { consume in try consume(Plain(n: 6)) }
  }
}

final class Plain: W {
  let n: Int
  init(n: Int) { self.n = n }
  func w() -> Int { n }
}

let proxy: any R = PAsR(Provider())
proxy.visit { consume in consume(Needed(n: 1)) }
check(seen.values == [1], "the provider's consumer gets the caller's object: \(seen.values)")
await proxy.visitAsync { consume in await consume(Needed(n: 2)) }
check(seen.values == [1, 2], "async, three closures deep: \(seen.values)")
proxy.offer { visitor in visitor { needed in seen.add(needed.w() * 10) } }
check(seen.values.last == 50, "the caller's function gets the provider's object: \(seen.values)")
try proxy.offerThrowing { visitor in try visitor { needed in seen.add(needed.w() * 10) } }
check(seen.values.last == 60, "throwing, three closures deep: \(seen.values)")
print("ok")
