import Testing

@testable import RouteCfgCore

/// The table a body writer finds its chunk's names in: by the strings' bits, never by their text.
@Suite("String identity table")
struct StringIdentityTableTests {
  @Test func shortStringsAreFoundByTheirText() {
    var table = StringIdentityTable(slots: 8)
    table.enter("Int", number: 4)
    #expect(table.number(of: "Int") == 4)
    #expect(table.number(of: String("xInt".dropFirst())) == 4, "a short string's bits are its bytes")
    #expect(table.number(of: "Bool") == nil)
  }

  @Test func longStringsAreFoundByTheirStorage() {
    let shared = String(repeating: "LongProtocolName", count: 2)
    let copy = String(decoding: Array(shared.utf8), as: UTF8.self)
    var table = StringIdentityTable(slots: 8)
    table.enter(shared, number: 1)
    let again = shared
    #expect(table.number(of: again) == 1)
    #expect(table.number(of: copy) == nil, "equal text in another storage is another entry")
  }

  @Test func canonicallyEquivalentNamesAreTwoEntries() {
    var table = StringIdentityTable(slots: 8)
    table.enter("\u{212A}", number: 0)
    #expect("\u{212A}" == "K")
    #expect(table.number(of: "K") == nil)
    #expect(table.number(of: "\u{212A}") == 0)
  }

  @Test func aTableHalfFullEntersNoMoreAndEmptiesWhole() {
    var table = StringIdentityTable(slots: 8)
    for number in 0..<6 { table.enter("T\(number)", number: UInt32(number)) }
    #expect((0..<6).map { table.number(of: "T\($0)") } == [0, 1, 2, 3, nil, nil])
    table.removeAll()
    #expect(table.number(of: "T0") == nil)
    table.enter("T5", number: 9)
    #expect(table.number(of: "T5") == 9)
  }
}
