import RouteCfgCore
import RouteCfgSynthetic
import Testing

/// `RouteTable.precedenceOrder` (what `routecfg routes` lists) agrees with the router: for every
/// URL, the route the router picks is the first route in precedence order that matches the URL
/// on its own.
@Suite("Route precedence order")
struct RoutePrecedenceTests {
  @Test func noteAppOrder() throws {
    let table = RouteTable(entries: [
      Self.entry("/notes/:noteId", ["noteId": .int]),
      Self.entry("/notes"),
      Self.entry("/notes/new"),
      Self.entry("/files/*path"),
      Self.entry("/files/:name", ["name": .string]),
      Self.entry("/files/:size", ["size": .double]),
      Self.entry("/"),
    ])
    let order = table.precedenceOrder.map { table.entries[$0].pattern.text }
    #expect(
      order == [
        "/", "/files/:size", "/files/:name", "/files/*path", "/notes", "/notes/new", "/notes/:noteId",
      ])
  }

  @Test(arguments: 0..<40)
  func theRouterPicksTheFirstMatchingRouteInPrecedenceOrder(_ seed: Int) throws {
    var random = SeededRandom(seed: UInt64(seed) &* 7919 &+ 17)
    let literals = ["a", "b", "1", "true"]
    let types: [RouteValueType] = [.int, .double, .bool, .string]
    var entries: [RouteTable.Entry] = []
    var shapes: Set<String> = []
    for index in 0..<Int.random(in: 3...14, using: &random) {
      var segments: [String] = []
      var parameterTypes: [String: RouteValueType] = [:]
      for position in 0..<Int.random(in: 0...3, using: &random) {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<4: segments.append(literals.randomElement(using: &random) ?? "a")
        case 9: segments.append("*rest\(index)")
        default:
          let name = "p\(position)"
          parameterTypes[name] = types.randomElement(using: &random)
          segments.append(":" + name)
        }
        if segments.last?.hasPrefix("*") == true { break }
      }
      let text = "/" + segments.joined(separator: "/")
      guard case .success(let pattern) = RoutePattern.parse(text),
        let shape = pattern.shape(parameterTypes: parameterTypes),
        shapes.insert(shape.description).inserted
      else { continue }
      entries.append(RouteTable.Entry(module: "M\(index)", pattern: pattern, parameterTypes: parameterTypes))
    }
    let table = RouteTable(entries: entries)
    let order = table.precedenceOrder
    #expect(Set(order) == Set(entries.indices))
    let values = ["a", "b", "1", "-2", "2.5", "true", "x"]
    for _ in 0..<200 {
      let count = Int.random(in: 0...4, using: &random)
      let segments = (0..<count).map { _ in values.randomElement(using: &random) ?? "a" }
      let expected = order.first { Self.matches(entries[$0], segments) }
      let found = table.match(URLPath(segments: segments))?.entryIndex
      #expect(found == expected, "\(segments) in \(entries.map(\.pattern.text))")
    }
  }

  /// Whether one route, alone, matches a path.
  static func matches(_ entry: RouteTable.Entry, _ segments: [String]) -> Bool {
    let pattern = entry.pattern.segments
    if entry.pattern.catchAllName != nil {
      guard segments.count >= pattern.count else { return false }
    } else {
      guard segments.count == pattern.count else { return false }
    }
    for (segment, value) in zip(pattern, segments) {
      switch segment {
      case .literal(let text): if text != value { return false }
      case .parameter(let name):
        if (entry.parameterTypes[name] ?? .string).parse(value) == nil { return false }
      case .catchAll: return true
      }
    }
    return true
  }

  static func entry(_ text: String, _ types: [String: RouteValueType] = [:]) -> RouteTable.Entry {
    guard case .success(let pattern) = RoutePattern.parse(text) else { fatalError("bad pattern \(text)") }
    return RouteTable.Entry(module: text, pattern: pattern, parameterTypes: types)
  }
}
