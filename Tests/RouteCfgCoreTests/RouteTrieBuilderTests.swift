import Testing

@testable import RouteCfgCore

/// The trie keeps every entry's query parameters (optional parameters its pattern does not bind)
/// in one buffer, each entry's range sorted by name.
@Suite("Route trie builder")
struct RouteTrieBuilderTests {
  /// An entry for `pattern` whose module has the optional parameters `names` (of `Int?`).
  private func entry(_ pattern: String, optional names: [String]) throws -> RouteTable.Entry {
    try RouteTable.Entry(
      module: "M", pattern: RoutePattern.parse(pattern).get(),
      parameters: Dictionary(uniqueKeysWithValues: names.map { ($0, TypeRef.optional(.named("Int"))) }))
  }

  @Test func eachEntrysQueryParametersAreSortedInItsOwnRange() throws {
    let entries = [
      try entry("/a/:zeta", optional: ["zeta", "beta", "alpha"]),
      try entry("/b", optional: ["one"]),
      try entry("/c", optional: []),
      try entry("/d", optional: ["yankee", "delta", "mike", "charlie"]),
    ]
    var builder = RouteTrieBuilder(capacity: entries.count)
    for entry in entries { builder.insert(entry) }
    let trie = RouteTrie(entries, builtBy: builder)
    #expect(
      (0..<4).map { Array(trie.queryParameters(of: $0)).map(\.name) } == [
        ["alpha", "beta"], ["one"], [], ["charlie", "delta", "mike", "yankee"],
      ])
  }
}
