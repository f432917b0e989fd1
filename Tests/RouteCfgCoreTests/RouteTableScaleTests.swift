import RouteCfgCore
import Testing

@Suite("Route table at scale and across threads")
struct RouteTableScaleTests {
  static func entry(_ module: String, _ pattern: String, _ parameters: [String: TypeRef] = [:]) throws
    -> RouteTable.Entry
  {
    RouteTable.Entry(module: module, pattern: try RoutePattern.parse(pattern).get(), parameters: parameters)
  }

  @Test func resolvesFromManyTasksAtOnce() async throws {
    let table = RouteTable(
      entries: [
        try Self.entry("Detail", "/notes/:id", ["id": .named("Int"), "q": .optional(.named("String"))]),
        try Self.entry("New", "/notes/new"),
        try Self.entry("Files", "/files/*path", ["path": .named("String")]),
        try Self.entry("Settings", "/users/:id/settings", ["id": .named("String")]),
        try Self.entry("Posts", "/users/me/posts"),
      ],
      scheme: "noteapp",
      fallback: "NotFound"
    )
    let urls = [
      "/notes/1", "noteapp://notes/new", "/files/a/b%20c", "/users/me/settings", "/users/me/posts", "/x",
      "http://notes/1", "/notes/2?q=hi",
    ]
    let expected = urls.map { table.resolve($0) }
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for task in 0..<64 {
        group.addTask {
          var mismatches = 0
          for round in 0..<200 {
            let index = (task + round) % urls.count
            if table.resolve(urls[index]) != expected[index] { mismatches += 1 }
            let id = task * 1000 + round
            guard case .matched(let match) = table.resolve("/notes/\(id)"),
              match.parameters == ["id": .int(id)]
            else {
              mismatches += 1
              continue
            }
          }
          return mismatches
        }
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
    #expect(expected[0] != expected[1])
  }

  @Test func twentyThousandRoutes() throws {
    var entries: [RouteTable.Entry] = []
    for index in 0..<5_000 {
      entries.append(try Self.entry("Item\(index)", "/m\(index)/items/:id", ["id": .named("Int")]))
      entries.append(try Self.entry("Slug\(index)", "/m\(index)/items/:slug", ["slug": .named("String")]))
      entries.append(try Self.entry("Static\(index)", "/m\(index)/static/page\(index)"))
      entries.append(try Self.entry("Rest\(index)", "/r/\(index)/*rest", ["rest": .named("String")]))
    }
    #expect(entries.count == 20_000)
    let table = RouteTable(entries: entries, fallback: "NotFound")
    for index in stride(from: 0, to: 5_000, by: 97) {
      guard case .matched(let item) = table.resolve("/m\(index)/items/\(index * 3)") else {
        Issue.record("no match for item \(index)")
        continue
      }
      #expect(item.module == "Item\(index)")
      #expect(item.entryIndex == index * 4)
      #expect(item.parameters == ["id": .int(index * 3)])
      guard case .matched(let slug) = table.resolve("/m\(index)/items/x\(index)") else {
        Issue.record("no match for slug \(index)")
        continue
      }
      #expect(slug.module == "Slug\(index)")
      #expect(slug.parameters == ["slug": .string("x\(index)")])
      guard case .matched(let page) = table.resolve("/m\(index)/static/page\(index)") else {
        Issue.record("no match for page \(index)")
        continue
      }
      #expect(page.module == "Static\(index)")
      guard case .matched(let rest) = table.resolve("/r/\(index)/a/b") else {
        Issue.record("no match for rest \(index)")
        continue
      }
      #expect(rest.module == "Rest\(index)")
      #expect(rest.parameters == ["rest": .string("a/b")])
      #expect(table.resolve("/m\(index)/static/page\(index + 1)") == .fallback(module: "NotFound"))
    }
    #expect(table.resolve("/m5000/items/1") == .fallback(module: "NotFound"))
  }

  @Test func manyNonASCIILiteralsUnderOneNode() throws {
    // Each literal is looked up among its parent's by its string hash, so building stays linear
    // when every literal of a wide node is non-ASCII, and each decomposed spelling still matches.
    var entries: [RouteTable.Entry] = []
    for index in 0..<20_000 {
      entries.append(try Self.entry("Cafe\(index)", "/caf\u{E9}\(index)"))
      entries.append(try Self.entry("Same\(index)", "/cafe\u{301}\(index)"))
    }
    let table = RouteTable(entries: entries)
    for index in stride(from: 0, to: 20_000, by: 331) {
      guard case .matched(let match) = table.resolve("/cafe%CC%81\(index)") else {
        Issue.record("no match for \(index)")
        continue
      }
      #expect(match.module == "Cafe\(index)")
      #expect(match.entryIndex == index * 2)
    }
  }

  @Test func manyParameterRoutesAtTheSameDepth() throws {
    // Routes that share a long parameter prefix: backtracking still finds the one that fits.
    var entries: [RouteTable.Entry] = []
    for index in 0..<2_000 {
      entries.append(
        try Self.entry(
          "P\(index)", "/:a/:b/:c/end\(index)",
          ["a": .named("String"), "b": .named("Int"), "c": .named("Bool")])
      )
    }
    entries.append(
      try Self.entry(
        "Last", "/:a/:b/:c/*rest",
        ["a": .named("String"), "b": .named("Double"), "c": .named("String"), "rest": .named("String")]))
    let table = RouteTable(entries: entries)
    guard case .matched(let match) = table.resolve("/x/1/true/end1999") else {
      Issue.record("expected a match")
      return
    }
    #expect(match.module == "P1999")
    #expect(match.parameters == ["a": .string("x"), "b": .int(1), "c": .bool(true)])
    guard case .matched(let last) = table.resolve("/x/1/true/end2000") else {
      Issue.record("expected a match")
      return
    }
    #expect(last.module == "Last")
    #expect(
      last.parameters == [
        "a": .string("x"), "b": .double(1), "c": .string("true"), "rest": .string("end2000"),
      ])
  }
}
