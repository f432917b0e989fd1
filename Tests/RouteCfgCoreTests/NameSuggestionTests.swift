import Testing

@testable import RouteCfgCore

/// Did-you-mean suggestions: within a typo's distance, and none for an empty name.
@Suite("Name suggestions")
struct NameSuggestionTests {
  @Test func suggestsWithinATyposDistanceOnly() {
    #expect(closestName(to: "NoteInpt", among: ["NoteInput", "Login"]) == "NoteInput")
    #expect(closestName(to: "Zebra", among: ["NoteInput", "Login"]) == nil)
  }

  @Test func anEmptyNameGetsNoSuggestion() {
    #expect(closestName(to: "", among: ["A", "B"]) == nil)
    #expect(closestName(to: "", among: (0..<600).map { "N\($0)" } + ["A"]) == nil)
  }
}
