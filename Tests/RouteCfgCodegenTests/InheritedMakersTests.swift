import RouteCfgCodegen
import Testing

/// `makeP(...)` for a protocol a module provides only through inheritance, answered by the
/// module the validator's resolution picks.
@Suite("make methods of inherited protocols")
struct InheritedMakersTests {
  static func manifest(bindings: String = "", modules: String = "") -> String {
    """
    routecfg: 1
    app: Inh
    protocols:
      Base: |
        var id: Int { get }
      Left:
        inherits: [Base]
        members: |
          var left: Int { get }
      Right:
        inherits: [Base]
        members: |
          var right: Int { get }
    modules:
      L: {kind: view, provides: [Left], parameters: {id: Int}}
      R: {kind: service, provides: [Right]}
    \(modules)
    \(bindings)
    """
  }

  func registry(_ yaml: String) throws -> String {
    try #require(try Generation.files(yaml: yaml, path: "Inh.yaml").first { $0.name == "InhRegistry.swift" })
      .contents
  }

  @Test("Two modules provide Base through inheritance: no makeBase, as no provider is chosen")
  func ambiguous() throws {
    let text = try registry(Self.manifest())
    #expect(text.contains("func makeLeft(id: Int) -> any Left"))
    #expect(text.contains("func makeRight() -> any Right"))
    #expect(!text.contains("makeBase"))
  }

  /// SPEC §2: a requirement resolves to "a module that lists it in provides"; modules that
  /// only inherit it answer where none does.
  @Test("A module that lists Base makes it, beside two that inherit it")
  func listed() throws {
    let text = try registry(Self.manifest(modules: "  B: {kind: service, provides: [Base]}"))
    #expect(text.contains("func makeBase() -> any Base {\n    return self.factories.b()\n  }"), "\(text)")
  }

  @Test("A binding picks the module: makeBase makes its object, typed as Base")
  func bound() throws {
    let text = try registry(Self.manifest(bindings: "bindings: {Base: R}"))
    #expect(text.contains("func makeBase() -> any Base {\n    return self.factories.r()\n  }"), "\(text)")
  }
}
