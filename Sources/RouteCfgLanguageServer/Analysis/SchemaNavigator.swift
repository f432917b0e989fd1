import RouteCfgCore

/// A key a mapping may hold, with its description.
struct SchemaKey: Sendable, Hashable {
  let name: String
  let description: String?
}

/// Reads the manifest's JSON Schema (what `routecfg schema` prints, built from the decoder's own
/// key lists) along a path: which keys a mapping takes, which values a key allows and what each
/// means. Completion and hover of keys come from here, so they cannot drift from the decoder.
struct SchemaNavigator: Sendable {
  let schema: JSONValue

  init(schema: JSONValue = ManifestSchema.json) {
    self.schema = schema
  }

  /// The schema of the value at `path`, with its description (a reference's own description
  /// wins over the definition's).
  func node(at path: [PathStep]) -> (schema: JSONValue, description: String?)? {
    var current = schema
    var description = schema["description"]?.stringValue
    for step in path {
      let object = resolved(current, preferObject: true)
      let next: JSONValue?
      switch step {
      case .key(let key):
        next = object["properties"]?[key] ?? additional(object)
      case .item:
        next = object["items"]
      }
      guard let next else { return nil }
      description =
        next["description"]?.stringValue ?? resolved(next, preferObject: false)["description"]?.stringValue
      current = next
    }
    return (current, description)
  }

  /// The keys of the mapping at `path`, in the schema's order (the decoder's).
  func keys(at path: [PathStep]) -> [SchemaKey] {
    guard let node = node(at: path) else { return [] }
    let object = resolved(node.schema, preferObject: true)
    guard case .object(let properties)? = object["properties"] else { return [] }
    return properties.map { name, value in
      SchemaKey(
        name: name,
        description: value["description"]?.stringValue
          ?? resolved(value, preferObject: false)["description"]?.stringValue)
    }
  }

  /// The values the scalar at `path` may take, when the schema lists them (`kind`).
  func allowedValues(at path: [PathStep]) -> [JSONValue] {
    guard let node = node(at: path) else { return [] }
    return resolved(node.schema, preferObject: false)["enum"]?.arrayValue ?? []
  }

  /// `true` when the value at `path` is a mapping with named keys (an adapter, a module).
  func isMappingWithKeys(at path: [PathStep]) -> Bool { !keys(at: path).isEmpty }

  /// A mapping's schema for any key (`additionalProperties` when it is a schema).
  private func additional(_ object: JSONValue) -> JSONValue? {
    guard let value = object["additionalProperties"], value.isObject else { return nil }
    return value
  }

  /// Follows `$ref`, `allOf` and `oneOf` (choosing the object branch when `preferObject`).
  private func resolved(_ node: JSONValue, preferObject: Bool) -> JSONValue {
    var current = node
    for _ in 0..<8 {
      if let reference = current["$ref"]?.stringValue, reference.hasPrefix("#/definitions/"),
        let target = schema["definitions"]?[String(reference.dropFirst(14))]
      {
        current = target
      } else if let first = current["allOf"]?.arrayValue?.first {
        current = first
      } else if let branches = current["oneOf"]?.arrayValue, !branches.isEmpty {
        let objectBranch = branches.first { $0["type"]?.stringValue == "object" }
        current = preferObject ? objectBranch ?? branches[0] : branches[0]
      } else {
        return current
      }
    }
    return current
  }
}
