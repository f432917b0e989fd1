import GeneratedNoteApp
import GeneratedWide
import NoteAppModules

/// A set and a get through the provided protocol, as a caller in another module makes them.
@MainActor
@inline(never)
func setAndGet(_ input: any ProvidedLoginViewInput, _ value: String) -> String? {
  input.notifyString = value
  return input.notifyString
}

/// The same through the generated proxy, by the required protocol's names.
@MainActor
@inline(never)
func setAndGet(_ input: any ModuleARequiredLoginViewInput, _ value: String) -> String? {
  input.message = value
  return input.message
}

@inline(never)
func lookUp(_ store: any NoteStoreService, _ id: Int) -> String? { store.note(id: id) }

@inline(never)
func lookUp(_ store: any NoteListRequiredStore, _ id: Int) -> String? { store.note(id: id) }

/// Calls through the proxies `routecfg generate` writes against the same calls through the
/// provided protocol, both destinations made by the generated registry's factories (so that the
/// optimizer sees neither object's class), and the generated registry's construction.
@MainActor
func generatedRows(options: Options) -> [ResultRow] {
  let registry = makeBenchRegistry()
  let provided = registry.makeProvidedLoginViewInput()
  let proxy = registry.makeModuleARequiredLoginViewInput()
  let store = registry.makeNoteStoreService()
  let storeProxy = registry.makeNoteListRequiredStore()
  let iterations = options.quick ? 1_000 : 2_000_000
  let value = "Please log in"
  var property = Samples()
  var method = Samples()
  var propertyTimes = (direct: Samples(), proxy: Samples())
  var methodTimes = (direct: Samples(), proxy: Samples())
  for _ in 0..<max(options.rounds, 5) {
    let direct = seconds { for _ in 0..<iterations { blackHole(setAndGet(provided, value)) } }
    let proxied = seconds { for _ in 0..<iterations { blackHole(setAndGet(proxy, value)) } }
    let call = seconds { for index in 0..<iterations { blackHole(lookUp(store, index & 63)) } }
    let proxiedCall = seconds { for index in 0..<iterations { blackHole(lookUp(storeProxy, index & 63)) } }
    property.add(proxied / direct)
    method.add(proxiedCall / call)
    propertyTimes.direct.add(direct / Double(iterations))
    propertyTimes.proxy.add(proxied / Double(iterations))
    methodTimes.direct.add(call / Double(iterations))
    methodTimes.proxy.add(proxiedCall / Double(iterations))
  }
  var small = Samples()
  var wide = Samples()
  let constructions = options.quick ? 10 : 10_000
  for _ in 0..<max(options.rounds, 5) {
    small.add(
      seconds { for _ in 0..<constructions { blackHole(makeBenchRegistry()) } } / Double(constructions) / 6)
    wide.add(
      seconds { for _ in 0..<constructions { blackHole(makeWideRegistry()) } } / Double(constructions) / 1_000
    )
  }
  let perModule = wide.median / small.median
  return [
    ResultRow(
      measure: "property set+get through a generated proxy vs through the provided protocol",
      result: ratio(property)
        + "; \(nanoseconds(propertyTimes.proxy)) vs \(nanoseconds(propertyTimes.direct))",
      target: "≤ 1.15×", met: property.median <= 1.15),
    ResultRow(
      measure: "method call through a generated proxy vs through the provided protocol",
      result: ratio(method) + "; \(nanoseconds(methodTimes.proxy)) vs \(nanoseconds(methodTimes.direct))",
      target: "≤ 1.15×", met: method.median <= 1.15),
    ResultRow(
      measure: "generated registry construction per module, 1,000 modules vs 6",
      result: String(format: "%.2f×", perModule)
        + "; \(nanoseconds(wide)) vs \(nanoseconds(small)) per module",
      target: "O(1) per module", met: perModule <= 2),
  ]
}
