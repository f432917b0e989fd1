extension YAMLDocument {
  /// A locator that maps positions inside a scalar's value back to the file.
  ///
  /// Exact for literal blocks (`|`, `|-`, `|+`, with or without an indentation indicator) and for
  /// single-line plain, single-quoted and double-quoted scalars. Other multi-line scalars fold
  /// their lines, so positions after the first line point at the start of that line's text.
  public func locator(for id: YAMLNodeID) -> BodyLocator {
    let node = self[id]
    let file = self.file
    switch node.style {
    case .literal, .folded:
      let indent = blockIndent(of: node)
      let headerLine = node.start.line
      return { position in
        SourceLocation(
          file: file, line: headerLine + 1 + Int32(clamping: position.line),
          column: Int32(clamping: indent + position.column + 1))
      }
    case .singleQuoted, .doubleQuoted:
      let columns = quotedColumns(of: node)
      let start = node.start
      return { position in
        if position.line == 0 {
          let column =
            position.column < columns.count
            ? columns[position.column]
            : (columns.last ?? start.column + 1) + Int32(clamping: position.column - columns.count + 1)
          return SourceLocation(file: file, line: start.line, column: column)
        }
        return SourceLocation(file: file, line: start.line + Int32(clamping: position.line), column: 1)
      }
    default:
      let start = node.start
      return { position in
        position.line == 0
          ? SourceLocation(file: file, line: start.line, column: start.column + Int32(clamping: position.column))
          : SourceLocation(file: file, line: start.line + Int32(clamping: position.line), column: 1)
      }
    }
  }

  /// The number of spaces that indent a block scalar's content: the first non-empty line's
  /// leading spaces in the file minus those kept in the value.
  private func blockIndent(of node: YAMLNode) -> Int {
    var lineIndex: Int32 = 0
    for valueLine in node.value.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
      if !valueLine.isEmpty {
        let kept = valueLine.prefix { $0 == 0x20 }.count
        let written = source.line(node.start.line + 1 + lineIndex).prefix { $0 == 0x20 }.count
        return max(0, written - kept)
      }
      lineIndex += 1
    }
    return 0
  }

  /// For each Unicode scalar of a quoted scalar's first value line, its 1-based column in the
  /// file, walking the quotes and escapes as written.
  private func quotedColumns(of node: YAMLNode) -> [Int32] {
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
