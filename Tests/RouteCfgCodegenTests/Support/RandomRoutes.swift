import RouteCfgCore
import RouteCfgSynthetic

/// Random, valid route tables as manifests, and random URLs aimed at them, for checking the
/// generated route enum against `RouteTable`.
struct RandomRoutes {
  var random: SeededRandom

  /// A module: its parameters (name, Swift type) and its one route.
  struct Module {
    let name: String
    let parameters: [(name: String, type: String)]
    let pattern: String
  }

  static let literals = ["a", "b", "notes", "new", "x-y", "é", "1", "true", "~t"]
  static let types = ["Int", "Double", "Bool", "String"]

  /// A manifest of up to `count` modules, one route each, no two of the same shape.
  mutating func manifest(app: String, count: Int) -> (yaml: String, modules: [Module]) {
    var shapes: Set<String> = []
    var modules: [Module] = []
    for index in 0..<count {
      var segments: [String] = []
      var shape: [String] = []
      var parameters: [(name: String, type: String)] = []
      let length = random.next(upTo: 4)
      for position in 0..<length {
        let roll = random.next(upTo: 10)
        if roll < 5 {
          let literal = Self.literals[random.next(upTo: Self.literals.count)]
          segments.append(literal)
          shape.append(literal)
        } else if roll < 9 || position < length - 1 {
          let type = Self.types[random.next(upTo: Self.types.count)]
          let name = "p\(parameters.count)"
          parameters.append((name, random.next(upTo: 4) == 0 ? type + "?" : type))
          segments.append(":" + name)
          shape.append(":" + type)
        } else {
          let name = "p\(parameters.count)"
          parameters.append((name, random.next(upTo: 2) == 0 ? "String?" : "String"))
          segments.append("*" + name)
          shape.append("*")
        }
      }
      guard shapes.insert(shape.joined(separator: "/")).inserted else { continue }
      // Optional parameters that only the query can give.
      for _ in 0..<random.next(upTo: 3) {
        parameters.append(("q\(parameters.count)", Self.types[random.next(upTo: Self.types.count)] + "?"))
      }
      modules.append(
        Module(name: "M\(index)", parameters: parameters, pattern: "/" + segments.joined(separator: "/")))
    }
    var yaml = "routecfg: 1\napp: \(app)\nscheme: app\(app.lowercased())\nmodules:\n"
    for module in modules {
      yaml += "  \(module.name):\n    kind: view\n    routes: [\"\(module.pattern)\"]\n"
      if !module.parameters.isEmpty {
        yaml += "    parameters:\n"
        for parameter in module.parameters { yaml += "      \(parameter.name): \"\(parameter.type)\"\n" }
      }
    }
    return (yaml, modules)
  }

  static let values = [
    "0", "-1", "42", "9223372036854775807", "9223372036854775808", "-0", "+1", "1.5", "-2.25", "1e5", "2E-3",
    ".5",
    "5.", "nan", "inf", "true", "false", "True", "x", "a%20b", "%2F", "%zz", "%", "%E2%82%AC", "é", "%C3",
    "..",
    "%2E", "%2e%2E", "notes", "new", "", "a+b", "%00",
  ]

  /// A URL aimed at `module`'s route, with random values and random damage.
  mutating func url(for module: Module, scheme: String) -> String {
    var segments: [String] = []
    for segment in module.pattern.split(separator: "/") {
      if segment.hasPrefix(":") {
        segments.append(value())
      } else if segment.hasPrefix("*") {
        segments += (0...random.next(upTo: 3)).map { _ in value() }
      } else {
        segments.append(random.next(upTo: 12) == 0 ? value() : String(segment))
      }
    }
    if random.next(upTo: 8) == 0, !segments.isEmpty { segments.remove(at: random.next(upTo: segments.count)) }
    if random.next(upTo: 8) == 0 { segments.append(value()) }
    var url = "/" + segments.joined(separator: "/")
    if random.next(upTo: 6) == 0 { url += "/" }
    if random.next(upTo: 3) == 0 {
      let keys = module.parameters.map(\.name) + ["other", "q0", "%71", "p0"]
      var pairs: [String] = []
      for _ in 0...random.next(upTo: 3) {
        let key = keys[random.next(upTo: keys.count)]
        pairs.append(random.next(upTo: 6) == 0 ? key : key + "=" + value())
      }
      url += "?" + pairs.joined(separator: "&")
    }
    if random.next(upTo: 10) == 0 { url += "#frag" }
    switch random.next(upTo: 12) {
    case 0: return scheme + ":/" + url
    case 1: return scheme.uppercased() + ":/" + url
    case 2: return "other:/" + url
    case 3: return scheme + "://user@host" + url
    case 4: return scheme + "://" + url
    case 5: return scheme + ":" + url
    default: return url
    }
  }

  private mutating func value() -> String { Self.values[random.next(upTo: Self.values.count)] }
}
