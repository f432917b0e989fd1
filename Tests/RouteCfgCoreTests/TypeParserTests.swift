import RouteCfgCore
import Testing

private typealias Harness = MemberParserHarness

@Suite("TypeParser")
struct TypeParserTests {
  @Test(arguments: [
    ("Int", TypeRef.named("Int")),
    ("  Int  ", .named("Int")),
    ("Foundation.URL", .named("Foundation.URL")),
    ("String?", .optional(.named("String"))),
    ("Int??", .optional(.optional(.named("Int")))),
    ("[Int]", .array(.named("Int"))),
    ("[[Int]?]", .array(.optional(.array(.named("Int"))))),
    ("[String: Int]", .dictionary(key: .named("String"), value: .named("Int"))),
    ("[String:[Int]]?", .optional(.dictionary(key: .named("String"), value: .array(.named("Int"))))),
    ("()", .void),
    ("(())", .void),
    ("Void", .void),
    ("(Int)", .named("Int")),
    ("((Int))?", .optional(.named("Int"))),
    ("Any", .named("Any")),
    ("`Type`", .named("Type")),
    ("any Delegate", .named("Delegate")),
    ("(any Delegate)?", .optional(.named("Delegate"))),
    ("[any Delegate]", .array(.named("Delegate"))),
    ("() -> Void", .function(FunctionType(parameters: [], result: .void))),
    ("() -> ()", .function(FunctionType(parameters: [], result: .void))),
    ("(()) -> Void", .function(FunctionType(parameters: [.void], result: .void))),
    (
      "(Int, String) -> Bool",
      .function(FunctionType(parameters: [.named("Int"), .named("String")], result: .named("Bool")))
    ),
    ("(Int) -> Int?", .function(FunctionType(parameters: [.named("Int")], result: .optional(.named("Int"))))),
    ("((Int) -> Void)?", .optional(.function(FunctionType(parameters: [.named("Int")], result: .void)))),
    (
      "(Int) async throws -> Int",
      .function(
        FunctionType(parameters: [.named("Int")], result: .named("Int"), isAsync: true, isThrowing: true))
    ),
    (
      "(Int) async -> Int",
      .function(FunctionType(parameters: [.named("Int")], result: .named("Int"), isAsync: true))
    ),
    (
      "(Int) throws -> Int",
      .function(FunctionType(parameters: [.named("Int")], result: .named("Int"), isThrowing: true))
    ),
    (
      "(Int) -> (Int) -> Void",
      .function(
        FunctionType(
          parameters: [.named("Int")],
          result: .function(FunctionType(parameters: [.named("Int")], result: .void))))
    ),
    ("(_ value: Int) -> Void", .function(FunctionType(parameters: [.named("Int")], result: .void))),
    ("Int // the count", .named("Int")),
    ("[String:\n Int]", .dictionary(key: .named("String"), value: .named("Int"))),
  ])
  func acceptedTypes(text: String, expected: TypeRef) {
    let (parsed, diagnostics) = Harness.type(text)
    #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
    #expect(parsed?.type == expected)
  }

  @Test func descriptionsRoundTrip() {
    for text in [
      "[String: [Int]]?", "((Int) -> Void)?", "(Int, String) async throws -> Bool", "Foundation.URL",
    ] {
      #expect(Harness.type(text).parsed?.type.description == text)
    }
  }

  @Test func referencesHavePlaces() throws {
    let parsed = try #require(Harness.type("[String: Note]?").parsed)
    #expect(parsed.references.map(\.value) == ["String", "Note"])
    #expect(
      parsed.references.map(\.location.start) == [
        TextPoint(line: 1, column: 2), TextPoint(line: 1, column: 10),
      ])
    #expect(
      parsed.references.map(\.location.end) == [
        TextPoint(line: 1, column: 8), TextPoint(line: 1, column: 14),
      ])
  }

  @Test func referencesAfterNonASCIIAndLineBreaks() throws {
    let parsed = try #require(Harness.type("// é\n  [Ünïcode:\n Zoo]").parsed)
    #expect(parsed.references.map(\.value) == ["Ünïcode", "Zoo"])
    #expect(
      parsed.references.map(\.location.start) == [
        TextPoint(line: 2, column: 4), TextPoint(line: 3, column: 2),
      ])
    #expect(parsed.references.first?.location.end == TextPoint(line: 2, column: 11))
  }

  @Test func voidWrittenAsParenthesesIsAReference() throws {
    let parsed = try #require(Harness.type("( )").parsed)
    #expect(parsed.type == .void)
    #expect(parsed.references.map(\.value) == ["Void"])
    #expect(parsed.references.first?.location.end == TextPoint(line: 1, column: 4))
  }

  @Test(arguments: [
    MemberParserFailure("", .memberSyntax, 1, 1, "expected a type; write a type such as 'String'"),
    MemberParserFailure("   ", .memberSyntax, 1, 1, "expected a type"),
    MemberParserFailure("// only a comment", .memberSyntax, 1, 1, "expected a type"),
    MemberParserFailure(
      "Int Int", .memberSyntax, 1, 5, "expected the end of the type after 'Int', found 'Int'"),
    MemberParserFailure("Int;", .memberSyntax, 1, 4, "found ';'"),
    MemberParserFailure("Int,", .memberSyntax, 1, 4, "found ','"),
    MemberParserFailure("[Int", .memberSyntax, 1, 5, "expected ']' after the element type 'Int'"),
    MemberParserFailure("[Int]]", .memberSyntax, 1, 6, "found ']'"),
    MemberParserFailure("->", .memberSyntax, 1, 1, "expected a type, found '->'"),
    MemberParserFailure("Int?!", .unsupportedMemberFeature, 1, 5, "write 'Int??'"),
    MemberParserFailure("Array<String>", .unsupportedMemberFeature, 1, 6, "write '[String]'"),
    MemberParserFailure("(Int, Int)", .unsupportedMemberFeature, 1, 1, "tuple types"),
    MemberParserFailure("Self", .unsupportedMemberFeature, 1, 1, "'Self' is not supported"),
    MemberParserFailure("[String: Self?]", .unsupportedMemberFeature, 1, 10, "write the protocol's name"),
    MemberParserFailure("any Self", .unsupportedMemberFeature, 1, 5, "'Self' is not supported"),
    MemberParserFailure("Int.Self", .unsupportedMemberFeature, 1, 5, "'Int.Self' is not a type"),
    MemberParserFailure("[Foundation.`Self`]?", .unsupportedMemberFeature, 1, 13, "is not a type"),
    MemberParserFailure("some P", .unsupportedMemberFeature, 1, 1, "opaque types"),
    MemberParserFailure("@escaping () -> Void", .unsupportedMemberFeature, 1, 1, "'@escaping' is not needed"),
    MemberParserFailure("Int /* x */", .unsupportedMemberFeature, 1, 5, "block comments"),
    MemberParserFailure("`Int", .memberSyntax, 1, 1, "is not closed"),
    MemberParserFailure("Int = 3", .unsupportedMemberFeature, 1, 5, "default values"),
  ])
  func rejectedTypes(failure: MemberParserFailure) {
    let (parsed, diagnostics) = Harness.type(failure.text)
    #expect(parsed == nil)
    #expect(diagnostics.count == 1, "\(diagnostics.map(\.message))")
    guard let diagnostic = diagnostics.first else { return }
    #expect(diagnostic.code == failure.code, "\(diagnostic.message)")
    #expect(diagnostic.message.contains(failure.message), "\(diagnostic.message)")
    #expect(diagnostic.location.line == failure.line)
    #expect(diagnostic.location.column == failure.column, "\(diagnostic.message)")
  }

  @Test func nestingLimit() {
    #expect(TypeParser.maxNestingDepth == 64)
    let deepest = String(repeating: "[", count: 63) + "Int" + String(repeating: "]", count: 63)
    #expect(Harness.type(deepest).parsed != nil)
    let tooDeep = String(repeating: "[", count: 64) + "Int" + String(repeating: "]", count: 64)
    let (parsed, diagnostics) = Harness.type(tooDeep)
    #expect(parsed == nil)
    #expect(diagnostics.map(\.location.column) == [65])
    #expect(Harness.type("Int" + String(repeating: "?", count: 63)).parsed != nil)
    #expect(Harness.type("Int" + String(repeating: "?", count: 64)).parsed == nil)
  }

  @Test(arguments: ["[", "(", "((Int) -> ", "[Int: ", "Dictionary<Int, "])
  func hostileNestingGivesOneDiagnostic(opener: String) {
    let (parsed, diagnostics) = Harness.type(String(repeating: opener, count: 100_000))
    #expect(parsed == nil)
    #expect(diagnostics.count == 1)
  }
}
