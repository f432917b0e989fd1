import Testing

@testable import RouteCfgCore

@Suite("Values kept by node")
struct NodeOrderedValuesTests {
  @Test func nodesInAnyOrderAreFoundAndReplaced() {
    var values = NodeOrderedValues<String>()
    for node: Int32 in [3, 8, 20] { values.set("in order \(node)", for: node) }
    values.set("late 5", for: 5)
    values.set("late 0", for: 0)
    values.set("replaced 8", for: 8)
    #expect(values.count == 5)
    #expect(
      [0, 3, 5, 8, 20].map { values[$0] } == ["late 0", "in order 3", "late 5", "replaced 8", "in order 20"])
    #expect([-1, 1, 4, 9, 21].map { values[$0] } == [nil, nil, nil, nil, nil])
  }

  @Test func anEmptyTableHasNoValue() {
    let values = NodeOrderedValues<Int>()
    #expect(values.count == 0)
    #expect(values[0] == nil)
  }
}
