import RouteCfgCore
import RouteCfgSynthetic
import Testing

/// `RouteTable(graph:)` inserts each entry into the trie as it makes it; the table must be the
/// one `RouteTable(entries:)` compiles from the same entries: the same entries, and the same
/// answer for every URL.
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

  private func expectSameAnswers(_ graph: AppGraph) throws {
    let fromGraph = RouteTable(graph: graph)
    let fromEntries = RouteTable(entries: fromGraph.entries, scheme: graph.scheme, fallback: graph.fallback)
    #expect(fromGraph.entries.count == graph.routes.count)
    #expect(
      zip(fromGraph.entries, graph.routes).allSatisfy { $0.module == $1.module && $0.pattern == $1.pattern })
    let urls = Self.urls(for: fromGraph.entries, scheme: graph.scheme ?? "app")
    #expect(urls.count > fromGraph.entries.count)
    var matched = 0
    for url in urls {
      let answer = fromGraph.resolve(url)
      #expect(answer == fromEntries.resolve(url), "\(url)")
      if case .matched = answer { matched += 1 }
    }
    // The URLs are written from the patterns: a table that matched few would prove little.
    #expect(matched * 2 > fromGraph.entries.count)
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
