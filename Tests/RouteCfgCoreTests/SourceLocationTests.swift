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
}

/// A column's byte offset is found the same way on long lines, from checkpoints, as on short
/// ones, from the line's start; a byte that starts no character (invalid UTF-8) is the place
/// after the character before it, as its point says.
@Suite("Columns' byte offsets")
struct ColumnByteOffsetTests {
  /// The byte offset of 0-based `column`, walked from the line's start.
  private static func walked(_ line: [UInt8], column: Int) -> Int {
    var index = 0
    var scalarEnd = 0
    var counted = 0
    while index < line.count {
      if line[index] & 0xC0 != 0x80 {
        if counted == column { return index }
        counted += 1
        scalarEnd = index + utf8SequenceLength(line[index])
      } else if index == scalarEnd, counted == column {
        return index
      }
      index += 1
    }
    return line.count
  }

  @Test(arguments: [
    (
      Array(repeating: UInt8(ascii: "a"), count: 256) + [0x80]
        + Array(repeating: UInt8(ascii: "b"), count: 900), 256
    ),
    ([0x80] + Array(repeating: UInt8(ascii: "b"), count: 1_100), 0),
    (
      Array(String(repeating: "é😀a", count: 400).utf8) + [0x80, 0x80]
        + Array(String(repeating: "한", count: 300).utf8), 2_800
    ),
  ])
  func longLinesAgreeWithAWalkFromTheStart(_ line: [UInt8], stray: Int) {
    let source = SourceText(bytes: line)
    let columns = line.filter { $0 & 0xC0 != 0x80 }.count
    var mismatches: [Int] = []
    for column in 0...columns + 1
    where source.byteOffset(line: 1, column: Int32(column + 1)) != Self.walked(line, column: column) {
      mismatches.append(column + 1)
    }
    #expect(mismatches.isEmpty, "columns \(mismatches.prefix(5))")
    // The stray byte is where its point's column starts.
    let point = source.point(atByteOffset: stray)
    #expect(source.byteOffset(line: 1, column: point.column) == stray)
  }
}
