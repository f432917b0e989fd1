import RouteCfgCore

/// A 1-based line and column (in characters, as editors count them) in the configuration file,
/// for error messages.
struct JSONPosition: Equatable {
  var line: Int
  var column: Int

  static let start = JSONPosition(line: 1, column: 1)

  /// Where byte `offset` of `bytes` is: lines end at `\n`, `\r\n` or a lone `\r`, and a UTF-8
  /// byte order mark at the start of the file takes no column.
  init(offset: Int, in bytes: [UInt8]) {
    let end = min(max(offset, 0), bytes.count)
    var line = 1
    var lineStart = bytes.starts(with: SourceText.utf8ByteOrderMark) ? SourceText.utf8ByteOrderMark.count : 0
    var index = lineStart
    while index < end {
      switch bytes[index] {
      case UInt8(ascii: "\n"):
        line += 1
        lineStart = index + 1
      case UInt8(ascii: "\r"):
        // `\r\n` is one break, ended by its `\n`.
        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { break }
        line += 1
        lineStart = index + 1
      default:
        break
      }
      index += 1
    }
    self.line = line
    self.column = String(decoding: bytes[min(lineStart, end)..<end], as: UTF8.self).count + 1
  }

  init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }
}
