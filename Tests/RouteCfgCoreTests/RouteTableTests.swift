import RouteCfgCore
import Testing

@Suite("Route table")
struct RouteTableTests {
  struct Route {
    var module: String
    var pattern: String
    var parameters: [String: TypeRef] = [:]
  }

  static let int = TypeRef.named("Int")
  static let string = TypeRef.named("String")

  static func table(
    _ routes: [Route],
    scheme: String? = nil,
    fallback: String? = nil
  ) throws -> RouteTable {
    let entries = try routes.map { route in
      RouteTable.Entry(
        module: route.module,
        pattern: try RoutePattern.parse(route.pattern).get(),
        parameters: route.parameters
      )
    }
    return RouteTable(entries: entries, scheme: scheme, fallback: fallback)
  }

  /// The table built from `routes` in the given order and in reverse order.
  static func bothOrders(_ routes: [Route], scheme: String? = nil, fallback: String? = nil) throws
    -> [RouteTable]
  {
    [
      try table(routes, scheme: scheme, fallback: fallback),
      try table(routes.reversed(), scheme: scheme, fallback: fallback),
    ]
  }

  /// The manifest of the product spec.
  static func noteApp(fallback: String? = "NotFound") throws -> RouteTable {
    try table(
      [
        Route(
          module: "NoteDetail",
          pattern: "/notes/:noteId",
          parameters: ["noteId": int, "query": .optional(string)]
        ),
        Route(module: "NewNote", pattern: "/notes/new"),
        Route(module: "Files", pattern: "/files/*path", parameters: ["path": string]),
        Route(module: "Home", pattern: "/"),
        Route(module: "Korean", pattern: "/한글"),
      ],
      scheme: "noteapp",
      fallback: fallback
    )
  }

  static func module(_ resolution: RouteResolution) -> String? {
    switch resolution {
    case .matched(let match): return match.module
    case .fallback(let module): return "fallback:" + module
    case .unmatched: return "unmatched"
    case .notRouted: return "notRouted"
    }
  }

  static func parameters(_ resolution: RouteResolution) -> [String: RouteValue]? {
    if case .matched(let match) = resolution { return match.parameters }
    return nil
  }

  // MARK: Basics

  @Test func specManifest() throws {
    let table = try Self.noteApp()
    let detail = table.resolve("/notes/42")
    guard case .matched(let match) = detail else {
      Issue.record("expected a match, got \(detail)")
      return
    }
    #expect(match.module == "NoteDetail")
    #expect(match.entryIndex == 0)
    #expect(match.pattern.text == "/notes/:noteId")
    #expect(match.parameters == ["noteId": .int(42)])
    #expect(Self.module(table.resolve("/notes/new")) == "NewNote")
    #expect(Self.module(table.resolve("/notes/abc")) == "fallback:NotFound")
    #expect(Self.module(table.resolve("/")) == "Home")
    #expect(Self.module(table.resolve("/NOTES/new")) == "fallback:NotFound")
    #expect(Self.parameters(table.resolve("/files/a/b")) == ["path": .string("a/b")])
  }

  @Test func fallbackVersusUnmatched() throws {
    let withFallback = try Self.noteApp()
    #expect(withFallback.resolve("/nowhere") == .fallback(module: "NotFound"))
    let without = try Self.noteApp(fallback: nil)
    #expect(without.resolve("/nowhere") == .unmatched(reason: "no route matches the URL"))
    #expect(without.resolve("/a//b") == .unmatched(reason: "the URL has an empty segment ('//')"))
    #expect(without.resolve("http://x") != .unmatched(reason: "no route matches the URL"))
    #expect(withFallback.fallback == "NotFound")
    #expect(withFallback.scheme == "noteapp")
    #expect(withFallback.entries.count == 5)
  }

  @Test func emptyTable() {
    let table = RouteTable(entries: [])
    #expect(table.resolve("/") == .unmatched(reason: "no route matches the URL"))
    let withFallback = RouteTable(entries: [], fallback: "Lost")
    #expect(withFallback.resolve("/x?y=1") == .fallback(module: "Lost"))
  }

  // MARK: Precedence

  @Test func literalBeatsParameter() throws {
    for table in try Self.bothOrders([
      Route(module: "Detail", pattern: "/notes/:id", parameters: ["id": Self.string]),
      Route(module: "New", pattern: "/notes/new"),
    ]) {
      #expect(Self.module(table.resolve("/notes/new")) == "New")
      #expect(Self.module(table.resolve("/notes/newer")) == "Detail")
    }
  }

  @Test func matchingBacktracks() throws {
    for table in try Self.bothOrders([
      Route(module: "Settings", pattern: "/users/:id/settings", parameters: ["id": Self.string]),
      Route(module: "MyPosts", pattern: "/users/me/posts"),
    ]) {
      #expect(Self.module(table.resolve("/users/me/settings")) == "Settings")
      #expect(Self.parameters(table.resolve("/users/me/settings")) == ["id": .string("me")])
      #expect(Self.module(table.resolve("/users/me/posts")) == "MyPosts")
      #expect(Self.module(table.resolve("/users/you/posts")) == "unmatched")
    }
  }

  @Test func backtracksFromIntToString() throws {
    for table in try Self.bothOrders([
      Route(module: "Edit", pattern: "/n/:id/edit", parameters: ["id": Self.int]),
      Route(module: "View", pattern: "/n/:slug/view", parameters: ["slug": Self.string]),
      Route(
        module: "Deep", pattern: "/n/:slug/view/*rest",
        parameters: ["slug": Self.string, "rest": Self.string]),
    ]) {
      #expect(Self.module(table.resolve("/n/5/edit")) == "Edit")
      #expect(Self.parameters(table.resolve("/n/5/view")) == ["slug": .string("5")])
      #expect(
        Self.parameters(table.resolve("/n/5/view/a/b")) == ["slug": .string("5"), "rest": .string("a/b")])
    }
  }

  @Test func typePrecedence() throws {
    let routes = [
      Route(module: "Int", pattern: "/v/:x", parameters: ["x": Self.int]),
      Route(module: "Double", pattern: "/v/:x", parameters: ["x": .named("Double")]),
      Route(module: "Bool", pattern: "/v/:x", parameters: ["x": .named("Bool")]),
      Route(module: "String", pattern: "/v/:x", parameters: ["x": .optional(Self.string)]),
      Route(module: "CatchAll", pattern: "/v/*x", parameters: ["x": Self.string]),
      Route(module: "Literal", pattern: "/v/42.0"),
    ]
    for table in try Self.bothOrders(routes) {
      #expect(table.resolve("/v/42").matchedParameters == ["x": .int(42)])
      #expect(Self.module(table.resolve("/v/42")) == "Int")
      #expect(table.resolve("/v/4.2").matchedParameters == ["x": .double(4.2)])
      #expect(table.resolve("/v/1e5").matchedParameters == ["x": .double(1e5)])
      #expect(table.resolve("/v/true").matchedParameters == ["x": .bool(true)])
      #expect(table.resolve("/v/x").matchedParameters == ["x": .string("x")])
      #expect(Self.module(table.resolve("/v/x")) == "String")
      #expect(table.resolve("/v/a/b").matchedParameters == ["x": .string("a/b")])
      #expect(Self.module(table.resolve("/v/a/b")) == "CatchAll")
      #expect(Self.module(table.resolve("/v/42.0")) == "Literal")
      #expect(Self.module(table.resolve("/v/9223372036854775808")) == "Double")
    }
    // Without the Int route, 42 is a Double.
    let withoutInt = try Self.table(Array(routes.dropFirst()))
    #expect(withoutInt.resolve("/v/42").matchedParameters == ["x": .double(42)])
  }

  /// Each bound parameter gets its own type, whether the module declares few parameters (found
  /// by comparing names) or many (found by hashing), and optional ones come from the query.
  @Test(arguments: [2, 4, 5, 9])
  func everyParameterKeepsItsType(count: Int) throws {
    var parameters: [String: TypeRef] = ["id": Self.int, "flag": .named("Bool")]
    for index in 2..<count {
      parameters["extra\(index)"] = .optional(index.isMultiple(of: 2) ? Self.int : Self.string)
    }
    for table in try Self.bothOrders([
      Route(module: "Item", pattern: "/items/:id/:flag", parameters: parameters)
    ]) {
      #expect(table.resolve("/items/7/true").matchedParameters == ["id": .int(7), "flag": .bool(true)])
      #expect(Self.module(table.resolve("/items/x/true")) == "unmatched")
      #expect(Self.module(table.resolve("/items/7/maybe")) == "unmatched")
      guard count > 2 else { continue }
      let query = (2..<count).map { "extra\($0)=\($0)" }.joined(separator: "&")
      var expected: [String: RouteValue] = ["id": .int(7), "flag": .bool(false)]
      for index in 2..<count {
        expected["extra\(index)"] = index.isMultiple(of: 2) ? .int(index) : .string("\(index)")
      }
      #expect(table.resolve("/items/7/false?\(query)").matchedParameters == expected)
      #expect(Self.module(table.resolve("/items/7/false?extra2=x")) == "unmatched")
    }
  }

  @Test func catchAllMatchesOneOrMoreSegments() throws {
    for table in try Self.bothOrders([
      Route(module: "Files", pattern: "/files/*path", parameters: ["path": Self.string]),
      Route(module: "Special", pattern: "/files/special"),
      Route(module: "All", pattern: "/*all", parameters: ["all": Self.string]),
    ]) {
      #expect(Self.module(table.resolve("/files/special")) == "Special")
      #expect(table.resolve("/files/special/x").matchedParameters == ["path": .string("special/x")])
      #expect(table.resolve("/files/a%2Fb/c%20d").matchedParameters == ["path": .string("a/b/c d")])
      #expect(table.resolve("/files").matchedParameters == ["all": .string("files")])
      #expect(table.resolve("/files/").matchedParameters == ["all": .string("files")])
      #expect(Self.module(table.resolve("/")) == "unmatched")
      #expect(table.resolve("/x/y/z").matchedParameters == ["all": .string("x/y/z")])
    }
  }

  @Test func sameShapePicksLowestIndex() throws {
    let routes = [
      Route(module: "A", pattern: "/a/:x", parameters: ["x": Self.int, "q": .optional(Self.int)]),
      Route(module: "B", pattern: "/a/:y/", parameters: ["y": Self.int]),
    ]
    let forward = try Self.table(routes)
    #expect(Self.module(forward.resolve("/a/1")) == "A")
    // A's query value does not convert, so the tied B is tried next.
    #expect(Self.module(forward.resolve("/a/1?q=z")) == "B")
    let backward = try Self.table(routes.reversed())
    #expect(Self.module(backward.resolve("/a/1")) == "B")
    let duplicates = try Self.table([Route(module: "X", pattern: "/x"), Route(module: "Y", pattern: "/x")])
    guard case .matched(let match) = duplicates.resolve("/x") else {
      Issue.record("expected a match")
      return
    }
    #expect(match.module == "X")
    #expect(match.entryIndex == 0)
  }

  @Test func invalidEntriesDoNotCrash() throws {
    let table = try Self.table([
      // Undeclared parameter: read as a String.
      Route(module: "Unknown", pattern: "/u/:what"),
      // The same name twice: the later segment wins.
      Route(module: "Twice", pattern: "/t/:a/:a", parameters: ["a": Self.int]),
      // A non-optional parameter the path does not bind is not read from the query.
      Route(module: "Unbound", pattern: "/n", parameters: ["n": Self.int]),
      // A catch-all is a String whatever its declared type.
      Route(module: "IntCatchAll", pattern: "/c/*rest", parameters: ["rest": Self.int]),
      // An optional parameter of a type a URL cannot carry: no query value converts to it.
      Route(module: "Array", pattern: "/arr", parameters: ["list": .optional(.array(Self.int))]),
    ])
    #expect(table.resolve("/u/x").matchedParameters == ["what": .string("x")])
    #expect(table.resolve("/t/1/2").matchedParameters == ["a": .int(2)])
    #expect(table.resolve("/n?n=3").matchedParameters == [:])
    #expect(table.resolve("/c/1/2").matchedParameters == ["rest": .string("1/2")])
    #expect(table.resolve("/arr").matchedParameters == [:])
    #expect(table.resolve("/arr?other=1").matchedParameters == [:])
    #expect(table.resolve("/arr?list=1").matchedParameters == nil)
    #expect(table.resolve("/arr?list").matchedParameters == nil)
  }

  // MARK: Query

  static func searchTable() throws -> RouteTable {
    try table(
      [
        Route(
          module: "Search",
          pattern: "/search",
          parameters: ["q": .optional(string), "page": .optional(int), "flag": .optional(.named("Bool"))]
        ),
        Route(module: "Any", pattern: "/*rest", parameters: ["rest": string]),
        Route(
          module: "Item", pattern: "/items/:id", parameters: ["id": .optional(int), "v": .optional(int)]),
      ],
      fallback: "NotFound"
    )
  }

  @Test(
    arguments: [
      ("/search", [:]),
      ("/search?", [:]),
      ("/search?q=a", ["q": RouteValue.string("a")]),
      ("/search?other=1&q=a", ["q": .string("a")]),
      ("/search?q=a&q=b", ["q": .string("b")]),
      ("/search?q", ["q": .string("")]),
      ("/search?q=", ["q": .string("")]),
      ("/search?q=a+b", ["q": .string("a+b")]),
      ("/search?q=a%2Bb%20c", ["q": .string("a+b c")]),
      ("/search?q=a=b", ["q": .string("a=b")]),
      ("/search?&&q=a&", ["q": .string("a")]),
      ("/search?%71=z", ["q": .string("z")]),
      ("/search?%zz=1&q=2", ["q": .string("2")]),
      ("/search?other=%zz", [:]),
      ("/search?page=x&page=2", ["page": .int(2)]),
      ("/search?page=-3&flag=true&q=%ED%95%9C", ["page": .int(-3), "flag": .bool(true), "q": .string("한")]),
      ("/search?q=한", ["q": .string("한")]),
      ("/search?q=1#x", ["q": .string("1")]),
      ("/search#x?q=1", [:]),
      ("/search?q=a?b", ["q": .string("a?b")]),
      ("/search?Q=1", [:]),
    ] as [(String, [String: RouteValue])])
  func queryValues(url: String, expected: [String: RouteValue]) throws {
    let resolution = try Self.searchTable().resolve(url)
    #expect(Self.module(resolution) == "Search")
    #expect(resolution.matchedParameters == expected)
  }

  @Test(arguments: [
    "/search?page=x", "/search?page=", "/search?page", "/search?page=1&page=x", "/search?flag=yes",
    "/search?q=%zz", "/search?q=%", "/search?q=%00", "/search?q=%C3%28", "/search?page=%2B1",
  ])
  func queryFailureFallsToTheNextRoute(url: String) throws {
    let resolution = try Self.searchTable().resolve(url)
    #expect(Self.module(resolution) == "Any")
    #expect(resolution.matchedParameters == ["rest": .string("search")])
  }

  @Test func queryFailureWithoutAnotherRouteFallsBack() throws {
    let table = try Self.table(
      [Route(module: "Search", pattern: "/search", parameters: ["page": .optional(Self.int)])],
      fallback: "NotFound"
    )
    #expect(table.resolve("/search?page=x") == .fallback(module: "NotFound"))
  }

  @Test func pathBoundParametersIgnoreTheQuery() throws {
    let table = try Self.searchTable()
    #expect(table.resolve("/items/5?id=7&v=8").matchedParameters == ["id": .int(5), "v": .int(8)])
    #expect(table.resolve("/items/5?id=x").matchedParameters == ["id": .int(5)])
  }

  // MARK: Decoding

  static func segmentTable() throws -> RouteTable {
    try table([
      Route(module: "Segment", pattern: "/s/:v", parameters: ["v": string]),
      Route(module: "Korean", pattern: "/한글"),
      Route(module: "Cafe", pattern: "/café/new"),
      Route(module: "New", pattern: "/notes/new"),
      Route(module: "Root", pattern: "/"),
    ])
  }

  @Test(arguments: [
    ("/s/a%2Fb", "a/b"), ("/s/%2e%2E%2e", "..."), ("/s/...", "..."), ("/s/%C3%A9", "é"), ("/s/a%20b", "a b"),
    ("/s/a+b", "a+b"), ("/s/a b", "a b"), ("/s/%25", "%"), ("/s/한", "한"), ("/s/a:b@c", "a:b@c"),
    ("/s/%3F%23", "?#"),
  ])
  func decodedSegments(url: String, value: String) throws {
    #expect(try Self.segmentTable().resolve(url).matchedParameters == ["v": .string(value)])
  }

  @Test(arguments: [
    "/s/.", "/s/..", "/s/%2E", "/s/%2E%2E", "/s/%2e.", "/s/%zz", "/s/%", "/s/%4", "/s/a%g0", "/s/%00",
    "/s/a\u{0}", "/s/%C3%28", "/s/%FF", "/s/%ED%A0%80", "/s/%C0%AF", "/s/%F4%90%80%80", "/s/%E2%82", "/s/%80",
    "/s/%C3", "/s//", "/s/x//", "//s/x", "/s/./x",
  ])
  func segmentsThatNeverMatch(url: String) throws {
    guard case .unmatched = try Self.segmentTable().resolve(url) else {
      Issue.record("\(url) should match nothing")
      return
    }
  }

  @Test func unmatchableReasons() throws {
    let table = try Self.segmentTable()
    #expect(
      table.resolve("/s/%zz")
        == .unmatched(reason: "the URL has an invalid percent escape ('%' and two hex digits)"))
    #expect(table.resolve("/s/%00") == .unmatched(reason: "the URL holds NUL (%00)"))
    #expect(
      table.resolve("/s/%C3%28") == .unmatched(reason: "the URL's percent escapes decode to invalid UTF-8"))
    #expect(table.resolve("/s/%2E%2E") == .unmatched(reason: "the URL has a '.' or '..' segment"))
    #expect(table.resolve("notes") == .unmatched(reason: "the path does not start with '/'"))
  }

  @Test func rawNonASCIIEqualsItsEncoding() throws {
    let table = try Self.segmentTable()
    #expect(Self.module(table.resolve("/한글")) == "Korean")
    #expect(Self.module(table.resolve("/%ED%95%9C%EA%B8%80")) == "Korean")
    #expect(Self.module(table.resolve("/%ed%95%9c%ea%b8%80/")) == "Korean")
    #expect(Self.module(table.resolve("/caf%C3%A9/new")) == "Cafe")
    #expect(Self.module(table.resolve("/%6Eotes/new")) == "New")
    #expect(table.resolve("/s/%ED%95%9C") == table.resolve("/s/한"))
  }

  @Test func combiningMarksAfterSeparators() throws {
    let table = try Self.segmentTable()
    #expect(table.resolve("/s/\u{301}x").matchedParameters == ["v": .string("\u{301}x")])
    #expect(table.resolve("/s/%CC%81x/").matchedParameters == ["v": .string("\u{301}x")])
    let search = try Self.searchTable()
    #expect(search.resolve("/search?q=\u{301}y").matchedParameters == ["q": .string("\u{301}y")])
    #expect(search.resolve("/\u{301}").matchedParameters == ["rest": .string("\u{301}")])
    #expect(search.resolve("/\u{600}/").matchedParameters == ["rest": .string("\u{600}")])
  }

  @Test func literalsCompareByCanonicalEquivalence() throws {
    // Swift strings compare canonically: a decomposed é reaches a literal written precomposed.
    let table = try Self.segmentTable()
    #expect(Self.module(table.resolve("/cafe%CC%81/new")) == "Cafe")
    #expect(Self.module(table.resolve("/cafe\u{301}/new")) == "Cafe")
  }

  @Test func literalsWrittenDifferentlyButEqualShareOneNode() throws {
    // `é` precomposed and decomposed, the Kelvin sign and `K`: each pair is one literal, so the
    // routes under either spelling are found from both, and a tie goes to the lower index.
    let table = try Self.table([
      Route(module: "Precomposed", pattern: "/caf\u{E9}/a"),
      Route(module: "Decomposed", pattern: "/cafe\u{301}/b"),
      Route(module: "Kelvin", pattern: "/\u{212A}"),
      Route(module: "K", pattern: "/K"),
      Route(module: "KelvinChild", pattern: "/K/:id", parameters: ["id": Self.int]),
    ])
    for spelling in ["caf\u{E9}", "cafe\u{301}", "caf%C3%A9", "cafe%CC%81"] {
      #expect(Self.module(table.resolve("/\(spelling)/a")) == "Precomposed")
      #expect(Self.module(table.resolve("/\(spelling)/b")) == "Decomposed")
    }
    #expect(Self.module(table.resolve("/K")) == "Kelvin")
    #expect(Self.module(table.resolve("/\u{212A}")) == "Kelvin")
    #expect(Self.module(table.resolve("/\u{212A}/7")) == "KelvinChild")
    #expect(Self.module(table.resolve("/K/7")) == "KelvinChild")
  }

  @Test func trailingSlashAndEmptySegments() throws {
    let table = try Self.segmentTable()
    #expect(Self.module(table.resolve("/notes/new/")) == "New")
    #expect(Self.module(table.resolve("/notes/new//")) == "unmatched")
    #expect(Self.module(table.resolve("/notes//new")) == "unmatched")
    #expect(Self.module(table.resolve("//notes/new")) == "unmatched")
    #expect(Self.module(table.resolve("/")) == "Root")
    #expect(Self.module(table.resolve("//")) == "unmatched")
    #expect(Self.module(table.resolve("/?x=1")) == "Root")
    #expect(Self.module(table.resolve("/#top")) == "Root")
    #expect(Self.module(table.resolve("")) == "unmatched")
    #expect(Self.module(table.resolve("notes/new")) == "unmatched")
    #expect(Self.module(table.resolve(" /notes/new")) == "unmatched")
  }

  @Test func fragmentIsIgnored() throws {
    let table = try Self.noteApp()
    #expect(table.resolve("/notes/42#comments").matchedParameters == ["noteId": .int(42)])
    #expect(table.resolve("/notes/42#a?query=x").matchedParameters == ["noteId": .int(42)])
    #expect(
      table.resolve("/notes/42?query=x#a").matchedParameters == ["noteId": .int(42), "query": .string("x")])
    #expect(table.resolve("/notes/new#%zz") == table.resolve("/notes/new"))
  }

  // MARK: Schemes

  @Test func appScheme() throws {
    let table = try Self.noteApp()
    #expect(table.resolve("noteapp://notes/42").matchedParameters == ["noteId": .int(42)])
    #expect(table.resolve("NoteApp://notes/42").matchedParameters == ["noteId": .int(42)])
    #expect(table.resolve("NOTEAPP://notes/42/").matchedParameters == ["noteId": .int(42)])
    #expect(table.resolve("noteapp:///notes/42").matchedParameters == ["noteId": .int(42)])
    #expect(
      table.resolve("noteapp://notes/42?query=a").matchedParameters == [
        "noteId": .int(42), "query": .string("a"),
      ])
    #expect(Self.module(table.resolve("noteapp://notes/new#x")) == "NewNote")
    #expect(Self.module(table.resolve("noteapp://%6Eotes/new")) == "NewNote")
    #expect(Self.module(table.resolve("noteapp://")) == "Home")
    #expect(Self.module(table.resolve("noteapp:///")) == "Home")
    #expect(Self.module(table.resolve("noteapp://?x=1")) == "Home")
    #expect(Self.module(table.resolve("noteapp://한글")) == "Korean")
    #expect(table.resolve("noteapp://files/a/b").matchedParameters == ["path": .string("a/b")])
    // The host is a segment, so literals compare case-sensitively.
    #expect(Self.module(table.resolve("noteapp://Notes/new")) == "fallback:NotFound")
    #expect(Self.module(table.resolve("noteapp:////notes/new")) == "fallback:NotFound")
    #expect(Self.module(table.resolve("noteapp://notes//new")) == "fallback:NotFound")
    #expect(Self.module(table.resolve("noteapp://no%zztes")) == "fallback:NotFound")
    #expect(Self.module(table.resolve("noteapp://..")) == "fallback:NotFound")
  }

  @Test(arguments: [
    "http://notes/42", "https://example.com/notes/42", "mailto:x@y", "noteapp2://notes/42",
    "note-app://notes",
    "noteapp://user@notes/42", "noteapp://user:pw@notes/42", "noteapp://@notes", "noteapp://notes:80/42",
    "noteapp://notes:/42", "noteapp:notes", "noteapp:notes/42", "noteapp:/notes/42", "noteapp:", "C:/notes",
    "noteapp:?x", "noteapp://[::1]/notes",
  ])
  func notRouted(url: String) throws {
    let resolution = try Self.noteApp().resolve(url)
    guard case .notRouted = resolution else {
      Issue.record("\(url) gave \(resolution)")
      return
    }
  }

  @Test func notRoutedReasons() throws {
    let table = try Self.noteApp()
    #expect(
      table.resolve("http://x")
        == .notRouted(reason: "the URL's scheme 'http' is not the app's scheme 'noteapp'"))
    #expect(
      table.resolve("noteapp://u@x")
        == .notRouted(reason: "the URL names a user or password, which app URLs do not have"))
    #expect(
      table.resolve("noteapp://x:1") == .notRouted(reason: "the URL names a port, which app URLs do not have")
    )
    #expect(
      table.resolve("noteapp:x")
        == .notRouted(reason: "the URL has no '//' after 'noteapp:'; write 'noteapp://...'"))
  }

  /// SPEC §2: a custom scheme's host is the first segment, whatever it holds; only a user, a
  /// password or a port (any ':' in the host, so also an IP address in brackets) is not routed.
  /// The generated reader gives the same answers (`Programs/NoteApp.swift`, run by `BehaviorTests`).
  @Test func aBracketedHostWithoutAColonIsAFirstSegment() throws {
    let table = try Self.table(
      [Route(module: "All", pattern: "/*rest", parameters: ["rest": .named("String")])], scheme: "app")
    #expect(Self.parameters(table.resolve("app://[x]/y")) == ["rest": .string("[x]/y")])
    #expect(Self.parameters(table.resolve("app://[x]")) == ["rest": .string("[x]")])
    #expect(
      table.resolve("app://[::1]/y")
        == .notRouted(reason: "the URL's host is an IP address in brackets, which app URLs do not have"))
    #expect(
      table.resolve("app://[x]:80/y")
        == .notRouted(reason: "the URL names a port, which app URLs do not have"))
    // The reader behind `routecfg resolve`'s explanations agrees.
    #expect(URLPath.read("app://[x]/y", scheme: "app") == URLPath.read("/[x]/y", scheme: "app"))
    guard case .notRouted = URLPath.read("app://[::1]/y", scheme: "app") else {
      Issue.record("an IP address in brackets was read as a path")
      return
    }
  }

  @Test func withoutSchemeEverySchemeIsForeign() throws {
    let table = try Self.table([Route(module: "New", pattern: "/notes/new")], fallback: "NotFound")
    #expect(Self.module(table.resolve("/notes/new")) == "New")
    #expect(
      table.resolve("noteapp://notes/new")
        == .notRouted(reason: "the URL has the scheme 'noteapp', and the manifest sets no scheme"))
    #expect(Self.module(table.resolve("x:/notes/new")) == "notRouted")
    // Not a scheme: a path that does not start with '/'.
    #expect(table.resolve("1x://notes/new") == .fallback(module: "NotFound"))
    #expect(table.resolve("/x:y") == .fallback(module: "NotFound"))
  }

  // MARK: Limits

  /// The decoded path may have 8,192 bytes, however it is written (SPEC §2: raw non-ASCII text
  /// equals its percent-encoding); the URL as written, 32,768 (a trailing `/`, the query and the
  /// fragment count there only).
  @Test func longURLs() throws {
    let table = try Self.noteApp()
    let prefix = "/files/"
    let fits = prefix + String(repeating: "x", count: URLPath.maximumLength - prefix.utf8.count)
    #expect(fits.utf8.count == 8192)
    #expect(Self.module(table.resolve(fits)) == "Files")
    #expect(table.resolve(fits + "x") == .fallback(module: "NotFound"))
    let noFallback = try Self.noteApp(fallback: nil)
    #expect(
      noFallback.resolve(fits + "x") == .unmatched(reason: "the URL's path is longer than 8192 bytes decoded")
    )
    for suffix in ["/", "#top", "?q=1", "?" + String(repeating: "q", count: 20_000)] {
      #expect(Self.module(table.resolve(fits + suffix)) == "Files", "\(suffix.prefix(8))")
    }
    // Written in escapes, the same path fits; the URL as written has its own bound.
    let encoded = prefix + String(repeating: "%78", count: URLPath.maximumLength - prefix.utf8.count)
    #expect(table.resolve(encoded).matchedParameters?["path"] == .string(String(repeating: "x", count: 8185)))
    #expect(table.resolve(encoded + "%78") == .fallback(module: "NotFound"))
    #expect(
      noFallback.resolve(fits + "?" + String(repeating: "q", count: URLPath.maximumURLLength))
        == .unmatched(reason: "the URL is longer than 32768 bytes"))
    // A foreign URL is not routed however long it is.
    guard case .notRouted = table.resolve("http://" + String(repeating: "x", count: 40_000)) else {
      Issue.record("expected notRouted")
      return
    }
    // Bytes count, not characters; raw non-ASCII text and its escapes count the same.
    let korean = "/files/" + String(repeating: "한", count: 2728)
    #expect(korean.utf8.count == 8191)
    #expect(Self.module(table.resolve(korean)) == "Files")
    #expect(Self.module(table.resolve("/files/" + String(repeating: "%ED%95%9C", count: 2728))) == "Files")
    #expect(table.resolve(korean + "한") == .fallback(module: "NotFound"))
    #expect(
      table.resolve("/files/" + String(repeating: "%ED%95%9C", count: 2729)) == .fallback(module: "NotFound"))
  }

  @Test func segmentCount() throws {
    let table = try Self.noteApp()
    let fits = "/files" + String(repeating: "/a", count: 255)
    #expect(
      table.resolve(fits).matchedParameters?["path"]
        == .string(Array(repeating: "a", count: 255).joined(separator: "/")))
    #expect(table.resolve(fits + "/a") == .fallback(module: "NotFound"))
    #expect(Self.module(table.resolve(fits + "/")) == "Files")
    // The host counts as a segment.
    #expect(Self.module(table.resolve("noteapp://files" + String(repeating: "/a", count: 255))) == "Files")
    #expect(
      Self.module(table.resolve("noteapp://files" + String(repeating: "/a", count: 256)))
        == "fallback:NotFound")
  }

  // MARK: Reading URLs

  @Test func readingURLs() {
    #expect(
      URLPath.read("noteapp://notes/a%2Fb?x=1", scheme: "noteapp")
        == .path(URLPath(segments: ["notes", "a/b"], query: URLQuery("x=1")))
    )
    #expect(URLPath.read("/", scheme: nil) == .path(URLPath(segments: [])))
    guard case .path(let path) = URLPath.read("/a?k=v&k=w&j&bad=%zz", scheme: nil) else {
      Issue.record("expected a path")
      return
    }
    #expect(path.segments == ["a"])
    #expect(path.query.keys == ["bad", "j", "k"])
    #expect(path.query.value(forKey: "k") == .value("w"))
    #expect(path.query.value(forKey: "j") == .value(""))
    #expect(path.query.value(forKey: "bad") == .invalid)
    #expect(path.query.value(forKey: "none") == .absent)
    guard case .notRouted = URLPath.read("x://a", scheme: nil) else {
      Issue.record("expected notRouted")
      return
    }
    guard case .unmatchable = URLPath.read("/a//b", scheme: nil) else {
      Issue.record("expected unmatchable")
      return
    }
  }

  @Test func matchingAReadPath() throws {
    let table = try Self.noteApp()
    let match = table.match(URLPath(segments: ["notes", "7"]))
    #expect(match?.parameters == ["noteId": .int(7)])
    #expect(table.match(URLPath(segments: ["nope"])) == nil)
  }
}

extension RouteResolution {
  /// The parameters when a route matched, else `nil`.
  fileprivate var matchedParameters: [String: RouteValue]? {
    if case .matched(let match) = self { return match.parameters }
    return nil
  }
}
