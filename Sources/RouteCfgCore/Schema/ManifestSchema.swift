/// The JSON Schema of the manifest format (draft-04, which every schema-aware editor reads), for
/// editors: yaml-language-server (VS Code's YAML extension, Neovim, Zed...) completes keys, shows
/// their descriptions and flags wrong shapes as the manifest is typed.
///
/// The keys come from the decoder's own key lists, so the schema cannot drift from what
/// `routecfg validate` accepts. It checks shapes only; names, references, member declarations
/// and every rule of the format stay with `routecfg validate`. One schema serves root and
/// included files, so `routecfg` is not required by it.
public enum ManifestSchema {
  /// The top-level keys only a root manifest holds; an included file reports them (RC0208).
  package static var rootOnlyKeys: Set<String> { ManifestDecoder.rootOnlyKeys }

  /// The schema as a JSON value.
  public static var json: JSONValue {
    .object([
      ("$schema", .string("http://json-schema.org/draft-04/schema#")),
      ("title", .string("routecfg manifest (format v1)")),
      (
        "description",
        .string(
          "Protocols that modules provide and require, adapters between them and URL routes. "
            + "Check a manifest with 'routecfg validate'."
        )
      ),
      ("type", .string("object")),
      ("properties", properties(ManifestDecoder.rootKeys, rootProperty)),
      ("additionalProperties", .bool(false)),
      (
        "definitions",
        .object([
          ("name", name),
          ("nameList", nameList),
          ("protocol", protocolDefinition),
          ("module", moduleDefinition),
          ("adapter", adapterDefinition),
          ("bindings", bindings),
        ])
      ),
    ])
  }

  /// `{key: schema}` for each key, in the decoder's order; `nil` schemas are left out, which a
  /// test rules out.
  private static func properties(_ keys: [String], _ schema: (String) -> JSONValue?) -> JSONValue {
    .object(keys.compactMap { key in schema(key).map { (key, $0) } })
  }

  /// A definition with its own description (keys beside `$ref` are ignored, hence `allOf`).
  private static func reference(_ definition: String, _ description: String) -> JSONValue {
    .object([
      ("allOf", .array([.object([("$ref", .string("#/definitions/\(definition)"))])])),
      ("description", .string(description)),
    ])
  }

  private static func described(_ description: String, _ schema: [(String, JSONValue)]) -> JSONValue {
    .object(schema + [("description", .string(description))])
  }

  private static let name = described(
    "A Swift identifier that is not a reserved word.", [("type", .string("string")), ("minLength", .int(1))])

  private static let nameList = described(
    "A list of names.",
    [("type", .string("array")), ("items", .object([("$ref", .string("#/definitions/name"))]))])

  private static let bindings = described(
    "Which module answers a protocol that several modules provide: protocol name to module name.",
    [
      ("type", .string("object")),
      ("additionalProperties", .object([("$ref", .string("#/definitions/name"))])),
    ])

  private static func rootProperty(_ key: String) -> JSONValue? {
    switch key {
    case "routecfg":
      return described(
        "The format version: the plain number 1. Required in the root manifest, optional in included files.",
        [("type", .string("integer")), ("enum", .array([.int(1)]))])
    case "app":
      return reference("name", "The app's name, the namespace of generated code (root only).")
    case "scheme":
      return described(
        "The URL scheme 'routecfg resolve' accepts, such as 'noteapp' for noteapp://notes/42 (root only).",
        [("type", .string("string")), ("pattern", .string("^[A-Za-z][A-Za-z0-9+.-]*$"))])
    case "include":
      return described(
        "More manifest files, relative to this file, inside the root manifest's directory.",
        [("type", .string("array")), ("items", .object([("type", .string("string"))]))])
    case "fallback":
      return reference("name", "The module that receives URLs no route matches (root only).")
    case "protocols":
      return described(
        "Every protocol, declared once: name to Swift member declarations.",
        [
          ("type", .string("object")),
          ("additionalProperties", .object([("$ref", .string("#/definitions/protocol"))])),
        ])
    case "modules":
      return described(
        "Every module: name to its kind, protocols, parameters and routes.",
        [
          ("type", .string("object")),
          ("additionalProperties", .object([("$ref", .string("#/definitions/module"))])),
        ])
    case "adapters":
      return described(
        "Adapters that map a required protocol's members onto a provided protocol's.",
        [("type", .string("array")), ("items", .object([("$ref", .string("#/definitions/adapter"))]))])
    case "bindings":
      return reference("bindings", "Which module answers a protocol that several modules provide.")
    case "variants":
      return described(
        "Named configurations chosen with --variant, each overriding bindings (root only).",
        [
          ("type", .string("object")),
          (
            "additionalProperties",
            .object([
              ("type", .string("object")),
              ("properties", properties(ManifestDecoder.variantKeys, variantProperty)),
              ("additionalProperties", .bool(false)),
            ])
          ),
        ])
    default:
      return nil
    }
  }

  private static func variantProperty(_ key: String) -> JSONValue? {
    key == "bindings" ? reference("bindings", "The bindings this variant sets or overrides.") : nil
  }

  private static let members = described(
    "Swift member declarations, one per line (or separated by ';'): 'var name: Type { get set }', "
      + "'let name: Type', 'func name(label: Type) throws -> Type'. Write a literal block (|).",
    [("type", .string("string"))])

  private static let protocolDefinition = described(
    "The protocol's members as Swift declarations, or 'inherits' and 'members'.",
    [
      (
        "oneOf",
        .array([
          members,
          .object([
            ("type", .string("object")),
            ("properties", properties(ManifestDecoder.protocolKeys, protocolProperty)),
            ("additionalProperties", .bool(false)),
          ]),
        ])
      )
    ])

  private static func protocolProperty(_ key: String) -> JSONValue? {
    switch key {
    case "inherits": return reference("nameList", "Protocols whose members this one inherits.")
    case "members": return members
    default: return nil
    }
  }

  private static let moduleDefinition = described(
    "A module: its kind, the protocols it provides and requires, its parameters and routes.",
    [
      ("type", .string("object")),
      ("properties", properties(ManifestDecoder.moduleKeys, moduleProperty)),
      ("required", .array([.string("kind")])),
      ("additionalProperties", .bool(false)),
    ])

  private static func moduleProperty(_ key: String) -> JSONValue? {
    switch key {
    case "kind":
      return described(
        "'view' (made and used on the main actor) or 'service'.",
        [("enum", .array(ModuleKind.allCases.map { .string($0.rawValue) }))])
    case "provides": return reference("nameList", "Protocols this module implements.")
    case "requires": return reference("nameList", "Protocols this module needs, in its own words.")
    case "parameters":
      return described(
        "Configuration supplied by the caller or the URL: name to Swift type ('Int', 'String?', '[String]').",
        [("type", .string("object")), ("additionalProperties", .object([("type", .string("string"))]))])
    case "routes":
      return described(
        "URL path patterns: literals, ':parameter' segments and a last '*catchAll'.",
        [
          ("type", .string("array")),
          ("items", .object([("type", .string("string")), ("pattern", .string("^/"))])),
        ])
    default: return nil
    }
  }

  private static let adapterDefinition = described(
    "Forwards a required protocol's members to a provided protocol's.",
    [
      ("type", .string("object")),
      ("properties", properties(ManifestDecoder.adapterKeys, adapterProperty)),
      ("required", .array([.string("adapt"), .string("to")])),
      ("additionalProperties", .bool(false)),
    ])

  private static func adapterProperty(_ key: String) -> JSONValue? {
    switch key {
    case "adapt": return reference("name", "The required protocol.")
    case "to": return reference("name", "The provided protocol it forwards to.")
    case "map":
      return described(
        "Required member to provided member or key path ('message: notifyString', 'title: header.title'); "
          + "members with the same name and a fitting type map without an entry.",
        [("type", .string("object")), ("additionalProperties", .object([("type", .string("string"))]))])
    default: return nil
    }
  }
}
