import RouteCfgSynthetic
import Testing

@testable import RouteCfgCore

/// `MemberParser` reads well-formed ASCII declarations with a one-pass fast path and hands the
/// rest to the token parser. Whatever the split, the result must be exactly what the token parser
/// gives for the whole body: the same members with the same places, the same diagnostics.
@Suite("MemberParser: fast path agrees with the token parser")
struct MemberParserAgreementTests {
  private typealias Harness = MemberParserHarness

  /// The token parser alone, over the whole body.
  private static func tokenParserOnly(_ body: String) -> (members: [MemberDecl], diagnostics: [Diagnostic]) {
    var bag = DiagnosticBag()
    let members = SwiftTokenizer.withUTF8(body) { bytes in
      SwiftTokenizer.withTokens(of: bytes) { tokens, _ in
        SwiftDeclParser.withParser(source: bytes, tokens: tokens) { parser in
          var writer = BodyWriter.oneBody
          while let member = parser.parseNextMember(locate: Harness.locate) { writer.members.append(member) }
          parser.attachReferences(from: 0, locate: Harness.locate, writer: &writer)
          parser.flushProblems(into: &bag, locate: Harness.locate)
          return Array(writer.members.commit())
        }
      }
    }
    return (members, bag.diagnostics)
  }

  private static func expectAgreement(
    _ body: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let both = Harness.members(body)
    let reference = tokenParserOnly(body)
    #expect(
      both.members == reference.members, "body: \(body.debugDescription)", sourceLocation: sourceLocation)
    #expect(
      both.diagnostics == reference.diagnostics, "body: \(body.debugDescription)",
      sourceLocation: sourceLocation)
  }

  @Test(arguments: [
    "var title: String? { get set }",
    "let itemId: Int",
    "var tags: [String] { get }",
    "var scores: [String: [Int?]]? { get set }",
    "func reload(force: Bool) -> Bool",
    "func load(page: Int, size: Int) async throws -> [String: Int]",
    // Dictionaries of two standard names are shared values in the fast parser; others are not.
    "var a: [String: Int]\nvar b: [Int: String?]\nvar c: [Int?: String]\nvar d: [UUID: [Data]]",
    "var a: [Swift.String: Int]\nvar b: [String: Foundation.Date]\nvar c: [Key: Value]",
    "func f(x: [String: Int], y: [String:Int]) -> [Int : Int]",
    "func highlight(_ range: String, animated flag: Bool)",
    "func didLogin()",
    "var handler: ((Int, String) throws -> Void)? { get set }",
    "var delegate: LoginDelegate? { get set }",
    "var `default`: Int { get }",
    "func f(x: inout Int)",
    "var x: Int; let y: String // trailing comment",
    "var x: Int\r\nvar y: Int\r\n",
    "  \n\n  var spaced  :  Int  {  get  }  \n",
    "var é: Int",
    "var x: Int /* block */ { get }",
    "var x: Int { set }",
    "func f(_: Int)",
    "var x: Int = 3",
    "func f() -> some View",
    "var x: Int\nvar x Int\nvar y: Int",
    // A type's '?' after a space or a line break is no part of it (RC0401), in either parser.
    "var x: Int ?",
    "var ok: Int??\nvar x: Int ?\nvar y: Int?",
    "var x: Int? ?",
    "func f(a: [Int] ?) -> Int??",
    "var x: Int?// c\nvar y: Int\t?",
    "var x: (Int) -> Int ?",
    "var x: [String: Int ?]",
    "var x: [Int].Type",
    "var ok: Int.Type\nvar x: Int?.Type",
    "func f(x: sending Int)",
    "func f(sending: sending, y: Int)",
    "var f: (sending Int) -> Void\nfunc g() -> sending Int",
    "var x: (Int).Type",
    "var x: Int\r?",
    // Keywords after a dot, and `async` after `->`: the general parser reports or keeps them.
    "var x: Foundation.default\nvar y: A.Any\nvar z: Int.self\nvar w: A._",
    "var x: A.async\nvar y: A.some\nvar z: A.get",
    "func f() -> async\nvar g: (Int) -> async\nfunc h() async -> async",
    "var x: A.`self`\nvar y: `default`.Inner\nvar z: `Any`\nfunc f() -> `async`",
  ])
  func handWrittenBodiesAgree(body: String) {
    Self.expectAgreement(body)
  }

  /// Random bodies built from declaration parts, mostly well formed, some broken at a random
  /// place, so that the fast path hands over at every kind of position.
  @Test func randomBodiesAgree() {
    // Plain parts are common; parts the fast path leaves to the token parser are rare.
    let names = ["title", "itemId", "x", "onDone", "_private", "title", "itemId", "x", "délai", "`class`"]
    let types = [
      "String", "Int?", "[String]", "[String: Int]", "(Int) -> Void", "((String) async throws -> Bool)?",
      "Feature.Input", "[[Int?]?]", "String", "Int", "String", "Int", "any Delegate", "Set<Int>",
      "Outer.default", "Outer.async", "async",
    ]
    let accessors = ["", " { get }", " { get set }", "{get set}"]
    let separators = ["\n", "; ", "\r\n", " // note\n", "\n\n"]
    let breakers = Array(repeating: "", count: 40) + ["(", ":", "->", "{", "@", "var", "`"]
    var random = SeededRandom(seed: 2026)
    var handedOver = 0
    for _ in 0..<400 {
      var body = ""
      for _ in 0..<Int.random(in: 1...6, using: &random) {
        let name = names.randomElement(using: &random) ?? "x"
        let type = types.randomElement(using: &random) ?? "Int"
        switch Int.random(in: 0..<4, using: &random) {
        case 0: body += "var \(name): \(type)\(accessors.randomElement(using: &random) ?? "")"
        case 1: body += "let \(name): \(type)"
        case 2: body += "func \(name)(_ value: \(type), label other: Int) throws -> \(type)"
        default: body += "func \(name)() async"
        }
        body += breakers.randomElement(using: &random) ?? ""
        body += separators.randomElement(using: &random) ?? "\n"
      }
      Self.expectAgreement(body)
      if Self.fastPathHandsOver(body) { handedOver += 1 }
    }
    // Both ways through `MemberParser` are exercised.
    #expect((40...360).contains(handedOver), "\(handedOver) of 400 bodies handed over")
  }

  /// The fast path reserves a body's members at once: one per line that starts with a letter.
  @Test(arguments: [
    ("var a: Int\nfunc b()\n", 2),
    ("  var a: Int\n\n\n\n  // a comment\n  /// docs\n  let c: String\n", 2),
    ("func a(); func b(); func c()", 1),
    ("\n\n\n", 1),
    ("", 1),
    // 51 lines start with a letter, but 108 bytes hold at most 19 members.
    ("let a:T\n" + String(repeating: "x\n", count: 50), 19),
  ])
  func estimatedMemberCountCountsDeclarationLines(body: String, expected: Int) {
    let estimate = SwiftTokenizer.withUTF8(body) { SwiftFastDeclParser.estimatedMemberCount($0) }
    #expect(estimate == expected)
  }

  /// `true` when the fast path stops before the end of `body`.
  private static func fastPathHandsOver(_ body: String) -> Bool {
    SwiftTokenizer.withUTF8(body) { bytes in
      var writer = BodyWriter.oneBody
      let handsOver = SwiftFastDeclParser.parseMembers(bytes, locate: Harness.locate, writer: &writer) != nil
      writer.members.discardPending()
      return handsOver
    }
  }
}
