import Testing

@testable import RouteCfgLanguageServer

@Suite("LSP: message framing")
struct FrameDecoderTests {
  static func frame(_ body: String) -> [UInt8] {
    Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
  }

  static func events(_ chunks: [[UInt8]], limit: Int = 1 << 20) -> [FrameEvent] {
    var decoder = FrameDecoder(maxContentLength: limit)
    var events: [FrameEvent] = []
    for chunk in chunks {
      decoder.append(chunk)
      while let event = decoder.next() { events.append(event) }
    }
    return events
  }

  @Test("messages split anywhere, or several in one chunk, come out whole and in order")
  func splitting() {
    let stream = Self.frame("{\"a\":1}") + Self.frame("{\"b\":\"é\"}") + Self.frame("")
    let expected: [FrameEvent] = [
      .message(Array("{\"a\":1}".utf8)), .message(Array("{\"b\":\"é\"}".utf8)), .message([]),
    ]
    #expect(Self.events([stream]) == expected)
    #expect(Self.events(stream.map { [$0] }) == expected)
    for cut in 1..<stream.count {
      #expect(Self.events([Array(stream[..<cut]), Array(stream[cut...])]) == expected, "cut at \(cut)")
    }
  }

  @Test("other header fields are accepted, names in any case, lines ended by LF alone too")
  func headerFields() {
    let bytes = Array(
      "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: 2\n\n{}".utf8)
    #expect(Self.events([bytes]) == [.message(Array("{}".utf8))])
  }

  @Test("an unreadable header block is reported and skipped; the next message is read")
  func malformedHeaders() {
    let next = Self.frame("{}")
    for garbage in [
      "Content-Length: x\r\n\r\n", "Length: 2\r\n\r\n", "nonsense\r\n\r\n",
      "Content-Length: 99999999999999999999\r\n\r\n",
    ] {
      let events = Self.events([Array(garbage.utf8) + next])
      #expect(events.count == 2, "\(garbage)")
      if case .malformed = events.first {} else { Issue.record("\(garbage): \(events)") }
      #expect(events.last == .message(Array("{}".utf8)))
    }
  }

  @Test("junk without line breaks is skipped up to the next Content-Length")
  func resynchronisation() {
    let junk = [UInt8](repeating: UInt8(ascii: "x"), count: FrameDecoder.maxHeaderBytes + 100)
    let events = Self.events([junk, Self.frame("{}")])
    #expect(events.last == .message(Array("{}".utf8)))
    let glued = Self.events([Array("{\"body\":1}".utf8) + Self.frame("{}")])
    #expect(glued.last == .message(Array("{}".utf8)))
  }

  @Test("a message over the limit is skipped without being kept, then reading goes on")
  func oversized() {
    let big = String(repeating: "a", count: 5_000)
    let events = Self.events(
      [Array(Self.frame(big).prefix(1_000)), Array(Self.frame(big).dropFirst(1_000)), Self.frame("{}")],
      limit: 100)
    #expect(events == [.tooLarge(5_000), .message(Array("{}".utf8))])
  }
}
