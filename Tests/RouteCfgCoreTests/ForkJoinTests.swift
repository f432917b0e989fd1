import Testing

@testable import RouteCfgCore

@Suite("Work shared between two threads")
struct ForkJoinTests {
  /// The pieces each side ran, in the order it ran them.
  private func share(_ count: Int, inParallel: Bool = true, first: () -> Void = {}) -> (
    front: [Int], back: [Int]
  ) {
    var front: [Int] = []
    var back: [Int] = []
    ForkJoin.run(
      first, thenSharing: count, fromBack: { back.append($0) }, fromFront: { front.append($0) },
      inParallel: inParallel)
    return (front, back)
  }

  @Test func everyPieceRunsOnceAndEachSideRunsConsecutivePieces() {
    for _ in 0..<50 {
      // A first piece of work long enough that the other thread usually starts meanwhile.
      var sum = 0
      let (front, back) = share(64) { for value in 0..<20_000 { sum &+= value } }
      #expect(sum == 199_990_000)
      #expect(front == Array(0..<front.count))
      #expect(back == Array((front.count..<64).reversed()))
    }
  }

  @Test func oneThreadRunsEveryPieceFromTheFirst() {
    let (front, back) = share(5, inParallel: false)
    #expect(front == [0, 1, 2, 3, 4])
    #expect(back.isEmpty)
  }

  @Test func noPiecesStillRunsTheFirstWork() {
    var ran = false
    let (front, back) = share(0) { ran = true }
    #expect(ran)
    #expect(front.isEmpty && back.isEmpty)
  }
}
