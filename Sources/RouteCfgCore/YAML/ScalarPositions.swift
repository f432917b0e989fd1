/// Maps positions inside a scalar's value back to the file.
///
/// Exact for literal blocks (`|`, `|-`, `|+`, with or without an indentation indicator) and for
/// single-line plain, single-quoted and double-quoted scalars. Other multi-line scalars fold
/// their lines, so positions after the first line point at the start of that line's text.
public struct ScalarLocator: Sendable {
  private enum Mapping: Sendable {
    /// Line `n` of the value is file line `headerLine + 1 + n`, indented by `indent` spaces.
    case block(headerLine: Int32, indent: Int)
    /// The file column of each Unicode scalar of the value's first line.
    case quoted(start: TextPoint, columns: [Int32])
    /// The value starts at `start` and runs as written.
    case plain(start: TextPoint)
  }

  private let file: SourceFileID
  private let mapping: Mapping

  init(document: YAMLDocument, node: YAMLNode) {
    file = document.file
    switch node.style {
    case .literal, .folded:
      mapping = .block(headerLine: node.start.line, indent: Self.blockIndent(of: node, in: document.source))
    case .singleQuoted, .doubleQuoted:
      mapping = .quoted(start: node.start, columns: Self.quotedColumns(of: node, in: document.source))
    default:
      mapping = .plain(start: node.start)
    }
  }

  /// The file location of a position inside the value.
  public func location(_ position: BodyPosition) -> SourceLocation {
    switch mapping {
    case .block(let headerLine, let indent):
      return SourceLocation(
        file: file, line: headerLine + 1 + Int32(clamping: position.line),
        column: Int32(clamping: indent + position.column + 1))
    case .quoted(let start, let columns):
      guard position.line == 0 else {
        return SourceLocation(file: file, line: start.line + Int32(clamping: position.line), column: 1)
      }
      if position.column < columns.count {
        return SourceLocation(file: file, line: start.line, column: columns[position.column])
      }
      let last = columns.last ?? start.column
      return SourceLocation(
        file: file, line: start.line, column: last + Int32(clamping: position.column - columns.count + 1))
    case .plain(let start):
      guard position.line == 0 else {
        return SourceLocation(file: file, line: start.line + Int32(clamping: position.line), column: 1)
      }
      return SourceLocation(
        file: file, line: start.line, column: start.column + Int32(clamping: position.column))
    }
  }

  /// The number of spaces that indent a block scalar's content: the first non-empty line's
  /// leading spaces in the file minus those kept in the value.
  private static func blockIndent(of node: YAMLNode, in source: SourceText) -> Int {
    var line: Int32 = 0
    var kept = 0
    var atLineStart = true
    for byte in node.value.utf8 {
      if byte == 0x0A {
        line += 1
        kept = 0
        atLineStart = true
        continue
      }
      if atLineStart, byte == 0x20 {
        kept += 1
        continue
      }
      // The first character of the first non-empty line.
      let written = source.line(node.start.line + 1 + line).prefix { $0 == 0x20 }.count
      return max(0, written - kept)
    }
    return 0
  }

  /// For each Unicode scalar of a quoted scalar's first value line, its 1-based column in the
  /// file, walking the quotes and escapes as written.
  private static func quotedColumns(of node: YAMLNode, in source: SourceText) -> [Int32] {
    let line = Array(String(decoding: source.line(node.start.line), as: UTF8.self).unicodeScalars)
    var index = Int(node.start.column)  // 0-based index of the first character after the quote
    var columns: [Int32] = []
    let doubleQuoted = node.style == .doubleQuoted
    while index < line.count {
      let scalar = line[index]
      if doubleQuoted {
        if scalar == "\"" { break }
        if scalar == "\\", index + 1 < line.count {
          columns.append(Int32(clamping: index + 1))
          switch line[index + 1] {
          case "x": index += 4
          case "u": index += 6
          case "U": index += 10
          default: index += 2
          }
          continue
        }
      } else if scalar == "'" {
        if index + 1 < line.count, line[index + 1] == "'" {
          columns.append(Int32(clamping: index + 1))
          index += 2
          continue
        }
        break
      }
      columns.append(Int32(clamping: index + 1))
      index += 1
    }
    return columns
  }
}

extension YAMLDocument {
  /// Maps positions inside a scalar's value back to the file.
  public func locator(for id: YAMLNodeID) -> ScalarLocator {
    ScalarLocator(document: self, node: self[id])
  }
}
