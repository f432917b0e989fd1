import RouteCfgCore
import Testing

@Suite("Route shapes")
struct RouteShapeTests {
  private func shape(_ text: String, _ parameters: [String: TypeRef] = [:]) throws -> RouteShape? {
    var types: [String: RouteValueType] = [:]
    for (name, type) in parameters { types[name] = RouteValueType(type) }
    return try RoutePattern.parse(text).get().shape(parameterTypes: types)
  }

  @Test func optionalityDoesNotChangeTheShape() throws {
    let plain = try shape("/notes/:id", ["id": .named("Int")])
    let optional = try shape("/notes/:noteId", ["noteId": .optional(.named("Int"))])
    #expect(plain != nil)
    #expect(plain == optional)
  }

  @Test func parameterTypesDistinguishShapes() throws {
    let int = try shape("/notes/:id", ["id": .named("Int")])
    let string = try shape("/notes/:name", ["name": .named("String")])
    let double = try shape("/notes/:x", ["x": .named("Double")])
    #expect(int != string)
    #expect(int != double)
  }

  @Test func literalsAndParametersDiffer() throws {
    #expect(try shape("/notes/new") != shape("/notes/:id", ["id": .named("String")]))
    #expect(try shape("/notes/new") != shape("/notes/New"))
    #expect(try shape("/notes/new") == shape("/notes/new/"))
  }

  @Test func catchAllsConflictWhateverTheirName() throws {
    #expect(try shape("/files/*path") == shape("/files/*rest"))
    #expect(try shape("/files/*path") != shape("/files/:path", ["path": .named("String")]))
    #expect(try shape("/*path") != shape("/"))
  }

  @Test func descriptions() throws {
    #expect(try shape("/notes/:id", ["id": .optional(.named("Int"))])?.description == "/notes/{Int}")
    #expect(try shape("/files/*path")?.description == "/files/{*}")
    #expect(try shape("/")?.description == "/")
    #expect(try shape("/a/:b", ["b": .named("Bool")])?.description == "/a/{Bool}")
  }

  @Test func unknownParameterHasNoShape() throws {
    #expect(try shape("/notes/:id") == nil)
    #expect(try shape("/notes/:id", ["id": .array(.named("Int"))]) == nil)
  }

  /// Shapes hash their literals as names do: literals equal as strings (composed and decomposed
  /// accents) are one key, and shapes that differ only by a literal or a parameter type are not.
  @Test func shapesHashAsTheyCompare() throws {
    let composed = try #require(try shape("/caf\u{E9}/:id", ["id": .named("Int")]))
    let decomposed = try #require(try shape("/cafe\u{301}/:n", ["n": .named("Int")]))
    #expect(composed == decomposed)
    #expect(composed.hashValue == decomposed.hashValue)
    var seen: Set<RouteShape> = [composed]
    #expect(!seen.insert(decomposed).inserted)
    for text in ["/cafe/:id", "/caf\u{E9}/:id", "/caf\u{E9}", "/caf\u{E9}/*rest"] {
      seen.insert(try #require(try shape(text, ["id": .named("String")])))
    }
    #expect(seen.count == 5, "one shape for the equivalent literals, one each for the other four")
  }

  @Test func shapesAreUsableAsKeys() throws {
    var seen: [RouteShape: String] = [:]
    let first = try #require(try shape("/notes/:id", ["id": .named("Int")]))
    seen[first] = "A"
    let second = try #require(try shape("/notes/:other", ["other": .optional(.named("Int"))]))
    #expect(seen[second] == "A")
    #expect(first.elements == [.literal("notes"), .parameter(.int)])
  }
}
