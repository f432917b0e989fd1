import Testing

@testable import RouteCfgCore

private typealias Harness = MemberParserHarness

/// The methods of the bodies one thread parses write their parameters one after another into
/// shared chunks: each method must still see exactly its own, as a body parsed alone does, and a
/// signature must behave as one holding an array.
@Suite("Method parameters written into shared chunks")
struct MethodParameterChunkTests {
  /// The members of `bodies`, parsed one after another with one writer for many bodies.
  private func parsedTogether(_ bodies: [String]) -> [[MemberDecl]] {
    var writer = BodyWriter.manyBodies
    return bodies.map { body in
      var bag = DiagnosticBag()
      return Array(
        MemberParser.parse(
          body, locate: Harness.locate, diagnostics: &bag, linesJoined: false, writer: &writer))
    }
  }

  /// Each method's parameters as an array; `nil` for a property.
  private func parameters(_ members: [MemberDecl]) -> [[MethodParameter]?] {
    members.map { $0.method.map { Array($0.parameters) } }
  }

  private func parameter(_ name: String, _ type: String, label: String? = nil) -> MethodParameter {
    MethodParameter(label: label, name: name, type: .named(type))
  }

  @Test func bodiesParsedTogetherSeeWhatEachSeesAlone() {
    let bodies = [
      "func f(x: Int, _ y: String) async throws -> Bool\nvar a: Int",
      // The one-pass parser reads `g`'s parameters, then gives the declaration to the general
      // parser at its result, which does not parse; `h` is read after it.
      "func g(a: Int, b: Int) -> [Int: 1]\nfunc h(c: Note)",
      // More parameters than the one-pass parser reads, and a repeated name (reported).
      "func wide(" + (0..<20).map { "p\($0): Int" }.joined(separator: ", ") + ")\nfunc twice(a: Int, a: Int)",
      "func none()\nfunc last(at index: Int)",
    ]
    let together = parsedTogether(bodies)
    for (body, members) in zip(bodies, together) {
      let alone = Harness.members(body).members
      #expect(members == alone, "\(body)")
      #expect(parameters(members) == parameters(alone), "\(body)")
    }
    #expect(
      together.map { $0.map { $0.method?.parameters.count ?? -1 } } == [[2, -1], [1], [20], [0, 1]])
    #expect(together[3][1].method?.parameters.first == parameter("index", "Int", label: "at"))
  }

  @Test func methodsOfSeveralBodiesShareAChunkAndOutgrowIt() throws {
    // 200 bodies of two methods of two parameters: 800 parameters, more than a chunk holds.
    let bodies = (0..<200).map { "func a\($0)(x: A\($0), y: B\($0))\nfunc b\($0)(_ z: C\($0))" }
    let together = parsedTogether(bodies)
    let first = try #require(together[0][0].method?.parameters)
    let second = try #require(together[0][1].method?.parameters)
    #expect(first.chunk === second.chunk)
    for (index, members) in together.enumerated() {
      #expect(
        parameters(members) == [
          [parameter("x", "A\(index)", label: "x"), parameter("y", "B\(index)", label: "y")],
          [parameter("z", "C\(index)")],
        ])
    }
    var chunks = Set<ObjectIdentifier>()
    for members in together {
      for member in members {
        if let chunk = member.method?.parameters.chunk { chunks.insert(ObjectIdentifier(chunk)) }
      }
    }
    #expect(chunks.count > 1)
  }

  @Test func signaturesMadeByHandHoldAnyNumberOfParameters() {
    for count in [0, 1, 62, 63, 64, 300] {
      let made = (0..<count).map { parameter("p\($0)", "T\($0)", label: "l\($0)") }
      var signature = MethodSignature(parameters: made, result: .void, isAsync: true, isThrowing: false)
      #expect(Array(signature.parameters) == made)
      #expect(signature.parameters.count == count)
      #expect(signature.isAsync && !signature.isThrowing)
      signature.isThrowing = true
      signature.isAsync = false
      #expect(Array(signature.parameters) == made, "the effects share a byte with the count")
      #expect(!signature.isAsync && signature.isThrowing)
    }
  }

  @Test func aSliceOfASharedChunkIsCopiedWhenASignatureCannotHoldIt() {
    // A range that starts past a byte, or is too long to count in six bits, in a chunk that
    // holds more than it: the signature keeps a copy of its own.
    let many = (0..<400).map { parameter("p\($0)", "T") }
    let chunk = MethodParameterChunk(many)
    for (start, count) in [(300, 2), (0, 100), (10, 63)] {
      let slice = MethodParameters(chunk: chunk, start: start, count: count)
      let signature = MethodSignature(parameters: slice, result: .void, isAsync: false, isThrowing: false)
      #expect(Array(signature.parameters) == Array(many[start..<start + count]))
    }
  }

  @Test func equalParametersAreEqualWhereverTheyAreHeld() throws {
    let parsed = try #require(Harness.members("func f(x: Int, _ y: String) -> Bool").members.first?.method)
    let made = MethodSignature(
      parameters: [parameter("x", "Int", label: "x"), parameter("y", "String")], result: .named("Bool"),
      isAsync: false, isThrowing: false)
    #expect(parsed == made)
    #expect(parsed.hashValue == made.hashValue)
    #expect(parsed.parameters.description == Array(made.parameters).description)
    var other = made
    other.isThrowing = true
    #expect(other != made)
  }

  @Test func settingAParameterLeavesTheSignaturesThatShareItsChunk() throws {
    let members = Harness.members("func f(a: Int)\nfunc g(b: Int)").members
    var first = try #require(members[0].method)
    let copy = first
    first.parameters[0].type = .named("String")
    #expect(first.parameters[0].type == .named("String"))
    #expect(copy.parameters[0].type == .named("Int"))
    #expect(members[1].method?.parameters[0] == parameter("b", "Int", label: "b"))
  }
}

@Suite("Method parameters as a collection")
struct MethodParametersCollectionTests {
  private let a = MethodParameter(label: "a", name: "a", type: .named("Int"))
  private let b = MethodParameter(label: nil, name: "b", type: .named("String"))

  @Test func changingParsedParametersLeavesTheOthersOfTheirChunk() throws {
    let members = MemberParserHarness.members("func f(a: Int)\nfunc g(a: Int)").members
    var first = try #require(members[0].method)
    first.parameters.append(b)
    first.parameters.insert(b, at: 0)
    #expect(Array(first.parameters) == [b, a, b])
    first.parameters.removeFirst()
    first.parameters += [b]
    #expect(Array(first.parameters) == [a, b, b])
    #expect(members[0].method?.parameters.count == 1)
    #expect(members[1].method.map { Array($0.parameters) } == [a])
  }

  @Test func valuesChangedInPlaceGetOneChunkOfTheirOwn() throws {
    let members = MemberParserHarness.members("func f(b: Int, a: Int, c: Int)\nfunc g(d: Int)").members
    var parameters = try #require(members[0].method?.parameters)
    let shared = parameters.chunk.map(ObjectIdentifier.init)
    parameters.sort { $0.name < $1.name }
    #expect(parameters.map(\.name) == ["a", "b", "c"])
    // Identities, not references: a reference held here would make the chunk shared.
    let own = parameters.chunk.map(ObjectIdentifier.init)
    #expect(own != shared)
    parameters[0].type = .named("String")
    #expect(parameters.chunk.map(ObjectIdentifier.init) == own, "a chunk of its own is changed in place")
    #expect(parameters[0].type == .named("String"))
    #expect(members[0].method?.parameters.map(\.name) == ["b", "a", "c"])
    #expect(members[1].method?.parameters.map(\.name) == ["d"])
  }

  @Test func parametersAreMadeFromAnySequenceAndShownAsAnArray() {
    let parameters = MethodParameters([a, b].lazy.map { $0 })
    #expect(Array(parameters) == [a, b])
    #expect(parameters.description == [a, b].description)
    let signature = MethodSignature(parameters: parameters, result: .void, isAsync: false, isThrowing: true)
    var shown = ""
    dump(signature, to: &shown)
    #expect(shown.contains("isThrowing: true") && shown.contains("name: \"b\"") && !shown.contains("shape"))
  }
}

/// The bodies one thread parses write their members one body after another into shared
/// chunks: each body must still hold exactly its own, in order.
@Suite("Members written into shared chunks")
struct MemberChunkTests {
  private func parsedTogether(_ bodies: [String]) -> [MemberList] {
    var writer = BodyWriter.manyBodies
    return bodies.map { body in
      var bag = DiagnosticBag()
      return MemberParser.parse(
        body, locate: MemberParserHarness.locate, diagnostics: &bag, linesJoined: false, writer: &writer)
    }
  }

  @Test func bodiesShareAChunkAndALargeBodyGetsItsOwn() throws {
    let large = (0..<1500).map { "var p\($0): Int" }.joined(separator: "\n")
    let bodies = ["var a: Int\nfunc f()", "let b: String", large, "func g(x: Int)"]
    let together = parsedTogether(bodies)
    #expect(together[0].chunk === together[1].chunk)
    #expect(together[2].count == 1500 && together[2].chunk !== together[1].chunk)
    #expect(together[3].chunk !== together[2].chunk, "a chunk made for one large body stays its own")
    #expect(together[3].chunk === together[1].chunk, "the bodies after it go on in the chunk before it")
    #expect(together[3].start == together[1].start + together[1].count)
    #expect(together[2][1499].name == "p1499")
    for (body, members) in zip(bodies, together) {
      #expect(Array(members) == MemberParserHarness.members(body).members)
    }
  }

  @Test func aBodyTheGeneralParserFinishesKeepsItsOrder() {
    // The one-pass parser reads `a`, the general parser the rest (backticks, then a problem).
    let bodies = ["var a: Int\nvar `b`: Int\nvar c: [Int\nvar d: Int", "var e: Int"]
    let together = parsedTogether(bodies)
    #expect(together.map { $0.map(\.name) } == [["a", "b", "d"], ["e"]])
  }

  @Test func aBodyThatIsNotWellFormedLeavesNothingBehind() {
    var writer = BodyWriter.manyBodies
    let dropped = MemberParser.parseWellFormed(
      "var a: Int\nvar `b`: Int", locate: MemberParserHarness.locate, writer: &writer)
    #expect(dropped == nil)
    let kept = MemberParser.parseWellFormed("var c: Int", locate: MemberParserHarness.locate, writer: &writer)
    #expect(kept.map { $0.map(\.name) } == ["c"])
  }

  @Test func protocolsMadeByHandHoldTheirMembers() {
    let member = MemberDecl(
      name: "x", kind: .property(PropertySignature(type: .named("Int"), isSettable: false)),
      location: .startOf(SourceFileID(0)), typeReferences: TypeReferences([]))
    var decl = ProtocolDecl(
      name: Located("P", at: .startOf(SourceFileID(0))), inherits: [], members: [member])
    #expect(Array(decl.members) == [member])
    decl.members.append(member)
    #expect(decl.members.count == 2)
  }
}
