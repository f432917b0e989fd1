import RouteCfgCore
import RouteCfgSynthetic
import Testing

/// The router against a straightforward model of SPEC §2's rules, on random tables and random
/// URLs: same resolution, same reasons, same values.
///
/// The model reads URLs with ``URLPath/read(_:scheme:)`` (string operations, independent of the
/// router's byte scanner) and ranks every route that matches: each segment scores literal 0,
/// `Int` 1, `Double` 2, `Bool` 3, `String` 4, catch-all 5; the smallest score list wins (a
/// shorter list that is a catch-all's prefix loses to nothing it shares a prefix with, since 5
/// is the largest), ties by entry index; a route whose query values do not convert is out.
@Suite("Router against a reference model")
struct RouteMatcherDifferentialTests {
  typealias Generator = SeededRandom

  static func pick<Element>(_ elements: [Element], _ generator: inout Generator) -> Element {
    elements[Int.random(in: elements.indices, using: &generator)]
  }

  /// Literals, including canonically equivalent spellings (`é` precomposed and decomposed, the
  /// Kelvin sign and `K`).
  static let literals = [
    "a", "b", "notes", "new", "me", "1", "true", "é", "e\u{301}", "K", "\u{212A}", "한글", "x-y.z~",
  ]
  static let types: [TypeRef] = [.named("Int"), .named("Double"), .named("Bool"), .named("String")]

  /// URL segments: table words, values of every type, escapes valid and invalid, dot segments.
  static let segments = [
    "a", "b", "notes", "new", "me", "1", "42", "-7", "1.5", "1e5", ".5", "true", "false", "é", "e%CC%81",
    "%C3%A9", "K", "%E2%84%AA", "\u{212A}", "%61", "a%2Fb", "%2E", "%2E%2E", ".", "..", "", "%zz", "%4",
    "%00",
    "%FF", "%ED%95%9C%EA%B8%80", "한글", "x-y.z~", "99999999999999999999", "1e999", "TRUE",
  ]

  static func randomEntry(_ module: Int, using generator: inout Generator) throws -> RouteTable.Entry {
    var text = ""
    var parameters: [String: TypeRef] = [:]
    let count = Int.random(in: 0...4, using: &generator)
    for position in 0..<count {
      let roll = Int.random(in: 0..<10, using: &generator)
      if roll < 5 {
        text += "/" + pick(literals, &generator)
      } else if roll < 9 || position < count - 1 {
        let name = "p\(position)"
        text += "/:" + name
        parameters[name] = pick(types, &generator)
      } else {
        text += "/*rest"
        parameters["rest"] = .named("String")
      }
    }
    if text.isEmpty { text = "/" }
    if Bool.random(using: &generator) { parameters["q"] = .optional(pick(types, &generator)) }
    if Int.random(in: 0..<4, using: &generator) == 0 { parameters["r"] = .optional(.array(.named("Int"))) }
    let pattern = try RoutePattern.parse(text).get()
    return RouteTable.Entry(module: "M\(module)", pattern: pattern, parameters: parameters)
  }

  static func randomURL(using generator: inout Generator) -> String {
    let prefixes = [
      "", "", "", "noteapp://", "NoteApp://", "noteapp:///", "http://", "noteapp:", "noteapp://u@h",
      "noteapp://h:80",
    ]
    var url = pick(prefixes, &generator)
    let count = Int.random(in: 0...5, using: &generator)
    let parts = (0..<count).map { _ in pick(segments, &generator) }
    if url.hasSuffix("://") && !parts.isEmpty {
      url += parts.joined(separator: "/")
    } else {
      url += "/" + parts.joined(separator: "/")
    }
    if Int.random(in: 0..<4, using: &generator) == 0 { url += "/" }
    if Bool.random(using: &generator) {
      let choices = [
        "q=1", "q=2.5", "q=true", "q=x", "q", "q=%zz", "%71=7", "r=1", "q=-3&q=4", "z=1", "q=%31",
      ]
      let pairs = (0..<Int.random(in: 1...3, using: &generator)).map { _ in pick(choices, &generator) }
      url += "?" + pairs.joined(separator: "&")
    }
    if Int.random(in: 0..<6, using: &generator) == 0 { url += "#frag/x?y" }
    return url
  }

  /// SPEC §2 as a list of candidates.
  struct Reference {
    let entries: [RouteTable.Entry]
    let scheme: String?
    let fallback: String?

    func resolve(_ url: String) -> RouteResolution {
      switch URLPath.read(url, scheme: scheme) {
      case .notRouted(let reason): return .notRouted(reason: reason)
      case .unmatchable(let reason): return unmatched(reason)
      case .path(let path):
        var best: (score: [Int], index: Int, parameters: [String: RouteValue])?
        for (index, entry) in entries.enumerated() {
          guard let (score, parameters) = attempt(entry, path) else { continue }
          if let current = best, !(score.lexicographicallyPrecedes(current.score)) { continue }
          best = (score, index, parameters)
        }
        guard let best else { return unmatched("no route matches the URL") }
        let entry = entries[best.index]
        return .matched(
          RouteMatch(
            module: entry.module, pattern: entry.pattern, entryIndex: best.index, parameters: best.parameters)
        )
      }
    }

    private func unmatched(_ reason: String) -> RouteResolution {
      fallback.map { .fallback(module: $0) } ?? .unmatched(reason: reason)
    }

    private func attempt(_ entry: RouteTable.Entry, _ path: URLPath) -> ([Int], [String: RouteValue])? {
      var score: [Int] = []
      var values: [String: RouteValue] = [:]
      var bound: Set<String> = []
      for (position, segment) in entry.pattern.segments.enumerated() {
        switch segment {
        case .literal(let literal):
          guard position < path.segments.count, path.segments[position] == literal else { return nil }
          score.append(0)
        case .parameter(let name):
          guard position < path.segments.count else { return nil }
          let type = entry.parameterTypes[name] ?? .string
          guard let value = type.parse(path.segments[position]) else { return nil }
          switch type {
          case .int: score.append(1)
          case .double: score.append(2)
          case .bool: score.append(3)
          case .string: score.append(4)
          }
          values[name] = value
          bound.insert(name)
        case .catchAll(let name):
          guard position < path.segments.count else { return nil }
          score.append(5)
          values[name] = .string(path.segments[position...].joined(separator: "/"))
          bound.insert(name)
          return query(entry, path, bound: bound, values: values).map { (score, $0) }
        }
      }
      guard entry.pattern.segments.count == path.segments.count else { return nil }
      return query(entry, path, bound: bound, values: values).map { (score, $0) }
    }

    private func query(
      _ entry: RouteTable.Entry, _ path: URLPath, bound: Set<String>, values: [String: RouteValue]
    ) -> [String: RouteValue]? {
      var values = values
      for name in entry.optionalParameters where !bound.contains(name) {
        switch path.query.value(forKey: name) {
        case .absent: continue
        case .invalid: return nil
        case .value(let text):
          guard let value = entry.parameterTypes[name]?.parse(text) else { return nil }
          values[name] = value
        }
      }
      return values
    }
  }

  @Test(arguments: [1, 2, 3, 4])
  func routerAgreesWithTheModel(seed: UInt64) throws {
    var generator = Generator(seed: seed)
    var checked = 0
    var outcomes: [String: Int] = [:]
    for _ in 0..<60 {
      let entries = try (0..<Int.random(in: 1...24, using: &generator)).map {
        try Self.randomEntry($0, using: &generator)
      }
      let scheme = Bool.random(using: &generator) ? "noteapp" : nil
      let fallback = Bool.random(using: &generator) ? "NotFound" : nil
      let table = RouteTable(entries: entries, scheme: scheme, fallback: fallback)
      let reference = Reference(entries: entries, scheme: scheme, fallback: fallback)
      for _ in 0..<50 {
        let url = Self.randomURL(using: &generator)
        let expected = reference.resolve(url)
        let actual = table.resolve(url)
        switch expected {
        case .matched(let match):
          outcomes[match.parameters.isEmpty ? "matched" : "matched with values", default: 0] += 1
        case .fallback: outcomes["fallback", default: 0] += 1
        case .unmatched: outcomes["unmatched", default: 0] += 1
        case .notRouted: outcomes["not routed", default: 0] += 1
        }
        #expect(actual == expected, "\(url) with \(entries.map(\.pattern.text)), scheme \(scheme ?? "none")")
        if case .matched(let match) = actual, case .matched(let want) = expected {
          for (name, value) in want.parameters { #expect(match.value(for: name) == value, "\(url): \(name)") }
          #expect(match.value(for: "absent") == nil)
        }
        // A path read first matches the same way.
        if case .path(let path) = URLPath.read(url, scheme: scheme), case .matched(let want) = expected {
          #expect(table.match(path) == want, "\(url) as a path")
        }
        checked += 1
      }
    }
    #expect(checked == 3_000)
    // The random inputs reach every outcome, values included.
    #expect(outcomes.count == 5 && outcomes.values.allSatisfy { $0 >= 30 }, "\(outcomes)")
  }

  /// Limits and long URLs, where the scanner keeps fewer segments than it counts.
  @Test func limitsAgreeWithTheModel() throws {
    let entries = try [
      RouteTable.Entry(
        module: "A", pattern: RoutePattern.parse("/a/*rest").get(), parameters: ["rest": .named("String")]),
      RouteTable.Entry(
        module: "B", pattern: RoutePattern.parse("/:x").get(), parameters: ["x": .named("String")]),
    ]
    let table = RouteTable(entries: entries, scheme: "noteapp")
    let reference = Reference(entries: entries, scheme: "noteapp", fallback: nil)
    let urls = [
      "/a" + String(repeating: "/x", count: 255), "/a" + String(repeating: "/x", count: 256),
      "noteapp://a" + String(repeating: "/x", count: 255),
      "noteapp://a" + String(repeating: "/x", count: 256),
      "/a" + String(repeating: "/", count: 300), "/a" + String(repeating: "/", count: 200),
      "/" + String(repeating: "a/", count: 100) + String(repeating: "/", count: 50),
      "/a/" + String(repeating: "%41", count: 2_700), "/a/" + String(repeating: "x", count: 8_190),
      "/a/" + String(repeating: "x", count: 8_189), "/a/" + String(repeating: "%41", count: 8_189),
      "/a/" + String(repeating: "%41", count: 8_190), "/a/" + String(repeating: "x", count: 8_189) + "/",
      "/a/" + String(repeating: "x", count: 8_189) + "?" + String(repeating: "q", count: 24_000),
      "/a/" + String(repeating: "x", count: 8_189) + "#" + String(repeating: "q", count: 25_000), "/a/b/",
      "/a//", "//", "/", "", "?", "#", "noteapp://",
      "noteapp://a/", "noteapp://a//", "/a/%2e%2E", "/a/b%00", "/a/\u{0}", "/a/%C3",
    ]
    for url in urls {
      #expect(table.resolve(url) == reference.resolve(url), "\(url.prefix(80))... (\(url.utf8.count) bytes)")
    }
  }

  /// A resolved match reads its module, pattern and values when asked, and changing one of
  /// them keeps the others.
  @Test func resolvedMatchesReadAndChangeLikeValues() throws {
    let pattern = try RoutePattern.parse("/notes/:id/*rest").get()
    let table = RouteTable(entries: [
      RouteTable.Entry(
        module: "Note", pattern: pattern,
        parameters: ["id": .named("Int"), "rest": .named("String"), "q": .optional(.named("Bool"))])
    ])
    guard case .matched(var match) = table.resolve("/notes/%34%32/a%2Fb/c?q=true") else {
      Issue.record("no match")
      return
    }
    let expected: [String: RouteValue] = ["id": .int(42), "rest": .string("a/b/c"), "q": .bool(true)]
    #expect(match.module == "Note")
    #expect(match.pattern == pattern)
    #expect(match.parameters == expected)
    #expect(match.value(for: "id") == .int(42))
    #expect(match.value(for: "q") == .bool(true))
    #expect(match == RouteMatch(module: "Note", pattern: pattern, entryIndex: 0, parameters: expected))
    match.module = "Other"
    #expect(match.module == "Other")
    #expect(match.parameters == expected)
    #expect(match.pattern == pattern)
    match.parameters["id"] = .int(7)
    #expect(match.value(for: "id") == .int(7))
    #expect(match.module == "Other")
  }
}
