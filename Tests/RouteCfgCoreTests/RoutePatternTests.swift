import RouteCfgCore
import Testing

@Suite("Route patterns")
struct RoutePatternTests {
  private func parsed(_ text: String) throws -> RoutePattern {
    try RoutePattern.parse(text).get()
  }

  private func failure(_ text: String) -> RoutePatternError? {
    if case .failure(let error) = RoutePattern.parse(text) { return error }
    return nil
  }

  @Test func rootHasNoSegments() throws {
    let root = try parsed("/")
    #expect(root.segments.isEmpty)
    #expect(root.text == "/")
    #expect(root.parameterNames.isEmpty)
  }

  @Test func segmentsOfEachKind() throws {
    let pattern = try parsed("/notes/:noteId/files/*path")
    #expect(
      pattern.segments == [.literal("notes"), .parameter("noteId"), .literal("files"), .catchAll("path")]
    )
    #expect(pattern.segmentOffsets == [1, 7, 15, 21])
    #expect(pattern.parameterNames == ["noteId", "path"])
    #expect(pattern.catchAllName == "path")
    #expect(pattern.parameterOffsets.map(\.name) == ["noteId", "path"])
    #expect(pattern.parameterOffsets.map(\.offset) == [7, 21])
    #expect(pattern.description == "/notes/:noteId/files/*path")
  }

  @Test func segmentOffsetsCountScalarsAndStopBeforeATrailingSlash() throws {
    // Found from the text: each segment starts after its '/', in Unicode scalars.
    let pattern = try parsed("/é/:ünï/x/")
    #expect(pattern.segments == [.literal("é"), .parameter("ünï"), .literal("x")])
    #expect(pattern.segmentOffsets == [1, 3, 8])
    #expect(pattern.parameterOffsets.map(\.offset) == [3])
    #expect(try parsed("/").segmentOffsets.isEmpty)
    #expect(try parsed("/*rest/").segmentOffsets == [1])
  }

  @Test func trailingSlashIsIgnored() throws {
    let withSlash = try parsed("/notes/")
    let without = try parsed("/notes")
    #expect(withSlash.segments == without.segments)
    #expect(withSlash.text == "/notes/")
    #expect(try parsed("/files/*path/").segments == [.literal("files"), .catchAll("path")])
  }

  @Test func literalCharacters() throws {
    #expect(try parsed("/a.b-c_d~e/AZ09").segments == [.literal("a.b-c_d~e"), .literal("AZ09")])
    #expect(try parsed("/...").segments == [.literal("...")])
    #expect(try parsed("/.well-known").segments == [.literal(".well-known")])
    #expect(try parsed("/한글/café").segments == [.literal("한글"), .literal("café")])
    // Emoji sequences join with U+200D, a format character.
    #expect(try parsed("/👨‍👩‍👧").segments == [.literal("👨‍👩‍👧")])
    #expect(failure("/_:x")?.offset == 2)
  }

  @Test func namesAreIdentifiers() throws {
    #expect(try parsed("/:_id/:a1_B").segments == [.parameter("_id"), .parameter("a1_B")])
    #expect(try parsed("/*_").segments == [.catchAll("_")])
  }

  @Test func literalsAreCaseSensitive() throws {
    #expect(try parsed("/Notes") != parsed("/notes"))
  }

  // MARK: Errors

  @Test func emptyPattern() {
    let error = failure("")
    #expect(error?.kind == .syntax)
    #expect(error?.offset == 0)
    #expect(error?.message == "a route pattern is empty; write '/' for the root")
  }

  @Test func missingLeadingSlash() {
    let error = failure("notes")
    #expect(error?.kind == .syntax)
    #expect(error?.offset == 0)
    #expect(error?.message == "route patterns start with '/'; write '/notes'")
    #expect(failure(":id")?.message == "route patterns start with '/'; write '/:id'")
    #expect(failure(" /notes")?.message == "route patterns start with '/', as in '/notes/:noteId'")
    #expect(failure(" /notes")?.offset == 0)
  }

  @Test(arguments: [
    ("//", 1), ("/a//b", 3), ("/notes//", 7), ("///", 1), ("//notes", 1), ("/a///", 3),
  ])
  func emptySegment(text: String, offset: Int) {
    let error = failure(text)
    #expect(error?.kind == .syntax)
    #expect(error?.offset == offset)
    #expect(error?.message == "a route pattern has an empty segment ('//'); remove the extra '/'")
  }

  @Test func percentEscape() {
    let error = failure("/a%20b")
    #expect(error?.kind == .syntax)
    #expect(error?.offset == 2)
    #expect(error?.message == "'%' escapes are not allowed in a route literal; write the character itself")
  }

  @Test func reservedCharacter() {
    let error = failure("/a+b")
    #expect(error?.kind == .syntax)
    #expect(error?.offset == 2)
    #expect(
      error?.message
        == "'a+b' holds '+', which is not allowed in a route literal: use letters, digits, '-', '.', '_', "
        + "'~' or non-ASCII text"
    )
  }

  @Test(arguments: [
    ("/a b", 2, "a space"), ("/a\tb", 2, "a tab"), ("/x?y", 2, "'?'"), ("/x#y", 2, "'#'"),
    ("/a:b", 2, "':'"), ("/a*b", 2, "'*'"), ("/a\\b", 2, "'\\'"), ("/ok/a@b", 5, "'@'"),
    ("/a\u{A0}b", 2, "U+00A0"), ("/a\u{85}b", 2, "U+0085"), ("/a\u{2028}", 2, "U+2028"),
    ("/a\u{0}", 2, "U+0000"),
    // Offsets count scalars, not UTF-8 bytes, after non-ASCII text.
    ("/café/a b", 7, "a space"), ("/名前/x?y", 5, "'?'"),
  ])
  func disallowedCharacters(text: String, offset: Int, described: String) {
    let error = failure(text)
    #expect(error?.kind == .syntax)
    #expect(error?.offset == offset)
    #expect(error?.message.contains("holds \(described), which is not allowed in a route literal") == true)
  }

  @Test func hintsForMisplacedSyntax() {
    #expect(failure("/a?x=1")?.message.contains("a pattern has no query") == true)
    #expect(failure("/a:b")?.message.contains("takes a whole segment") == true)
    #expect(failure("/a\tb")?.message.hasPrefix("'a\\tb' holds a tab") == true)
  }

  @Test(arguments: [("/.", 1), ("/..", 1), ("/a/..", 3), ("/./a", 1), ("/a/./", 3)])
  func dotSegments(text: String, offset: Int) {
    let error = failure(text)
    #expect(error?.kind == .syntax)
    #expect(error?.offset == offset)
    #expect(error?.message.contains("is not allowed as a segment of a route pattern") == true)
  }

  @Test func missingNames() {
    let parameter = failure("/notes/:")
    #expect(parameter?.kind == .syntax)
    #expect(parameter?.offset == 7)
    #expect(parameter?.message == "a parameter needs a name after ':', as in ':noteId'")
    let catchAll = failure("/*/")
    #expect(catchAll?.kind == .syntax)
    #expect(catchAll?.offset == 1)
    #expect(catchAll?.message == "a catch-all needs a name after '*', as in '*path'")
  }

  @Test func invalidNames() throws {
    let digit = failure("/:1abc")
    #expect(digit?.kind == .syntax)
    #expect(digit?.offset == 2)
    #expect(
      digit?.message
        == "the parameter name '1abc' starts with a digit; a name is a Swift identifier, "
        + "which starts with a letter or '_'"
    )
    let dash = failure("/:note-id")
    #expect(dash?.offset == 6)
    #expect(
      dash?.message
        == "the parameter name 'note-id' holds '-'; a name is a Swift identifier: letters, "
        + "digits and '_'"
    )
    #expect(failure("/*pa th")?.offset == 4)
    #expect(failure("/*pa th")?.message.hasPrefix("the catch-all name 'pa th' holds a space") == true)
    // Non-ASCII names are Swift identifiers too, as under `parameters`; symbols are not.
    #expect(try parsed("/:café/*名前").parameterNames == ["café", "名前"])
    #expect(failure("/:a→b")?.offset == 3)
    #expect(failure("/:\u{301}a")?.offset == 2)
    #expect(failure("/::x")?.offset == 2)
    #expect(failure("/:a:b")?.offset == 3)
  }

  @Test func aNonASCIIParameterIsBoundAndResolved() throws {
    let yaml = """
      routecfg: 1
      modules:
        Note: {kind: view, parameters: {é: Int, 名前: String?}, routes: ["/n/:é", "/m/:é/*名前"]}
      """
    let result = try RouteCfg.validate(yaml: yaml)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
    let table = RouteTable(graph: try #require(result.graph))
    guard case .matched(let match) = table.resolve("/m/7/a/b") else {
      Issue.record("no match")
      return
    }
    #expect(match.parameters == ["é": .int(7), "名前": .string("a/b")])
  }

  @Test func aParameterProblemSpansTheWholeSegment() throws {
    let yaml = """
      routecfg: 1
      modules:
        Note: {kind: view, parameters: {id: Int}, routes: ["/n/:id/:nope", '/m/:id/*rest']}
      """
    let result = try RouteCfg.validate(yaml: yaml)
    let spans = result.diagnostics.map { diagnostic in
      "\(diagnostic.code.rawValue) \(diagnostic.location.start.column)-\(diagnostic.location.end?.column ?? 0)"
    }
    // ':nope' is columns 62–66 (the end is the column after it), '*rest' 78–82.
    #expect(spans == ["RC0802 62-67", "RC0802 78-83"])
  }

  @Test func everyProblemOfAPatternIsListed() throws {
    #expect(RoutePattern.problems(in: "/notes/:id").isEmpty)
    #expect(RoutePattern.problems(in: "notes").map(\.offset) == [0])
    // An empty segment is reported once, inside the pattern, however the slashes end it.
    #expect(RoutePattern.problems(in: "//").map(\.offset) == [1])
    #expect(RoutePattern.problems(in: "/notes//").map(\.offset) == [7])
    let problems = RoutePattern.problems(in: "/a b/*rest/x y/:1z")
    #expect(problems.map(\.offset) == [2, 5, 12, 16])
    #expect(problems.map(\.kind) == [.syntax, .catchAllNotLast, .syntax, .syntax])
    #expect(problems.first == failure("/a b/*rest/x y/:1z"))
    let yaml = "routecfg: 1\nmodules:\n  A: {kind: view, routes: ['/a b/c d']}\n"
    let result = try RouteCfg.validate(yaml: yaml)
    #expect(result.diagnostics.map(\.location.column) == [31, 35])
  }

  @Test func catchAllNotLast() {
    let error = failure("/files/*path/edit")
    #expect(error?.kind == .catchAllNotLast)
    #expect(error?.offset == 7)
    #expect(
      error?.message
        == "the catch-all '*path' must be the last segment; move it to the end, or write ':path' to match "
        + "one segment"
    )
    #expect(failure("/*a/*b")?.kind == .catchAllNotLast)
    #expect(failure("/*a/*b")?.offset == 1)
    // A catch-all followed by an empty segment is still followed by a segment.
    #expect(failure("/*a//")?.kind == .catchAllNotLast)
  }

  @Test func firstProblemOnly() {
    #expect(failure("/a+b/c%d")?.offset == 2)
    #expect(failure("/a//b+c")?.offset == 3)
    // A catch-all's own name is checked before what follows it.
    #expect(failure("/*1/x")?.kind == .syntax)
    #expect(failure("/*1/x")?.offset == 2)
    // A problem after a misplaced catch-all comes second.
    #expect(failure("/*a/b%c")?.kind == .catchAllNotLast)
  }

  @Test func offsetsCountUnicodeScalars() {
    #expect(failure("/한글/:x-")?.offset == 6)
    #expect(failure("/👨‍👩‍👧/a+b")?.offset == 8)
    #expect(failure("/e\u{301}/%")?.offset == 4)
  }
}
