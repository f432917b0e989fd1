import Testing

@testable import RouteCfgCore

@Suite("Swift keywords by name")
struct SwiftKeywordTests {
  @Test func everyKeywordIsFoundByItsSpelling() {
    for keyword in SwiftKeyword.allCases {
      #expect(SwiftKeyword.named(keyword.rawValue) == keyword, "\(keyword.rawValue)")
    }
  }

  @Test func otherWordsAreNotKeywords() {
    let words = [
      "", "Default", "defaults", "defaul", "func_", "_func", "SELF", "self1", "Input", "associatedtypes",
      "a_very_long_name_past_sixteen", "\u{0455}elf",  // a Cyrillic "s"
      "d\u{0065}\u{0301}fault",  // an accent after the "e"
    ]
    for word in words { #expect(SwiftKeyword.named(word) == nil, "\(word)") }
  }

  @Test func reservedKeywordsAreNoNamesAndContextualOnesAre() {
    #expect(SwiftIdentifier.problem(with: "default")?.contains("is a Swift keyword") == true)
    #expect(SwiftIdentifier.problem(with: "Self")?.contains("is a Swift keyword") == true)
    #expect(SwiftIdentifier.problem(with: "get") == nil)
    #expect(SwiftIdentifier.problem(with: "optional") == nil)
    #expect(SwiftIdentifier.isReservedWord("in") && !SwiftIdentifier.isReservedWord("async"))
  }
}
