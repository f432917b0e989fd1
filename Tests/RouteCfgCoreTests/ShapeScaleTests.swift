import RouteCfgCore
import RouteCfgSynthetic
import Testing

/// Each manifest shape that once hid (or could hide) quadratic work, at a size where quadratic
/// work would take minutes even in a release build; linear work takes well under a second.
/// Tests never assert time: a regression shows up as a test that does not finish in CI, and the
/// benchmark (`routecfg-bench --scale`) measures the time ratio between n and 4n for every shape.
/// Each test checks the output, so the size is also a correctness check of the exact diagnostics
/// and positions.
@Suite("Manifest shapes at scale")
struct ShapeScaleTests {
  /// Every diagnostic is kept: these tests count them, so the default cap would hide the shape.
  private func validate(_ shape: ScaleShape, _ n: Int) throws -> ValidationResult {
    try RouteCfg.validate(yaml: shape.yaml(n), path: "\(shape.rawValue).yaml", maxDiagnostics: nil)
  }

  private func codes(_ result: ValidationResult) -> [DiagnosticCode] { result.diagnostics.map(\.code) }

  /// 16,000 quoted bodies on one line (0.5 MB) took 26 s when each body re-read the whole line;
  /// 40,000 of them with anchored keys took minutes when each anchored node's place was found by
  /// walking its line from the start.
  @Test(arguments: [(ScaleShape.longLine, 16_000), (.anchoredLine, 40_000)])
  func longLineOfQuotedBodies(shape: ScaleShape, n: Int) throws {
    let yaml = shape.yaml(n)
    let result = try validate(shape, n)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(result.diagnostics.count == 1, "\(result.diagnostics.prefix(3))")
    // The error points at `static` inside the last body, on line 2.
    let line = yaml.split(separator: "\n", omittingEmptySubsequences: false)[1]
    let column = try #require(line.range(of: "\"static var s\(n - 1)")).lowerBound
    #expect(diagnostic.location.line == 2)
    #expect(
      Int(diagnostic.location.column) == line.unicodeScalars.distance(from: line.startIndex, to: column) + 2)
  }

  /// 600 protocol names of 1,000 letters, each body naming an external type (which is looked up
  /// among the names for a near miss): the did-you-mean index held every name's one-deletion
  /// variants as text, 683 MB for this 1.2 MB file, and one misspelt name among 500 such names
  /// was compared with every letter of every other.
  @Test func longNames() throws {
    // Letters that vary along the name, so that its one-deletion variants are all different.
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    func name(_ index: Int) -> String {
      "P\(index)Q" + String((0..<1_000).map { letters[(index * 31 + $0 * 17 + $0 * $0) % letters.count] })
    }
    var yaml = "routecfg: 1\nprotocols:\n"
    for index in 0..<600 { yaml += "  \(name(index)): |\n    var v: Ext\n" }
    yaml += "modules:\n  M:\n    kind: service\n    routes: [/m]\n    provides: ["
    yaml += (0..<600).map(name).joined(separator: ", ") + "]\n"
    yaml += "  N:\n    kind: service\n    routes: [/n]\n    requires: [\(name(7).dropLast())]\n"
    let result = try RouteCfg.validate(yaml: yaml, path: "long-names.yaml", maxDiagnostics: nil)
    #expect(codes(result) == [.unknownProtocol], "\(result.diagnostics.prefix(3).map(\.message))")
    // The message shortens the name; the fix-it writes it whole.
    #expect(result.diagnostics.first?.fixIts.map(\.replacement) == [name(7)])
  }

  /// Non-ASCII text before each body: columns count Unicode scalars, not bytes.
  @Test func longLineWithNonASCIIColumns() throws {
    var yaml = "routecfg: 1\nprotocols: {"
    for index in 0..<4_000 { yaml += "Ü\(index): \"var é\(index): Int\", " }
    yaml += "Last: \"var ok: Int; static var bad: Int\"}\n"
    let result = try RouteCfg.validate(yaml: yaml, path: "non-ascii.yaml", maxDiagnostics: nil)
    let errors = result.diagnostics.filter { $0.severity == .error }
    let diagnostic = try #require(errors.first)
    #expect(errors.count == 1)
    let line = yaml.split(separator: "\n")[1]
    let column = try #require(line.range(of: "static var bad")).lowerBound
    #expect(diagnostic.location.line == 2)
    #expect(
      Int(diagnostic.location.column) == line.unicodeScalars.distance(from: line.startIndex, to: column) + 1)
  }

  @Test func wideMapping() throws {
    let result = try validate(.wideMapping, 50_000)
    #expect(codes(result) == [.duplicateKey])
    // The second `M49999` key: after two header lines, the protocols and the modules.
    #expect(result.diagnostics.first?.location.line == 2 * 50_000 + 4)
  }

  /// 64,000 explicit map entries took 10.4 s when each member was looked up in a list.
  @Test func wideAdapter() throws {
    let n = 64_000
    let result = try validate(.wideAdapter, n)
    // The misspelt key is read as the member it suggests: nothing is left unmapped.
    #expect(Set(codes(result)) == [.unknownAdapterMember], "\(codes(result))")
    let unknown = try #require(result.diagnostics.first { $0.code == .unknownAdapterMember })
    #expect(unknown.message.contains("did you mean 'r\(n - 1)'"), "\(unknown.message)")
  }

  @Test func deepAndWideInheritance() throws {
    let result = try validate(.inheritance, 16_000)
    #expect(result.diagnostics.count == 0, "\(result.diagnostics.prefix(3).map(\.message))")
  }

  @Test func delegateChain() throws {
    let result = try validate(.delegateChain, 5_000)
    #expect(result.diagnostics.count == 0, "\(result.diagnostics.prefix(3).map(\.message))")
    let graph = try #require(result.graph)
    #expect(graph.adapters.count == 5_000)
  }

  @Test func manyVariants() throws {
    let result = try validate(.manyVariants, 20_000)
    #expect(result.diagnostics.count == 0, "\(result.diagnostics.prefix(3).map(\.message))")
  }

  @Test func routesSharingPrefixes() throws {
    let n = 10_000
    let result = try validate(.sharedPrefixRoutes, n)
    #expect(result.diagnostics.count == 0, "\(result.diagnostics.prefix(3).map(\.message))")
    let graph = try #require(result.graph)
    let table = RouteTable(graph: graph)
    guard case .matched(let match) = table.resolve("/shop/catalog/books/items/7/v\(n - 1)") else {
      Issue.record("no match")
      return
    }
    #expect(match.module == "M\(n - 1)")
    #expect(match.parameters == ["slug": .string("books"), "id": .int(7)])
  }

  @Test func manyErrorsWithSuggestions() throws {
    let n = 20_000
    let result = try validate(.manyErrors, n)
    #expect(result.diagnostics.count == n, "\(Set(codes(result)))")
    #expect(result.diagnostics.allSatisfy { $0.code == .unknownProtocol })
    #expect(result.diagnostics.last?.message.contains("did you mean 'Protocol\(n - 1)'") == true)
  }

  /// 40,000 unknown names in one list took 40 s when each did-you-mean copied the list to
  /// exclude its entries, and each unknown map key gathered every other key.
  @Test func longListsOfUnknownNames() throws {
    let n = 40_000
    let result = try validate(.unknownList, n)
    let references = result.diagnostics.filter { $0.code == .unknownProtocol }
    let members = result.diagnostics.filter { $0.code == .unknownAdapterMember }
    #expect(references.count == n && members.count == n, "\(Set(codes(result)))")
    #expect(result.diagnostics.count == 2 * n)
    #expect(references.last?.message.hasSuffix("did you mean 'P\(n - 1)'?") == true)
    #expect(members.last?.message.hasSuffix("has no member 'g\(n - 1)'; its members are 'f()'") == true)
  }

  /// 20,000 keys written twice, in two spellings of one name, took 23 s when every other spelling
  /// was searched for in one list for the whole mapping.
  @Test func manyKeysInTwoSpellings() throws {
    let n = 20_000
    var yaml = "routecfg: 1\nprotocols:\n"
    for index in 0..<n { yaml += "  \u{E9}\(index): ''\n" }
    for index in 0..<n { yaml += "  e\u{301}\(index): ''\n" }
    let result = try RouteCfg.validate(yaml: yaml, path: "spellings.yaml", maxDiagnostics: nil)
    #expect(!result.diagnostics.contains { $0.code == .duplicateKey })
    #expect(result.diagnostics.filter { $0.code == .duplicateProtocol }.count == n)
    // Many spellings of one name (each 'é' precomposed or not), then one written again.
    var spellings: [String] = []
    for index in 0..<8_192 {
      spellings.append("k" + (0..<13).map { index >> $0 & 1 == 0 ? "\u{E9}" : "e\u{301}" }.joined())
    }
    let many = "routecfg: 1\nprotocols:\n" + (spellings + [spellings[0]]).map { "  \($0): ''\n" }.joined()
    let manyResult = try RouteCfg.validate(yaml: many, path: "many.yaml", maxDiagnostics: nil)
    #expect(manyResult.diagnostics.filter { $0.code == .duplicateKey }.count == 1)
  }

  /// 100,000 named parameters of one method took 21 s when each name was compared with every
  /// one before it.
  @Test func longParameterList() throws {
    let n = 100_000
    let yaml = ScaleShape.longParameterList.yaml(n)
    let result = try validate(.longParameterList, n)
    #expect(codes(result) == [.memberSyntax], "\(result.diagnostics.prefix(3).map(\.message))")
    let diagnostic = try #require(result.diagnostics.first)
    #expect(diagnostic.message.contains("names two parameters 'p0'"), "\(diagnostic.message)")
    // At the last parameter's name, on the method's line.
    let line = yaml.split(separator: "\n")[3]
    let column = try #require(line.range(of: "p0", options: .backwards)).lowerBound
    #expect(diagnostic.location.line == 4)
    #expect(Int(diagnostic.location.column) == line.distance(from: line.startIndex, to: column) + 1)
  }

  @Test func routedModules() throws {
    let result = try validate(.routedModules, 20_000)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.prefix(3).map(\.message))")
    #expect(result.graph?.routes.count == 20_000)
  }
}
