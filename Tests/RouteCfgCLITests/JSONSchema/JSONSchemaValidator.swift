import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small JSON Schema draft-04 validator for tests.
///
/// Implements the whole draft-04 validation vocabulary: `type`, `enum`, `multipleOf`, `maximum`,
/// `exclusiveMaximum`, `minimum`, `exclusiveMinimum`, `maxLength`, `minLength`, `pattern`, `items`,
/// `additionalItems`, `maxItems`, `minItems`, `uniqueItems`, `maxProperties`, `minProperties`,
/// `required`, `properties`, `patternProperties`, `additionalProperties`, `dependencies`, `allOf`,
/// `anyOf`, `oneOf`, `not`, `$ref` and `format` (`date-time`, `email`, `hostname`, `ipv4`, `ipv6`,
/// `uri`, `uri-reference`). Annotation keywords (`title`, `description`, `default`, `definitions`,
/// `id`, `$schema`) and unknown keywords do not constrain instances.
///
/// `$ref` must point into the same document: a JSON pointer (`#`, `#/definitions/x`, with `~0`, `~1`
/// and percent escapes) or a plain name (`#x`, a subschema whose `id` is `#x`), optionally after a URI
/// that the `id`s of the document identify. It is resolved against the scope set by the `id`s of
/// the enclosing schemas, as draft-04 says. Remote references are rejected by `init`.
///
/// Instance values are what `JSONSerialization` produces (`NSNumber`, `NSString`, `NSArray`,
/// `NSDictionary`, `NSNull`) or native Swift values (`Bool`, integers, floating point, `String`,
/// `[Any]`, `[String: Any]`, `nil`).
struct JSONSchemaValidator: Sendable {
  /// Why a schema could not be loaded.
  struct SchemaError: Error, CustomStringConvertible {
    var description: String
  }

  /// The keywords this validator knows: the draft-04 validation keywords it checks, and the
  /// keywords it reads without constraining instances (`id`, `$schema`, `definitions`) or ignores
  /// as annotations (`title`, `description`, `default`).
  static let keywords: Set<String> = [
    "$ref", "$schema", "additionalItems", "additionalProperties", "allOf", "anyOf", "default", "definitions",
    "dependencies", "description", "enum", "exclusiveMaximum", "exclusiveMinimum", "format", "id", "items",
    "maxItems", "maxLength", "maxProperties", "maximum", "minItems", "minLength", "minProperties", "minimum",
    "multipleOf", "not", "oneOf", "pattern", "patternProperties", "properties", "required", "title", "type",
    "uniqueItems",
  ]

  private let root: [String: JSONValue]
  /// Every `$ref` string in the schema, resolved to its target.
  private let references: [String: [String: JSONValue]]
  /// Every `pattern` and `patternProperties` key, compiled.
  private let regexes: [String: NSRegularExpression]

  init(schemaData: Data) throws {
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: schemaData, options: [.fragmentsAllowed])
    } catch {
      throw SchemaError(description: "schema is not valid JSON: \(error)")
    }
    let value: JSONValue
    do {
      value = try JSONValue(object)
    } catch {
      throw SchemaError(description: "schema: \(error)")
    }
    guard case .object(let root) = value else {
      throw SchemaError(description: "schema: the root of a draft-04 schema must be an object")
    }
    if let dialect = root["$schema"] {
      let known = [
        "http://json-schema.org/draft-04/schema#", "http://json-schema.org/draft-04/schema",
        "https://json-schema.org/draft-04/schema#", "https://json-schema.org/draft-04/schema",
      ]
      guard case .string(let uri) = dialect, known.contains(uri) else {
        throw SchemaError(description: "schema: $schema \(dialect.compactText) is not JSON Schema draft-04")
      }
    }
    var loader = SchemaLoader(root: root)
    try loader.load()
    self.root = root
    self.references = loader.references
    self.regexes = loader.regexes
  }

  /// Every violation as "JSON pointer of the instance location: what is wrong", empty when valid.
  ///
  /// Locations are JSON pointers in URI fragment form (RFC 6901, section 6): `#` is the instance
  /// itself, `#/runs/0/results` a member further down.
  func validate(_ instance: Any) -> [String] {
    let value: JSONValue
    do {
      value = try JSONValue(instance)
    } catch {
      return ["\(error)"]
    }
    var report = Report()
    check(value, against: root, at: [], activeReferences: [], into: &report)
    // Past a cycle the other findings mean little; the schema cannot be evaluated on this instance.
    return report.cycle.map { [$0] } ?? report.errors
  }

  /// Parses `jsonData` (any JSON value, not only objects and arrays) and validates it.
  func validate(jsonData: Data) throws -> [String] {
    let object = try JSONSerialization.jsonObject(with: jsonData, options: [.fragmentsAllowed])
    return validate(object)
  }
}

// MARK: - Evaluation

extension JSONSchemaValidator {
  /// What an evaluation found. `cycle` is kept apart from `errors` so that `not`, `anyOf` and
  /// `oneOf`, which discard or invert the errors of their branches, cannot hide it.
  private struct Report {
    var errors: [String] = []
    var cycle: String?
  }

  /// Checks `instance` against `schema`, adding violations to `report`.
  ///
  /// `activeReferences` holds the `$ref`s followed since the evaluation last moved to a child of the
  /// instance. Following one of them again would loop forever without consuming instance depth, so
  /// that is reported instead. Moving to a child starts with an empty set, and instances are finite,
  /// so evaluation always terminates.
  private func check(
    _ instance: JSONValue,
    against schema: [String: JSONValue],
    at path: [String],
    activeReferences: Set<String>,
    into report: inout Report
  ) {
    // Draft-04: an object with "$ref" is replaced by the referenced schema; siblings are ignored.
    if case .string(let reference)? = schema["$ref"] {
      guard !activeReferences.contains(reference) else {
        report.cycle =
          report.cycle
          ?? message(path, "$ref \"\(reference)\" refers back to itself without consuming the instance")
        return
      }
      guard let target = references[reference] else {
        report.errors.append(message(path, "$ref \"\(reference)\" cannot be resolved"))
        return
      }
      check(
        instance, against: target, at: path, activeReferences: activeReferences.union([reference]),
        into: &report)
      return
    }

    checkType(instance, schema, path, &report)
    checkEnum(instance, schema, path, &report)
    switch instance {
    case .number(let number):
      checkNumber(number, schema, path, &report)
    case .string(let string):
      checkString(string, schema, path, &report)
    case .array(let elements):
      checkArray(elements, schema, path, &report)
    case .object(let members):
      checkObject(members, schema, path, activeReferences, &report)
    case .null, .bool:
      break
    }
    checkCombinators(instance, schema, path, activeReferences, &report)
  }

  private func checkType(
    _ instance: JSONValue, _ schema: [String: JSONValue], _ path: [String], _ report: inout Report
  ) {
    let names: [String]
    switch schema["type"] {
    case .string(let name)?:
      names = [name]
    case .array(let elements)?:
      names = elements.compactMap { if case .string(let name) = $0 { name } else { nil } }
    default:
      return
    }
    guard !names.contains(where: { instance.hasType($0) }) else { return }
    let expected = names.joined(separator: " or ")
    let found = instance == .null ? "null" : "\(instance.typeName) \(instance.compactText)"
    report.errors.append(message(path, "expected type \(expected), found \(found)"))
  }

  private func checkEnum(
    _ instance: JSONValue, _ schema: [String: JSONValue], _ path: [String], _ report: inout Report
  ) {
    guard case .array(let allowed)? = schema["enum"], !allowed.contains(instance) else { return }
    let list = JSONValue.array(allowed).compactText
    report.errors.append(message(path, "value \(instance.compactText) is not one of \(list)"))
  }

  private func checkNumber(
    _ number: JSONNumber, _ schema: [String: JSONValue], _ path: [String], _ report: inout Report
  ) {
    if case .number(let divisor)? = schema["multipleOf"], !number.isMultiple(of: divisor) {
      report.errors.append(message(path, "value \(number) is not a multiple of \(divisor)"))
    }
    if case .number(let limit)? = schema["maximum"] {
      let order = JSONNumber.compare(number, limit)
      if schema["exclusiveMaximum"] == .bool(true) {
        if order >= 0 {
          report.errors.append(
            message(path, "value \(number) is not less than the exclusive maximum \(limit)"))
        }
      } else if order > 0 {
        report.errors.append(message(path, "value \(number) is greater than the maximum \(limit)"))
      }
    }
    if case .number(let limit)? = schema["minimum"] {
      let order = JSONNumber.compare(number, limit)
      if schema["exclusiveMinimum"] == .bool(true) {
        if order <= 0 {
          report.errors.append(
            message(path, "value \(number) is not greater than the exclusive minimum \(limit)"))
        }
      } else if order < 0 {
        report.errors.append(message(path, "value \(number) is less than the minimum \(limit)"))
      }
    }
  }

  private func checkString(
    _ string: String, _ schema: [String: JSONValue], _ path: [String], _ report: inout Report
  ) {
    // Length counts Unicode code points (draft-04 counts "characters" as defined by RFC 7159).
    let length = string.unicodeScalars.count
    let text = JSONValue.string(string).compactText
    if case .number(let limit)? = schema["maxLength"], JSONNumber.compare(.int(Int64(length)), limit) > 0 {
      report.errors.append(
        message(path, "string \(text) has \(length) characters, more than maxLength \(limit)"))
    }
    if case .number(let limit)? = schema["minLength"], JSONNumber.compare(.int(Int64(length)), limit) < 0 {
      report.errors.append(
        message(path, "string \(text) has \(length) characters, fewer than minLength \(limit)"))
    }
    if case .string(let pattern)? = schema["pattern"], let regex = regexes[pattern],
      !regex.matches(string)
    {
      let patternText = JSONValue.string(pattern).compactText
      report.errors.append(message(path, "string \(text) does not match pattern \(patternText)"))
    }
    if case .string(let format)? = schema["format"], let isValid = Formats.check(format, string),
      !isValid
    {
      report.errors.append(message(path, "string \(text) is not a valid \(format)"))
    }
  }

  private func checkArray(
    _ elements: [JSONValue], _ schema: [String: JSONValue], _ path: [String], _ report: inout Report
  ) {
    let count = elements.count
    if case .number(let limit)? = schema["maxItems"], JSONNumber.compare(.int(Int64(count)), limit) > 0 {
      report.errors.append(message(path, "array has \(count) items, more than maxItems \(limit)"))
    }
    if case .number(let limit)? = schema["minItems"], JSONNumber.compare(.int(Int64(count)), limit) < 0 {
      report.errors.append(message(path, "array has \(count) items, fewer than minItems \(limit)"))
    }
    if schema["uniqueItems"] == .bool(true) {
      duplicateSearch: for first in elements.indices {
        for second in elements.indices.dropFirst(first + 1) where elements[first] == elements[second] {
          report.errors.append(
            message(path, "items \(first) and \(second) are equal, but uniqueItems is true"))
          break duplicateSearch
        }
      }
    }
    switch schema["items"] {
    case .object(let itemSchema)?:
      for (index, element) in elements.enumerated() {
        check(element, against: itemSchema, at: path + [String(index)], activeReferences: [], into: &report)
      }
    case .array(let itemSchemas)?:
      for (index, element) in elements.enumerated() {
        let childPath = path + [String(index)]
        if index < itemSchemas.count {
          if case .object(let itemSchema) = itemSchemas[index] {
            check(element, against: itemSchema, at: childPath, activeReferences: [], into: &report)
          }
        } else if case .object(let extraSchema)? = schema["additionalItems"] {
          check(element, against: extraSchema, at: childPath, activeReferences: [], into: &report)
        }
      }
      if schema["additionalItems"] == .bool(false), count > itemSchemas.count {
        report.errors.append(
          message(
            path,
            "array has \(count) items, but only \(itemSchemas.count) are allowed (additionalItems is false)"
          ))
      }
    default:
      break
    }
  }

  private func checkObject(
    _ members: [String: JSONValue],
    _ schema: [String: JSONValue],
    _ path: [String],
    _ activeReferences: Set<String>,
    _ report: inout Report
  ) {
    let count = members.count
    if case .number(let limit)? = schema["maxProperties"], JSONNumber.compare(.int(Int64(count)), limit) > 0 {
      report.errors.append(message(path, "object has \(count) properties, more than maxProperties \(limit)"))
    }
    if case .number(let limit)? = schema["minProperties"], JSONNumber.compare(.int(Int64(count)), limit) < 0 {
      report.errors.append(message(path, "object has \(count) properties, fewer than minProperties \(limit)"))
    }
    if case .array(let required)? = schema["required"] {
      for case .string(let name) in required where members[name] == nil {
        report.errors.append(
          message(path, "required property \(JSONValue.string(name).compactText) is missing"))
      }
    }

    var properties: [String: JSONValue] = [:]
    if case .object(let object)? = schema["properties"] { properties = object }
    var patternProperties: [(NSRegularExpression, [String: JSONValue])] = []
    if case .object(let object)? = schema["patternProperties"] {
      for (pattern, subschema) in object.sorted(by: { $0.key < $1.key }) {
        if let regex = regexes[pattern], case .object(let subschema) = subschema {
          patternProperties.append((regex, subschema))
        }
      }
    }
    let additional = schema["additionalProperties"]
    for name in members.keys.sorted() {
      guard let member = members[name] else { continue }
      let childPath = path + [name]
      var matched = false
      if case .object(let subschema)? = properties[name] {
        matched = true
        check(member, against: subschema, at: childPath, activeReferences: [], into: &report)
      }
      for (regex, subschema) in patternProperties where regex.matches(name) {
        matched = true
        check(member, against: subschema, at: childPath, activeReferences: [], into: &report)
      }
      guard !matched else { continue }
      switch additional {
      case .bool(false)?:
        report.errors.append(
          message(
            path,
            "property \(JSONValue.string(name).compactText) is not allowed (additionalProperties is false)"))
      case .object(let subschema)?:
        check(member, against: subschema, at: childPath, activeReferences: [], into: &report)
      default:
        break
      }
    }

    if case .object(let dependencies)? = schema["dependencies"] {
      for (name, dependency) in dependencies.sorted(by: { $0.key < $1.key }) where members[name] != nil {
        switch dependency {
        case .array(let names):
          for case .string(let needed) in names where members[needed] == nil {
            let neededText = JSONValue.string(needed).compactText
            let nameText = JSONValue.string(name).compactText
            report.errors.append(message(path, "property \(neededText) is required by property \(nameText)"))
          }
        case .object(let subschema):
          check(
            .object(members), against: subschema, at: path, activeReferences: activeReferences,
            into: &report)
        default:
          break
        }
      }
    }
  }

  private func checkCombinators(
    _ instance: JSONValue,
    _ schema: [String: JSONValue],
    _ path: [String],
    _ activeReferences: Set<String>,
    _ report: inout Report
  ) {
    if case .array(let subschemas)? = schema["allOf"] {
      for case .object(let subschema) in subschemas {
        check(instance, against: subschema, at: path, activeReferences: activeReferences, into: &report)
      }
    }
    if case .array(let subschemas)? = schema["anyOf"] {
      var failures: [[String]] = []
      for case .object(let subschema) in subschemas {
        var branch = Report()
        check(
          instance, against: subschema, at: path, activeReferences: activeReferences, into: &branch)
        report.cycle = report.cycle ?? branch.cycle
        if branch.errors.isEmpty {
          failures = []
          break
        }
        failures.append(branch.errors)
      }
      if !failures.isEmpty {
        report.errors.append(
          message(path, "value does not match any schema in anyOf: \(summary(failures, at: path))"))
      }
    }
    if case .array(let subschemas)? = schema["oneOf"] {
      var failures: [[String]] = []
      var matches: [Int] = []
      for case (let index, .object(let subschema)) in subschemas.enumerated() {
        var branch = Report()
        check(
          instance, against: subschema, at: path, activeReferences: activeReferences, into: &branch)
        report.cycle = report.cycle ?? branch.cycle
        if branch.errors.isEmpty {
          matches.append(index)
        } else {
          failures.append(branch.errors)
        }
      }
      if matches.isEmpty {
        report.errors.append(
          message(path, "value does not match any schema in oneOf: \(summary(failures, at: path))"))
      } else if matches.count > 1 {
        let list = matches.map(String.init).joined(separator: ", ")
        report.errors.append(
          message(path, "value matches \(matches.count) schemas in oneOf (\(list)), exactly one is required"))
      }
    }
    if case .object(let subschema)? = schema["not"] {
      var branch = Report()
      check(instance, against: subschema, at: path, activeReferences: activeReferences, into: &branch)
      report.cycle = report.cycle ?? branch.cycle
      if branch.errors.isEmpty {
        report.errors.append(message(path, "value must not match the schema in \"not\""))
      }
    }
  }

  /// The errors of each failed branch of `anyOf`/`oneOf` at `path`, a few per branch, without
  /// repeating the location when it is `path` itself.
  private func summary(_ failures: [[String]], at path: [String]) -> String {
    let prefix = JSONPointer.fragment(path) + ": "
    return failures.enumerated().map { index, branchErrors in
      let shown = branchErrors.prefix(3).map {
        $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0
      }
      .joined(separator: "; ")
      let more = branchErrors.count > 3 ? "; and \(branchErrors.count - 3) more" : ""
      return "[\(index)] \(shown)\(more)"
    }.joined(separator: " | ")
  }

  private func message(_ path: [String], _ text: String) -> String {
    "\(JSONPointer.fragment(path)): \(text)"
  }
}

// MARK: - Schema loading

/// Walks a schema once: checks the keywords this validator implements, compiles every regular
/// expression and resolves every `$ref`, so evaluation never meets a malformed keyword.
///
/// `$ref` is resolved as draft-04 says: against the resolution scope set by the `id`s of the
/// enclosing schemas (not by an `id` beside the `$ref`), to a JSON pointer or a plain-name
/// fragment inside a schema of this document.
private struct SchemaLoader {
  let root: [String: JSONValue]
  var references: [String: [String: JSONValue]] = [:]
  var regexes: [String: NSRegularExpression] = [:]
  /// Pointer of the target of each `$ref` string.
  private var referencePaths: [String: [String]] = [:]
  /// Pointers of the subschemas with an `id`, by resolved URI (plain names as "base#name").
  private var identifiers: [String: [String]] = [:]
  /// Pointers of the subschemas already checked.
  private var visited: Set<[String]> = []

  init(root: [String: JSONValue]) {
    self.root = root
  }

  mutating func load() throws {
    registerIdentifiers(in: root, at: [], base: nil)
    try checkSchema(root, at: [])
  }

  /// The identifier key of `url`: its absolute form without fragment.
  private static func key(_ url: URL?) -> String {
    guard let text = url?.absoluteString else { return "" }
    return text.firstIndex(of: "#").map { String(text[..<$0]) } ?? text
  }

  private static func resolve(_ reference: String, against base: URL?) -> URL? {
    URL(string: reference, relativeTo: base)?.absoluteURL
  }

  private mutating func registerIdentifiers(in schema: [String: JSONValue], at path: [String], base: URL?) {
    var scope = base
    if case .string(let id)? = schema["id"], let url = Self.resolve(id, against: base) {
      scope = url
      var name = Self.key(url)
      if let hash = id.firstIndex(of: "#"), id.index(after: hash) < id.endIndex {
        name += String(id[hash...])
      }
      if identifiers[name] == nil { identifiers[name] = path }
    }
    for (subschema, subpath) in Self.subschemas(of: schema, at: path) {
      if case .object(let object) = subschema {
        registerIdentifiers(in: object, at: subpath, base: scope)
      }
    }
  }

  /// The resolution scope for a `$ref` at `path`: set by the `id`s of the enclosing schemas.
  private func scope(enclosing path: [String]) -> URL? {
    var scope: URL?
    for length in 0..<path.count {
      if case .object(let node)? = JSONValue.object(root).at(Array(path.prefix(length))),
        case .string(let id)? = node["id"]
      {
        scope = Self.resolve(id, against: scope) ?? scope
      }
    }
    return scope
  }

  /// The subschemas `schema` evaluates, with their pointers. Non-object entries are returned too,
  /// so that `checkSchema` can report them.
  private static func subschemas(
    of schema: [String: JSONValue], at path: [String]
  ) -> [(JSONValue, [String])] {
    var result: [(JSONValue, [String])] = []
    for keyword in ["properties", "patternProperties", "definitions"] {
      if case .object(let members)? = schema[keyword] {
        for (name, subschema) in members.sorted(by: { $0.key < $1.key }) {
          result.append((subschema, path + [keyword, name]))
        }
      }
    }
    if case .object(let members)? = schema["dependencies"] {
      for (name, dependency) in members.sorted(by: { $0.key < $1.key }) where !dependency.isArray {
        result.append((dependency, path + ["dependencies", name]))
      }
    }
    for keyword in ["additionalItems", "additionalProperties"] {
      if let subschema = schema[keyword], subschema.isObject {
        result.append((subschema, path + [keyword]))
      }
    }
    if let items = schema["items"] {
      if case .array(let elements) = items {
        for (index, element) in elements.enumerated() {
          result.append((element, path + ["items", String(index)]))
        }
      } else {
        result.append((items, path + ["items"]))
      }
    }
    for keyword in ["allOf", "anyOf", "oneOf"] {
      if case .array(let elements)? = schema[keyword] {
        for (index, element) in elements.enumerated() {
          result.append((element, path + [keyword, String(index)]))
        }
      }
    }
    if let subschema = schema["not"] {
      result.append((subschema, path + ["not"]))
    }
    return result
  }

  private mutating func checkSchema(_ schema: [String: JSONValue], at path: [String]) throws {
    guard visited.insert(path).inserted else { return }
    func fail(_ text: String) -> JSONSchemaValidator.SchemaError {
      JSONSchemaValidator.SchemaError(description: "schema \(JSONPointer.fragment(path)): \(text)")
    }

    if let reference = schema["$ref"] {
      guard case .string(let string) = reference else { throw fail("$ref must be a string") }
      let targetPath = try resolve(string, from: path, fail)
      guard case .object(let target)? = JSONValue.object(root).at(targetPath) else {
        throw fail("$ref \"\(string)\" does not point to a schema in this document")
      }
      if let known = referencePaths[string], known != targetPath {
        throw fail("$ref \"\(string)\" means different schemas in different scopes, which is not supported")
      }
      referencePaths[string] = targetPath
      references[string] = target
      try checkSchema(target, at: targetPath)
    }

    if let type = schema["type"] {
      let names: [JSONValue]
      switch type {
      case .string: names = [type]
      case .array(let elements) where !elements.isEmpty: names = elements
      default: throw fail("type must be a string or a non-empty array of strings")
      }
      for name in names {
        guard case .string(let string) = name, JSONValue.typeNames.contains(string) else {
          throw fail("type \(name.compactText) is not a draft-04 type")
        }
      }
    }
    if let values = schema["enum"], !values.isArray { throw fail("enum must be an array") }
    if let required = schema["required"] {
      guard case .array(let names) = required, names.allSatisfy(\.isString) else {
        throw fail("required must be an array of strings")
      }
    }
    if let divisor = schema["multipleOf"] {
      guard case .number(let number) = divisor, JSONNumber.compare(number, .int(0)) > 0 else {
        throw fail("multipleOf must be a number greater than 0")
      }
    }
    for keyword in ["maximum", "minimum"] where schema[keyword] != nil {
      guard case .number? = schema[keyword] else { throw fail("\(keyword) must be a number") }
    }
    for keyword in ["exclusiveMaximum", "exclusiveMinimum", "uniqueItems"] where schema[keyword] != nil {
      guard case .bool? = schema[keyword] else { throw fail("\(keyword) must be a boolean in draft-04") }
    }
    let counts = ["maxLength", "minLength", "maxItems", "minItems", "maxProperties", "minProperties"]
    for keyword in counts where schema[keyword] != nil {
      guard case .number(let number)? = schema[keyword], number.isInteger,
        JSONNumber.compare(number, .int(0)) >= 0
      else { throw fail("\(keyword) must be a non-negative integer") }
    }
    if let pattern = schema["pattern"] {
      guard case .string(let string) = pattern else { throw fail("pattern must be a string") }
      try compile(string, fail)
    }
    if let format = schema["format"], !format.isString { throw fail("format must be a string") }
    for keyword in ["properties", "patternProperties", "definitions", "dependencies"]
    where schema[keyword] != nil {
      guard case .object? = schema[keyword] else { throw fail("\(keyword) must be an object") }
    }
    if case .object(let patterns)? = schema["patternProperties"] {
      for pattern in patterns.keys { try compile(pattern, fail) }
    }
    if case .object(let dependencies)? = schema["dependencies"] {
      for case .array(let names) in dependencies.values where !names.allSatisfy(\.isString) {
        throw fail("a dependencies array must hold property names")
      }
    }
    for keyword in ["additionalItems", "additionalProperties"] {
      if let value = schema[keyword], !value.isObject, !value.isBool {
        throw fail("\(keyword) must be a boolean or a schema")
      }
    }
    if let items = schema["items"], !items.isObject, !items.isArray {
      throw fail("items must be a schema or an array of schemas")
    }
    for keyword in ["allOf", "anyOf", "oneOf"] where schema[keyword] != nil {
      guard case .array(let elements)? = schema[keyword], !elements.isEmpty else {
        throw fail("\(keyword) must be a non-empty array of schemas")
      }
    }

    for (subschema, subpath) in Self.subschemas(of: schema, at: path) {
      guard case .object(let object) = subschema else {
        throw JSONSchemaValidator.SchemaError(
          description: "schema \(JSONPointer.fragment(subpath)): a schema must be an object")
      }
      try checkSchema(object, at: subpath)
    }
  }

  private mutating func compile(
    _ pattern: String, _ fail: (String) -> JSONSchemaValidator.SchemaError
  ) throws {
    guard regexes[pattern] == nil else { return }
    do {
      regexes[pattern] = try NSRegularExpression(pattern: pattern)
    } catch {
      throw fail("pattern \(JSONValue.string(pattern).compactText) is not a valid regular expression")
    }
  }

  /// The pointer of the schema `reference` (found in the schema at `path`) refers to.
  private func resolve(
    _ reference: String, from path: [String], _ fail: (String) -> JSONSchemaValidator.SchemaError
  ) throws -> [String] {
    let base = scope(enclosing: path)
    let documentPart: Substring
    let fragment: Substring
    if let hash = reference.firstIndex(of: "#") {
      documentPart = reference[..<hash]
      fragment = reference[reference.index(after: hash)...]
    } else {
      documentPart = reference[...]
      fragment = ""
    }
    let documentKey: String
    let documentPath: [String]
    if documentPart.isEmpty {
      documentKey = Self.key(base)
      documentPath = identifiers[documentKey] ?? []
    } else {
      documentKey = Self.key(Self.resolve(String(documentPart), against: base))
      guard let found = identifiers[documentKey] else {
        throw fail("$ref \"\(reference)\" points outside this document; remote references are not supported")
      }
      documentPath = found
    }
    guard let decoded = fragment.removingPercentEncoding else {
      throw fail("$ref \"\(reference)\" has a malformed fragment")
    }
    if decoded.isEmpty {
      return documentPath
    }
    if decoded.hasPrefix("/") {
      return documentPath
        + decoded.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
          $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }
    guard let named = identifiers[documentKey + "#" + decoded] else {
      throw fail("$ref \"\(reference)\" names no subschema")
    }
    return named
  }
}

extension NSRegularExpression {
  /// ECMA 262 semantics for `pattern`: a match anywhere in the string, not anchored.
  fileprivate func matches(_ string: String) -> Bool {
    firstMatch(in: string, range: NSRange(string.startIndex..<string.endIndex, in: string)) != nil
  }
}

// MARK: - JSON pointers

private enum JSONPointer {
  /// The URI fragment form of the pointer made of `tokens` ("#", "#/runs/0").
  static func fragment(_ tokens: [String]) -> String {
    var result = "#"
    for token in tokens {
      let escaped = token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
      result += "/" + (escaped.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? escaped)
    }
    return result
  }
}

// MARK: - JSON values

/// A number as JSON sees it: a mathematical value, compared exactly.
///
/// Integral values are stored as `int` when they fit `Int64` and as `uint` when they only fit
/// `UInt64`; everything else is a finite `double`. This form is canonical, so `1` and `1.0` are
/// both `.int(1)`.
private enum JSONNumber: Sendable, CustomStringConvertible {
  case int(Int64)
  case uint(UInt64)
  case double(Double)

  init(_ value: Double) {
    if value.rounded(.towardZero) == value {
      if value >= -0x1p63, value < 0x1p63 {
        self = .int(Int64(value))
        return
      }
      if value >= 0x1p63, value < 0x1p64 {
        self = .uint(UInt64(value))
        return
      }
    }
    self = .double(value)
  }

  init(_ value: UInt64) {
    self = value <= UInt64(Int64.max) ? .int(Int64(value)) : .uint(value)
  }

  var doubleValue: Double {
    switch self {
    case .int(let value): Double(value)
    case .uint(let value): Double(value)
    case .double(let value): value
    }
  }

  /// A number with no fractional part (1.0 and 1e2 count).
  var isInteger: Bool {
    switch self {
    case .int, .uint: true
    case .double(let value): value.rounded(.towardZero) == value
    }
  }

  var description: String {
    switch self {
    case .int(let value): String(value)
    case .uint(let value): String(value)
    case .double(let value): String(value)
    }
  }

  /// -1, 0 or 1 as `lhs` is less than, equal to or greater than `rhs`.
  static func compare(_ lhs: JSONNumber, _ rhs: JSONNumber) -> Int {
    func order<T: Comparable>(_ lhs: T, _ rhs: T) -> Int { lhs < rhs ? -1 : (lhs == rhs ? 0 : 1) }
    switch (lhs, rhs) {
    case (.int(let lhs), .int(let rhs)): return order(lhs, rhs)
    case (.uint(let lhs), .uint(let rhs)): return order(lhs, rhs)
    case (.double(let lhs), .double(let rhs)): return order(lhs, rhs)
    case (.int, .uint): return -1
    case (.uint, .int): return 1
    case (.double, _): return -compare(rhs, lhs)
    case (_, .double(let rhs)):
      // Rounding to Double is monotonic, so a strict order survives it. Equality after rounding
      // means `rhs` is integral but outside the Int64/UInt64 ranges (else it would not be a
      // .double), so it lies beyond the integer on its side of zero.
      let converted = lhs.doubleValue
      if converted != rhs { return converted < rhs ? -1 : 1 }
      return rhs > 0 ? -1 : 1
    }
  }

  func isMultiple(of divisor: JSONNumber) -> Bool {
    switch (self, divisor) {
    case (.int(let value), .int(let step)): return value.magnitude % step.magnitude == 0
    case (.uint(let value), .int(let step)): return value % step.magnitude == 0
    case (.int(let value), .uint(let step)): return value.magnitude % step == 0
    case (.uint(let value), .uint(let step)): return value % step == 0
    default:
      // Decimal arithmetic on the shortest representations gets 0.3 / 0.1 right; Double does not.
      if let value = Decimal(string: description), let step = Decimal(string: divisor.description),
        !step.isZero
      {
        var quotient = value / step
        var rounded = Decimal()
        NSDecimalRound(&rounded, &quotient, 0, .plain)
        if quotient.isFinite { return rounded == quotient }
      }
      let quotient = doubleValue / divisor.doubleValue
      return quotient.isFinite && quotient.rounded(.towardZero) == quotient
    }
  }
}

/// A JSON value, converted once from whatever `JSONSerialization` or Swift code produced.
private enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(JSONNumber)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  static let typeNames: Set<String> = ["array", "boolean", "integer", "null", "number", "object", "string"]

  struct Unsupported: Error, CustomStringConvertible {
    var description: String
  }

  init(_ value: Any, at path: [String] = []) throws {
    func unsupported(_ what: String) -> Unsupported {
      Unsupported(description: "\(JSONPointer.fragment(path)): \(what) is not a JSON value")
    }
    if value is NSNull {
      self = .null
    } else if let optional = value as? any AnyOptional {
      guard let wrapped = optional.wrappedAny else {
        self = .null
        return
      }
      self = try JSONValue(wrapped, at: path)
    } else if type(of: value) == Bool.self, let bool = value as? Bool {
      self = .bool(bool)
    } else if type(of: value) is NSNumber.Type, let number = value as? NSNumber {
      // A real NSNumber (JSONSerialization output). Checked before the Swift numeric types because
      // `as? Bool`, `as? Int` and `as? Double` all succeed on any NSNumber through bridging.
      self = try Self.convert(number, unsupported)
    } else if let string = value as? String {
      self = .string(string)
    } else if let integer = value as? any BinaryInteger {
      if let exact = Int64(exactly: integer) {
        self = .number(.int(exact))
      } else if let exact = UInt64(exactly: integer) {
        self = .number(JSONNumber(exact))
      } else {
        throw unsupported("integer \(integer)")
      }
    } else if let floating = value as? any BinaryFloatingPoint {
      let double = Double(floating)
      guard double.isFinite else { throw unsupported("number \(double)") }
      self = .number(JSONNumber(double))
    } else if let decimal = value as? Decimal {
      self = try Self.convert(NSDecimalNumber(decimal: decimal), unsupported)
    } else if let elements = value as? [Any] {
      self = .array(try elements.enumerated().map { try JSONValue($1, at: path + [String($0)]) })
    } else if let members = value as? [String: Any] {
      var object: [String: JSONValue] = [:]
      for (name, member) in members {
        object[name] = try JSONValue(member, at: path + [name])
      }
      self = .object(object)
    } else {
      throw unsupported("a value of type \(type(of: value))")
    }
  }

  /// Tells booleans from numbers without `CFGetTypeID` (not available on Linux) and without
  /// `as? Bool` (true for every NSNumber holding 0 or 1): JSONSerialization returns booleans as
  /// CFBoolean-backed NSNumbers (`__NSCFBoolean`), whose `objCType` is "c" on Linux and on Darwin,
  /// while it returns integers as "i"/"q"/"Q" and other numbers as "d".
  private static func convert(
    _ number: NSNumber, _ unsupported: (String) -> Unsupported
  ) throws -> JSONValue {
    let objCType = String(cString: number.objCType)
    switch objCType {
    case "c", "B":
      return .bool(number.boolValue)
    case "C", "S", "I", "L", "Q":
      return .number(JSONNumber(number.uint64Value))
    case "s", "i", "l", "q":
      return .number(.int(number.int64Value))
    default:
      // Integers beyond 64 bits arrive as NSDecimalNumber; keep those that still fit exactly.
      if number is NSDecimalNumber, let exact = Int64(number.stringValue) {
        return .number(.int(exact))
      }
      if number is NSDecimalNumber, let exact = UInt64(number.stringValue) {
        return .number(JSONNumber(exact))
      }
      let double = number.doubleValue
      guard double.isFinite else { throw unsupported("number \(double)") }
      return .number(JSONNumber(double))
    }
  }

  var isArray: Bool { if case .array = self { true } else { false } }
  var isBool: Bool { if case .bool = self { true } else { false } }
  var isObject: Bool { if case .object = self { true } else { false } }
  var isString: Bool { if case .string = self { true } else { false } }

  func hasType(_ name: String) -> Bool {
    switch (name, self) {
    case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string),
      ("array", .array), ("object", .object):
      true
    case ("integer", .number(let number)):
      number.isInteger
    default:
      false
    }
  }

  var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "boolean"
    case .number(let number): number.isInteger ? "integer" : "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }

  /// The member at `path` (object names and array indices), if any.
  func at(_ path: [String]) -> JSONValue? {
    var current = self
    for token in path {
      switch current {
      case .object(let members):
        guard let member = members[token] else { return nil }
        current = member
      case .array(let elements):
        guard token == "0" || (token.first != "0" && token.allSatisfy(\.isASCIIDigit)),
          let index = Int(token), elements.indices.contains(index)
        else { return nil }
        current = elements[index]
      default:
        return nil
      }
    }
    return current
  }

  /// JSON equality: numbers by value, strings by code points, objects regardless of member order.
  static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let lhs), .bool(let rhs)): lhs == rhs
    case (.number(let lhs), .number(let rhs)): JSONNumber.compare(lhs, rhs) == 0
    case (.string(let lhs), .string(let rhs)): lhs.unicodeScalars.elementsEqual(rhs.unicodeScalars)
    case (.array(let lhs), .array(let rhs)): lhs.count == rhs.count && zip(lhs, rhs).allSatisfy(==)
    case (.object(let lhs), .object(let rhs)):
      lhs.count == rhs.count && lhs.allSatisfy { name, value in rhs[name].map { $0 == value } ?? false }
    default: false
    }
  }

  /// Compact JSON text for messages, cut at 100 characters.
  var compactText: String {
    let text = jsonText
    return text.count > 100 ? String(text.prefix(97)) + "..." : text
  }

  private var jsonText: String {
    switch self {
    case .null: return "null"
    case .bool(let bool): return bool ? "true" : "false"
    case .number(let number): return number.description
    case .string(let string):
      var result = "\""
      for scalar in string.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where scalar.value < 0x20:
          result +=
            "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
            + String(scalar.value, radix: 16)
        default: result.unicodeScalars.append(scalar)
        }
      }
      return result + "\""
    case .array(let elements):
      return "[" + elements.map(\.jsonText).joined(separator: ",") + "]"
    case .object(let members):
      let sorted = members.sorted { $0.key < $1.key }
      return "{"
        + sorted.map { JSONValue.string($0.key).jsonText + ":" + $0.value.jsonText }
        .joined(separator: ",") + "}"
    }
  }
}

private protocol AnyOptional {
  var wrappedAny: Any? { get }
}

extension Optional: AnyOptional {
  fileprivate var wrappedAny: Any? { self.map { $0 as Any } }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

// MARK: - Formats

private enum Formats {
  /// Whether `string` is valid for `format`, or nil for formats this validator does not know
  /// (which draft-04 says must not fail validation).
  static func check(_ format: String, _ string: String) -> Bool? {
    switch format {
    case "date-time": isDateTime(string)
    case "email": isEmail(string)
    case "hostname": isHostname(string)
    case "ipv4": isIPv4(string)
    case "ipv6": isIPv6(string)
    case "uri": isURI(string)
    case "uri-reference": isURIReference(string)
    default: nil
    }
  }

  /// RFC 3339 `date-time` (`1985-04-12T23:20:50.52Z`, `1996-12-19T16:39:57-08:00`), with real
  /// calendar days and leap seconds only at 23:59:60 UTC.
  static func isDateTime(_ string: String) -> Bool {
    let bytes = Array(string.utf8)
    var index = 0
    func number(_ digits: Int) -> Int? {
      guard index + digits <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[index..<index + digits] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      index += digits
      return value
    }
    func skip(_ allowed: String) -> Bool {
      guard index < bytes.count, allowed.utf8.contains(bytes[index]) else { return false }
      index += 1
      return true
    }
    guard let year = number(4), skip("-"), let month = number(2), skip("-"), let day = number(2),
      skip("Tt"), let hour = number(2), skip(":"), let minute = number(2), skip(":"),
      let second = number(2)
    else { return false }
    if skip(".") {
      guard number(1) != nil else { return false }
      while number(1) != nil {}
    }
    var offsetMinutes = 0
    if !skip("Zz") {
      guard index < bytes.count else { return false }
      let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
      guard skip("+-"), let offsetHour = number(2), skip(":"), let offsetMinute = number(2),
        offsetHour <= 23, offsetMinute <= 59
      else { return false }
      offsetMinutes = sign * (offsetHour * 60 + offsetMinute)
    }
    guard index == bytes.count else { return false }
    let isLeapYear = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let daysInMonth = [31, isLeapYear ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    guard (1...12).contains(month), (1...daysInMonth[month - 1]).contains(day), hour <= 23,
      minute <= 59, second <= 60
    else { return false }
    if second == 60 {
      let utcMinutes = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
      return utcMinutes == 23 * 60 + 59
    }
    return true
  }

  static func isEmail(_ string: String) -> Bool {
    guard let at = string.lastIndex(of: "@") else { return false }
    let local = string[..<at]
    let domain = string[string.index(after: at)...]
    return !local.isEmpty && !domain.isEmpty && !local.hasPrefix(".") && !local.hasSuffix(".")
      && !local.contains("..") && !string.contains(where: { $0.isWhitespace })
  }

  /// RFC 1123 host name: dot-separated labels of letters, digits and inner hyphens.
  static func isHostname(_ string: String) -> Bool {
    let name = string.hasSuffix(".") ? String(string.dropLast()) : string
    guard !name.isEmpty, name.utf8.count <= 253 else { return false }
    return name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
      !label.isEmpty && label.utf8.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
        && label.unicodeScalars.allSatisfy {
          $0.isASCII && ($0.properties.isAlphabetic || "0"..."9" ~= $0 || $0 == "-")
        }
    }
  }

  static func isIPv4(_ string: String) -> Bool {
    let parts = string.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4
      && parts.allSatisfy { part in
        !part.isEmpty && part.count <= 3 && part.unicodeScalars.allSatisfy { "0"..."9" ~= $0 }
          && (part == "0" || !part.hasPrefix("0")) && (Int(part) ?? 256) <= 255
      }
  }

  static func isIPv6(_ string: String) -> Bool {
    guard string.unicodeScalars.allSatisfy(\.isASCII) else { return false }
    var address = in6_addr()
    return string.withCString { inet_pton(AF_INET6, $0, &address) } == 1
  }

  /// Characters RFC 3986 allows in a URI reference (beside "%" starting an escape).
  private static let uriCharacters = Set(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=".unicodeScalars)

  /// An RFC 3986 URI reference, checked for its characters: no spaces, control characters,
  /// backslashes, non-ASCII letters or stray "%", and at most one "#".
  static func isURIReference(_ string: String) -> Bool {
    let scalars = Array(string.unicodeScalars)
    var index = 0
    var fragments = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "%" {
        guard index + 2 < scalars.count, scalars[index + 1].properties.isASCIIHexDigit,
          scalars[index + 2].properties.isASCIIHexDigit
        else { return false }
        index += 3
        continue
      }
      guard uriCharacters.contains(scalar) else { return false }
      if scalar == "#" { fragments += 1 }
      index += 1
    }
    return fragments <= 1
  }

  /// An absolute URI: a scheme (`[A-Za-z][A-Za-z0-9+.-]*:`) followed by URI characters.
  static func isURI(_ string: String) -> Bool {
    guard let colon = string.firstIndex(of: ":") else { return false }
    let scheme = string[..<colon].unicodeScalars
    guard let first = scheme.first, first.isASCII, first.properties.isAlphabetic else { return false }
    let schemeCharacters = Set(
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+.-".unicodeScalars)
    return scheme.allSatisfy { schemeCharacters.contains($0) } && isURIReference(string)
  }
}
