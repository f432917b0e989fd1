import Testing

@testable import RouteCfgCore

@Suite("Byte search in names")
struct UTF8SearchTests {
  @Test func offsetsCountUTF8BytesInSmallLargeAndNonASCIIStrings() {
    #expect("finish(user:)".utf8Offset(of: UInt8(ascii: "(")) == 6)
    #expect("header.title".utf8Offset(of: UInt8(ascii: ".")) == 6)
    #expect("".utf8Offset(of: UInt8(ascii: ".")) == nil)
    #expect("title".utf8Offset(of: UInt8(ascii: ".")) == nil)
    #expect("é(x:)".utf8Offset(of: UInt8(ascii: "(")) == 2)
    // Past the 15 bytes a string holds inline, and after two-byte characters.
    let long = String(repeating: "é", count: 20) + ".x"
    #expect(long.utf8Offset(of: UInt8(ascii: ".")) == 40)
    #expect(long.utf8Contains(UInt8(ascii: "x")))
    #expect(!long.utf8Contains(UInt8(ascii: "(")))
    // A substring's copy and a string built by appending search the same way.
    var built = "a"
    built += String(repeating: "b", count: 30)
    built += "("
    #expect(built.utf8Offset(of: UInt8(ascii: "(")) == 31)
    #expect(String(long.dropFirst(2)).utf8Offset(of: UInt8(ascii: ".")) == 36)
  }
}
