import RouteCfgCore
import RoutingKit

/// One route of the router benchmark, with the URLs that reach it.
private struct BenchRoute {
  var pattern: String
  var parameters: [String: TypeRef]
  var routingKit: [PathComponent]
  /// Makes a URL for this route from a number, and the parameter values it carries.
  var url: (Int) -> (String, [String: String])
}

/// Routes in groups of four that share prefixes the way an app's do: an item by `Int` id, its
/// reviews by page, a user's posts by name, and files under a catch-all.
private func benchRoutes(_ count: Int) -> [BenchRoute] {
  (0..<count).map { index in
    let group = index / 4
    switch index % 4 {
    case 0:
      return BenchRoute(
        pattern: "/shop/g\(group)/items/:id", parameters: ["id": .named("Int")],
        routingKit: [.constant("shop"), .constant("g\(group)"), .constant("items"), .parameter("id")],
        url: { ("/shop/g\(group)/items/\($0)", ["id": "\($0)"]) })
    case 1:
      return BenchRoute(
        pattern: "/shop/g\(group)/items/:id/reviews/:page",
        parameters: ["id": .named("Int"), "page": .named("Int")],
        routingKit: [
          .constant("shop"), .constant("g\(group)"), .constant("items"), .parameter("id"),
          .constant("reviews"),
          .parameter("page"),
        ],
        url: { ("/shop/g\(group)/items/\($0)/reviews/\($0 % 7)", ["id": "\($0)", "page": "\($0 % 7)"]) })
    case 2:
      return BenchRoute(
        pattern: "/users/:user/g\(group)/posts", parameters: ["user": .named("String")],
        routingKit: [.constant("users"), .parameter("user"), .constant("g\(group)"), .constant("posts")],
        url: { ("/users/user\($0)/g\(group)/posts", ["user": "user\($0)"]) })
    default:
      return BenchRoute(
        pattern: "/files/g\(group)/*path", parameters: ["path": .named("String")],
        routingKit: [.constant("files"), .constant("g\(group)"), .catchall],
        url: { ("/files/g\(group)/docs/\($0)/readme", ["path": "docs/\($0)/readme"]) })
    }
  }
}

/// URL lookup on the same table and the same URLs as routing-kit's `TrieRouter`, string in:
/// routing-kit gets the path split into segments as Vapor does; routecfg reads the string. Both
/// read every parameter value of the match.
func routerRows(routeCounts: [Int], urlCount: Int, options: Options) throws -> [ResultRow] {
  var rows: [ResultRow] = []
  for count in routeCounts {
    let routes = benchRoutes(count)
    let table = RouteTable(
      entries: try routes.enumerated().map { index, route in
        RouteTable.Entry(
          module: "R\(index)", pattern: try RoutePattern.parse(route.pattern).get(),
          parameters: route.parameters)
      })
    let router = TrieRouter(Int.self)
    for (index, route) in routes.enumerated() { router.register(index, at: route.routingKit) }
    // Routes in a scattered but fixed order (a multiplicative hash of the URL's number).
    let cases: LookupCases = (0..<urlCount).map { number in
      let route = Int((UInt64(number) &* 2_654_435_761) % UInt64(count))
      let (url, values) = routes[route].url(number)
      return (url, route, values.keys.sorted())
    }
    // Both routers must give the same answers before their times mean anything.
    let template = Parameters()
    for item in cases {
      var parameters = template
      let segments = item.url.split(separator: "/").map(String.init)
      guard router.route(path: segments, parameters: &parameters) == item.route,
        case .matched(let match) = table.resolve(item.url), match.entryIndex == item.route
      else { throw BenchError("the routers disagree on \(item.url)") }
    }

    var ours = Samples()
    var dictionaries = Samples()
    var theirs = Samples()
    var speedup = Samples()
    for _ in 0..<options.rounds {
      let routecfg = seconds { blackHole(lookUpWithRoutecfg(cases, table)) }
      let routingKit = seconds { blackHole(lookUpWithRoutingKit(cases, router, template)) }
      let dictionary = seconds { blackHole(lookUpWithParameterDictionaries(cases, table)) }
      ours.add(routecfg / Double(urlCount))
      theirs.add(routingKit / Double(urlCount))
      dictionaries.add(dictionary / Double(urlCount))
      speedup.add(routingKit / routecfg)
    }
    rows.append(
      ResultRow(
        measure: "URL lookup, \(count.formatted()) routes, \(urlCount.formatted()) URLs with parameters, "
          + "vs routing-kit's TrieRouter (string in, values read)",
        result: String(format: "%.2f× faster (%.2f–%.2f×); ", speedup.median, speedup.min, speedup.max)
          + "\(nanoseconds(ours)) vs \(nanoseconds(theirs)) per URL; "
          + "with the `parameters` dictionary \(nanoseconds(dictionaries))",
        target: "≥ 5× faster", met: speedup.median >= 5))
  }
  return rows
}

/// The URLs to look up: each with the route it reaches and the names of its values.
typealias LookupCases = [(url: String, route: Int, names: [String])]

// The three loops are separate functions so that `valgrind --tool=callgrind
// --toggle-collect='*lookUpWith*'` counts each one's instructions alone.

/// routecfg: resolve each URL and read each value by name.
@inline(never)
func lookUpWithRoutecfg(_ cases: LookupCases, _ table: RouteTable) -> Int {
  var read = 0
  for item in cases {
    guard case .matched(let match) = table.resolve(item.url) else { continue }
    for name in item.names where match.value(for: name) != nil { read += 1 }
  }
  return read
}

/// routecfg: resolve each URL and read all values as the `parameters` dictionary.
@inline(never)
func lookUpWithParameterDictionaries(_ cases: LookupCases, _ table: RouteTable) -> Int {
  var read = 0
  for item in cases {
    guard case .matched(let match) = table.resolve(item.url) else { continue }
    read += match.parameters.count
  }
  return read
}

/// routing-kit: split the path as Vapor does, route, and read each value by name.
@inline(never)
func lookUpWithRoutingKit(_ cases: LookupCases, _ router: TrieRouter<Int>, _ template: Parameters) -> Int {
  var read = 0
  for item in cases {
    var parameters = template
    let segments = item.url.split(separator: "/").map(String.init)
    guard router.route(path: segments, parameters: &parameters) != nil else { continue }
    for name in item.names where parameters.get(name) != nil || !parameters.getCatchall().isEmpty {
      read += 1
    }
  }
  return read
}

func nanoseconds(_ samples: Samples) -> String {
  String(format: "%.0f ns (%.0f–%.0f)", samples.median * 1e9, samples.min * 1e9, samples.max * 1e9)
}
