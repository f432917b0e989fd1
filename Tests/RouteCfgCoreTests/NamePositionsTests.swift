import Testing

@testable import RouteCfgCore

/// `NamePositions` finds the first position of a name in a list that no longer changes, by
/// scanning a short list and through its index past `scanLimit` names: both answer alike.
@Suite("Name positions")
struct NamePositionsTests {
  @Test(arguments: [0, 1, NamePositions.scanLimit, NamePositions.scanLimit + 1, 100])
  func findsTheFirstPositionOfEveryName(count: Int) {
    // Every name twice: the first listing is the one found.
    let names = (0..<count).map { "member\($0)" } + (0..<count).map { "member\($0)" }
    let positions = NamePositions(of: names)
    for position in 0..<count {
      #expect(positions.position(of: "member\(position)", in: names) == position)
    }
    #expect(positions.position(of: "member\(count)", in: names) == nil)
    #expect(positions.position(of: "", in: names) == nil)
  }

  @Test func comparesNamesAsSwiftStringsDo() {
    // "é" written as one scalar and as "e" with a combining accent are one name to Swift.
    let names = ["caf\u{E9}"] + (0..<NamePositions.scanLimit).map { "name\($0)" }
    let scanned = NamePositions(of: names.prefix(1))
    #expect(scanned.position(of: "cafe\u{301}", in: names.prefix(1)) == 0)
    let indexed = NamePositions(of: names)
    #expect(indexed.position(of: "cafe\u{301}", in: names) == 0)
  }
}
