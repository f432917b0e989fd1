// Runs the code generated for Fixtures/ReverseOnly.yaml: an adapter used only in reverse still
// has its proxy (`PDAsRD(_ base: any PD)`), whose calls by `RD`'s names reach `PD`'s members.
// Prints FAIL lines, then "ok".

func check(_ condition: Bool, _ what: String) {
  if !condition { print("FAIL: \(what)") }
}

final class Counter: PD {
  var counts: [Int] = []
  func changed(count: Int) { counts.append(count) }
}

final class Watcher: RD {
  var counts: [Int] = []
  func didChange(count: Int) { counts.append(count) }
}

final class Provider: P {
  var observers: [any PD] = []
  func register(observer: any PD) { observers.append(observer) }
  func listen(listener: any PL) { listener.heard(text: "hi") }
}

let counter = Counter()
let proxy: any RD = PDAsRD(counter)
proxy.didChange(count: 3)
check(counter.counts == [3], "the proxy's didChange reaches changed: \(counter.counts)")

let provider = Provider()
let watcher = Watcher()
let facade: any R = PAsR(provider)
facade.add(watcher: watcher)
provider.observers.first?.changed(count: 5)
check(watcher.counts == [5], "the bridge's changed reaches didChange: \(watcher.counts)")
print("ok")
