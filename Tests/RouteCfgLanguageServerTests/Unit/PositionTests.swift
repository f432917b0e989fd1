import RouteCfgCore
import Testing

@testable import RouteCfgLanguageServer

@Suite("LSP: positions and edits")
struct PositionTests {
  /// "a😀é한b": a (1 byte), 😀 (4 bytes, 2 UTF-16 units), é (2 bytes), 한 (3 bytes), b.
  static let text = Array("x\r\na\u{1F600}é한b\rlast".utf8)

  @Test("lines end at \\n, \\r\\n and \\r")
  func lines() {
    let index = LineIndex(Self.text)
    #expect(index.starts == [0, 3, 15])
    #expect(index.contentRange(ofLine: 1, in: Self.text) == 3..<14)
  }

  @Test(
    "characters count in the negotiated encoding",
    arguments: [
      (PositionEncoding.utf8, [0, 1, 5, 7, 10, 11]), (.utf16, [0, 1, 3, 4, 5, 6]),
      (.utf32, [0, 1, 2, 3, 4, 5]),
    ])
  func encodings(encoding: PositionEncoding, characters: [Int]) {
    let index = LineIndex(Self.text)
    let offsets = [3, 4, 8, 10, 13, 14]
    for (offset, character) in zip(offsets, characters) {
      #expect(
        index.position(ofOffset: offset, in: Self.text, encoding: encoding)
          == LSPPosition(line: 1, character: character))
      #expect(
        index.offset(of: LSPPosition(line: 1, character: character), in: Self.text, encoding: encoding)
          == offset)
    }
  }

  @Test(
    "positions past a line's end clamp to it; past the text to its end; inside a surrogate pair to the pair")
  func clamping() {
    let index = LineIndex(Self.text)
    #expect(index.offset(of: LSPPosition(line: 1, character: 99), in: Self.text, encoding: .utf16) == 14)
    #expect(
      index.offset(of: LSPPosition(line: 9, character: 0), in: Self.text, encoding: .utf16) == Self.text.count
    )
    #expect(index.offset(of: LSPPosition(line: 1, character: 2), in: Self.text, encoding: .utf16) == 4)
  }

  @Test(
    "positions far into long lines, found from checkpoints, are those a walk from the line's start finds",
    arguments: PositionEncoding.allCases)
  func longLines(encoding: PositionEncoding) {
    // Lines of several thousand bytes mixing 1- to 4-byte characters, a malformed sequence, and
    // the three line breaks; a short line between them.
    var generator = SystemRandomNumberGenerator()
    let pieces: [[UInt8]] = [
      Array("a".utf8), Array("é".utf8), Array("한".utf8), Array("\u{1F600}".utf8), [0xF0, 0x9F],
      Array("xyz".utf8),
    ]
    var text: [UInt8] = []
    for lineBreak in ["\n", "\r\n", "\r", "\n"] {
      for _ in 0..<2_000 { text += pieces.randomElement(using: &generator) ?? [] }
      text += Array(lineBreak.utf8) + Array("short\n".utf8)
    }
    let index = LineIndex(text)
    for line in 0..<index.lineCount {
      let range = index.contentRange(ofLine: line, in: text)
      // Walked from the line's start, as the index would without checkpoints (each byte of a
      // malformed sequence is a character of its own, as editors decode it).
      var (offset, units) = (range.lowerBound, 0)
      var walked: [(offset: Int, units: Int)] = []
      while offset < range.upperBound {
        walked.append((offset, units))
        let length = wellFormedUTF8SequenceLength(in: text, at: offset, limit: range.upperBound) ?? 1
        units += encoding.units(forUTF8Length: length)
        offset += length
      }
      walked.append((range.upperBound, units))
      for (offset, units) in walked {
        #expect(
          index.position(ofOffset: offset, in: text, encoding: encoding)
            == LSPPosition(line: line, character: units))
        #expect(
          index.offset(of: LSPPosition(line: line, character: units), in: text, encoding: encoding) == offset)
      }
      // Past the end of the line: its end.
      #expect(
        index.offset(of: LSPPosition(line: line, character: units + 5), in: text, encoding: encoding)
          == range.upperBound)
    }
  }

  @Test("incremental changes and whole-text changes edit the bytes and are logged")
  func documentEdits() {
    var document = TextDocument(
      uri: "file:///a.yaml", version: 1, text: "ab\u{1F600}cd\nef", canonicalPath: nil)
    document.apply(
      text: "X", range: LSPRange(start: .init(line: 0, character: 4), end: .init(line: 0, character: 5)),
      version: 2,
      encoding: .utf16)
    #expect(document.text == "ab\u{1F600}Xd\nef")
    document.apply(text: "ab\u{1F600}Xd\nzzef", range: nil, version: 3, encoding: .utf16)
    #expect(
      document.edits.edits == [
        ByteEdit(version: 2, offset: 6, removed: 1, inserted: 1),
        ByteEdit(version: 3, offset: 9, removed: 0, inserted: 2),
      ])
  }

  @Test("offsets map between an older text and the current one")
  func mapping() {
    var log = EditLog(baseVersion: 1)
    log.record(ByteEdit(version: 2, offset: 10, removed: 0, inserted: 5))  // insert 5 at 10
    log.record(ByteEdit(version: 3, offset: 2, removed: 3, inserted: 0))  // delete 2..<5
    #expect(log.offsetInCurrent(20, fromVersion: 1) == 22)
    #expect(log.offsetInCurrent(3, fromVersion: 1) == 2, "inside deleted text: where it was")
    #expect(log.offsetInCurrent(1, fromVersion: 1) == 1)
    // Text typed at a name's end goes after its start but not into its range.
    #expect(log.offsetInCurrent(10, fromVersion: 1) == 12)
    #expect(log.offsetInCurrent(10, fromVersion: 1, isEnd: true) == 7)
    #expect(log.offsetInOlder(22, version: 1) == 20)
    #expect(log.offsetInOlder(9, version: 2) == 12)
    #expect(log.offsetInOlder(9, version: 1) == 10, "inside inserted text: the insertion point")
    #expect(log.offsetInOlder(22, version: 2) == 25)
    log.trim(upTo: 2)
    #expect(log.offsetInOlder(22, version: 1) == nil, "no longer logged")
    #expect(log.offsetInOlder(22, version: 2) == 25)
  }

  @Test("a range's text is changed by edits inside or over it, not by text typed at its ends")
  func changedText() {
    var log = EditLog(baseVersion: 1)
    log.record(ByteEdit(version: 2, offset: 0, removed: 0, inserted: 4))  // insert 4 at 0
    // The name at 10..<20 of version 1 is at 14..<24 now.
    #expect(!log.changedText(10..<20, since: 1))
    for (edit, changed) in [
      (ByteEdit(version: 3, offset: 24, removed: 0, inserted: 3), false),  // typed after it
      (ByteEdit(version: 3, offset: 14, removed: 0, inserted: 3), false),  // typed before it
      (ByteEdit(version: 3, offset: 17, removed: 3, inserted: 3), true),  // written over inside
      (ByteEdit(version: 3, offset: 20, removed: 0, inserted: 1), true),  // typed inside
      (ByteEdit(version: 3, offset: 10, removed: 6, inserted: 0), true),  // its start deleted
      (ByteEdit(version: 3, offset: 23, removed: 5, inserted: 9), true),  // its end written over
      (ByteEdit(version: 3, offset: 12, removed: 20, inserted: 0), true),  // deleted whole
      (ByteEdit(version: 3, offset: 24, removed: 5, inserted: 0), false),  // deleted after it
    ] {
      var changedLog = log
      changedLog.record(edit)
      #expect(changedLog.changedText(10..<20, since: 1) == changed, "\(edit)")
      #expect(!changedLog.changedText(10..<20, since: 3), "nothing since version 3")
    }
  }

  @Test("file URIs and paths convert both ways, percent-encoded")
  func uris() {
    #expect(DocumentURI.path(of: "file:///a%20b/%C3%A9.yaml") == "/a b/é.yaml")
    #expect(DocumentURI.path(of: "file://localhost/x.yaml") == "/x.yaml")
    #expect(DocumentURI.path(of: "file://server/x.yaml") == nil)
    #expect(DocumentURI.path(of: "file:/a%20b/x.yaml") == "/a b/x.yaml")
    #expect(DocumentURI.path(of: "FILE:/x.yaml") == "/x.yaml")
    #expect(DocumentURI.path(of: "file:x.yaml") == nil)
    #expect(DocumentURI.path(of: "untitled:Untitled-1") == nil)
    #expect(DocumentURI.path(of: "file:///bad%zz") == nil)
    #expect(DocumentURI.fileURI(path: "/a b/é#.yaml") == "file:///a%20b/%C3%A9%23.yaml")
    #expect(DocumentURI.normalized("/a/./b/../c//d.yaml") == "/a/c/d.yaml")
  }
}
