/// What ``FrameDecoder`` found in the byte stream.
enum FrameEvent: Sendable, Equatable {
  /// The content of one message.
  case message([UInt8])
  /// Bytes that are not a valid header block were skipped; why.
  case malformed(String)
  /// A message longer than the limit was skipped without being kept; its length.
  case tooLarge(Int)
}

/// Splits the byte stream of the base protocol into messages: header fields (`Content-Length`
/// required, `Content-Type` accepted), an empty line, then exactly `Content-Length` bytes.
///
/// Hostile input never stops it: a header block it cannot read is skipped up to its empty line
/// (or, when none comes within ``maxHeaderBytes``, up to the next `Content-Length`), and a
/// message over the limit is skipped as it streams past, never held in memory.
struct FrameDecoder {
  /// The longest header block accepted.
  static let maxHeaderBytes = 8 << 10
  let maxContentLength: Int
  private var buffer: [UInt8] = []
  /// Where unread bytes start in `buffer`.
  private var start = 0
  /// Bytes of an oversized message still to skip.
  private var skipping = 0

  init(maxContentLength: Int) {
    self.maxContentLength = maxContentLength
  }

  mutating func append(_ bytes: some Collection<UInt8>) {
    if skipping > 0 {
      let skipped = min(skipping, bytes.count)
      skipping -= skipped
      buffer.append(contentsOf: bytes.dropFirst(skipped))
    } else {
      buffer.append(contentsOf: bytes)
    }
  }

  /// The next event, or `nil` when more bytes are needed.
  mutating func next() -> FrameEvent? {
    if skipping > 0 { return nil }
    // Stray line breaks between messages are skipped quietly.
    var first = start
    while first < buffer.count, buffer[first] == 0x0A || buffer[first] == 0x0D { first += 1 }
    if first > start { consume(upTo: first) }
    guard let header = readHeader() else { return nil }
    switch header {
    case .malformed(let reason, let resume):
      consume(upTo: resume)
      return .malformed(reason)
    case .length(let length, let bodyStart):
      if length > maxContentLength {
        consume(upTo: bodyStart)
        let available = buffer.count - start
        let skipped = min(available, length)
        consume(upTo: start + skipped)
        skipping = length - skipped
        return .tooLarge(length)
      }
      guard buffer.count - bodyStart >= length else { return nil }
      let body = Array(buffer[bodyStart..<bodyStart + length])
      consume(upTo: bodyStart + length)
      return .message(body)
    }
  }

  private enum Header {
    case length(Int, bodyStart: Int)
    case malformed(String, resume: Int)
  }

  /// Reads the header block at `start`; `nil` when it is not complete yet.
  private func readHeader() -> Header? {
    var lineStart = start
    var contentLength: Int?
    var problem: String?
    let limit = min(buffer.count, start + Self.maxHeaderBytes)
    while lineStart < limit {
      guard let newline = buffer[lineStart..<limit].firstIndex(of: 0x0A) else { break }
      var lineEnd = newline
      if lineEnd > lineStart, buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
      if lineEnd == lineStart {
        // The empty line ends the header block.
        if let problem { return .malformed(problem, resume: resynchronisationPoint(orAfter: newline + 1)) }
        guard let contentLength else {
          return .malformed(
            "a header block without 'Content-Length'", resume: resynchronisationPoint(orAfter: newline + 1))
        }
        return .length(contentLength, bodyStart: newline + 1)
      }
      if problem == nil {
        problem = field(buffer[lineStart..<lineEnd], contentLength: &contentLength)
      }
      lineStart = newline + 1
    }
    if buffer.count - start >= Self.maxHeaderBytes {
      let needleLength = Self.resynchronisationNeedle.count
      return .malformed(
        "no header block ends within \(Self.maxHeaderBytes) bytes",
        resume: resynchronisationPoint(orAfter: max(start + 1, buffer.count - needleLength)))
    }
    return nil
  }

  /// Reads one header field; returns a problem, if any.
  private func field(_ line: ArraySlice<UInt8>, contentLength: inout Int?) -> String? {
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
      return "a header line without ':'"
    }
    let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self).lowercased()
    let value = line[(colon + 1)...].drop { $0 == 0x20 || $0 == 0x09 }
    let trimmed = value.reversed().drop { $0 == 0x20 || $0 == 0x09 }.reversed()
    switch name {
    case "content-length":
      guard !trimmed.isEmpty, trimmed.count <= 18,
        trimmed.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
        let length = Int(String(decoding: trimmed, as: UTF8.self))
      else { return "'Content-Length' is not a number of bytes" }
      contentLength = length
      return nil
    case "content-type":
      return nil
    default:
      // Unknown fields are allowed by the base protocol and ignored.
      return nil
    }
  }

  private static let resynchronisationNeedle = Array("Content-Length".utf8)

  /// Where to resume after an unreadable header block: the next `Content-Length` after `start`
  /// (a message's header may follow junk on the same line), or `fallback`.
  private func resynchronisationPoint(orAfter fallback: Int) -> Int {
    let needle = Self.resynchronisationNeedle
    var index = start + 1
    while index + needle.count <= buffer.count {
      if buffer[index] == needle[0], buffer[index..<index + needle.count].elementsEqual(needle) {
        return index
      }
      index += 1
    }
    return fallback
  }

  private mutating func consume(upTo position: Int) {
    start = position
    if start == buffer.count {
      buffer.removeAll(keepingCapacity: buffer.count <= 1 << 20)
      start = 0
    } else if start >= 1 << 16, start * 2 >= buffer.count {
      buffer.removeSubrange(0..<start)
      start = 0
    }
  }
}
