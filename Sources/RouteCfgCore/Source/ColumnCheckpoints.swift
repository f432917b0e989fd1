/// Byte offsets of every ``stride``th column of the file's long lines.
///
/// Columns count Unicode scalars, so finding the byte where a column starts means walking the
/// line. On a long line (a flow mapping of thousands of entries written on one line) walking
/// from the line's start for every scalar on it would be quadratic; with checkpoints a lookup
/// walks at most ``stride`` scalars.
struct ColumnCheckpoints: Sendable {
  /// Columns between two checkpoints.
  static let stride = 256
  /// Lines up to this many bytes are walked from their start.
  static let shortLineLimit = 1_024

  /// For each long line (0-based line index), the byte offset of columns 1, 1 + stride, ...
  private let offsets: [Int32: [Int32]]

  init(bytes: [UInt8], lineStarts: [Int32]) {
    var offsets: [Int32: [Int32]] = [:]
    for (index, start) in lineStarts.enumerated() {
      let end = index + 1 < lineStarts.count ? Int(lineStarts[index + 1]) : bytes.count
      guard end - Int(start) > Self.shortLineLimit else { continue }
      var line: [Int32] = []
      var column = 0
      for offset in Int(start)..<end where bytes[offset] & 0xC0 != 0x80 {
        if column % Self.stride == 0 { line.append(Int32(truncatingIfNeeded: offset)) }
        column += 1
      }
      offsets[Int32(index)] = line
    }
    self.offsets = offsets
  }

  /// The nearest checkpoint at or before 0-based `columnIndex` of 0-based `lineIndex`: its
  /// byte offset and column index, or `nil` for a short line.
  func checkpoint(lineIndex: Int32, columnIndex: Int) -> (offset: Int, columnIndex: Int)? {
    guard let line = offsets[lineIndex], !line.isEmpty else { return nil }
    let slot = min(columnIndex / Self.stride, line.count - 1)
    return (Int(line[slot]), slot * Self.stride)
  }

  /// The nearest checkpoint at or before byte `offset` of 0-based `lineIndex`: its byte offset
  /// and column index, or `nil` for a short line.
  func checkpoint(lineIndex: Int32, byteOffset offset: Int) -> (offset: Int, columnIndex: Int)? {
    guard let line = offsets[lineIndex], !line.isEmpty else { return nil }
    // The last checkpoint at or before `offset` (the first, column 1, is the line's start).
    let slot = max(0, line.endOfPrefix { Int($0) <= offset } - 1)
    return (Int(line[slot]), slot * Self.stride)
  }
}

extension SourceText {
  /// The byte offset where 1-based `column` (in Unicode scalars) of 1-based `line` starts, or
  /// the end of the line's text when the line is shorter. Costs at most a walk over
  /// ``ColumnCheckpoints/stride`` scalars on a long line.
  package func byteOffset(line: Int32, column: Int32) -> Int {
    let text = self.line(line)
    var offset = text.startIndex
    var columnIndex = 0
    let target = max(0, Int(column) - 1)
    // From a checkpoint before the column's, so that the walk passes the scalar before it (and
    // any stray bytes after that scalar, which start the column).
    if target > 0,
      let checkpoint = columnCheckpoints.checkpoint(lineIndex: line - 1, columnIndex: target - 1),
      checkpoint.offset < text.endIndex
    {
      offset = checkpoint.offset
      columnIndex = checkpoint.columnIndex
    }
    // Where the scalar started last ends, by its lead byte: a continuation byte there is one
    // too many (invalid UTF-8, which RC0103 points at), and starts the place after that scalar.
    var scalarEnd = offset
    while offset < text.endIndex {
      let byte = bytes[offset]
      if byte & 0xC0 != 0x80 {
        if columnIndex == target { return offset }
        columnIndex += 1
        scalarEnd = offset + utf8SequenceLength(byte)
      } else if offset == scalarEnd, columnIndex == target {
        return offset
      }
      offset += 1
    }
    return text.endIndex
  }
}
