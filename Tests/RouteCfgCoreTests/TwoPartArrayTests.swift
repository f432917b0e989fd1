import Testing

@testable import RouteCfgCore

@Suite("Arrays filled in two parts at once")
struct TwoPartArrayTests {
  /// Fills the first part with `first` and the second with `second`, on two threads.
  private func build(capacity: Int, split: Int, first: [String], second: [String]) -> [String] {
    TwoPartArray.build(capacity: capacity, split: split) { head, tail in
      ForkJoin.run(
        { for text in first { head.append(text) } },
        alongside: { for text in second { tail.append(text) } })
    }
  }

  @Test func fullPartsJoinInOrder() {
    let first = (0..<300).map { "first \($0) with text longer than fifteen bytes" }
    let second = (0..<200).map { "second \($0) with text longer than fifteen bytes" }
    #expect(build(capacity: 500, split: 300, first: first, second: second) == first + second)
  }

  @Test func theSecondPartMovesUpToCloseTheGap() {
    let first = ["a", "long enough to live on the heap, a"]
    let second = ["b", "long enough to live on the heap, b", "c"]
    #expect(build(capacity: 10, split: 6, first: first, second: second) == first + second)
    #expect(build(capacity: 10, split: 6, first: [], second: second) == second)
    #expect(build(capacity: 10, split: 6, first: first, second: []) == first)
    // A gap of one place before four elements: the part moves onto itself.
    let moved = ["c", "long enough to live on the heap, d", "e", "long enough to live on the heap, f"]
    #expect(build(capacity: 8, split: 3, first: first, second: moved) == first + moved)
  }

  @Test func emptyAndOneSidedArrays() {
    #expect(build(capacity: 0, split: 0, first: [], second: []) == [])
    #expect(build(capacity: 3, split: 0, first: [], second: ["x", "y", "z"]) == ["x", "y", "z"])
    #expect(build(capacity: 3, split: 3, first: ["x", "y", "z"], second: []) == ["x", "y", "z"])
    // A split past the capacity is the capacity: the second part has no places.
    #expect(build(capacity: 2, split: 5, first: ["x", "y"], second: []) == ["x", "y"])
  }

  @Test func theLastElementWrittenCanBeChanged() {
    let built = TwoPartArray.build(capacity: 4, split: 2) { (head: inout PartWriter<[Int]>, tail) in
      head.modifyLast { $0.append(0) }
      #expect(head.last == nil)
      head.append([1])
      head.modifyLast { $0.append(2) }
      #expect(head.last == [1, 2])
      tail.append([3])
      tail.modifyLast { $0.append(4) }
    }
    #expect(built == [[1, 2], [3, 4]])
  }

  /// Manifests without protocols build empty arrays, two files' worth at once when two are
  /// loaded on two threads; under the thread sanitizer (`.ci/run`), building an empty one
  /// through the array's uninitialized storage was reported as a race.
  @Test func emptyArraysBuiltOnTwoThreadsAtOnce() {
    var (one, other): ([String], [String]) = (["not built"], ["not built"])
    for _ in 0..<200 {
      ForkJoin.run(
        { one = build(capacity: 0, split: 0, first: [], second: []) },
        alongside: { other = build(capacity: 0, split: 0, first: [], second: []) })
    }
    #expect(one.isEmpty && other.isEmpty)
  }
}
