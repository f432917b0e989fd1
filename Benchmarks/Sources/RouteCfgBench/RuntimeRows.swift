import RouteCfgCore
import RouteCfgRuntime
import RouteCfgSynthetic
import RouteCfgTesting

/// `Registry` build for a synthetic manifest (every module a recording mock, a proxy per
/// protocol, as `RouteCfgTesting` wires it) against validating the same manifest in process.
@MainActor
func registryRows(modules: Int, options: Options) throws -> [ResultRow] {
  let yaml = SyntheticManifest.yaml(moduleCount: modules, asyncMethods: false)
  let harness = try ManifestHarness(yaml: yaml, path: "synthetic.yaml")
  blackHole(try harness.mockRegistry())
  var build = Samples()
  var validate = Samples()
  var ratios = Samples()
  for _ in 0..<options.rounds {
    let validating = try seconds { blackHole(try RouteCfg.validate(yaml: yaml, path: "synthetic.yaml")) }
    let building = try seconds { blackHole(try harness.mockRegistry()) }
    validate.add(validating)
    build.add(building)
    ratios.add(building / validating)
  }
  return [
    ResultRow(
      measure: "`Registry` build, \(modules.formatted()) modules, vs validating the manifest in process",
      result: ratio(ratios) + "; \(milliseconds(build)) vs \(milliseconds(validate))",
      target: "≤ 0.1×", met: ratios.median <= 0.1)
  ]
}

/// The provided side of the facade benchmark, as a module implements it.
@MainActor
protocol BenchProvidedInput: AnyObject {
  var notifyString: String? { get set }
}

@MainActor
final class BenchLogin: BenchProvidedInput {
  var notifyString: String?
}

@MainActor
final class BenchList {}

/// A set and a get through the Swift protocol, not inlined, as a caller in another module would.
@MainActor
@inline(never)
func setAndGet(_ input: any BenchProvidedInput, _ value: String) -> String? {
  input.notifyString = value
  return input.notifyString
}

/// A property set and get through the dynamic adapter facade (`message` → `notifyString`)
/// against the same through the Swift protocol.
@MainActor
func facadeRows(options: Options) throws -> [ResultRow] {
  let manifest = try RouteCfg.validate(
    yaml: """
      routecfg: 1
      protocols: {Provided: "var notifyString: String? { get set }", Required: "var message: String? { get set }"}
      modules: {Login: {kind: view, provides: [Provided], routes: [/login]}, List: {kind: view, requires: [Required], routes: [/]}}
      adapters: [{adapt: Required, to: Provided, map: {message: notifyString}}]
      """)
  var registrations = Registrations()
  registrations.view("Login", BenchLogin.self) { _ in BenchLogin() }
  registrations.view("List", BenchList.self) { _ in BenchList() }
  registrations.members(of: BenchLogin.self) { $0.property("notifyString", \.notifyString) }
  let registry = try Registry(manifest, registrations: registrations)
  let facade = try registry.destination(for: "Required")
  let login = BenchLogin()
  let iterations = options.quick ? 1_000 : 100_000
  let value = "Please log in"
  var dynamic = Samples()
  var direct = Samples()
  var ratios = Samples()
  for _ in 0..<options.rounds {
    let facadeTime = try seconds {
      for _ in 0..<iterations {
        try facade.set("message", to: value)
        blackHole(try facade.get("message"))
      }
    }
    let directTime = seconds {
      for _ in 0..<iterations { blackHole(setAndGet(login, value)) }
    }
    dynamic.add(facadeTime / Double(iterations))
    direct.add(directTime / Double(iterations))
    ratios.add(facadeTime / directTime)
  }
  return [
    ResultRow(
      measure: "property set+get through the dynamic adapter facade vs through the Swift protocol",
      result: ratio(ratios) + "; \(nanoseconds(dynamic)) vs \(nanoseconds(direct))",
      target: "≤ 30×", met: ratios.median <= 30)
  ]
}
