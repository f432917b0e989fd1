import FuzzSupport
import RouteCfgCore

/// The URL router. The first byte picks the table: even, a fixed one (NoteApp's routes and some
/// more); odd, one read from the input, whose lines starting with `/` are route patterns (each
/// parameter typed from its name) and whose other lines are URLs.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRouter(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Fuzz.bytes(data, size)
  guard let mode = bytes.first else { return 0 }
  let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
  if mode & 1 == 0 {
    RouterInvariants.check(FixedRoutes.table, url: text)
    return 0
  }
  var entries: [RouteTable.Entry] = []
  var urls: [String] = []
  for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(256) {
    if line.hasPrefix("/"), entries.count < 64, case .success(let pattern) = RoutePattern.parse(String(line))
    {
      entries.append(FuzzedRoutes.entry(pattern, index: entries.count, flags: mode))
    } else {
      urls.append(String(line))
    }
  }
  let table = RouteTable(entries: entries, scheme: "app", fallback: mode & 2 == 0 ? nil : "Fallback")
  let reversed = RouteTable(entries: entries.reversed(), scheme: "app", fallback: table.fallback)
  let orderMatters = FuzzedRoutes.hasSharedShapes(entries)
  for url in urls.prefix(64) {
    RouterInvariants.check(table, url: url)
    guard !orderMatters else { continue }
    // The answer never depends on declaration order (SPEC §2) when no two routes share a shape.
    Fuzz.require(
      RouterInvariants.answer(table.resolve(url)) == RouterInvariants.answer(reversed.resolve(url)),
      "the order of the routes changed where '\(url)' leads")
  }
  return 0
}

/// Tables built from the input.
enum FuzzedRoutes {
  static let types: [(RouteValueType, optional: Bool)] = [
    (.int, false), (.double, false), (.bool, false), (.string, false), (.int, true), (.string, true),
  ]

  /// An entry whose parameters take a type chosen from their names, plus optional query
  /// parameters `q` (String?) and `n` (Int?).
  static func entry(_ pattern: RoutePattern, index: Int, flags: UInt8) -> RouteTable.Entry {
    var parameterTypes: [String: RouteValueType] = [:]
    var optional: Set<String> = []
    for name in pattern.parameterNames {
      let choice = types[Int(name.utf8.reduce(flags) { $0 &+ $1 }) % types.count]
      parameterTypes[name] = choice.0
      if choice.optional { optional.insert(name) }
    }
    for (name, type) in [("q", RouteValueType.string), ("n", .int)] where parameterTypes[name] == nil {
      parameterTypes[name] = type
      optional.insert(name)
    }
    return RouteTable.Entry(
      module: "M\(index)", pattern: pattern, parameterTypes: parameterTypes, optionalParameters: optional)
  }

  /// `true` when two entries have the same shape: then the earlier one wins, by design.
  static func hasSharedShapes(_ entries: [RouteTable.Entry]) -> Bool {
    var seen: Set<String> = []
    for entry in entries {
      guard let shape = entry.pattern.shape(parameterTypes: entry.parameterTypes) else { return true }
      if !seen.insert(shape.description).inserted { return true }
    }
    return false
  }
}

/// NoteApp's routes and a few that exercise precedence and backtracking.
enum FixedRoutes {
  static let table: RouteTable = {
    let routes: [(String, String, [String: RouteValueType], Set<String>)] = [
      ("Login", "/login", [:], []),
      ("NoteList", "/notes", ["query": .string], ["query"]),
      ("NoteNew", "/notes/new", [:], []),
      ("NoteDetail", "/notes/:noteId", ["noteId": .int, "query": .string], ["query"]),
      ("NoteByTitle", "/notes/:title", ["title": .string], []),
      ("Settings", "/users/:id/settings", ["id": .string], []),
      ("Posts", "/users/me/posts", [:], []),
      ("Scale", "/scale/:factor", ["factor": .double], []),
      ("Toggle", "/flags/:on", ["on": .bool], []),
      ("Files", "/files/*path", ["path": .string], []),
      ("Korean", "/한글", [:], []),
    ]
    let entries = routes.compactMap { module, text, types, optional -> RouteTable.Entry? in
      guard case .success(let pattern) = RoutePattern.parse(text) else { return nil }
      return RouteTable.Entry(
        module: module, pattern: pattern, parameterTypes: types, optionalParameters: optional)
    }
    return RouteTable(entries: entries, scheme: "noteapp", fallback: "NotFound")
  }()
}

/// What every resolution must satisfy.
enum RouterInvariants {
  static func check(_ table: RouteTable, url: String) {
    let resolution = table.resolve(url)
    Fuzz.require(answer(table.resolve(url)) == answer(resolution), "resolving twice differs for '\(url)'")
    guard case .matched(let match) = resolution else { return }
    Fuzz.require(table.entries.indices.contains(match.entryIndex), "a match outside the table")
    let entry = table.entries[match.entryIndex]
    Fuzz.require(entry.module == match.module && entry.pattern == match.pattern, "a match of another entry")
    let names = Set(entry.pattern.parameterNames).union(entry.optionalParameters)
    for (name, value) in match.parameters {
      Fuzz.require(names.contains(name), "a parameter '\(name)' the route does not declare")
      if let type = entry.parameterTypes[name], entry.pattern.catchAllName != name {
        Fuzz.require(value.type == type, "'\(name)' has a value of another type")
      }
    }
    for name in entry.pattern.parameterNames {
      Fuzz.require(match.parameters[name] != nil, "path parameter '\(name)' has no value")
    }
  }

  /// A resolution without its reason texts.
  static func answer(_ resolution: RouteResolution) -> String {
    switch resolution {
    case .matched(let match):
      return "matched \(match.module) \(match.pattern.text) \(match.parameters.sorted { $0.key < $1.key })"
    case .fallback(let module): return "fallback \(module)"
    case .unmatched: return "unmatched"
    case .notRouted: return "not routed"
    }
  }
}
