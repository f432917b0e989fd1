import Testing

@testable import RouteCfgCore

/// Name keys are equal exactly when their strings are, and equal keys hash alike, so tables keyed
/// by them find what `String`-keyed ones find.
@Suite("Name keys")
struct NameKeyTests {
  /// Pairs of canonically equivalent spellings with different bytes.
  static let equivalentPairs: [(String, String)] = [
    ("\u{212A}ind", "Kind"),  // KELVIN SIGN is K
    ("Ask\u{037E}", "Ask;"),  // GREEK QUESTION MARK is ;
    ("tick\u{1FEF}", "tick`"),  // GREEK VARIA is `
    ("Caf\u{E9}Service", "Cafe\u{301}Service"),  // precomposed and combining acute
    ("\u{212A}\u{E9}", "K\u{65}\u{301}"),  // both, neither side ASCII
  ]

  @Test(arguments: equivalentPairs)
  func canonicallyEquivalentNamesAreOneKey(_ first: String, _ second: String) {
    #expect(first.utf8.elementsEqual(second.utf8) == false)
    #expect(NameKey(first) == NameKey(second))
    #expect(NameKey.hash(of: first) == NameKey.hash(of: second))
    for seed in [0, 1, -7, Int.max] {
      #expect(NameKey(first)._rawHashValue(seed: seed) == NameKey(second)._rawHashValue(seed: seed))
    }
    var table = NameTable<Int>()
    table[first] = 1
    #expect(table[second] == 1)
  }

  @Test func namesOfEveryLengthAreFoundAndKeptApart() {
    // Lengths around the eight-byte words the hash reads, and names that differ in one byte.
    var table = NameTable<Int>()
    var names: [String] = []
    for length in 0...40 {
      let base = String(repeating: "a", count: length)
      names.append(base)
      if length > 0 { names.append(String(base.dropLast()) + "b") }
    }
    names.append(contentsOf: ["Feature1Service", "Feature2Service", "Ünïcödé", "名前"])
    for (position, name) in names.enumerated() { table[name] = position }
    #expect(table.count == Set(names).count)
    for (position, name) in names.enumerated() { #expect(table[name] == position, "\(name)") }
    #expect(table["absent"] == nil)
  }

  @Test func hashesSpreadOverTheLowBits() {
    // Dictionaries use the low bits of the hash: names that differ in one digit must not pile up.
    let buckets = Set((0..<1024).map { NameKey("Feature\($0)Service")._rawHashValue(seed: 0) & 1023 })
    #expect(buckets.count > 550)
  }
}
