import Testing

@testable import RouteCfgCore

/// The router's compact storage: a node's only literal edge kept in the node, 48-byte nodes,
/// every entry's bindings in one buffer, and values converted from the URL's bytes.
@Suite("Router storage")
struct RouteTrieLayoutTests {
  static func table(_ routes: [(module: String, pattern: String, parameters: [String: TypeRef])]) throws
    -> RouteTable
  {
    RouteTable(
      entries: try routes.map {
        RouteTable.Entry(
          module: $0.module, pattern: try RoutePattern.parse($0.pattern).get(), parameters: $0.parameters)
      })
  }

  static func module(_ table: RouteTable, _ url: String) -> String? {
    guard case .matched(let match) = table.resolve(url) else { return nil }
    return match.module
  }

  @Test func aNodeIs48Bytes() {
    #expect(MemoryLayout<RouteTrie.Node>.stride == 48)
  }

  /// Literals over eight bytes share their first eight with the near misses, so the bytes past
  /// them decide; the shorter and longer spellings differ in length only.
  @Test func anOnlyLiteralComparesAllItsBytes() throws {
    let table = try Self.table([
      ("Preferences", "/settings/preferences", [:]),
      ("Short", "/a/b", [:]),
    ])
    #expect(Self.module(table, "/settings/preferences") == "Preferences")
    #expect(Self.module(table, "/settings/preferencez") == nil)
    #expect(Self.module(table, "/settings/preference") == nil)
    #expect(Self.module(table, "/settings/preferencess") == nil)
    #expect(Self.module(table, "/settings/prefer%65nces") == "Preferences")
    #expect(Self.module(table, "/a/b") == "Short")
    #expect(Self.module(table, "/a/c") == nil)
    #expect(Self.module(table, "/a/bb") == nil)
  }

  /// Literals in the hash table (a node with several) compare by length, first eight bytes and
  /// then the rest: literals of seven, eight and nine bytes that share their first seven, near
  /// misses past the seventh and the eighth byte, and literals of 300 bytes that differ only in
  /// their last byte.
  @Test func literalsInTheTableCompareAllTheirBytes() throws {
    let longA = String(repeating: "l", count: 299) + "a"
    let longB = String(repeating: "l", count: 299) + "b"
    let table = try Self.table(
      ["abcdefg", "abcdefgh", "abcdefghi", "abcdefgx", "x", longA, longB].map { ($0, "/t/" + $0, [:]) })
    for literal in ["abcdefg", "abcdefgh", "abcdefghi", "abcdefgx", "x", longA, longB] {
      #expect(Self.module(table, "/t/" + literal) == literal)
    }
    for miss in ["abcdefghj", "abcdef", "abcdefgy", "abcdefgha", String(repeating: "l", count: 300)] {
      #expect(Self.module(table, "/t/" + miss) == nil)
    }
  }

  /// Two literals whose slots share their 32-bit hash (found by search for the node `/t` is,
  /// node 1), their length and their first eight bytes: only the bytes past the eighth tell them
  /// apart, so this fails when those are not compared.
  @Test func literalsWhoseSlotsCollide() throws {
    let table = try Self.table([
      ("First", "/t/abcdefghashh", [:]), ("Second", "/t/abcdefghdpuw", [:]), ("Other", "/t/x", [:]),
    ])
    #expect(Self.module(table, "/t/abcdefghashh") == "First")
    #expect(Self.module(table, "/t/abcdefghdpuw") == "Second")
  }

  /// A literal too long to keep in its node (over 65,535 bytes) goes to the hash table; no URL
  /// reaches it (URLs are at most 8 KiB), and the node's other routes are unaffected.
  @Test func aLiteralTooLongForTheNode() throws {
    let long = String(repeating: "a", count: 70_000)
    let table = try Self.table([("Long", "/x/" + long, [:]), ("Short", "/x/y/:n", ["n": .named("Int")])])
    #expect(Self.module(table, "/x/y/3") == "Short")
    #expect(Self.module(table, "/x/" + long) == nil)
    #expect(Self.module(table, "/x/" + String(repeating: "a", count: 4_000)) == nil)
  }

  /// A node's first literal stays found when a second one moves the node to the hash table, and
  /// an only literal written in another canonically equivalent form still matches.
  @Test func onlyLiteralsAndTheirEquivalents() throws {
    let single = try Self.table([("Accent", "/caf\u{E9}", [:])])
    #expect(Self.module(single, "/cafe%CC%81") == "Accent")
    #expect(Self.module(single, "/caf%C3%A9") == "Accent")
    #expect(Self.module(single, "/cafe") == nil)
    let two = try Self.table([("First", "/x/first", [:]), ("Second", "/x/second", [:])])
    #expect(Self.module(two, "/x/first") == "First")
    #expect(Self.module(two, "/x/second") == "Second")
    #expect(Self.module(two, "/x/third") == nil)
  }

  /// Every type converts from the URL's bytes; escaped values are decoded first; a catch-all
  /// keeps `%2F` inside its segment; a route with more than four values reads them all.
  @Test func valuesReadFromTheURLsBytes() throws {
    let int = TypeRef.named("Int")
    let table = try Self.table([
      (
        "Wide", "/w/:a/:b/:c/:d/:e/:f",
        ["a": int, "b": .named("Double"), "c": .named("Bool"), "d": .named("String"), "e": int, "f": int]
      ),
      ("Files", "/files/*path", ["path": .named("String")]),
      ("Search", "/search", ["q": .optional(.named("String")), "page": .optional(int)]),
    ])
    guard case .matched(let wide) = table.resolve("/w/-7/2.5e1/true/caf%C3%A9%20au%20lait/5/6") else {
      Issue.record("the wide route did not match")
      return
    }
    #expect(wide.value(for: "a") == .int(-7))
    #expect(wide.value(for: "b") == .double(25))
    #expect(wide.value(for: "c") == .bool(true))
    #expect(wide.value(for: "d") == .string("café au lait"))
    #expect(wide.value(for: "e") == .int(5))
    #expect(wide.value(for: "f") == .int(6))
    #expect(wide.value(for: "g") == nil)
    #expect(wide.parameters.count == 6)
    guard case .matched(let files) = table.resolve("/files/a%2Fb/c%20d/e") else {
      Issue.record("the catch-all did not match")
      return
    }
    #expect(files.value(for: "path") == .string("a/b/c d/e"))
    guard case .matched(let plain) = table.resolve("/files/docs/readme") else {
      Issue.record("the catch-all did not match")
      return
    }
    #expect(plain.value(for: "path") == .string("docs/readme"))
    guard case .matched(let search) = table.resolve("/search?q=a%26b&page=3") else {
      Issue.record("the search route did not match")
      return
    }
    #expect(search.value(for: "q") == .string("a&b"))
    #expect(search.value(for: "page") == .int(3))
    #expect(search.parameters == ["q": .string("a&b"), "page": .int(3)])
  }
}
