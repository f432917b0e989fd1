import Testing

@testable import RouteCfgCore

/// The line table is searched a block at a time (``SourceText/lineScanBlock``): a break of any
/// kind, wherever it falls against the blocks, starts a line exactly where libyaml's count does.
@Suite("Line starts")
struct LineStartsTests {
  /// The line starts counted one byte at a time, as libyaml counts lines.
  private static func expectedStarts(_ bytes: [UInt8]) -> (starts: [Int32], separators: Bool) {
    var starts: [Int32] = [0]
    var separators = false
    var index = 0
    while index < bytes.count {
      var length = 0
      let rest = bytes[index...]
      if rest.starts(with: [0x0D, 0x0A]) {
        length = 2
      } else if bytes[index] == 0x0A || bytes[index] == 0x0D {
        length = 1
      } else if rest.starts(with: [0xC2, 0x85]) {
        length = 2
      } else if rest.starts(with: [0xE2, 0x80, 0xA8]) || rest.starts(with: [0xE2, 0x80, 0xA9]) {
        length = 3
        separators = true
      }
      index += max(length, 1)
      if length > 0 { starts.append(Int32(index)) }
    }
    return (starts, separators)
  }

  /// Three blocks of short lines, with `insert` written over the bytes from `offset`.
  private static func text(inserting insert: [UInt8] = [], at offset: Int = 0) -> [UInt8] {
    var bytes: [UInt8] = []
    var line = 0
    while bytes.count < 3 * SourceText.lineScanBlock {
      bytes += Array("key\(line): value\n".utf8)
      line += 1
    }
    bytes.replaceSubrange(offset..<offset + insert.count, with: insert)
    return bytes
  }

  private static let block = SourceText.lineScanBlock

  @Test(
    arguments: [
      ([], 0), ([0x0D, 0x0A], 2 * block + 10), ([0x0D], block - 1), ([0x0D, 0x0A], block - 1),
      ([0xC2, 0x85], block - 1), ([0xE2, 0x80, 0xA8], block - 1), ([0xE2, 0x80, 0xA9], block - 2),
      ([0xE2, 0x82, 0xAC], block - 1), ([0xC2, 0xA9], block - 1), ([0xE2, 0x80, 0xA8], 3 * block - 3),
      ([0x0A], block - 1), ([0x0A], block),
    ] as [([UInt8], Int)])
  func everyBreakStartsALineWhereverItFalls(insert: [UInt8], offset: Int) {
    let bytes = Self.text(inserting: insert, at: offset)
    let source = SourceText(bytes: bytes)
    let expected = Self.expectedStarts(bytes)
    #expect(source.lineStarts == expected.starts)
    #expect(source.holdsLineSeparators == expected.separators)
  }

  @Test func aShortFileAndAnEmptyOne() {
    let bytes = Array("a: 1\r\nb: 2\u{2028}c: 3\u{85}d\n".utf8)
    #expect(SourceText(bytes: bytes).lineStarts == Self.expectedStarts(bytes).starts)
    #expect(SourceText(bytes: []).lineStarts == [0])
  }
}
