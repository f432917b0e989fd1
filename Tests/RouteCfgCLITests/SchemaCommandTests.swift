import Foundation
import RouteCfgCore
import Testing

/// `routecfg schema` prints a JSON Schema for editors. That every shipped manifest satisfies it
/// and that wrong shapes (`.ci/schema-cases/wrong-shapes`) are flagged is checked in CI
/// (`.ci/check-schemas`, with check-jsonschema, as an editor's validator would); these tests check
/// its structure against the shipped manifests without a schema validator.
@Suite("routecfg schema")
struct SchemaCommandTests {
  static func schema() throws -> [String: Any] {
    let result = try Routecfg.run(["schema"])
    return try #require(try Routecfg.json(result.standardOutput) as? [String: Any])
  }

  static let shippedManifests: [String] = {
    let root = URL(fileURLWithPath: Routecfg.repository).appendingPathComponent("manifests")
    let files =
      FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL } ?? []
    return files.filter { $0.pathExtension == "yaml" && !$0.path.contains("/invalid/") }.map(\.path).sorted()
  }()

  @Test func everyKeyOfTheShippedManifestsIsInTheSchema() throws {
    let schema = try Self.schema()
    let properties = try #require(schema["properties"] as? [String: Any])
    #expect(schema["additionalProperties"] as? Bool == false)
    let definitions = try #require(schema["definitions"] as? [String: Any])
    let module = try #require((definitions["module"] as? [String: Any])?["properties"] as? [String: Any])
    #expect(Self.shippedManifests.count >= 5)
    for path in Self.shippedManifests {
      let yaml = try String(contentsOfFile: path, encoding: .utf8)
      let read = YAMLReader.read(Array(yaml.utf8), file: SourceFileID(0))
      let document = try #require(read.document)
      let root = try #require(document.root)
      for entry in document.entries(of: root) {
        let key = document[entry.key].value
        #expect(properties[key] != nil, "\(path): '\(key)' is not in the schema")
        guard key == "modules" else { continue }
        for moduleEntry in document.entries(of: entry.value) {
          for field in document.entries(of: moduleEntry.value) {
            #expect(module[document[field.key].value] != nil, "\(path): module key not in the schema")
          }
        }
      }
    }
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
