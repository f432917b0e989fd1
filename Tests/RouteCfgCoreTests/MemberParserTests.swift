import RouteCfgCore
import RouteCfgSynthetic
import Testing

private typealias Harness = MemberParserHarness

@Suite("MemberParser: accepted declarations")
struct MemberParserAcceptanceTests {
  @Test func parsesTheManifestExample() {
    let body = """
      var notifyString: String? { get set }
      var delegate: ProvidedLoginViewDelegate? { get set }
      let noteId: Int
      func highlight(range: String, animated: Bool) -> Bool
      func didLogin(); var x: Int // comment
      """
    let (members, diagnostics) = Harness.members(body)
    #expect(diagnostics.isEmpty)
    #expect(
      members.map(\.fullName) == [
        "notifyString", "delegate", "noteId", "highlight(range:animated:)", "didLogin()", "x",
      ])
    #expect(
      members[0].property == PropertySignature(type: .optional(.named("String")), isSettable: true))
    #expect(
      members[1].property
        == PropertySignature(type: .optional(.named("ProvidedLoginViewDelegate")), isSettable: true))
    #expect(members[2].property == PropertySignature(type: .named("Int"), isSettable: false))
    #expect(
      members[3].method
        == MethodSignature(
          parameters: [
            MethodParameter(label: "range", name: "range", type: .named("String")),
            MethodParameter(label: "animated", name: "animated", type: .named("Bool")),
          ],
          result: .named("Bool"), isAsync: false, isThrowing: false))
    #expect(
      members[4].method == MethodSignature(parameters: [], result: .void, isAsync: false, isThrowing: false))
    #expect(members[5].property == PropertySignature(type: .named("Int"), isSettable: true))
  }

  @Test(arguments: [
    ("var x: Int", true),
    ("var x: Int { get set }", true),
    ("var x: Int {get set}", true),
    ("var x: Int { get }", false),
    ("var x: Int {get}", false),
    ("let x: Int", false),
  ])
  func propertySettability(body: String, isSettable: Bool) {
    let member = Harness.member(body)
    #expect(member?.name == "x")
    #expect(member?.property == PropertySignature(type: .named("Int"), isSettable: isSettable))
  }

  @Test(arguments: [
    ("func didLogin()", "didLogin()"),
    ("func highlight(range: String, animated: Bool) -> Bool", "highlight(range:animated:)"),
    ("func f(_ x: Int)", "f(_:)"),
    ("func f(_: Int)", "f(_:)"),
    ("func f(for index: Int, in section: Int)", "f(for:in:)"),
    ("func f(in: Int, default: Int, with value: Int)", "f(in:default:with:)"),
    ("func f(x _: Int)", "f(x:)"),
    ("func `default`(`in` x: Int)", "default(in:)"),
    ("func f(a: Int,)", "f(a:)"),
    ("func get(set: Int)", "get(set:)"),
    ("func async(x: Int) async", "async(x:)"),
    // Long enough to be stored out of line, and non-ASCII: counted and copied in UTF-8 bytes.
    (
      "func presentNoteEditor(forNoteWithIdentifier id: Int, _ b: Int)",
      "presentNoteEditor(forNoteWithIdentifier:_:)"
    ),
    ("func größe(höhe h: Int, breite: Int)", "größe(höhe:breite:)"),
  ])
  func methodFullNames(body: String, fullName: String) throws {
    let member = try #require(Harness.member(body))
    #expect(member.fullName == fullName)
    // Compared without building it, as a map key written with labels is resolved: equal only
    // to the whole name, byte for byte.
    #expect(member.hasFullName(fullName))
    let nearMisses = [
      String(fullName.dropLast()), fullName + ")", member.name, member.name + "()",
      String(fullName.map { $0 == ":" ? "_" : $0 }), "",
    ]
    for nearMiss in nearMisses where nearMiss != fullName {
      #expect(!member.hasFullName(nearMiss), "\(nearMiss)")
    }
  }

  @Test func aPropertysFullNameIsItsName() throws {
    let member = try #require(Harness.member("var message: String"))
    #expect(member.hasFullName("message"))
    #expect(!member.hasFullName("message()"))
    #expect(!member.hasFullName("messag"))
  }

  @Test func aFullNameSpelledInEquivalentScalarsIsTheSameName() throws {
    // Precomposed in the declaration, decomposed in the written name: equal, as `==` holds them.
    let member = try #require(Harness.member("func gr\u{F6}\u{DF}e(h\u{F6}he h: Int)"))
    #expect(member.hasFullName("gro\u{308}\u{DF}e(ho\u{308}he:)"))
    #expect(!member.hasFullName("gro\u{308}\u{DF}e(ho\u{308}he)"))
  }

  @Test func aRepeatedParameterNameSkipsItsMethodOnly() {
    let (members, diagnostics) = Harness.members(
      "func f(a: Int, b: Int, a: Int); var x: Int\nfunc g(_ a: Int, _ b: Int)")
    #expect(members.map(\.fullName) == ["x", "g(_:_:)"])
    #expect(diagnostics.map(\.location.column) == [24])
  }

  @Test func parameterLabelsAndNames() throws {
    let method = try #require(Harness.member("func f(_ a: Int, for b: Int, c: Int, `in` d: Int)")?.method)
    #expect(method.parameters.map(\.label) == [nil, "for", "c", "in"])
    #expect(method.parameters.map(\.name) == ["a", "b", "c", "d"])
  }

  /// Swift reads a keyword after a label as the parameter's name (`_ enum: String`); generated
  /// code writes it in backticks where it uses it. Only `inout`, `var` and `let` cannot be one.
  @Test func keywordsAreParameterNamesAfterALabel() throws {
    let method = try #require(
      Harness.member("func f(_ enum: String, h operator: Int, b class: Bool, for in: Int)")?.method)
    #expect(method.parameters.map(\.name) == ["enum", "operator", "class", "in"])
    #expect(method.parameters.map(\.label) == [nil, "h", "b", "for"])
  }

  @Test(arguments: [
    ("func f()", false, false),
    ("func f() async", true, false),
    ("func f() throws", false, true),
    ("func f() async throws", true, true),
    ("func f() async throws -> Int", true, true),
  ])
  func methodEffects(body: String, isAsync: Bool, isThrowing: Bool) throws {
    let method = try #require(Harness.member(body)?.method)
    #expect(method.isAsync == isAsync)
    #expect(method.isThrowing == isThrowing)
  }

  @Test func labelsMayRepeatAndUnnamedParametersMayBeMany() throws {
    let repeatedLabel = try #require(Harness.member("func move(to: Int, to end: Int)"))
    #expect(repeatedLabel.fullName == "move(to:to:)")
    let unnamed = try #require(Harness.member("func pair(_: Int, _: Int)"))
    #expect(unnamed.fullName == "pair(_:_:)")
  }

  @Test func methodWithoutArrowReturnsVoid() {
    #expect(Harness.member("func f(x: Int)")?.method?.result == .void)
    #expect(Harness.member("func f() -> ()")?.method?.result == .named("Void"))
    #expect(Harness.member("func f() -> Void")?.method?.result == .void)
  }

  @Test func backtickedNamesAreIdentifiers() {
    let member = Harness.member("var `default`: `Type`")
    #expect(member?.name == "default")
    #expect(member?.property?.type == .named("Type"))
    #expect(member?.location.start == TextPoint(line: 1, column: 5))
    #expect(member?.location.end == TextPoint(line: 1, column: 14))
  }

  @Test(arguments: ["var get: Int", "var set: Int", "var async: Bool", "var any: Int", "var some: Int"])
  func contextualKeywordsAreNames(body: String) {
    #expect(Harness.member(body) != nil)
  }

  @Test func reservedWordsNeedBackticks() {
    let reserved = [
      "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
      "inout", "internal", "let", "operator", "private", "precedencegroup", "protocol", "public",
      "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch",
      "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
      "return", "throw", "switch", "where", "while", "Any", "as", "false", "is", "nil", "self", "Self",
      "super", "throws", "true", "try",
    ]
    for word in reserved {
      let diagnostic = Harness.failure("var \(word): Int")
      #expect(diagnostic?.code == .memberSyntax, "\(word)")
      #expect(diagnostic?.location.column == 5, "\(word)")
      #expect(Harness.member("var `\(word)`: Int")?.name == word)
      // Every keyword but `inout`, `var` and `let` can be an argument label as it is.
      let label = ["inout", "var", "let"].contains(word) ? "`\(word)`" : word
      #expect(Harness.member("func `\(word)`(\(label) x: Int)")?.fullName == "\(word)(\(word):)")
    }
  }

  @Test func closureAndCollectionParameters() throws {
    let member = try #require(
      Harness.member(
        "func load(ids: [Int], into map: [String: [Note]]?, completion: ((Result) -> Void)?)"
          + " async throws -> Bool"
      ))
    let method = try #require(member.method)
    #expect(
      method.parameters.map(\.type) == [
        .array(.named("Int")),
        .optional(.dictionary(key: .named("String"), value: .array(.named("Note")))),
        .optional(.function(FunctionType(parameters: [.named("Result")], result: .void))),
      ])
    #expect(member.fullName == "load(ids:into:completion:)")
    #expect(member.typeReferences.map(\.value) == ["Int", "String", "Note", "Result", "Void", "Bool"])
  }

  @Test func emptyAndCommentOnlyBodies() {
    for body in ["", "\n\n", "   ", "// just a comment", ";;;", "\n ; \n// x\n", "\r\n"] {
      let (members, diagnostics) = Harness.members(body)
      #expect(members.isEmpty && diagnostics.isEmpty, "\(body.debugDescription)")
    }
  }

  @Test func carriageReturnsAreWhitespace() {
    let (members, diagnostics) = Harness.members("var a: Int\r\nvar b: Int { get }\r\n")
    #expect(diagnostics.isEmpty)
    #expect(members.map(\.name) == ["a", "b"])
    #expect(members.last?.location.start == TextPoint(line: 2, column: 5))
  }

  @Test func semicolonsAndCommentsSeparate() {
    let (members, diagnostics) = Harness.members("var a: Int; let b: Int;func c() // d: Int\n;")
    #expect(diagnostics.isEmpty)
    #expect(members.map(\.fullName) == ["a", "b", "c()"])
  }
}

@Suite("MemberParser: positions")
struct MemberParserPositionTests {
  @Test func memberLocationsCoverTheName() {
    let (members, _) = Harness.members("var ab: Int\n  func cd(x: Int)\n\tlet e: E")
    #expect(
      members.map(\.location.start) == [
        TextPoint(line: 1, column: 5), TextPoint(line: 2, column: 8), TextPoint(line: 3, column: 6),
      ])
    #expect(
      members.map(\.location.end) == [
        TextPoint(line: 1, column: 7), TextPoint(line: 2, column: 10), TextPoint(line: 3, column: 7),
      ])
  }

  @Test func typeReferencesHaveTheirPlaces() throws {
    let member = try #require(Harness.member("func f(a: [String: Foundation.URL], b: (Foo) -> Bar?) -> ()"))
    let references = member.typeReferences
    #expect(references.map(\.value) == ["String", "Foundation.URL", "Foo", "Bar", "Void"])
    #expect(references.map(\.location.column) == [12, 20, 41, 49, 58])
    #expect(references.map { $0.location.end?.column } == [18, 34, 44, 52, 60])
    #expect(references.allSatisfy { $0.location.line == 1 })
  }

  @Test func anyIsReadAsTheProtocol() throws {
    let member = try #require(Harness.member("var d: (any Delegate)?"))
    #expect(member.property?.type == .optional(.named("Delegate")))
    #expect(
      member.typeReferences == [
        Located(
          "Delegate",
          at: RouteCfgCore.SourceLocation(
            file: SourceFileID(0), start: TextPoint(line: 1, column: 13),
            end: TextPoint(line: 1, column: 21)))
      ])
  }

  @Test func nonASCIIColumnsCountScalars() {
    let body = "// é comment\nvar café: Int; let ü: Ünïcode // ñ\nvar 名前: String; var x Int"
    let (members, diagnostics) = Harness.members(body)
    #expect(members.map(\.name) == ["café", "ü", "名前"])
    #expect(
      members.map(\.location.start) == [
        TextPoint(line: 2, column: 5), TextPoint(line: 2, column: 20), TextPoint(line: 3, column: 5),
      ])
    #expect(
      members.map(\.location.end) == [
        TextPoint(line: 2, column: 9), TextPoint(line: 2, column: 21), TextPoint(line: 3, column: 7),
      ])
    #expect(members[1].typeReferences.first?.location.start == TextPoint(line: 2, column: 23))
    #expect(members[1].typeReferences.first?.location.end == TextPoint(line: 2, column: 30))
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?.location.start == TextPoint(line: 3, column: 23))
  }

  @Test func emojiAndCombiningMarksInNames() {
    let member = Harness.member("var e\u{301}🙂: Int")
    #expect(member?.name == "e\u{301}🙂")
    #expect(member?.location.end == TextPoint(line: 1, column: 8))
  }
}

@Suite("MemberParser: errors and recovery")
struct MemberParserRecoveryTests {
  @Test func twoBadLinesGiveTwoDiagnosticsAndGoodLinesStillParse() {
    let body = """
      var a Int
      var b: Int
      func c(
      let d: String
      static var e: Int; var f: Bool
      """
    let (members, diagnostics) = Harness.members(body)
    #expect(members.map(\.name) == ["b", "d", "f"])
    #expect(diagnostics.map(\.code) == [.memberSyntax, .memberSyntax, .unsupportedMemberFeature])
    #expect(diagnostics.map(\.location.line) == [1, 3, 5])
    #expect(diagnostics.map(\.location.column) == [7, 8, 1])
  }

  @Test func oneDiagnosticPerBadDeclarationOnOneLine() {
    let (members, diagnostics) = Harness.members(
      "var a: Int = 1; var b: Int!; var c: Int; func d(x: inout Int)")
    #expect(members.map(\.name) == ["c"])
    #expect(diagnostics.map(\.location.column) == [12, 27, 52])
    #expect(diagnostics.allSatisfy { $0.code == .unsupportedMemberFeature })
  }

  @Test func blockCommentOverSeveralLinesIsOneProblem() {
    let (members, diagnostics) = Harness.members("/* var a: Int\nvar b: Int */ var c: Int\nvar d: Int")
    #expect(members.map(\.name) == ["d"])
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?.code == .unsupportedMemberFeature)
    #expect(diagnostics.first?.location.start == TextPoint(line: 1, column: 1))
    #expect(diagnostics.first?.location.end == TextPoint(line: 2, column: 14))
  }

  @Test func missingPropertyTypeMessages() {
    #expect(
      Harness.failure("var message")?.message
        == "expected ':' and a type after 'message'; write 'var message: Type'")
    #expect(
      Harness.failure("var message String?")?.message
        == "expected ':' and a type after 'message', found 'String'; write 'var message: String?'")
    #expect(Harness.failure("var message")?.location.column == 12)
    #expect(Harness.failure("var message String?")?.location.column == 13)
  }

  @Test func longNamesAndTypesAreShortenedInMessages() throws {
    let name = String(repeating: "n", count: 500)
    let type = "[" + String(repeating: "T", count: 500) + ": Int"
    let (_, diagnostics) = Harness.members("var \(name)\nvar x: \(type)\nvar y: \(name)!")
    #expect(diagnostics.count == 3)
    #expect(diagnostics.allSatisfy { $0.message.count < 300 }, "\(diagnostics.map(\.message))")
    #expect(diagnostics.allSatisfy { $0.message.contains("...") })
  }

  @Test func errorsCarryTheOffendingTokenRange() {
    let diagnostic = Harness.failure("var x: Int = 10")
    #expect(diagnostic?.location.start == TextPoint(line: 1, column: 12))
    #expect(diagnostic?.location.end == TextPoint(line: 1, column: 13))
  }

  @Test(arguments: [
    // Declaration starts.
    MemberParserFailure("->", .memberSyntax, 1, 1, "expected 'var', 'let' or 'func' to start a member"),
    MemberParserFailure("enum E {}", .memberSyntax, 1, 1, "found 'enum'"),
    MemberParserFailure("x: Int", .memberSyntax, 1, 1, "declare members as 'var name: Type'"),
    MemberParserFailure("public var x: Int", .memberSyntax, 1, 1, "no access modifiers; remove 'public'"),
    MemberParserFailure("#if os(iOS)", .memberSyntax, 1, 1, "found '#'"),
    MemberParserFailure("\u{7}", .memberSyntax, 1, 1, "found U+0007"),
    MemberParserFailure("\u{A0}var x: Int", .memberSyntax, 1, 1, "found '\u{A0}' (U+00A0)"),
    // Names.
    // At the second name, which is the one to rename.
    MemberParserFailure("func f(x: Int, x: Int)", .memberSyntax, 1, 16, "'f' names two parameters 'x'"),
    MemberParserFailure("func g(a x: Int, b x: Int)", .memberSyntax, 1, 20, "names two parameters 'x'"),
    MemberParserFailure("var default: Int", .memberSyntax, 1, 5, "write '`default`' to use it as a name"),
    MemberParserFailure("var : Int", .memberSyntax, 1, 5, "expected a name after 'var', found ':'"),
    MemberParserFailure("var _: Int", .memberSyntax, 1, 5, "expected a name after 'var'"),
    MemberParserFailure("var", .memberSyntax, 1, 4, "expected a name after 'var'; write 'var name: Type'"),
    MemberParserFailure(
      "var `default: Int", .memberSyntax, 1, 5,
      "the backtick before 'default' is not closed on this line; write '`default`'"),
    MemberParserFailure("var `", .memberSyntax, 1, 5, "a backtick is not closed on this line"),
    MemberParserFailure("var `a b`: Int", .memberSyntax, 1, 5, "'`a b`' is not a valid name"),
    MemberParserFailure("var ``: Int", .memberSyntax, 1, 5, "is not a valid name"),
    MemberParserFailure("func (x: Int)", .memberSyntax, 1, 6, "expected a name after 'func'"),
    MemberParserFailure("func", .memberSyntax, 1, 5, "write 'func name()'"),
    // A keyword is a parameter name as Swift reads it (`for in`), and names may not repeat.
    MemberParserFailure(
      "func f(x: Int, in: Int, for in: Int)", .memberSyntax, 1, 29, "'f' names two parameters 'in'"),
    // Property types and accessors.
    MemberParserFailure("var x:", .memberSyntax, 1, 7, "expected a type after ':'"),
    MemberParserFailure("var x: in", .memberSyntax, 1, 8, "expected a type after ':', found 'in'"),
    MemberParserFailure("var x: 12", .memberSyntax, 1, 8, "found '12'"),
    MemberParserFailure("var x: Int { set get }", .memberSyntax, 1, 14, "write '{ get set }'"),
    MemberParserFailure("var x: Int { set }", .memberSyntax, 1, 14, "cannot be set-only"),
    MemberParserFailure("var x: Int { }", .memberSyntax, 1, 14, "expected 'get' in the accessor block"),
    MemberParserFailure("var x: Int { get", .memberSyntax, 1, 17, "expected 'set' or '}' after 'get'"),
    MemberParserFailure("var x: Int { get set", .memberSyntax, 1, 21, "expected '}' after 'set'"),
    MemberParserFailure("var x: Int { get get }", .memberSyntax, 1, 18, "found 'get'"),
    MemberParserFailure("var x: Int { willSet }", .memberSyntax, 1, 14, "expected 'get'"),
    MemberParserFailure(
      "let x: Int { get }", .memberSyntax, 1, 12, "remove the '{ ... }' or write 'var x: Int { get }'"),
    MemberParserFailure(
      "var x: Int var y: Int", .memberSyntax, 1, 12, "expected ';' or a new line after the declaration of 'x'"
    ),
    MemberParserFailure("var x: Int,", .memberSyntax, 1, 11, "found ','"),
    MemberParserFailure("var x: [Int", .memberSyntax, 1, 12, "expected ']' after the element type 'Int'"),
    MemberParserFailure("var x: [Int String]", .memberSyntax, 1, 13, "found 'String'"),
    MemberParserFailure(
      "var x: [String: Int", .memberSyntax, 1, 20, "expected ']' after the value type 'Int'"),
    MemberParserFailure("var x: [String:]", .memberSyntax, 1, 16, "expected a type after ':'"),
    MemberParserFailure("var x: (Int", .memberSyntax, 1, 12, "expected ',' or ')' after 'Int'"),
    MemberParserFailure("var x: (Int,) -> Void", .memberSyntax, 1, 13, "remove the trailing ','"),
    MemberParserFailure(
      "var x: (Int) async", .memberSyntax, 1, 19, "expected '->' and a result type after 'async'"),
    MemberParserFailure(
      "var x: (Int) throws async -> Void", .memberSyntax, 1, 21, "'async' must come before 'throws'"),
    MemberParserFailure(
      "var x: (x: Int) -> Void", .memberSyntax, 1, 9, "argument labels are not allowed in types"),
    MemberParserFailure("var x: (a b: Int) -> Void", .memberSyntax, 1, 9, "remove 'a b:'"),
    MemberParserFailure("var x: Foundation.", .memberSyntax, 1, 19, "expected a type name after '.'"),
    MemberParserFailure("var x: any", .memberSyntax, 1, 11, "expected a protocol name after 'any'"),
    MemberParserFailure("var x: any P?", .memberSyntax, 1, 13, "write '(any P)?'"),
    MemberParserFailure("var x: ->", .memberSyntax, 1, 8, "expected a type after ':', found '->'"),
    // Methods.
    MemberParserFailure(
      "func didLogin", .memberSyntax, 1, 14, "expected '(' after 'didLogin'; write 'func didLogin()'"),
    MemberParserFailure(
      "func f(x)", .memberSyntax, 1, 9, "expected ':' and a type after 'x', found ')'; write 'x: Type'"),
    MemberParserFailure("func f(a b)", .memberSyntax, 1, 11, "write 'a b: Type'"),
    // A capitalised second word that ends the parameter is its type, the ':' before it missing.
    MemberParserFailure(
      "func f(x Int)", .memberSyntax, 1, 10,
      "expected ':' before the type 'Int' of parameter 'x'; write 'x: Int'"),
    MemberParserFailure(
      "func f(error String, b: Int)", .memberSyntax, 1, 14,
      "expected ':' before the type 'String' of parameter 'error'; write 'error: String'"),
    MemberParserFailure(
      "func f(error String?)", .memberSyntax, 1, 14,
      "expected ':' before the type 'String?' of parameter 'error'; write 'error: String?'"),
    MemberParserFailure(
      "func f(error Swift.Error)", .memberSyntax, 1, 14, "write 'error: Swift.Error'"),
    MemberParserFailure(
      "func f(x: Int", .memberSyntax, 1, 14, "expected ',' or ')' after the parameter 'x: Int'"),
    MemberParserFailure("func f(: Int)", .memberSyntax, 1, 8, "expected a parameter name, found ':'"),
    MemberParserFailure("func f(", .memberSyntax, 1, 8, "expected ')' to close the parameter list of 'f'"),
    MemberParserFailure("func f(a: Int,", .memberSyntax, 1, 15, "expected ')' to close the parameter list"),
    MemberParserFailure("func f(x: Int,, y: Int)", .memberSyntax, 1, 15, "expected a parameter name"),
    MemberParserFailure("func f(let x: Int)", .memberSyntax, 1, 8, "found 'let'"),
    MemberParserFailure("func f() ->", .memberSyntax, 1, 12, "expected a type after '->'"),
    MemberParserFailure("func f() throws async", .memberSyntax, 1, 17, "'async' must come before 'throws'"),
    MemberParserFailure("func f() -> Int throws", .memberSyntax, 1, 17, "found 'throws'"),
    MemberParserFailure("func f() { }", .memberSyntax, 1, 10, "method requirements have no body"),
    MemberParserFailure("func f() -> Int;x", .memberSyntax, 1, 17, "expected 'var', 'let' or 'func'"),
  ])
  func malformedDeclarations(failure: MemberParserFailure) {
    let (_, diagnostics) = Harness.members(failure.text)
    #expect(diagnostics.count == 1, "\(diagnostics.map(\.message))")
    guard let diagnostic = diagnostics.first else { return }
    #expect(diagnostic.code == failure.code, "\(diagnostic.message)")
    #expect(diagnostic.message.contains(failure.message), "\(diagnostic.message)")
    #expect(diagnostic.location.line == failure.line)
    #expect(diagnostic.location.column == failure.column, "\(diagnostic.message)")
  }
}

@Suite("MemberParser: unsupported Swift")
struct MemberParserUnsupportedTests {
  @Test(arguments: [
    MemberParserFailure(
      "static var x: Int { get }", .unsupportedMemberFeature, 1, 1, "static members are not supported"),
    MemberParserFailure("static func f()", .unsupportedMemberFeature, 1, 1, "remove 'static'"),
    MemberParserFailure("class func f()", .unsupportedMemberFeature, 1, 1, "class members are not supported"),
    MemberParserFailure("@objc func f()", .unsupportedMemberFeature, 1, 1, "remove '@objc'"),
    MemberParserFailure("@MainActor var x: Int { get }", .unsupportedMemberFeature, 1, 1, "'@MainActor'"),
    MemberParserFailure(
      "func f(done: @escaping () -> Void)", .unsupportedMemberFeature, 1, 14,
      "'@escaping' is not needed: closure parameters are treated as escaping; remove the attribute"),
    MemberParserFailure(
      "func f(done: @Sendable () -> Void)", .unsupportedMemberFeature, 1, 14, "'@Sendable'"),
    MemberParserFailure("@ var x: Int", .unsupportedMemberFeature, 1, 1, "attributes are not supported"),
    MemberParserFailure(
      "func f<T>(x: T)", .unsupportedMemberFeature, 1, 7, "generic methods are not supported"),
    MemberParserFailure(
      "var x<T>: Int", .unsupportedMemberFeature, 1, 6, "generic parameters are not supported"),
    MemberParserFailure(
      "var x: Array<Int>", .unsupportedMemberFeature, 1, 13,
      "generic arguments are not supported; write '[Int]' instead of 'Array<Int>'"),
    MemberParserFailure(
      "var x: Dictionary<String, [Int]>", .unsupportedMemberFeature, 1, 18,
      "write '[String: [Int]]' instead of 'Dictionary<String, [Int]>'"),
    MemberParserFailure("var x: Optional<Int>", .unsupportedMemberFeature, 1, 16, "write 'Int?'"),
    MemberParserFailure("var x: Swift.Array<Int>", .unsupportedMemberFeature, 1, 19, "write '[Int]'"),
    MemberParserFailure("var x: Set<Int>", .unsupportedMemberFeature, 1, 11, "write '[T]' for arrays"),
    MemberParserFailure("var x: Array<Int", .unsupportedMemberFeature, 1, 13, "write '[T]' for arrays"),
    MemberParserFailure("var x: String!", .unsupportedMemberFeature, 1, 14, "write 'String?'"),
    MemberParserFailure("var x: [Int]!", .unsupportedMemberFeature, 1, 13, "write '[Int]?'"),
    MemberParserFailure("var x: some View", .unsupportedMemberFeature, 1, 8, "opaque types"),
    MemberParserFailure("func f() -> some View", .unsupportedMemberFeature, 1, 13, "'some P'"),
    MemberParserFailure(
      "func f(x: inout Int)", .unsupportedMemberFeature, 1, 11, "'inout' parameters are not supported"),
    MemberParserFailure("func f(inout x: Int)", .unsupportedMemberFeature, 1, 8, "'inout'"),
    MemberParserFailure("var x: (inout Int) -> Void", .unsupportedMemberFeature, 1, 9, "'inout'"),
    MemberParserFailure("mutating func f()", .unsupportedMemberFeature, 1, 1, "'mutating' is not supported"),
    MemberParserFailure("nonmutating func f()", .unsupportedMemberFeature, 1, 1, "'nonmutating'"),
    MemberParserFailure("var x: Int { mutating get }", .unsupportedMemberFeature, 1, 14, "'mutating'"),
    MemberParserFailure("func f() rethrows", .unsupportedMemberFeature, 1, 10, "write 'throws'"),
    MemberParserFailure(
      "func f(g: () throws -> Void) rethrows", .unsupportedMemberFeature, 1, 30, "'rethrows'"),
    MemberParserFailure("func f() throws(MyError)", .unsupportedMemberFeature, 1, 16, "typed throws"),
    MemberParserFailure("var f: () throws(E) -> Void", .unsupportedMemberFeature, 1, 17, "typed throws"),
    MemberParserFailure("init(x: Int)", .unsupportedMemberFeature, 1, 1, "initializer requirements"),
    MemberParserFailure("subscript(i: Int) -> Int { get }", .unsupportedMemberFeature, 1, 1, "subscripts"),
    MemberParserFailure("associatedtype Item", .unsupportedMemberFeature, 1, 1, "associated types"),
    MemberParserFailure("typealias ID = String", .unsupportedMemberFeature, 1, 1, "type aliases"),
    MemberParserFailure("func f(xs: Int...)", .unsupportedMemberFeature, 1, 15, "write '[Int]'"),
    MemberParserFailure(
      "var x: (Int, String)", .unsupportedMemberFeature, 1, 8, "tuple types are not supported"),
    MemberParserFailure("var x: (a: Int, b: Int)", .memberSyntax, 1, 9, "argument labels are not allowed"),
    MemberParserFailure(
      "func f(x: Int = 1)", .unsupportedMemberFeature, 1, 15, "default values are not supported"),
    MemberParserFailure("var x: Int = 1", .unsupportedMemberFeature, 1, 12, "default values"),
    MemberParserFailure("let x: Int = 1", .unsupportedMemberFeature, 1, 12, "remove '=' and the value"),
    MemberParserFailure("/* note */ var x: Int", .unsupportedMemberFeature, 1, 1, "use '//' comments"),
    MemberParserFailure("var x: Int /* note */", .unsupportedMemberFeature, 1, 12, "block comments"),
    MemberParserFailure("var x: Int /* open", .unsupportedMemberFeature, 1, 12, "block comments"),
    MemberParserFailure("weak var d: D? { get set }", .unsupportedMemberFeature, 1, 1, "'weak' modifier"),
    MemberParserFailure("nonisolated func f()", .unsupportedMemberFeature, 1, 1, "'nonisolated'"),
    MemberParserFailure("var x: P & Q", .unsupportedMemberFeature, 1, 10, "protocol compositions"),
    MemberParserFailure("func f() where Self: A", .unsupportedMemberFeature, 1, 10, "'where' clauses"),
    MemberParserFailure("func ==(a: Int, b: Int) -> Bool", .unsupportedMemberFeature, 1, 6, "operator"),
    MemberParserFailure("func +(a: Int, b: Int) -> Int", .unsupportedMemberFeature, 1, 6, "operator"),
    MemberParserFailure(
      "var x: Int { get async }", .unsupportedMemberFeature, 1, 18, "effectful property getters"),
    MemberParserFailure(
      "var x: Int { get throws }", .unsupportedMemberFeature, 1, 18, "declare a method instead"),
  ])
  func unsupportedFeatures(failure: MemberParserFailure) {
    let (members, diagnostics) = Harness.members(failure.text)
    #expect(members.isEmpty)
    #expect(diagnostics.count == 1, "\(diagnostics.map(\.message))")
    guard let diagnostic = diagnostics.first else { return }
    #expect(diagnostic.code == failure.code, "\(diagnostic.message)")
    #expect(diagnostic.message.contains(failure.message), "\(diagnostic.message)")
    #expect(diagnostic.location.line == failure.line)
    #expect(diagnostic.location.column == failure.column, "\(diagnostic.message)")
  }
}

@Suite("MemberParser: hostile input")
struct MemberParserHostileInputTests {
  @Test(arguments: ["[", "(", "[Int: "])
  func deepNestingIsBounded(opener: String) {
    let body = "var x: " + String(repeating: opener, count: 100_000) + "\nvar y: Int"
    let (members, diagnostics) = Harness.members(body)
    #expect(members.map(\.name) == ["y"])
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?.message.contains("nested more than 64 levels") == true)
  }

  @Test func longOptionalChainsAndArrowChainsAreBounded() {
    for body in [
      "var x: Int" + String(repeating: "?", count: 100_000),
      "var x: " + String(repeating: "(Int) -> ", count: 20_000) + "Void",
      "var x: " + String(repeating: "Array<", count: 50_000),
      "func f(" + String(repeating: "a: ", count: 50_000),
      "var x: " + String(repeating: "any ", count: 50_000),
    ] {
      let (members, diagnostics) = Harness.members(body)
      #expect(members.isEmpty)
      #expect(diagnostics.count == 1)
    }
  }

  @Test func nestingUpToTheLimitIsAccepted() {
    let type = String(repeating: "[", count: 63) + "Int" + String(repeating: "]", count: 63)
    let member = Harness.member("var x: \(type)")
    #expect(member?.property?.type.description == type)
  }

  @Test func randomBytesNeverCrash() {
    var random = SeededRandom(seed: 42)
    for _ in 0..<4 {
      let bytes = (0..<50_000).map { _ in UInt8.random(in: 0...255, using: &random) }
      let text = String(decoding: bytes, as: UTF8.self)
      _ = Harness.members(text)
      _ = Harness.type(text)
    }
  }

  @Test func randomTokenSoupNeverCrashes() {
    let pieces = [
      "var", "let", "func", "x", "Int", ":", ";", "\n", "(", ")", "[", "]", "{", "}", "?", "!", "->",
      "<", ">", ",", "=", "@", "`", "_", "get", "set", "async", "throws", "any", "some", "inout",
      "/*", "*/", "//", ".", "...", " ", "é", "&", "#", "\"", "1",
    ]
    var random = SeededRandom(seed: 7)
    for _ in 0..<20 {
      var text = ""
      for _ in 0..<5_000 {
        text += pieces[Int.random(in: 0..<pieces.count, using: &random)]
        if Bool.random(using: &random) { text += " " }
      }
      let (_, diagnostics) = Harness.members(text)
      #expect(diagnostics.allSatisfy { $0.location.line >= 1 && $0.location.column >= 1 })
    }
  }

  @Test(arguments: ["`", "`abc", "->", "@", "/*", "*/", "\0", "var x: `Int", "func f(`", "var x: Int\n`"])
  func oddFragmentsAreDiagnosed(body: String) {
    let (members, diagnostics) = Harness.members(body)
    #expect(diagnostics.count >= 1)
    #expect(members.count <= 1)
  }

  @Test func manyDeclarationsParseInOrder() {
    let body = (0..<10_000).map { "var m\($0): [String: Int]? { get }" }.joined(separator: "\n")
    let (members, diagnostics) = Harness.members(body)
    #expect(diagnostics.isEmpty)
    #expect(members.count == 10_000)
    #expect(members.last?.location.line == 10_000)
  }
}
