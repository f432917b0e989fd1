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
  func notify(text: String, times: Int) -> Int
}

@MainActor
final class BenchLogin: BenchProvidedInput {
  var notifyString: String?
  func notify(text: String, times: Int) -> Int { text.utf8.count * times }
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

/// A call through the Swift protocol, not inlined, as a caller in another module would make it.
@MainActor
@inline(never)
func notify(_ input: any BenchProvidedInput, _ text: String) -> Int {
  input.notify(text: text, times: 2)
}

/// A destination of `Required` (`message` → `notifyString`, `show(message:count:)` →
/// `notify(text:times:)` through an adapter) over a `BenchLogin`, with the login's members
/// registered by `register`.
@MainActor
func benchFacade(_ register: (inout MemberTable<BenchLogin>) -> Void) throws -> Destination {
  let manifest = try RouteCfg.validate(
    yaml: """
      routecfg: 1
      protocols:
        Provided: "var notifyString: String? { get set }\\nfunc notify(text: String, times: Int) -> Int"
        Required: "var message: String? { get set }\\nfunc show(message: String, count: Int) -> Int"
      modules: {Login: {kind: view, provides: [Provided], routes: [/login]}, List: {kind: view, requires: [Required], routes: [/]}}
      adapters: [{adapt: Required, to: Provided, map: {message: notifyString, show: notify}}]
      """)
  var registrations = Registrations()
  registrations.view("Login", BenchLogin.self) { _ in BenchLogin() }
  registrations.view("List", BenchList.self) { _ in BenchList() }
  registrations.members(of: BenchLogin.self, register)
  return try Registry(manifest, registrations: registrations).destination(for: "Required")
}

/// A property set and get through the dynamic adapter facade (`message` → `notifyString`)
/// against the same through the Swift protocol: by name with the member registered by key path
/// (as a hand-written table does) and with closures (as `routecfg generate --dynamic` registers
/// it), and through a `DynamicProperty` found once.
@MainActor
func facadeRows(options: Options) throws -> [ResultRow] {
  let registerNotify: (inout MemberTable<BenchLogin>) -> Void = {
    $0.method("notify(text:times:)") { (login, text: String, times: Int) in
      login.notify(text: text, times: times)
    }
  }
  let byKeyPath = try benchFacade {
    $0.property("notifyString", \.notifyString)
    registerNotify(&$0)
  }
  let byClosures = try benchFacade {
    $0.property("notifyString", get: { $0.notifyString }, set: { $0.notifyString = $1 })
    registerNotify(&$0)
  }
  let property = try byClosures.property("message", as: String?.self)
  let login = BenchLogin()
  let iterations = options.quick ? 1_000 : 100_000
  let value = "Please log in"
  var times = (
    keyPath: Samples(), closures: Samples(), property: Samples(), direct: Samples(), method: Samples(),
    directMethod: Samples()
  )
  var ratios = (keyPath: Samples(), closures: Samples(), property: Samples(), method: Samples())
  for _ in 0..<options.rounds {
    let keyPathTime = try seconds {
      for _ in 0..<iterations {
        try byKeyPath.set("message", to: value)
        blackHole(try byKeyPath.get("message"))
      }
    }
    let closuresTime = try seconds {
      for _ in 0..<iterations {
        try byClosures.set("message", to: value)
        blackHole(try byClosures.get("message"))
      }
    }
    let propertyTime = try seconds {
      for _ in 0..<iterations {
        try property.set(value)
        blackHole(try property.get())
      }
    }
    let directTime = seconds {
      for _ in 0..<iterations { blackHole(setAndGet(login, value)) }
    }
    let methodTime = try seconds {
      for _ in 0..<iterations { blackHole(try byClosures.call("show(message:count:)", value, 2)) }
    }
    let directMethodTime = seconds {
      for _ in 0..<iterations { blackHole(notify(login, value)) }
    }
    times.method.add(methodTime / Double(iterations))
    times.directMethod.add(directMethodTime / Double(iterations))
    ratios.method.add(methodTime / directMethodTime)
    times.keyPath.add(keyPathTime / Double(iterations))
    times.closures.add(closuresTime / Double(iterations))
    times.property.add(propertyTime / Double(iterations))
    times.direct.add(directTime / Double(iterations))
    ratios.keyPath.add(keyPathTime / directTime)
    ratios.closures.add(closuresTime / directTime)
    ratios.property.add(propertyTime / directTime)
  }
  func row(_ how: String, _ ratios: Samples, _ time: Samples) -> ResultRow {
    ResultRow(
      measure: "property set+get through the dynamic adapter facade \(how) vs through the Swift protocol",
      result: ratio(ratios) + "; \(nanoseconds(time)) vs \(nanoseconds(times.direct))",
      target: "≤ 30×", met: ratios.median <= 30)
  }
  return [
    row("by name, member registered by key path", ratios.keyPath, times.keyPath),
    row(
      "by name, member registered with closures (as generated code registers it)", ratios.closures,
      times.closures),
    row("through a `DynamicProperty` found once", ratios.property, times.property),
    ResultRow(
      measure:
        "method call (two arguments, a result) through the dynamic adapter facade by name, registered with "
        + "closures, vs through the Swift protocol",
      result: ratio(ratios.method) + "; \(nanoseconds(times.method)) vs \(nanoseconds(times.directMethod))",
      target: "—", met: nil),
  ]
}
