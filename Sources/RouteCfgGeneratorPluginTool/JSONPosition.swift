import Foundation

/// A 1-based line and column (in characters) in the configuration file, for error messages.
struct JSONPosition: Equatable {
  var line: Int
  var column: Int

  static let start = JSONPosition(line: 1, column: 1)

  /// Where `"key"` is first written as an object key in `text`; the start when it is not found
  /// (a key written with escapes).
  static func ofKey(_ key: String, in text: String) -> JSONPosition {
    let quoted = "\"\(key)\""
    var searchStart = text.startIndex
    while let range = text.range(of: quoted, range: searchStart..<text.endIndex) {
      let rest = text[range.upperBound...].drop(while: { $0 == " " || $0 == "\t" || isLineBreak($0) })
      if rest.first == ":" { return position(of: range.lowerBound, in: text) }
      searchStart = range.upperBound
    }
    return .start
  }

  /// Where Foundation's JSON parser says it stopped: "around line L, column C" or "around
  /// character N" (a UTF-8 offset); the start when the message names neither.
  static func ofParseError(_ message: String, in text: String) -> JSONPosition {
    let numbers = message.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
    if message.contains("line"), message.contains("column"), numbers.count >= 2 {
      return JSONPosition(line: numbers[0], column: numbers[1] + 1)
    }
    if message.contains("character"), let offset = numbers.first {
      let utf8 = text.utf8
      let index = utf8.index(utf8.startIndex, offsetBy: min(offset, utf8.count))
      return position(of: index, in: text)
    }
    return .start
  }

  private static func position(of index: String.Index, in text: String) -> JSONPosition {
    let before = text[..<index]
    let line = before.reduce(1) { isLineBreak($1) ? $0 + 1 : $0 }
    let lineStart = before.lastIndex(where: isLineBreak).map { text.index(after: $0) } ?? text.startIndex
    return JSONPosition(line: line, column: text[lineStart..<index].count + 1)
  }

  /// A line break as JSON and editors count them: `\n`, `\r\n` (one `Character` in Swift, so
  /// never equal to `"\n"`) or a lone `\r`.
  private static func isLineBreak(_ character: Character) -> Bool {
    character == "\n" || character == "\r\n" || character == "\r"
  }
}
