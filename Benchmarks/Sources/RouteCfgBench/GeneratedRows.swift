import Foundation
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

/// Per round, the time of one call through the provided protocol and through the proxy, for the
/// property set and get and for the method call.
struct CallSamples {
  var property = (direct: Samples(), proxy: Samples())
  var method = (direct: Samples(), proxy: Samples())

  /// Each round's proxy time over its protocol time.
  var propertyRatios: Samples { Self.ratios(property) }
  var methodRatios: Samples { Self.ratios(method) }

  private static func ratios(_ times: (direct: Samples, proxy: Samples)) -> Samples {
    var ratios = Samples()
    for (direct, proxy) in zip(times.direct.values, times.proxy.values) { ratios.add(proxy / direct) }
    return ratios
  }

  mutating func addRound(property: (direct: Double, proxy: Double), method: (direct: Double, proxy: Double)) {
    self.property.direct.add(property.direct)
    self.property.proxy.add(property.proxy)
    self.method.direct.add(method.direct)
    self.method.proxy.add(method.proxy)
  }

  /// A line per round, as a measuring process hands its rounds over.
  var lines: String {
    zip(zip(property.direct.values, property.proxy.values), zip(method.direct.values, method.proxy.values))
      .map { "\($0.0) \($0.1) \($1.0) \($1.1)\n" }.joined()
  }

  /// Adds the rounds of ``lines``.
  mutating func add(lines: String) {
    for line in lines.split(separator: "\n") {
      let fields = line.split(separator: " ").compactMap { Double($0) }
      guard fields.count == 4 else { continue }
      addRound(property: (fields[0], fields[1]), method: (fields[2], fields[3]))
    }
  }
}

/// Calls through the proxies `routecfg generate` writes against the same calls through the
/// provided protocol, both destinations made by the generated registry's factories (so that the
/// optimizer sees neither object's class), in `rounds` interleaved rounds.
@MainActor
func measureCalls(rounds: Int, iterations: Int) -> CallSamples {
  let registry = makeBenchRegistry()
  let provided = registry.makeProvidedLoginViewInput()
  let proxy = registry.makeModuleARequiredLoginViewInput()
  let store = registry.makeNoteStoreService()
  let storeProxy = registry.makeNoteListRequiredStore()
  let value = "Please log in"
  var samples = CallSamples()
  for _ in 0..<rounds {
    let direct = seconds { for _ in 0..<iterations { blackHole(setAndGet(provided, value)) } }
    let proxied = seconds { for _ in 0..<iterations { blackHole(setAndGet(proxy, value)) } }
    let call = seconds { for index in 0..<iterations { blackHole(lookUp(store, index & 63)) } }
    let proxiedCall = seconds { for index in 0..<iterations { blackHole(lookUp(storeProxy, index & 63)) } }
    let count = Double(iterations)
    samples.addRound(property: (direct / count, proxied / count), method: (call / count, proxiedCall / count))
  }
  return samples
}

/// The calls measured in `options.processes` processes of this benchmark, their rounds pooled:
/// how a process's code and data happen to be placed moves the ratio of the two calls by more
/// than the proxy costs (Docs/Performance.md), so each process is one draw of it.
@MainActor
func callSamples(options: Options, rounds: Int, iterations: Int) throws -> CallSamples {
  guard options.processes > 1 else { return measureCalls(rounds: rounds, iterations: iterations) }
  // This very binary, however it was started (a name found through PATH is no path to spawn).
  let executable =
    Bundle.main.executablePath
    ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
  let file = NSTemporaryDirectory() + "routecfg-bench-calls-\(getpid()).txt"
  defer { unlink(file) }
  var samples = CallSamples()
  let arguments =
    ["--only", "generated", "--rounds", "\(rounds)", "--samples-to", file, "--routecfg", options.routecfg]
    + (options.quick ? ["--quick"] : [])
  for _ in 0..<options.processes {
    // A process that wrote nothing must not count the one before it again.
    unlink(file)
    let run = try runProcess(executable, arguments)
    guard run.status == 0, let lines = try? String(contentsOfFile: file, encoding: .utf8) else {
      throw BenchError("a process measuring the generated calls failed (status \(run.status))")
    }
    samples.add(lines: lines)
  }
  return samples
}

/// The generated-code rows: the calls (``callSamples(options:rounds:iterations:)``) and the generated
/// registry's construction. In a measuring process (`--samples-to`), only the calls, written to
/// the file.
@MainActor
func generatedRows(options: Options) throws -> [ResultRow] {
  let iterations = options.quick ? 1_000 : 2_000_000
  let rounds = max(options.rounds, 5)
  if let path = options.samplesTo {
    try measureCalls(rounds: rounds, iterations: iterations).lines
      .write(toFile: path, atomically: true, encoding: .utf8)
    return []
  }
  let calls = try callSamples(options: options, rounds: rounds, iterations: iterations)
  let property = calls.propertyRatios
  let method = calls.methodRatios
  let propertyTimes = calls.property
  let methodTimes = calls.method
  let drawn = options.processes > 1 ? " (\(options.processes) processes, their rounds pooled)" : ""
  var small = Samples()
  var wide = Samples()
  let constructions = options.quick ? 10 : 10_000
  for _ in 0..<rounds {
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
        + "; \(nanoseconds(propertyTimes.proxy)) vs \(nanoseconds(propertyTimes.direct))\(drawn)",
      target: "≤ 1.15×", met: property.median <= 1.15),
    ResultRow(
      measure: "method call through a generated proxy vs through the provided protocol",
      result: ratio(method)
        + "; \(nanoseconds(methodTimes.proxy)) vs \(nanoseconds(methodTimes.direct))\(drawn)",
      target: "≤ 1.15×", met: method.median <= 1.15),
    ResultRow(
      measure: "generated registry construction per module, 1,000 modules vs 6",
      result: String(format: "%.2f×", perModule)
        + "; \(nanoseconds(wide)) vs \(nanoseconds(small)) per module",
      target: "O(1) per module", met: perModule <= 2),
  ]
}
