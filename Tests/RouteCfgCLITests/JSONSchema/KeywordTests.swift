import Foundation
import Testing

/// One keyword (or keyword combination): a schema, an instance it accepts, one it rejects and the
/// exact violations reported for the latter.
struct KeywordCase: Sendable, CustomTestStringConvertible {
  var name: String
  var schema: String
  var valid: String
  var invalid: String
  var errors: [String]

  var testDescription: String { name }
}

let keywordCases: [KeywordCase] = [
  // MARK: type
  KeywordCase(
    name: "type string", schema: #"{"type": "string"}"#, valid: #""a""#, invalid: "1",
    errors: ["#: expected type string, found integer 1"]),
  KeywordCase(
    name: "type array of names", schema: #"{"type": ["array", "null"]}"#, valid: "null", invalid: "{}",
    errors: ["#: expected type array or null, found object {}"]),
  KeywordCase(
    name: "type integer accepts a number without fractional part", schema: #"{"type": "integer"}"#,
    valid: "1.0", invalid: "1.5", errors: ["#: expected type integer, found number 1.5"]),
  KeywordCase(
    name: "type integer rejects a boolean", schema: #"{"type": "integer"}"#, valid: "-7", invalid: "true",
    errors: ["#: expected type integer, found boolean true"]),
  KeywordCase(
    name: "type number accepts integers", schema: #"{"type": "number"}"#, valid: "3", invalid: #""3""#,
    errors: [#"#: expected type number, found string "3""#]),
  KeywordCase(
    name: "type boolean rejects 0", schema: #"{"type": "boolean"}"#, valid: "false", invalid: "0",
    errors: ["#: expected type boolean, found integer 0"]),
  KeywordCase(
    name: "type null", schema: #"{"type": "null"}"#, valid: "null", invalid: "false",
    errors: ["#: expected type null, found boolean false"]),
  KeywordCase(
    name: "type object", schema: #"{"type": "object"}"#, valid: "{}", invalid: "[]",
    errors: ["#: expected type object, found array []"]),

  // MARK: enum
  KeywordCase(
    name: "enum with deep equality", schema: #"{"enum": [{"a": [1, "x"]}, 2]}"#, valid: #"{"a": [1.0, "x"]}"#,
    invalid: #"{"a": ["x", 1]}"#, errors: [#"#: value {"a":["x",1]} is not one of [{"a":[1,"x"]},2]"#]),
  KeywordCase(
    name: "enum does not equate true and 1", schema: #"{"enum": [1]}"#, valid: "1", invalid: "true",
    errors: ["#: value true is not one of [1]"]),
  KeywordCase(
    name: "enum does not equate false and 0", schema: #"{"enum": [false]}"#, valid: "false", invalid: "0",
    errors: ["#: value 0 is not one of [false]"]),

  // MARK: numbers
  KeywordCase(
    name: "multipleOf", schema: #"{"multipleOf": 0.01}"#, valid: "19.99", invalid: "0.075",
    errors: ["#: value 0.075 is not a multiple of 0.01"]),
  KeywordCase(
    name: "maximum", schema: #"{"maximum": 100.0}"#, valid: "100", invalid: "100.5",
    errors: ["#: value 100.5 is greater than the maximum 100"]),
  KeywordCase(
    name: "exclusiveMaximum", schema: #"{"maximum": 3, "exclusiveMaximum": true}"#, valid: "2.9",
    invalid: "3",
    errors: ["#: value 3 is not less than the exclusive maximum 3"]),
  KeywordCase(
    name: "minimum", schema: #"{"minimum": -1}"#, valid: "-1", invalid: "-2",
    errors: ["#: value -2 is less than the minimum -1"]),
  KeywordCase(
    name: "exclusiveMinimum", schema: #"{"minimum": 1.1, "exclusiveMinimum": true}"#, valid: "1.2",
    invalid: "1.1", errors: ["#: value 1.1 is not greater than the exclusive minimum 1.1"]),
  KeywordCase(
    name: "minimum ignores non-numbers", schema: #"{"minimum": 5}"#, valid: #""3""#, invalid: "4",
    errors: ["#: value 4 is less than the minimum 5"]),
  KeywordCase(
    name: "maximum compares 64-bit integers exactly", schema: #"{"maximum": 9223372036854775807}"#,
    valid: "9223372036854775807", invalid: "9223372036854775808",
    errors: ["#: value 9223372036854775808 is greater than the maximum 9223372036854775807"]),

  // MARK: strings
  KeywordCase(
    name: "maxLength counts code points", schema: #"{"maxLength": 2}"#, valid: #""💩💩""#, invalid: #""abc""#,
    errors: [#"#: string "abc" has 3 characters, more than maxLength 2"#]),
  KeywordCase(
    name: "minLength", schema: #"{"minLength": 1}"#, valid: #""a""#, invalid: #""""#,
    errors: [#"#: string "" has 0 characters, fewer than minLength 1"#]),
  KeywordCase(
    name: "pattern is not anchored", schema: #"{"pattern": "[0-9]+(\\.[0-9]+){3}"}"#,
    valid: #""v1.2.3.4-beta""#,
    invalid: #""1.2.3""#, errors: [#"#: string "1.2.3" does not match pattern "[0-9]+(\\.[0-9]+){3}""#]),
  KeywordCase(
    name: "pattern with anchors", schema: #"{"pattern": "^[a-zA-Z]{2}(-[a-zA-Z]{2})?$"}"#, valid: #""en-US""#,
    invalid: #""en-USA""#,
    errors: [#"#: string "en-USA" does not match pattern "^[a-zA-Z]{2}(-[a-zA-Z]{2})?$""#]),

  // MARK: arrays
  KeywordCase(
    name: "items schema", schema: #"{"items": {"type": "integer"}}"#, valid: "[1, 2]",
    invalid: #"[1, "2", 3]"#,
    errors: [#"#/1: expected type integer, found string "2""#]),
  KeywordCase(
    name: "items tuple", schema: #"{"items": [{"type": "integer"}, {"type": "string"}]}"#,
    valid: #"[1, "a", null]"#,
    invalid: #"["a", 1]"#,
    errors: [#"#/0: expected type integer, found string "a""#, "#/1: expected type string, found integer 1"]),
  KeywordCase(
    name: "additionalItems false", schema: #"{"items": [{}, {}], "additionalItems": false}"#, valid: "[1, 2]",
    invalid: "[1, 2, 3]",
    errors: ["#: array has 3 items, but only 2 are allowed (additionalItems is false)"]),
  KeywordCase(
    name: "additionalItems schema", schema: #"{"items": [{}], "additionalItems": {"type": "boolean"}}"#,
    valid: "[1, true, false]", invalid: "[1, true, 2]",
    errors: ["#/2: expected type boolean, found integer 2"]),
  KeywordCase(
    name: "additionalItems is ignored when items is a schema",
    schema: #"{"items": {"type": "integer"}, "additionalItems": false}"#, valid: "[1, 2, 3]",
    invalid: #"[1, "2"]"#,
    errors: [#"#/1: expected type integer, found string "2""#]),
  KeywordCase(
    name: "maxItems", schema: #"{"maxItems": 1}"#, valid: "[1]", invalid: "[1, 2]",
    errors: ["#: array has 2 items, more than maxItems 1"]),
  KeywordCase(
    name: "minItems", schema: #"{"minItems": 1}"#, valid: "[1]", invalid: "[]",
    errors: ["#: array has 0 items, fewer than minItems 1"]),
  KeywordCase(
    name: "uniqueItems compares deeply", schema: #"{"uniqueItems": true}"#,
    valid: #"[1, true, "1", [1], {"a": 1}, {"a": true}]"#,
    invalid: #"[{"a": 1, "b": [2]}, 0, {"b": [2.0], "a": 1}]"#,
    errors: ["#: items 0 and 2 are equal, but uniqueItems is true"]),
  KeywordCase(
    name: "uniqueItems equates 1 and 1.0", schema: #"{"uniqueItems": true}"#, valid: "[0, false]",
    invalid: "[1, 1.0]", errors: ["#: items 0 and 1 are equal, but uniqueItems is true"]),
  KeywordCase(
    name: "uniqueItems false allows duplicates", schema: #"{"uniqueItems": false, "maxItems": 2}"#,
    valid: "[1, 1]", invalid: "[1, 1, 1]", errors: ["#: array has 3 items, more than maxItems 2"]),

  // MARK: objects
  KeywordCase(
    name: "maxProperties", schema: #"{"maxProperties": 1}"#, valid: #"{"a": 1}"#,
    invalid: #"{"a": 1, "b": 2}"#,
    errors: ["#: object has 2 properties, more than maxProperties 1"]),
  KeywordCase(
    name: "minProperties", schema: #"{"minProperties": 1}"#, valid: #"{"a": 1}"#, invalid: "{}",
    errors: ["#: object has 0 properties, fewer than minProperties 1"]),
  KeywordCase(
    name: "required", schema: #"{"required": ["a", "b"]}"#, valid: #"{"a": null, "b": 0}"#,
    invalid: #"{"b": 1}"#,
    errors: [#"#: required property "a" is missing"#]),
  KeywordCase(
    name: "properties", schema: #"{"properties": {"a": {"type": "string"}}}"#, valid: #"{"a": "x", "b": 1}"#,
    invalid: #"{"a": 1}"#, errors: ["#/a: expected type string, found integer 1"]),
  KeywordCase(
    name: "patternProperties", schema: #"{"patternProperties": {"^x-": {"type": "integer"}}}"#,
    valid: #"{"x-a": 1, "y": "s"}"#, invalid: #"{"x-a": "s"}"#,
    errors: [#"#/x-a: expected type integer, found string "s""#]),
  KeywordCase(
    name: "additionalProperties false",
    schema: #"{"properties": {"a": {}}, "patternProperties": {"^x-": {}}, "additionalProperties": false}"#,
    valid: #"{"a": 1, "x-b": 2}"#, invalid: #"{"a": 1, "b": 2}"#,
    errors: [#"#: property "b" is not allowed (additionalProperties is false)"#]),
  KeywordCase(
    name: "additionalProperties schema",
    schema: #"{"properties": {"a": {}}, "additionalProperties": {"type": "string"}}"#,
    valid: #"{"a": 1, "b": "x"}"#, invalid: #"{"a": 1, "b": 2}"#,
    errors: ["#/b: expected type string, found integer 2"]),
  KeywordCase(
    name: "additionalProperties true",
    schema: #"{"properties": {"a": {"type": "string"}}, "additionalProperties": true}"#,
    valid: #"{"a": "x", "b": 1}"#, invalid: #"{"a": 1}"#,
    errors: ["#/a: expected type string, found integer 1"]),
  KeywordCase(
    name: "dependencies with names", schema: #"{"dependencies": {"a": ["b"]}}"#, valid: #"{"a": 1, "b": 2}"#,
    invalid: #"{"a": 1}"#, errors: [#"#: property "b" is required by property "a""#]),
  KeywordCase(
    name: "dependencies with a schema", schema: #"{"dependencies": {"a": {"required": ["c"]}}}"#,
    valid: #"{"b": 1}"#, invalid: #"{"a": 1}"#, errors: [#"#: required property "c" is missing"#]),

  // MARK: combinators
  KeywordCase(
    name: "allOf", schema: #"{"allOf": [{"minimum": 1}, {"maximum": 3}]}"#, valid: "2", invalid: "4",
    errors: ["#: value 4 is greater than the maximum 3"]),
  KeywordCase(
    name: "anyOf", schema: #"{"anyOf": [{"required": ["text"]}, {"required": ["id"]}]}"#,
    valid: #"{"id": "m"}"#, invalid: #"{"markdown": "m"}"#,
    errors: [
      #"#: value does not match any schema in anyOf: [0] required property "text" is missing | "#
        + #"[1] required property "id" is missing"#
    ]),
  KeywordCase(
    name: "oneOf with no match", schema: #"{"oneOf": [{"type": "integer"}, {"minimum": 2}]}"#, valid: "1",
    invalid: "1.5",
    errors: [
      "#: value does not match any schema in oneOf: [0] expected type integer, found number 1.5 | "
        + "[1] value 1.5 is less than the minimum 2"
    ]),
  KeywordCase(
    name: "oneOf with two matches", schema: #"{"oneOf": [{"type": "integer"}, {"minimum": 2}]}"#,
    valid: "2.5",
    invalid: "3", errors: ["#: value matches 2 schemas in oneOf (0, 1), exactly one is required"]),
  KeywordCase(
    name: "not", schema: #"{"not": {"type": "string"}}"#, valid: "1", invalid: #""a""#,
    errors: [#"#: value must not match the schema in "not""#]),

  // MARK: $ref
  KeywordCase(
    name: "$ref to definitions",
    schema: ##"{"definitions": {"n": {"type": "integer"}}, "items": {"$ref": "#/definitions/n"}}"##,
    valid: "[1]", invalid: "[1.5]", errors: ["#/0: expected type integer, found number 1.5"]),
  KeywordCase(
    name: "$ref ignores its siblings",
    schema:
      ##"{"definitions": {"a": {"type": "array"}},"##
      + ##" "properties": {"x": {"$ref": "#/definitions/a", "maxItems": 1}}}"##,
    valid: #"{"x": [1, 2, 3]}"#, invalid: #"{"x": 1}"#,
    errors: ["#/x: expected type array, found integer 1"]),
  KeywordCase(
    name: "$ref to the root, recursively",
    schema: ##"{"type": "object", "properties": {"child": {"$ref": "#"}}, "additionalProperties": false}"##,
    valid: #"{"child": {"child": {}}}"#, invalid: #"{"child": {"child": {"x": 1}}}"#,
    errors: [#"#/child/child: property "x" is not allowed (additionalProperties is false)"#]),
  KeywordCase(
    name: "$ref with escaped pointer tokens",
    schema: #"""
      {"defs": {"a/b": {"type": "string"}, "c~d": {"type": "integer"}, "e%f": {"type": "null"}},
       "properties": {
         "s": {"$ref": "#/defs/a~1b"}, "i": {"$ref": "#/defs/c~0d"}, "n": {"$ref": "#/defs/e%25f"}}}
      """#,
    valid: #"{"s": "x", "i": 1, "n": null}"#, invalid: #"{"s": 1, "i": "x", "n": 0}"#,
    errors: [
      #"#/i: expected type integer, found string "x""#, "#/n: expected type null, found integer 0",
      "#/s: expected type string, found integer 1",
    ]),
  KeywordCase(
    name: "$ref to a plain-name id",
    schema: ##"{"definitions": {"a": {"id": "#num", "type": "number"}}, "items": {"$ref": "#num"}}"##,
    valid: "[1.5]", invalid: #"["x"]"#, errors: [#"#/0: expected type number, found string "x""#]),
  KeywordCase(
    name: "$ref resolved against the id of an enclosing schema",
    schema: #"""
      {"id": "http://example.com/root.json",
       "definitions": {
         "b": {"id": "other.json", "definitions": {"s": {"type": "string"}},
               "allOf": [{"$ref": "#/definitions/s"}]},
         "s": {"type": "integer"}},
       "properties": {"x": {"$ref": "other.json"}, "y": {"$ref": "root.json#/definitions/s"}}}
      """#,
    valid: #"{"x": "a", "y": 1}"#, invalid: #"{"x": 1, "y": "a"}"#,
    errors: ["#/x: expected type string, found integer 1", #"#/y: expected type integer, found string "a""#]),

  KeywordCase(
    name: "an id beside $ref does not change the base of that $ref",
    schema: #"""
      {"id": "http://example.com/base/",
       "definitions": {
         "a": {"id": "http://example.com/t.json", "type": "string"}, "b": {"id": "t.json", "type": "number"}},
       "items": {"id": "http://example.com/", "$ref": "t.json"}}
      """#,
    valid: "[1]", invalid: #"["x"]"#, errors: [#"#/0: expected type number, found string "x""#]),

  // MARK: format
  KeywordCase(
    name: "format date-time", schema: #"{"format": "date-time"}"#, valid: #""2024-02-29T23:59:60.5+00:00""#,
    invalid: #""2023-02-29T10:00:00Z""#,
    errors: [#"#: string "2023-02-29T10:00:00Z" is not a valid date-time"#]),
  KeywordCase(
    name: "format date-time needs an offset", schema: #"{"format": "date-time"}"#,
    valid: #""1985-04-12T23:20:50.52Z""#, invalid: #""1985-04-12T23:20:50""#,
    errors: [#"#: string "1985-04-12T23:20:50" is not a valid date-time"#]),
  KeywordCase(
    name: "format uri", schema: #"{"format": "uri"}"#, valid: #""file:///src/a%20b.swift""#,
    invalid: #""src/a.swift""#, errors: [#"#: string "src/a.swift" is not a valid uri"#]),
  KeywordCase(
    name: "format uri rejects spaces", schema: #"{"format": "uri"}"#, valid: #""urn:x:y""#,
    invalid: #""file:///a b""#, errors: [#"#: string "file:///a b" is not a valid uri"#]),
  KeywordCase(
    name: "format uri-reference", schema: #"{"format": "uri-reference"}"#, valid: #""src/a.swift#L3""#,
    invalid: #""src\\a.swift""#, errors: [#"#: string "src\\a.swift" is not a valid uri-reference"#]),
  KeywordCase(
    name: "format email", schema: #"{"format": "email"}"#, valid: #""a.b@example.com""#,
    invalid: #""a..b@example.com""#, errors: [#"#: string "a..b@example.com" is not a valid email"#]),
  KeywordCase(
    name: "format hostname", schema: #"{"format": "hostname"}"#, valid: #""www.example.com""#,
    invalid: #""-bad.example.com""#, errors: [#"#: string "-bad.example.com" is not a valid hostname"#]),
  KeywordCase(
    name: "format ipv4", schema: #"{"format": "ipv4"}"#, valid: #""192.168.0.1""#, invalid: #""256.1.1.1""#,
    errors: [#"#: string "256.1.1.1" is not a valid ipv4"#]),
  KeywordCase(
    name: "format ipv6", schema: #"{"format": "ipv6"}"#, valid: #""::ffff:192.168.0.1""#,
    invalid: #""1::2::3""#,
    errors: [#"#: string "1::2::3" is not a valid ipv6"#]),
  KeywordCase(
    name: "format applies only to strings", schema: #"{"format": "uri"}"#, valid: "12", invalid: #""""#,
    errors: [#"#: string "" is not a valid uri"#]),

  // MARK: keywords without validation meaning
  KeywordCase(
    name: "unknown format, unknown keyword and annotations are ignored",
    schema: #"""
      {"$schema": "http://json-schema.org/draft-04/schema#", "id": "http://example.com/s", "title": "t",
       "description": "d", "default": 5, "format": "color", "frobnicate": {"type": "string"},
       "type": "integer"}
      """#,
    valid: "3", invalid: #""red""#, errors: [#"#: expected type integer, found string "red""#]),
]

@Test(arguments: keywordCases)
func keyword(_ testCase: KeywordCase) throws {
  let validator = try JSONSchemaValidator(schemaData: Data(testCase.schema.utf8))
  #expect(try validator.validate(jsonData: Data(testCase.valid.utf8)) == [])
  #expect(try validator.validate(jsonData: Data(testCase.invalid.utf8)) == testCase.errors)
}

@Test func errorsAccumulateAcrossKeywordsAndLocations() throws {
  let schema = #"""
    {"type": "object", "required": ["a", "z"],
     "properties": {"a": {"type": "array", "items": {"type": "string", "minLength": 2}}}}
    """#
  let validator = try JSONSchemaValidator(schemaData: Data(schema.utf8))
  let errors = try validator.validate(jsonData: Data(#"{"a": ["ok", "x", 3]}"#.utf8))
  #expect(
    errors == [
      #"#: required property "z" is missing"#,
      #"#/a/1: string "x" has 1 characters, fewer than minLength 2"#,
      "#/a/2: expected type string, found integer 3",
    ])
}

@Test func pointersEscapeSpecialCharacters() throws {
  let validator = try JSONSchemaValidator(
    schemaData: Data(#"{"additionalProperties": {"type": "null"}}"#.utf8))
  let errors = try validator.validate(jsonData: Data(#"{"a/b~c d": 1}"#.utf8))
  #expect(errors == ["#/a~1b~0c%20d: expected type null, found integer 1"])
}

@Test func recursionFollowsTheInstance() throws {
  let schema = ##"""
    {"definitions": {"list": {"type": "array", "items": {"$ref": "#/definitions/list"}}},
     "$ref": "#/definitions/list"}
    """##
  let validator = try JSONSchemaValidator(schemaData: Data(schema.utf8))
  let depth = 300
  let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
  #expect(try validator.validate(jsonData: Data(deep.utf8)) == [])
  let bad = String(repeating: "[", count: 3) + "1" + String(repeating: "]", count: 3)
  #expect(
    try validator.validate(jsonData: Data(bad.utf8)) == ["#/0/0/0: expected type array, found integer 1"])
}

@Test(arguments: [
  ##"{"$ref": "#"}"##,
  ##"{"definitions": {"a": {"$ref": "#/definitions/b"}, "b": {"$ref": "#/definitions/a"}},"##
    + ##" "$ref": "#/definitions/a"}"##,
  ##"{"not": {"$ref": "#"}}"##,
  ##"{"anyOf": [{"$ref": "#"}, {"type": "string"}]}"##,
])
func referenceCycleWithoutInstanceDepthIsReportedNotFollowed(schema: String) throws {
  let validator = try JSONSchemaValidator(schemaData: Data(schema.utf8))
  let errors = try validator.validate(jsonData: Data("1".utf8))
  #expect(errors.count == 1)
  #expect(errors.first?.contains("refers back to itself without consuming the instance") == true)
}

@Test(arguments: [
  ("not json", "schema is not valid JSON"),
  ("[]", "the root of a draft-04 schema must be an object"),
  (#"{"$schema": "http://json-schema.org/draft-07/schema#"}"#, "is not JSON Schema draft-04"),
  (#"{"$ref": "http://example.com/other.json#"}"#, "remote references are not supported"),
  (##"{"$ref": "#/definitions/missing"}"##, "does not point to a schema in this document"),
  (##"{"$ref": "#nowhere"}"##, "names no subschema"),
  (#"{"pattern": "("}"#, "is not a valid regular expression"),
  (#"{"patternProperties": {"[": {}}}"#, "is not a valid regular expression"),
  (#"{"type": "float"}"#, "is not a draft-04 type"),
  (#"{"minimum": 0, "exclusiveMinimum": 0}"#, "exclusiveMinimum must be a boolean in draft-04"),
  (#"{"items": true}"#, "items must be a schema or an array of schemas"),
  (#"{"properties": {"a": 1}}"#, "schema #/properties/a: a schema must be an object"),
  (#"{"minItems": -1}"#, "minItems must be a non-negative integer"),
  (#"{"multipleOf": 0}"#, "multipleOf must be a number greater than 0"),
  (#"{"anyOf": []}"#, "anyOf must be a non-empty array of schemas"),
])
func malformedSchemaIsRejected(schema: String, reason: String) {
  #expect {
    _ = try JSONSchemaValidator(schemaData: Data(schema.utf8))
  } throws: { error in
    "\(error)".contains(reason)
  }
}
