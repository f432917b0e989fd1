// Runs against the code generated for
// Tests/RouteCfgCodegenTests/Fixtures/ReverseMapOverridesSameName.yaml.

@MainActor final class Provider: PIn {
  weak var delegate: (any PD)?
  func fire(_ text: String) { delegate?.base(text) }
}

@MainActor final class Caller: RD {
  var calls: [String] = []
  func base(_ text: String) { calls.append("base " + text) }
  func owned(_ text: String) { calls.append("owned " + text) }
}

final class Consumer {}

MainActor.assumeIsolated {
  let registry = RevMapRegistry(prov: { Provider() }, cons: { _ in Consumer() })
  let input = registry.makeRIn()
  let caller = Caller()
  input.delegate = caller
  input.fire("x")
  print(caller.calls == ["owned x"] ? "ok" : "FAIL \(caller.calls)")
}
