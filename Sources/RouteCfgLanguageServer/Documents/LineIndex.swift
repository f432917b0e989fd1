import RouteCfgCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where each line of a text starts, with LSP's line breaks (`\n`, `\r\n`, `\r`), and
/// conversions between byte offsets and positions in any ``PositionEncoding``.
struct LineIndex: Sendable {
  /// Byte offset of each line's first byte; line 0 starts at 0.
  let starts: [Int]
  let byteCount: Int
  /// Places along long lines to walk from instead of the line's start.
  private let checkpoints: UnitCheckpoints

  init(_ bytes: [UInt8]) {
    var starts = [0]
    let count = bytes.count
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress, count > 0 else { return }
      if memchr(base, 0x0D, count) == nil {
        // Fast path: only '\n' ends lines.
        var offset = 0
        while offset < count, let found = memchr(base + offset, 0x0A, count - offset) {
          let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
          starts.append(position + 1)
          offset = position + 1
        }
        return
      }
      var index = 0
      while index < count {
        let byte = buffer[index]
        if byte == 0x0A {
          starts.append(index + 1)
        } else if byte == 0x0D {
          if index + 1 < count, buffer[index + 1] == 0x0A { index += 1 }
          starts.append(index + 1)
        }
        index += 1
      }
    }
    self.starts = starts
    self.byteCount = count
    self.checkpoints = UnitCheckpoints()
  }

  var lineCount: Int { starts.count }

  /// The byte range of a line without its line break.
  func contentRange(ofLine line: Int, in bytes: [UInt8]) -> Range<Int> {
    guard line >= 0, line < starts.count else { return byteCount..<byteCount }
    let start = starts[line]
    var end = line + 1 < starts.count ? starts[line + 1] : byteCount
    if end > start, bytes[end - 1] == 0x0A { end -= 1 }
    if end > start, bytes[end - 1] == 0x0D { end -= 1 }
    return start..<end
  }

  /// The line holding a byte offset.
  func line(ofOffset offset: Int) -> Int {
    max(0, starts.endOfPrefix { $0 <= offset } - 1)
  }

  /// The byte offset of a position. A character past the end of its line means the line's end
  /// and a line past the end means the end of the text (as LSP specifies); a position inside a
  /// character (half of a surrogate pair) means that character's start.
  func offset(of position: LSPPosition, in bytes: [UInt8], encoding: PositionEncoding) -> Int {
    if position.line < 0 { return 0 }
    guard position.line < starts.count else { return byteCount }
    let range = contentRange(ofLine: position.line, in: bytes)
    var offset = range.lowerBound
    var units = 0
    let character = position.character
    if let start = checkpoints.last(in: range, of: bytes, where: { $0.units(encoding) <= character }) {
      (offset, units) = (start.offset, start.units(encoding))
    }
    while offset < range.upperBound {
      let length = characterLength(in: bytes, at: offset, limit: range.upperBound)
      let width = encoding.units(forUTF8Length: length)
      if units + width > position.character { break }
      units += width
      offset += length
    }
    return offset
  }

  /// The position of a byte offset (an offset inside a character counts from its start).
  func position(ofOffset offset: Int, in bytes: [UInt8], encoding: PositionEncoding) -> LSPPosition {
    let offset = max(0, min(offset, byteCount))
    let line = line(ofOffset: offset)
    let range = contentRange(ofLine: line, in: bytes)
    var index = range.lowerBound
    var units = 0
    if let start = checkpoints.last(in: range, of: bytes, where: { $0.offset <= offset }) {
      (index, units) = (start.offset, start.units(encoding))
    }
    while index < min(offset, range.upperBound) {
      let length = characterLength(in: bytes, at: index, limit: range.upperBound)
      if index + length > offset { break }
      units += encoding.units(forUTF8Length: length)
      index += length
    }
    return LSPPosition(line: line, character: units)
  }
}

/// Every ``stride``th byte or so of each long line (a JSON manifest written on one line), at a
/// character's start, with the characters before it on its line in each encoding: a position far
/// into such a line is found by a walk from the nearest one, not from the line's start, so that
/// the places of an outline or of references on one line cost linear time, not quadratic. A
/// line's checkpoints are made the first time a position far into it is asked for, not with the
/// index on every change of the text.
private final class UnitCheckpoints: @unchecked Sendable {
  struct Checkpoint: Sendable {
    /// The byte offset in the text, and the bytes, UTF-16 units and scalars before it on its line.
    let offset: Int
    let utf8: Int32
    let utf16: Int32
    let utf32: Int32

    func units(_ encoding: PositionEncoding) -> Int {
      switch encoding {
      case .utf8: return Int(utf8)
      case .utf16: return Int(utf16)
      case .utf32: return Int(utf32)
      }
    }
  }

  /// Bytes between two checkpoints.
  static let stride = 256
  /// Lines up to this many bytes are walked from their start.
  static let shortLineLimit = 1_024

  private let lock = ConditionLock()
  /// The checkpoints of each long line made so far, by the line's first byte; guarded by `lock`.
  private var lines: [Int: [Checkpoint]] = [:]

  /// The last checkpoint of the line whose text is `range` that satisfies `isBefore` (true for a
  /// prefix of them); `nil` on a short line.
  func last(in range: Range<Int>, of bytes: [UInt8], where isBefore: (Checkpoint) -> Bool) -> Checkpoint? {
    guard range.count > Self.shortLineLimit else { return nil }
    let checkpoints = lock.withLock {
      if let made = lines[range.lowerBound] { return made }
      let made = Self.checkpoints(in: range, of: bytes)
      lines[range.lowerBound] = made
      return made
    }
    let low = checkpoints.endOfPrefix(where: isBefore)
    return low == 0 ? nil : checkpoints[low - 1]
  }

  /// The checkpoints of one line's text, by the same steps as the walks that start from one (a
  /// malformed sequence too).
  private static func checkpoints(in range: Range<Int>, of bytes: [UInt8]) -> [Checkpoint] {
    var checkpoints: [Checkpoint] = []
    checkpoints.reserveCapacity(range.count / stride)
    var (offset, utf16, utf32) = (range.lowerBound, 0, 0)
    var next = range.lowerBound + stride
    while offset < range.upperBound {
      if offset >= next {
        checkpoints.append(
          Checkpoint(
            offset: offset, utf8: Int32(truncatingIfNeeded: offset - range.lowerBound),
            utf16: Int32(truncatingIfNeeded: utf16), utf32: Int32(truncatingIfNeeded: utf32)))
        next = offset + stride
      }
      let length = characterLength(in: bytes, at: offset, limit: range.upperBound)
      utf16 += length == 4 ? 2 : 1
      utf32 += 1
      offset += length
    }
    return checkpoints
  }
}

/// The bytes of the character at `offset`, as an editor decodes them: a byte that starts no
/// well-formed sequence (in a file that is not UTF-8) is one character of its own.
@inline(__always)
private func characterLength(in bytes: [UInt8], at offset: Int, limit: Int) -> Int {
  wellFormedUTF8SequenceLength(in: bytes, at: offset, limit: limit) ?? 1
}
