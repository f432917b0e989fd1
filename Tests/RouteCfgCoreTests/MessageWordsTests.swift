import Testing

@testable import RouteCfgCore

/// Messages put the article a code name is read with before it: `an 'Int'`, `a 'String'`.
@Suite("Message words")
struct MessageWordsTests {
  @Test(arguments: [
    ("Int", "an 'Int'"), ("Int?", "an 'Int?'"), ("Optional<String>", "an 'Optional<String>'"),
    ("any Editor", "an 'any Editor'"), ("Error", "an 'Error'"), ("String", "a 'String'"),
    ("[Int]", "a '[Int]'"), ("(Int) -> Void", "a '(Int) -> Void'"), ("URL", "a 'URL'"),
    ("UInt8", "a 'UInt8'"), ("UnsafePointer<Int>", "an 'UnsafePointer<Int>'"), ("", "a ''"),
  ])
  func articleFollowsTheFirstSound(_ name: String, _ expected: String) {
    #expect(MessageWords.aQuoted(name) == expected)
  }

  /// A list of "all" names holds every one that fits in its characters (scalars, as the message
  /// cap counts them), the first always, then counts the rest.
  @Test func listsWithinCharactersHoldEveryNameThatFits() {
    #expect(MessageWords.quotedList(["a", "b", "c"], withinCharacters: 100) == "'a', 'b', 'c'")
    // 'a', 'b' is 8 characters: exactly at the budget it is kept, one short it is not.
    #expect(MessageWords.quotedList(["a", "b", "c"], withinCharacters: 8) == "'a', 'b' and 1 more")
    #expect(MessageWords.quotedList(["a", "b", "c"], withinCharacters: 7) == "'a' and 2 more")
    #expect(MessageWords.quotedList(["long name"], withinCharacters: 3) == "'long name'")
    #expect(MessageWords.quotedList([String](), withinCharacters: 3) == "")
    // Multi-byte names count as characters: '名前' is 4, as 'ab' is.
    #expect(MessageWords.quotedList(["ab", "ab", "ab"], withinCharacters: 10) == "'ab', 'ab' and 1 more")
    #expect(MessageWords.quotedList(["名前", "名前", "名前"], withinCharacters: 10) == "'名前', '名前' and 1 more")
  }

  /// The adapter check's message reads `an 'Int'` where the type begins with a vowel.
  @Test func adapterMessagesUseIt() throws {
    let yaml = """
      routecfg: 1
      protocols:
        R: "var size: Int { get }"
        P: "var sizeText: String { get }"
      modules:
        M: {kind: service, provides: [P]}
        N: {kind: service, requires: [R]}
      adapters:
        - {adapt: R, to: P, map: {size: sizeText}}
      """
    let report = try RouteCfg.validate(yaml: yaml, path: "m.yaml").report
    let messages = report.diagnostics.map(\.message)
    #expect(messages.contains { $0.contains("a 'String' cannot be read as an 'Int'") }, "\(messages)")
  }
}
