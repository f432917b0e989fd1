import Foundation
import RouteCfgCore
import Testing

@testable import RouteCfgLanguageServer

@Suite("LSP: JSON parser")
struct JSONParserTests {
  @Test("values of every kind, with escapes and surrogate pairs")
  func values() throws {
    let value = try JSONParser.parse(
      #"{"a": [1, -2, 3.5, 1e3, -0, true, false, null], "s": "q\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00", "e": {}, "l": []}"#
    )
    #expect(
      value["a"]
        == .array([.int(1), .int(-2), .double(3.5), .double(1000), .int(0), .bool(true), .bool(false), .null])
    )
    #expect(value["s"]?.stringValue == "q\"\\/\u{8}\u{C}\n\r\té\u{1F600}")
    #expect(value["e"] == .object([]))
    #expect(value["l"] == .array([]))
  }

  @Test("a lone surrogate and invalid UTF-8 become U+FFFD")
  func replacement() throws {
    #expect(try JSONParser.parse(#""\ud800x""#).stringValue == "\u{FFFD}x")
    #expect(try JSONParser.parse(#""\udc00""#).stringValue == "\u{FFFD}")
    #expect(try JSONParser.parse([0x22, 0xFF, 0x22]).stringValue == "\u{FFFD}")
  }

  @Test(
    "malformed text is refused with the offset of the problem",
    arguments: [
      "", " ", "{", "[1,]", "{\"a\" 1}", "{\"a\": 1,}", "01", "1.", ".5", "-", "+1", "1e", "tru", "nul",
      "\"abc",
      "\"\\x\"", "\"\\u12\"", "\"a\nb\"", "[1] [2]", "{1: 2}", "NaN",
    ])
  func malformed(text: String) {
    #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
  }

  @Test("nesting is bounded, without recursion trouble")
  func depth() throws {
    let deep =
      String(repeating: "[", count: JSONParser.maxDepth) + String(repeating: "]", count: JSONParser.maxDepth)
    #expect(throws: Never.self) { try JSONParser.parse(deep) }
    let tooDeep = String(repeating: "[", count: 100_000)
    #expect(throws: JSONParseError.self) { try JSONParser.parse(tooDeep) }
  }

  @Test("what the parser reads, JSONValue writes back the same, and Foundation agrees")
  func roundTrip() throws {
    let text = #"{"id":3,"n":-1.25,"s":"é\n\u0001","list":[true,null,{"k":"v"}]}"#
    let value = try JSONParser.parse(text)
    #expect(try JSONParser.parse(value.rendered()) == value)
    let foundation = try JSONSerialization.jsonObject(with: Data(value.rendered().utf8)) as? [String: Any]
    #expect(foundation?["s"] as? String == "é\n\u{1}")
    #expect(foundation?["n"] as? Double == -1.25)
  }

  @Test("integers that do not fit Int are doubles")
  func largeNumbers() throws {
    #expect(try JSONParser.parse("9223372036854775807") == .int(Int.max))
    #expect(try JSONParser.parse("9223372036854775808") == .double(9_223_372_036_854_775_808))
  }
}
