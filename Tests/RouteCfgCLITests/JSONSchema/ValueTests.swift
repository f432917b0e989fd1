import Foundation
import Testing

/// How instance values are read: booleans and numbers both arrive as NSNumber from
/// JSONSerialization, and `as? Bool` / `as? Int` succeed on either, so these pin the distinction.
struct ValueTests {
  let typeOf: JSONSchemaValidator

  init() throws {
    // Reports the type of whatever it is given, through the "expected type null" message.
    typeOf = try JSONSchemaValidator(schemaData: Data(#"{"type": "null"}"#.utf8))
  }

  func reportedType(_ value: Any) -> String? {
    guard let error = typeOf.validate(value).first else { return "null" }
    return error.split(separator: " ").dropFirst(5).first.map(String.init)
  }

  @Test func jsonSerializationBooleansAreBooleans() throws {
    let parsed = try #require(
      try JSONSerialization.jsonObject(with: Data("[true, false, 1, 0, 1.0, 1.5, -0]".utf8)) as? [Any])
    #expect(
      parsed.map(reportedType) == [
        "boolean", "boolean", "integer", "integer", "integer", "number", "integer",
      ])
    // The pitfall this guards against: on Linux a JSON 1 and a JSON true both cast to Bool and Int.
    #expect(parsed[2] as? Bool == true)
    #expect(parsed[0] as? Int == 1)
  }

  @Test func nsNumberBooleansAreBooleans() {
    #expect(reportedType(NSNumber(value: true)) == "boolean")
    #expect(reportedType(NSNumber(value: false)) == "boolean")
    #expect(reportedType(NSNumber(value: 1)) == "integer")
    #expect(reportedType(NSNumber(value: 0)) == "integer")
    #expect(reportedType(NSNumber(value: 2.5)) == "number")
    #expect(reportedType(NSNumber(value: UInt64.max)) == "integer")
  }

  @Test func nativeSwiftValues() {
    #expect(reportedType(true) == "boolean")
    #expect(reportedType(1) == "integer")
    #expect(reportedType(Int8(1)) == "integer")
    #expect(reportedType(UInt64.max) == "integer")
    #expect(reportedType(2.0) == "integer")
    #expect(reportedType(Float(0.5)) == "number")
    #expect(reportedType("s") == "string")
    #expect(reportedType([1, 2]) == "array")
    #expect(reportedType(["a": 1]) == "object")
    #expect(reportedType(NSNull()) == "null")
    #expect(reportedType(Int?.none as Any) == "null")
    #expect(reportedType(Int?.some(3) as Any) == "integer")
  }

  @Test func nativeSwiftDocumentsValidate() throws {
    let validator = try JSONSchemaValidator(
      schemaData: Data(
        #"""
        {"type": "object",
         "properties": {"flag": {"type": "boolean"}, "count": {"type": "integer", "minimum": 0},
         "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": true}}}
        """#.utf8))
    let good: [String: Any] = ["flag": true, "count": 3, "tags": ["a", "b"], "extra": Int?.none as Any]
    #expect(validator.validate(good) == [])
    let bad: [String: Any] = ["flag": 1, "count": -1, "tags": ["a", "a"]]
    #expect(
      validator.validate(bad) == [
        "#/count: value -1 is less than the minimum 0",
        "#/flag: expected type boolean, found integer 1",
        "#/tags: items 0 and 1 are equal, but uniqueItems is true",
      ])
  }

  @Test func largeNumbers() throws {
    let validator = try JSONSchemaValidator(schemaData: Data(#"{"type": "integer"}"#.utf8))
    for text in [
      "9223372036854775807", "9223372036854775808", "18446744073709551615", "123456789012345678901234567890",
      "1e2",
    ] {
      #expect(try validator.validate(jsonData: Data(text.utf8)) == [], "\(text)")
    }
    #expect(
      try validator.validate(jsonData: Data("1.0000001".utf8)) == [
        "#: expected type integer, found number 1.0000001"
      ])
  }

  @Test func unsupportedValuesAreReportedNotTrapped() {
    let errors = typeOf.validate(["when": Date(timeIntervalSince1970: 0)])
    #expect(errors.count == 1)
    #expect(errors.first?.hasPrefix("#/when: a value of type") == true)
    #expect(typeOf.validate(Double.nan) == ["#: number nan is not a JSON value"])
  }

  @Test func jsonDataAcceptsFragmentsAndRejectsGarbage() throws {
    #expect(try typeOf.validate(jsonData: Data("null".utf8)) == [])
    #expect(
      try typeOf.validate(jsonData: Data(#""s""#.utf8)) == [#"#: expected type null, found string "s""#])
    #expect(throws: (any Error).self) { try typeOf.validate(jsonData: Data("{".utf8)) }
  }

  @Test func validatorIsSendable() async throws {
    let validator = try JSONSchemaValidator(schemaData: Data(#"{"type": "integer", "minimum": 10}"#.utf8))
    let counts = await withTaskGroup(of: Int.self) { group in
      for value in 0..<20 {
        group.addTask { validator.validate(value).count }
      }
      return await group.reduce(0, +)
    }
    #expect(counts == 10)
  }
}
