import RouteCfgSynthetic
import Testing

@testable import RouteCfgCore

/// The did-you-mean search against plain references: the banded edit distance against the full
/// table, and the hashed deletion index (over 512 names) against a scan of every name.
@Suite("Name suggestions")
struct NameSuggesterTests {
  /// The full optimal-string-alignment table, every cell computed.
  private static func fullDistance(_ lhs: String, _ rhs: String) -> Int {
    let a = Array(lhs.unicodeScalars)
    let b = Array(rhs.unicodeScalars)
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in stride(from: 1, through: a.count, by: 1) {
      for j in stride(from: 1, through: b.count, by: 1) {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }

  /// Short random names over a few letters (so that many pairs are close), some with a
  /// non-ASCII scalar, some with a capital.
  private static func randomName(
    _ generator: inout SeededRandom, maxLength: Int = 7,
    letters: [Character] = ["a", "b", "c", "é", "A"]
  ) -> String {
    let length = Int.random(in: 0...maxLength, using: &generator)
    return String((0..<length).map { _ in letters.randomElement(using: &generator) ?? "a" })
  }

  private static let lowerCase: [Character] = ["a", "b", "c", "é"]

  @Test func theBandedDistanceAgreesWithTheFullTable() {
    var generator = SeededRandom(seed: 54)
    for _ in 0..<20_000 {
      let (a, b) = (Self.randomName(&generator), Self.randomName(&generator))
      let full = Self.fullDistance(a, b)
      for limit in 0...3 {
        let expected = full <= limit ? full : nil
        #expect(EditDistance.distance(a, b, limit: limit) == expected, "\(a) \(b) \(limit)")
      }
    }
  }

  @Test func longNamesAreComparedWithinTheBand() {
    let name = String(repeating: "abcdefghij", count: 200)
    var typo = Array(name.unicodeScalars)
    typo.swapAt(1_000, 1_001)
    typo.remove(at: 1_500)
    #expect(EditDistance.distance(name, String(String.UnicodeScalarView(typo)), limit: 3) == 2)
    #expect(EditDistance.distance(name, String(name.reversed()), limit: 3) == nil)
  }

  /// Over 512 names the index answers: the closest name one edit (or transposition) away, the
  /// earliest declared on ties (lower case only, so that no two names differ in case alone).
  @Test func theIndexAnswersAsAScanOfEveryNameWould() {
    var generator = SeededRandom(seed: 54)
    var names: [String] = []
    var seen: Set<String> = []
    while names.count < 600 {
      let name = Self.randomName(&generator, maxLength: 9, letters: Self.lowerCase)
      if seen.insert(name).inserted { names.append(name) }
    }
    let suggester = NameSuggester(names)
    for _ in 0..<2_000 {
      let query = Self.randomName(&generator, maxLength: 9, letters: Self.lowerCase)
      let expected = query.isEmpty ? nil : names.first { $0 != query && Self.fullDistance($0, query) == 1 }
      #expect(suggester.suggestion(for: query) == expected, "\(query)")
    }
  }

  /// Names of 1,000 letters: each has 1,001 one-deletion variants, indexed by their hashes.
  @Test func longNamesAreIndexed() {
    let names = (0..<600).map { index in "P\(index)Q" + String(repeating: "x", count: 1_000) }
    let suggester = NameSuggester(names)
    let typo = "P42Q" + String(repeating: "x", count: 999)
    #expect(suggester.suggestion(for: typo) == "P42Q" + String(repeating: "x", count: 1_000))
    #expect(suggester.suggestion(for: "Q" + String(repeating: "y", count: 1_000)) == nil)
  }
}
