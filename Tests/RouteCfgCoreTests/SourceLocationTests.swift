import Testing

@testable import RouteCfgCore

@Suite("Source locations")
struct SourceLocationTests {
  let file = SourceFileID(0)

  @Test func anUnknownEndReadsAsNil() {
    var location = RouteCfgCore.SourceLocation(file: file, line: 3, column: 7)
    #expect(location.end == nil)
    location.end = TextPoint(line: 3, column: 12)
    #expect(location.end == TextPoint(line: 3, column: 12))
    location.end = nil
    #expect(location.end == nil)
    #expect(location == RouteCfgCore.SourceLocation(file: file, line: 3, column: 7))
  }

  @Test func anEndIsKeptAsGiven() {
    // Every point a file can have, the first one included, is an end and not "unknown".
    for end in [TextPoint(line: 1, column: 1), TextPoint(line: 1, column: 2), TextPoint(line: 40, column: 1)]
    {
      let location = RouteCfgCore.SourceLocation(file: file, start: TextPoint(line: 1, column: 1), end: end)
      #expect(location.end == end)
    }
  }

  @Test func aLocationPrintsItsEndAsItReads() {
    let unknown = RouteCfgCore.SourceLocation(file: file, line: 3, column: 7)
    #expect(
      String(describing: unknown)
        == "SourceLocation(file: RouteCfgCore.SourceFileID(index: 0), "
        + "start: RouteCfgCore.TextPoint(line: 3, column: 7), end: nil)")
    var known = unknown
    known.end = TextPoint(line: 3, column: 9)
    #expect(String(describing: known).hasSuffix("end: Optional(RouteCfgCore.TextPoint(line: 3, column: 9)))"))
  }

  @Test func locationsDifferingOnlyInTheirEndsAreDifferent() {
    let start = TextPoint(line: 2, column: 4)
    let known = RouteCfgCore.SourceLocation(file: file, start: start, end: TextPoint(line: 2, column: 9))
    let unknown = RouteCfgCore.SourceLocation(file: file, start: start)
    #expect(known != unknown)
    #expect(Set([known, unknown, known]).count == 2)
  }

  @Test func theModelsDeclarationsStayCompact() {
    // An optional end would make a location 24 bytes and a member declaration 88; the model
    // holds one member per line of every protocol body.
    #expect(MemoryLayout<RouteCfgCore.SourceLocation>.stride == 20)
    #expect(MemoryLayout<MemberDecl>.stride == 80)
  }
}
