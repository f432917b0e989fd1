/// Maps positions inside a scalar's value back to the file.
///
/// Exact for literal blocks (`|`, `|-`, `|+`, with or without an indentation indicator) and
/// single-line plain scalars, which hold their text as written, and through a
/// ``FoldedScalarMap`` for the others (quoted scalars, multi-line plain scalars, folded blocks).
/// Should a map not be made, positions after the first line point at the start of their line.
public struct ScalarLocator: Sendable {
  private enum Mapping: Sendable {
    /// Every scalar of a value whose lines fold, with its place.
    case folded(FoldedScalarMap, start: TextPoint)
    /// Line `n` of the value is file line `headerLine + 1 + n`, indented by `indent` spaces.
    case block(headerLine: Int32, indent: Int)
    /// The value starts at `start` and runs as written.
    case plain(start: TextPoint)
  }

  private let file: SourceFileID
  private let mapping: Mapping

  init(document: YAMLDocument, node: YAMLNode) {
    file = document.file
    let mapped =
      node.style == .folded || node.style == .singleQuoted || node.style == .doubleQuoted
      || (node.style == .plain && node.start.line != node.end.line)
    if mapped {
      let indent = node.style == .folded ? Self.blockIndent(of: node, in: document.source) : 0
      if let map = FoldedScalarMap(node: node, source: document.source, blockIndent: indent) {
        mapping = .folded(map, start: node.start)
        return
      }
    }
    switch node.style {
    case .literal, .folded:
      mapping = .block(headerLine: node.start.line, indent: Self.blockIndent(of: node, in: document.source))
    case .singleQuoted, .doubleQuoted:
      // Only when the value could not be mapped: columns from after the opening quote.
      mapping = .plain(start: TextPoint(line: node.start.line, column: node.start.column + 1))
    default:
      mapping = .plain(start: node.start)
    }
  }

  /// The file location of a position inside the value.
  public func location(_ position: BodyPosition) -> SourceLocation {
    switch mapping {
    case .folded(let map, let start):
      return SourceLocation(file: file, start: map.point(position) ?? start)
    case .block(let headerLine, let indent):
      return SourceLocation(
        file: file, line: headerLine + 1 + Int32(clamping: position.line),
        column: Int32(clamping: indent + position.column + 1))
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
}

extension YAMLDocument {
  /// Maps positions inside a scalar's value back to the file.
  public func locator(for id: YAMLNodeID) -> ScalarLocator {
    ScalarLocator(document: self, node: self[id])
  }
}
