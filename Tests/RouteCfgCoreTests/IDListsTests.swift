import Testing

@testable import RouteCfgCore

@Suite("Lists of IDs by key")
struct IDListsTests {
  @Test func valuesKeepTheirOrderWhateverTheOrderOfKeys() {
    var builder = IDListsBuilder(count: 4)
    for (value, key) in [(7, 2), (1, 0), (9, 2), (4, 3), (2, 0), (3, 2)] { builder.add(value, to: key) }
    #expect(builder.addedCount(for: 2) == 3)
    #expect(builder.addedCount(for: 1) == 0)
    let lists = builder.build()
    #expect(lists.count == 4)
    #expect((0..<4).map { Array(lists[$0]) } == [[1, 2], [], [7, 9, 3], [4]])
  }

  @Test func aRepeatDirectlyAfterItselfIsDroppedAndOnlyThen() {
    var builder = IDListsBuilder(count: 3)
    for (value, key) in [(5, 1), (5, 1), (6, 1), (5, 1), (0, 0), (0, 2), (0, 0), (0, 2), (0, 2)] {
      builder.add(value, to: key)
    }
    let lists = builder.build()
    #expect((0..<3).map { Array(lists[$0]) } == [[0], [5, 6, 5], [0]])
    // A list's indices start where it sits in the flat array; `first` and `contains` see only it.
    #expect(lists[1].first == 5 && lists[2].first == 0 && !lists[2].contains(6))
  }

  @Test func keysWithoutValuesAndNoKeys() {
    #expect(IDListsBuilder(count: 0).build().count == 0)
    #expect(IDLists().count == 0)
    #expect(IDList().isEmpty)
    let lists = IDListsBuilder(count: 2).build()
    #expect(lists[0].isEmpty && lists[1].isEmpty)
  }

  @Test func listsMadeInKeyOrderKeepEveryValue() {
    let given = [[3, -1, -1, 3], [], [0], [-1]]
    let lists = IDLists(count: given.count) { given[$0] }
    #expect(lists.count == 4)
    #expect((0..<4).map { Array(lists[$0]) } == given)
  }
}
