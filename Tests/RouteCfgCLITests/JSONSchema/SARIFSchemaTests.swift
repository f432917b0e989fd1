import Foundation
import Testing

/// The official SARIF 2.1.0 schema (OASIS Errata 01, JSON Schema draft-04).
/// The official SARIF 2.1.0 schema, kept with the core tests' third-party fixtures.
let sarifSchemaPath =
  Routecfg.repository + "/Tests/RouteCfgCoreTests/Fixtures/ThirdParty/sarif-schema/sarif-schema-2.1.0.json"

/// Loaded once and shared by all tests; the validator is Sendable.
let sarifValidator = Result {
  try JSONSchemaValidator(schemaData: Data(contentsOf: URL(fileURLWithPath: sarifSchemaPath)))
}

let minimalLog = #"{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[]}]}"#

let richLog = #"""
  {
    "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
    "version": "2.1.0",
    "runs": [
      {
        "tool": {
          "driver": {
            "name": "routecfg",
            "version": "1.0.0",
            "informationUri": "https://example.com/routecfg",
            "rules": [
              {
                "id": "RC001",
                "name": "DuplicateRoute",
                "shortDescription": { "text": "Two routes share a path." },
                "defaultConfiguration": { "level": "warning" }
              }
            ]
          }
        },
        "invocations": [{ "executionSuccessful": true, "startTimeUtc": "2024-05-01T12:00:00Z" }],
        "columnKind": "unicodeCodePoints",
        "results": [
          {
            "ruleId": "RC001",
            "ruleIndex": 0,
            "level": "error",
            "message": { "text": "Route '/a' is defined twice." },
            "locations": [
              {
                "physicalLocation": {
                  "artifactLocation": { "uri": "manifests/routes.yaml" },
                  "region": { "startLine": 12, "startColumn": 5 }
                }
              }
            ],
            "relatedLocations": [
              {
                "id": 1,
                "message": { "text": "First definition." },
                "physicalLocation": {
                  "artifactLocation": { "uri": "manifests/routes.yaml" },
                  "region": { "startLine": 3, "startColumn": 5 }
                }
              }
            ]
          }
        ]
      }
    ]
  }
  """#

/// `log` with `target`, which must occur exactly once, replaced by `replacement`.
func variant(of log: String, replacing target: String, with replacement: String) throws -> String {
  try #require(log.components(separatedBy: target).count == 2, "\"\(target)\" must occur exactly once")
  return log.replacingOccurrences(of: target, with: replacement)
}

func sarifErrors(_ log: String) throws -> [String] {
  try sarifValidator.get().validate(jsonData: Data(log.utf8))
}

@Test func schemaLoads() throws {
  _ = try sarifValidator.get()
}

@Test func minimalLogIsValid() throws {
  #expect(try sarifErrors(minimalLog) == [])
}

@Test func richLogIsValid() throws {
  #expect(try sarifErrors(richLog) == [])
}

@Test func runsMayBeNull() throws {
  // The schema types `runs` as ["array", "null"].
  #expect(try sarifErrors(#"{"version":"2.1.0","runs":null}"#) == [])
}

struct InvalidLog: Sendable, CustomTestStringConvertible {
  var name: String
  var log: @Sendable () throws -> String
  var errors: [String]

  var testDescription: String { name }
}

let invalidLogs: [InvalidLog] = [
  InvalidLog(
    name: "result level \"fatal\"",
    log: { try variant(of: richLog, replacing: #""level": "error""#, with: #""level": "fatal""#) },
    errors: [#"#/runs/0/results/0/level: value "fatal" is not one of ["none","note","warning","error"]"#]),
  InvalidLog(
    name: "rule default level \"fatal\"",
    log: { try variant(of: richLog, replacing: #""level": "warning""#, with: #""level": "fatal""#) },
    errors: [
      #"#/runs/0/tool/driver/rules/0/defaultConfiguration/level: value "fatal" is not one of "#
        + #"["none","note","warning","error"]"#
    ]),
  InvalidLog(
    name: "startLine 0",
    log: { try variant(of: richLog, replacing: #""startLine": 12"#, with: #""startLine": 0"#) },
    errors: [
      "#/runs/0/results/0/locations/0/physicalLocation/region/startLine: value 0 is less than the minimum 1"
    ]),
  InvalidLog(
    name: "version 2.0.0",
    log: { try variant(of: minimalLog, replacing: #""version":"2.1.0""#, with: #""version":"2.0.0""#) },
    errors: [#"#/version: value "2.0.0" is not one of ["2.1.0"]"#]),
  InvalidLog(
    name: "missing runs",
    log: { #"{"version":"2.1.0"}"# },
    errors: [#"#: required property "runs" is missing"#]),
  InvalidLog(
    name: "results as an object",
    log: { try variant(of: minimalLog, replacing: #""results":[]"#, with: #""results":{}"#) },
    errors: ["#/runs/0/results: expected type array, found object {}"]),
  InvalidLog(
    name: "relatedLocation id -2",
    log: { try variant(of: richLog, replacing: #""id": 1"#, with: #""id": -2"#) },
    errors: ["#/runs/0/results/0/relatedLocations/0/id: value -2 is less than the minimum -1"]),
  InvalidLog(
    name: "unknown property at the top level",
    log: {
      try variant(of: minimalLog, replacing: #"{"version""#, with: #"{"generator":"routecfg","version""#)
    },
    errors: [#"#: property "generator" is not allowed (additionalProperties is false)"#]),
  InvalidLog(
    name: "unknown property in a result",
    log: {
      try variant(of: richLog, replacing: #""ruleIndex": 0,"#, with: #""ruleIndex": 0, "severity": "high","#)
    },
    errors: [#"#/runs/0/results/0: property "severity" is not allowed (additionalProperties is false)"#]),
  InvalidLog(
    name: "message with neither text nor id",
    log: {
      try variant(
        of: richLog, replacing: #"{ "text": "First definition." }"#, with: #"{ "markdown": "First." }"#)
    },
    errors: [
      "#/runs/0/results/0/relatedLocations/0/message: value does not match any schema in anyOf: "
        + #"[0] required property "text" is missing | [1] required property "id" is missing"#
    ]),
  InvalidLog(
    name: "missing tool",
    log: { try variant(of: minimalLog, replacing: #""tool":{"driver":{"name":"x"}},"#, with: "") },
    errors: [#"#/runs/0: required property "tool" is missing"#]),
  InvalidLog(
    name: "columnKind misspelled",
    log: { try variant(of: richLog, replacing: #""unicodeCodePoints""#, with: #""unicodeCodepoints""#) },
    errors: [
      #"#/runs/0/columnKind: value "unicodeCodepoints" is not one of ["utf16CodeUnits","unicodeCodePoints"]"#
    ]),
  InvalidLog(
    name: "artifact uri with a space",
    log: { richLog.replacingOccurrences(of: #""manifests/routes.yaml""#, with: #""my routes.yaml""#) },
    errors: [
      #"#/runs/0/results/0/locations/0/physicalLocation/artifactLocation/uri: string "my routes.yaml" "#
        + "is not a valid uri-reference",
      "#/runs/0/results/0/relatedLocations/0/physicalLocation/artifactLocation/uri: "
        + #"string "my routes.yaml" "#
        + "is not a valid uri-reference",
    ]),
  InvalidLog(
    name: "invocation time without offset",
    log: { try variant(of: richLog, replacing: #""2024-05-01T12:00:00Z""#, with: #""2024-05-01 12:00""#) },
    errors: [#"#/runs/0/invocations/0/startTimeUtc: string "2024-05-01 12:00" is not a valid date-time"#]),
  InvalidLog(
    name: "startColumn as a string",
    log: {
      try variant(
        of: richLog, replacing: #""startLine": 12, "startColumn": 5"#,
        with: #""startLine": 12, "startColumn": "5""#)
    },
    errors: [
      "#/runs/0/results/0/locations/0/physicalLocation/region/startColumn: "
        + #"expected type integer, found string "5""#
    ]),
]

@Test(arguments: invalidLogs)
func invalidLogIsRejected(_ testCase: InvalidLog) throws {
  let log = try testCase.log()
  // The mutated text is still JSON; only the schema rejects it.
  _ = try JSONSerialization.jsonObject(with: Data(log.utf8))
  #expect(try sarifErrors(log) == testCase.errors)
}

/// Every keyword in the SARIF schema is one this validator implements or knows to be an annotation.
@Test func sarifSchemaUsesOnlyImplementedKeywords() throws {
  let schema = try #require(
    try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: sarifSchemaPath)))
      as? [String: Any])
  var used: Set<String> = []
  func walk(_ schema: [String: Any]) {
    used.formUnion(schema.keys)
    for keyword in ["properties", "patternProperties", "definitions"] {
      for case let member as [String: Any] in (schema[keyword] as? [String: Any])?.values ?? [:].values {
        walk(member)
      }
    }
    for keyword in ["items", "additionalItems", "additionalProperties", "not"] {
      if let member = schema[keyword] as? [String: Any] { walk(member) }
    }
    for keyword in ["items", "allOf", "anyOf", "oneOf"] {
      for case let member as [String: Any] in schema[keyword] as? [Any] ?? [] { walk(member) }
    }
  }
  walk(schema)
  #expect(
    used.subtracting(JSONSchemaValidator.keywords).isEmpty,
    "\(used.subtracting(JSONSchemaValidator.keywords))")
  #expect(
    used.isSuperset(of: [
      "$ref", "additionalProperties", "anyOf", "enum", "format", "items", "maximum", "minItems", "minimum",
      "oneOf",
      "pattern", "properties", "required", "type", "uniqueItems",
    ]))
}
