import Foundation
import RouteCfgCore
import Testing

/// `routecfg schema` prints a JSON Schema that every shipped manifest satisfies and that flags
/// wrong shapes, as an editor running yaml-language-server would.
@Suite("routecfg schema")
struct SchemaCommandTests {
  static let schema: JSONSchemaValidator? = {
    guard let result = try? Routecfg.run(["schema"]), result.status == 0 else { return nil }
    return try? JSONSchemaValidator(schemaData: Data(result.standardOutput.utf8))
  }()

  /// A YAML file as the JSON an editor checks: plain scalars typed by the YAML core schema.
  static func json(yaml: String) throws -> Data {
    let read = YAMLReader.read(Array(yaml.utf8), file: SourceFileID(0))
    let document = try #require(read.document, "\(read.diagnostics.map(\.message))")
    let root = try #require(document.root)
    return Data(json(document, root).rendered().utf8)
  }

  private static func json(_ document: YAMLDocument, _ id: YAMLNodeID) -> RouteCfgCore.JSONValue {
    let node = document[id]
    switch node.kind {
    case .mapping:
      return .object(document.entries(of: id).map { (document[$0.key].value, json(document, $0.value)) })
    case .sequence:
      return .array(document.items(of: id).map { json(document, $0) })
    case .scalar:
      guard node.style == .plain else { return .string(node.value) }
      switch node.value {
      case "", "~", "null", "Null", "NULL": return .null
      case "true", "True", "TRUE": return .bool(true)
      case "false", "False", "FALSE": return .bool(false)
      default: return Int(node.value).map { .int($0) } ?? .string(node.value)
      }
    }
  }

  static func violations(_ yaml: String) throws -> [String] {
    let validator = try #require(schema)
    return try validator.validate(jsonData: try json(yaml: yaml)).map { "\($0)" }
  }

  static let shippedManifests: [String] = {
    let root = URL(fileURLWithPath: Routecfg.repository).appendingPathComponent("manifests")
    let files =
      FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL } ?? []
    return files.filter { $0.pathExtension == "yaml" && !$0.path.contains("/invalid/") }.map(\.path).sorted()
  }()

  @Test func everyShippedManifestSatisfiesTheSchema() throws {
    #expect(Self.shippedManifests.count >= 5)
    for path in Self.shippedManifests {
      let yaml = try String(contentsOfFile: path, encoding: .utf8)
      let violations = try Self.violations(yaml)
      #expect(violations.isEmpty, "\(path): \(violations.prefix(3))")
    }
  }

  @Test(arguments: [
    "routecfg: 1\nmodule: {}\n",
    "routecfg: 2\n",
    "modules:\n  A: {kind: widget}\n",
    "modules:\n  A: {routes: [/a]}\n",
    "modules:\n  A: {kind: view, routes: /a}\n",
    "modules:\n  A: {kind: view, routes: [a]}\n",
    "modules:\n  A: {kind: view, provide: [P]}\n",
    "protocols:\n  P:\n    - var x: Int\n",
    "protocols:\n  P: {inherit: [Q]}\n",
    "adapters:\n  - adapt: A\n",
    "adapters:\n  adapt: A\n  to: B\n",
    "variants:\n  mac: {bindings: {P: M}, extra: 1}\n",
    "scheme: 'noteapp://'\n",
  ])
  func wrongShapesAreFlagged(yaml: String) throws {
    #expect(try !Self.violations(yaml).isEmpty)
  }

  @Test func itIsPrettyJSONWithTheDraft04MetaSchema() throws {
    let result = try Routecfg.run(["schema"])
    #expect(result.status == 0)
    let object = try #require(try Routecfg.json(result.standardOutput) as? [String: Any])
    #expect(object["$schema"] as? String == "http://json-schema.org/draft-04/schema#")
    #expect(result.standardOutput.hasPrefix("{\n  \"$schema\""))
  }

  @Test func helpDescribesTheCommand() throws {
    let result = try Routecfg.run(["schema", "--help"])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("yaml-language-server"))
  }
}
