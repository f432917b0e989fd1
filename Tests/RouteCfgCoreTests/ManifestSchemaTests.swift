import Testing

@testable import RouteCfgCore

/// The schema describes exactly the keys the decoder accepts.
@Suite("Manifest schema")
struct ManifestSchemaTests {
  private static func object(_ value: JSONValue?) -> [(String, JSONValue)] {
    if case .object(let members)? = value { return members }
    return []
  }

  private static func member(_ value: JSONValue?, _ path: String...) -> JSONValue? {
    var current = value
    for key in path { current = object(current).first { $0.0 == key }?.1 }
    return current
  }

  private static func keys(_ value: JSONValue?) -> [String] { object(value).map(\.0) }

  @Test func everyKeyOfTheFormatIsDescribed() {
    let schema = ManifestSchema.json
    #expect(Self.keys(Self.member(schema, "properties")) == ManifestDecoder.rootKeys)
    let definitions = Self.member(schema, "definitions")
    #expect(Self.keys(Self.member(definitions, "module", "properties")) == ManifestDecoder.moduleKeys)
    #expect(Self.keys(Self.member(definitions, "adapter", "properties")) == ManifestDecoder.adapterKeys)
    let variant = Self.member(schema, "properties", "variants", "additionalProperties", "properties")
    #expect(Self.keys(variant) == ManifestDecoder.variantKeys)
    guard case .array(let forms)? = Self.member(definitions, "protocol", "oneOf") else {
      Issue.record("protocol has no oneOf")
      return
    }
    #expect(forms.contains { Self.keys(Self.member($0, "properties")) == ManifestDecoder.protocolKeys })
  }
}
