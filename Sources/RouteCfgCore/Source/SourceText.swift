#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes of one file with a table of line starts, counted the way libyaml counts them
/// (`\n`, `\r\n`, `\r`, U+0085, U+2028 and U+2029 end a line), so that libyaml's marks and the
/// positions routecfg computes agree.
public struct SourceText: Sendable {
  public let bytes: [UInt8]
  /// Byte offset where each line starts; line 1 starts at `lineStarts[0]`.
  let lineStarts: [Int32]
  /// Where every 256th column of a long line starts, so that columns far into one line are
  /// found without walking it from its start (see ``byteOffset(line:column:)``).
  let columnCheckpoints: ColumnCheckpoints
  /// Whether a line or paragraph separator (U+2028, U+2029) ends a line: positions inside block
  /// scalars then need them counted (``ScalarLocator``).
  let holdsLineSeparators: Bool

  public init(bytes: [UInt8]) {
    self.bytes = bytes
    (self.lineStarts, self.holdsLineSeparators) = Self.computeLineStarts(bytes)
    self.columnCheckpoints = ColumnCheckpoints(bytes: bytes, lineStarts: lineStarts)
  }

  /// The text of a file as read: a leading UTF-8 byte order mark is not part of it (editors do
  /// not show it, and columns on the first line do not count it).
  public init(fileContents bytes: [UInt8]) {
    self.init(bytes: bytes.starts(with: Self.utf8ByteOrderMark) ? Array(bytes.dropFirst(3)) : bytes)
  }

  /// The UTF-8 byte order mark, which a file's text as read does not hold.
  package static let utf8ByteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// The number of lines (a final line without a line break counts).
  public var lineCount: Int { lineStarts.count }

  /// The bytes of a 1-based line, without its line break; empty when out of range.
  public func line(_ number: Int32) -> ArraySlice<UInt8> {
    let index = Int(number) - 1
    guard index >= 0, index < lineStarts.count else { return bytes[0..<0] }
    let start = Int(lineStarts[index])
    var end = index + 1 < lineStarts.count ? Int(lineStarts[index + 1]) : bytes.count
    // Drop the line break itself.
    while end > start, Self.isBreakByte(bytes[end - 1]) { end -= 1 }
    if end - start >= 2, bytes[end - 2] == 0xC2, bytes[end - 1] == 0x85 { end -= 2 }
    return bytes[start..<end]
  }

  /// The 1-based line and column (in Unicode scalars) of a byte offset.
  public func point(atByteOffset offset: Int) -> TextPoint {
    let offset = max(0, min(offset, bytes.count))
    // The last line start at or before the offset (the first line starts at 0).
    let low = lineStarts.endOfPrefix { Int($0) <= offset } - 1
    var column = 1
    var index = Int(lineStarts[low])
    // On a long line, from the nearest checkpoint: walking from the line's start for every place
    // asked for on it would be quadratic (anchors and tags on one line of thousands).
    if offset - index > ColumnCheckpoints.shortLineLimit,
      let checkpoint = columnCheckpoints.checkpoint(lineIndex: Int32(low), byteOffset: offset)
    {
      index = checkpoint.offset
      column = checkpoint.columnIndex + 1
    }
    while index < offset {
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    return TextPoint(line: Int32(low + 1), column: Int32(column))
  }

  private static func isBreakByte(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }

  /// The bytes searched at a time for unusual line breaks, then for `\n`: a block stays in the
  /// cache between the four searches, where a large file (tens of MiB) would be read from memory
  /// for each.
  static let lineScanBlock = 64 * 1024

  /// The line starts, and whether a U+2028 or U+2029 ends a line.
  private static func computeLineStarts(_ bytes: [UInt8]) -> ([Int32], Bool) {
    var starts: [Int32] = [0]
    var separators = false
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
      let count = buffer.count
      // Fast path, a block at a time, while only `\n` ends lines.
      var index = 0
      while index < count {
        let end = min(index + lineScanBlock, count)
        if containsUnusualBreaks(base, in: index..<end, count: count) { break }
        var offset = index
        while offset < end, let found = memchr(base + offset, 0x0A, end - offset) {
          let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
          starts.append(Int32(truncatingIfNeeded: position + 1))
          offset = position + 1
        }
        index = end
      }
      // From the first block that holds another break on, byte by byte.
      while index < count {
        let byte = base[index]
        var breakLength = 0
        if byte == 0x0A {
          breakLength = 1
        } else if byte == 0x0D {
          breakLength = index + 1 < count && base[index + 1] == 0x0A ? 2 : 1
        } else if byte == 0xC2, index + 1 < count, base[index + 1] == 0x85 {
          breakLength = 2
        } else if byte == 0xE2, index + 2 < count, base[index + 1] == 0x80,
          base[index + 2] == 0xA8 || base[index + 2] == 0xA9
        {
          breakLength = 3
          separators = true
        }
        if breakLength > 0 {
          index += breakLength
          starts.append(Int32(truncatingIfNeeded: index))
        } else {
          index += 1
        }
      }
    }
    return (starts, separators)
  }

  /// `true` when a `\r`, U+0085, U+2028 or U+2029 starts at an offset in `block` of the `count`
  /// bytes at `base` (one that starts in the block may end past it).
  private static func containsUnusualBreaks(
    _ base: UnsafePointer<UInt8>, in block: Range<Int>, count: Int
  ) -> Bool {
    if memchr(base + block.lowerBound, 0x0D, block.count) != nil { return true }
    // U+0085 is C2 85; U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
    for lead: UInt8 in [0xC2, 0xE2] {
      var offset = block.lowerBound
      while offset < block.upperBound,
        let found = memchr(base + offset, Int32(lead), block.upperBound - offset)
      {
        let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        if lead == 0xC2, position + 1 < count, base[position + 1] == 0x85 { return true }
        if lead == 0xE2, position + 2 < count, base[position + 1] == 0x80,
          base[position + 2] == 0xA8 || base[position + 2] == 0xA9
        {
          return true
        }
        offset = position + 1
      }
    }
    return false
  }
}
