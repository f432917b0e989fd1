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

/// One of the four loops of calls the generated rows measure.
enum CallLoop: String, CaseIterable {
  case propertyDirect = "property-direct"
  case propertyProxy = "property-proxy"
  case methodDirect = "method-direct"
  case methodProxy = "method-proxy"
}

/// The destinations the calls go to, made by the generated registry's factories (so that the
/// optimizer sees neither object's class).
@MainActor
struct CallTargets {
  let provided: any ProvidedLoginViewInput
  let proxy: any ModuleARequiredLoginViewInput
  let store: any NoteStoreService
  let storeProxy: any NoteListRequiredStore

  init() {
    let registry = makeBenchRegistry()
    provided = registry.makeProvidedLoginViewInput()
    proxy = registry.makeModuleARequiredLoginViewInput()
    store = registry.makeNoteStoreService()
    storeProxy = registry.makeNoteListRequiredStore()
  }

  /// Makes `iterations` calls of one loop.
  func run(_ loop: CallLoop, iterations: Int) {
    let value = "Please log in"
    switch loop {
    case .propertyDirect: for _ in 0..<iterations { blackHole(setAndGet(provided, value)) }
    case .propertyProxy: for _ in 0..<iterations { blackHole(setAndGet(proxy, value)) }
    case .methodDirect: for index in 0..<iterations { blackHole(lookUp(store, index & 63)) }
    case .methodProxy: for index in 0..<iterations { blackHole(lookUp(storeProxy, index & 63)) }
    }
  }
}

/// Calls through the proxies `routecfg generate` writes against the same calls through the
/// provided protocol, in `rounds` interleaved rounds.
@MainActor
func measureCalls(rounds: Int, iterations: Int) -> CallSamples {
  let targets = CallTargets()
  var samples = CallSamples()
  for _ in 0..<rounds {
    let times = CallLoop.allCases.map { loop in seconds { targets.run(loop, iterations: iterations) } }
    let count = Double(iterations)
    samples.addRound(
      property: (times[0] / count, times[1] / count), method: (times[2] / count, times[3] / count))
  }
  return samples
}

/// The instructions one call of each loop executes, counted by callgrind in processes of this
/// benchmark that make the calls of one loop alone (`--count-calls`): the difference between
/// `many` calls and `few` calls, over their difference, so that starting the process cancels
/// out. The processes hash with a fixed seed, so that the note store's lookups probe alike in
/// every run and the counts repeat. `nil` without valgrind.
func instructionsPerCall(options: Options) -> [CallLoop: Double]? {
  setenv("SWIFT_DETERMINISTIC_HASHING", "1", 1)
  defer { unsetenv("SWIFT_DETERMINISTIC_HASHING") }
  let executable = benchmarkExecutable()
  let (few, many) = options.quick ? (1_000, 3_000) : (100_000, 300_000)
  var perCall: [CallLoop: Double] = [:]
  for loop in CallLoop.allCases {
    func count(_ iterations: Int) -> Double? {
      instructions(
        executable, ["--count-calls", "\(loop.rawValue):\(iterations)", "--routecfg", options.routecfg])
    }
    guard let low = count(few), let high = count(many) else { return nil }
    perCall[loop] = (high - low) / Double(many - few)
  }
  return perCall
}

/// This very binary, however it was started (a name found through PATH is no path to spawn).
func benchmarkExecutable() -> String {
  Bundle.main.executablePath
    ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
}

/// The calls measured in `options.processes` processes of this benchmark, their rounds pooled:
/// how a process's code and data happen to be placed moves the ratio of the two calls by more
/// than the proxy costs (Docs/Performance.md), so each process is one draw of it.
@MainActor
func callSamples(options: Options, rounds: Int, iterations: Int) throws -> CallSamples {
  guard options.processes > 1 else { return measureCalls(rounds: rounds, iterations: iterations) }
  let executable = benchmarkExecutable()
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
  if let (loop, iterations) = options.countCalls {
    CallTargets().run(loop, iterations: iterations)
    return []
  }
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
  var rows = [
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
  if options.callgrind, let perCall = instructionsPerCall(options: options) {
    for (name, direct, proxy) in [
      ("property set+get", CallLoop.propertyDirect, CallLoop.propertyProxy),
      ("method call", .methodDirect, .methodProxy),
    ] {
      let (directCount, proxyCount) = (perCall[direct] ?? 0, perCall[proxy] ?? 0)
      let ratio = proxyCount / directCount
      rows.append(
        ResultRow(
          measure: "instructions of a \(name) through a generated proxy vs through the provided protocol "
            + "(callgrind)",
          result: String(format: "%.2f× (%.1f vs %.1f a call)", ratio, proxyCount, directCount),
          target: "≤ 1.15×", met: ratio <= 1.15))
    }
  }
  return rows
}
