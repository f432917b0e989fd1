import RouteCfgCore
import RouteCfgSynthetic
import Testing

/// `RouteTable(graph:)` inserts each entry into the trie as it makes it; the table must be the
/// one `RouteTable(entries:)` compiles from the entries made from the graph's routes and their
/// modules' parameters: the same entries, and the same answer for every URL.
@Suite("Route table from a graph")
struct RouteTableFromGraphTests {
  static let manifests = [
    FixturePaths.repository + "/manifests/NoteApp.yaml",
    FixturePaths.repository + "/manifests/ShopApp/ShopApp.yaml",
  ]

  @Test(arguments: manifests)
  func aManifestsRoutesAnswerAsTheirEntriesDo(path: String) throws {
    let graph = try #require(try RouteCfg.validate(path: path).graph)
    try expectSameAnswers(graph)
  }

  @Test func aSyntheticManifestsRoutesAnswerAsTheirEntriesDo() throws {
    let yaml = SyntheticManifest.yaml(moduleCount: 60)
    let graph = try #require(try RouteCfg.validate(yaml: yaml, path: "synthetic.yaml").graph)
    try expectSameAnswers(graph)
  }

  /// Random manifests: modules whose parameters differ from one to the next.
  @Test(arguments: [UInt64(1), 2, 3, 4])
  func randomManifestsRoutesAnswerAsTheirEntriesDo(seed: UInt64) throws {
    var random = RandomManifest(seed: seed)
    let yaml = random.yaml(featureCount: 12)
    let graph = try #require(try RouteCfg.validate(yaml: yaml, path: "random.yaml").graph)
    try expectSameAnswers(graph)
  }

  /// Modules' parameter tables are shared between modules that declare the same parameters:
  /// sets that differ only in a type, in optionality, in order or in a name, cycling through more
  /// sets than are kept, each get their own.
  @Test func modulesWithNearlyTheSameParametersKeepTheirOwnTypes() throws {
    // Each set with the routes of a module that declares it (`N` for the module's number).
    let sets = [
      ("{id: Int}", "/mN/:id"), ("{id: String}", "/mN/:id"), ("{id: Int?}", "/mN, /mN/:id"),
      ("{id: Int, q: String?}", "/mN/:id"), ("{q: String?, id: Int}", "/mN/:id"),
      ("{ident: Int}", "/mN/:ident"),
      ("{id: Double}", "/mN/:id"), ("{id: Bool?}", "/mN"), ("{}", "/mN"),
    ]
    var yaml = "routecfg: 1\nscheme: app\nmodules:\n"
    for index in 0..<(3 * sets.count) {
      let (parameters, routes) = sets[(index * 5) % sets.count]
      let written = routes.split(separator: "N", omittingEmptySubsequences: false).joined(
        separator: "\(index)")
      yaml += "  M\(index): {kind: view, parameters: \(parameters), routes: [\(written)]}\n"
    }
    let result = try RouteCfg.validate(yaml: yaml, path: "parameters.yaml")
    let graph = try #require(result.graph, "\(result.diagnostics.map(\.message))")
    try expectSameAnswers(graph)
  }

  private func expectSameAnswers(_ graph: AppGraph) throws {
    // The entries as the public initializer makes them, from each route's module.
    let expected = try graph.routes.map { route in
      let module = try #require(graph.modules[route.module])
      var parameters: [String: TypeRef] = [:]
      for parameter in module.parameters { parameters[parameter.name] = parameter.type }
      return RouteTable.Entry(module: route.module, pattern: route.pattern, parameters: parameters)
    }
    let fromGraph = RouteTable(graph: graph)
    let fromEntries = RouteTable(entries: expected, scheme: graph.scheme, fallback: graph.fallback)
    #expect(fromGraph.entries == expected)
    let urls = Self.urls(for: expected, scheme: graph.scheme ?? "app")
    #expect(urls.count > expected.count)
    var matched = 0
    for url in urls {
      let answer = fromGraph.resolve(url)
      #expect(answer == fromEntries.resolve(url), "\(url)")
      if case .matched = answer { matched += 1 }
    }
    // The URLs are written from the patterns: a table that matched few would prove little.
    #expect(matched * 2 > expected.count)
  }

  /// For each pattern: a path with an `Int`-like value in each parameter, one with a word, and
  /// each with a query value for every optional parameter; and URLs no route takes.
  private static func urls(for entries: [RouteTable.Entry], scheme: String) -> [String] {
    var urls: [String] = []
    for entry in entries {
      for value in ["7", "word"] {
        let path = entry.pattern.segments.map { segment -> String in
          switch segment {
          case .literal(let literal): return literal
          case .parameter, .catchAll: return value
          }
        }
        let url = "/" + path.joined(separator: "/")
        urls.append(url)
        let query = entry.optionalParameters.sorted().map { "\($0)=\(value)" }.joined(separator: "&")
        if !query.isEmpty { urls.append(url + "?" + query) }
      }
    }
    urls.append("/no/such/route/at/all")
    urls.append("\(scheme)://no/such/route/at/all")
    return urls
  }
}
