import RouteCfgCore
import Testing

@testable import RouteCfgLanguageServer

/// Completion and hover of keys read the JSON Schema `routecfg schema` prints, which is built
/// from the decoder's key lists: one source for what the decoder accepts.
@Suite("LSP: keys from the schema")
struct SchemaNavigatorTests {
  let schema = SchemaNavigator()

  func names(_ path: [PathStep]) -> [String] { schema.keys(at: path).map(\.name) }

  @Test("the keys of each mapping are the ones the decoder accepts")
  func keys() {
    #expect(
      names([]) == [
        "routecfg", "app", "scheme", "include", "fallback", "protocols", "modules", "adapters", "bindings",
        "variants",
      ])
    #expect(
      names([.key("modules"), .key("Login")]) == ["kind", "provides", "requires", "parameters", "routes"])
    #expect(names([.key("adapters"), .item]) == ["adapt", "to", "map"])
    #expect(names([.key("protocols"), .key("P")]) == ["inherits", "members"])
    #expect(names([.key("variants"), .key("macOS")]) == ["bindings"])
    #expect(names([.key("modules")]).isEmpty)
  }

  @Test("each key written in a manifest is accepted by the decoder, and an unknown one is not")
  func keysAgreeWithTheDecoder() throws {
    for (path, key, yaml) in [
      ([PathStep](), "scheme", "routecfg: 1\nscheme: app\n"),
      (
        [.key("modules"), .key("M")], "parameters",
        "routecfg: 1\nmodules: {M: {kind: view, parameters: {}}}\n"
      ),
      ([.key("adapters"), .item], "map", "routecfg: 1\nadapters: [{adapt: A, to: B, map: {}}]\n"),
    ] {
      #expect(names(path).contains(key))
      let result = try RouteCfg.validate(yaml: yaml)
      #expect(!result.diagnostics.contains { $0.code == .unknownKey }, "\(yaml)")
    }
  }

  @Test("values and descriptions")
  func valuesAndDescriptions() {
    let kinds = schema.allowedValues(at: [.key("modules"), .key("M"), .key("kind")])
    #expect(kinds == ModuleKind.allCases.map { .string($0.rawValue) })
    #expect(
      schema.node(at: [.key("adapters"), .item, .key("to")])?.description
        == "The provided protocol it forwards to.")
    #expect(schema.node(at: [.key("nonsense"), .key("x")]) == nil)
  }
}
