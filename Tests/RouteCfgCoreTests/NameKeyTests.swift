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

  @Test func theFirstValueStoredForANameIsKept() {
    var table = NameTable<Int>()
    #expect(table.existingValue(for: "Input", elseStoring: 1) == nil)
    #expect(table.existingValue(for: "Output", elseStoring: 2) == nil)
    #expect(table.existingValue(for: "Input", elseStoring: 3) == 1)
    // A canonically equivalent spelling is the same name.
    #expect(table.existingValue(for: "Caf\u{E9}", elseStoring: 4) == nil)
    #expect(table.existingValue(for: "Cafe\u{301}", elseStoring: 5) == 4)
    #expect(table["Input"] == 1 && table["Output"] == 2 && table["Caf\u{E9}"] == 4 && table.count == 3)
  }

  /// Names built to collide under a known seed (the mix is invertible, so the second word of
  /// one name can be solved for) do not collide under the process's secret seed.
  @Test func collisionsBuiltForAKnownSeedDoNotCarryOver() throws {
    func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
      let mixed = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
      return mixed ^ (mixed >> 29)
    }
    func word(_ text: String) -> UInt64 {
      text.utf8.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }
    func isLetters(_ word: UInt64) -> Bool {
      (0..<8).allSatisfy { index in
        let byte = UInt8(truncatingIfNeeded: word >> (8 * UInt64(index)))
        return (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
      }
    }
    func hash(_ words: [UInt64], seed: UInt64) -> UInt64? {
      var bytes: [UInt8] = []
      for word in words { bytes += (0..<8).map { UInt8(truncatingIfNeeded: word >> (8 * UInt64($0))) } }
      return bytes.withUnsafeBytes { NameHash.ascii($0, seed: seed) }
    }
    // Sixteen-byte names (two words) under seed 0: the state after the first word is known.
    let start = UInt64(16) &* 0x9E37_79B9_7F4A_7C15
    let (first, second) = (word("Protocol"), word("Required"))
    var pair: [UInt64]?
    for candidate in 0..<200_000 where pair == nil {
      let other =
        word("Prot") | UInt64(candidate % 26 + 65) << 32 | UInt64(candidate / 26 % 26 + 97) << 40
        | UInt64(candidate / 676 % 26 + 97) << 48 | UInt64(candidate / 17_576 % 26 + 65) << 56
      let solved = second ^ mix(start, first) ^ mix(start, other)
      if other != first, isLetters(solved) { pair = [other, solved] }
    }
    let collision = try #require(pair, "no ASCII collision found for seed 0")
    #expect(hash([first, second], seed: 0) == hash(collision, seed: 0))
    #expect(hash([first, second], seed: NameHash.seed) != hash(collision, seed: NameHash.seed))
  }

  @Test func hashesSpreadOverTheLowBits() {
    // Dictionaries use the low bits of the hash: names that differ in one digit must not pile up.
    let buckets = Set((0..<1024).map { NameKey("Feature\($0)Service")._rawHashValue(seed: 0) & 1023 })
    #expect(buckets.count > 550)
  }
}
