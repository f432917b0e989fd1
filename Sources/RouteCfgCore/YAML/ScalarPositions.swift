/// Maps positions inside a scalar's value back to the file.
///
/// Exact for literal blocks (`|`, `|-`, `|+`, with or without an indentation indicator) and
/// single-line plain scalars, which hold their text as written, and through a
/// ``FoldedScalarMap`` for the others (quoted scalars, multi-line plain scalars, folded blocks,
/// and literal blocks that hold line or paragraph separators).
/// Should a map not be made, every position is the scalar's start.
public struct ScalarLocator: Sendable {
  private enum Mapping: Sendable {
    /// Every scalar of a value whose lines fold, with its place.
    case folded(FoldedScalarMap, start: TextPoint)
    /// Line `n` of the value is file line `headerLine + 1 + n`, indented by `indent` spaces.
    case block(headerLine: Int32, indent: Int)
    /// A single-line plain scalar: the value runs as written from `start`.
    case plain(start: TextPoint)
    /// A folding scalar that could not be mapped: every position is the scalar's start, which is
    /// less precise but always a place in the file.
    case unmapped(start: TextPoint)
  }

  private let file: SourceFileID
  private let mapping: Mapping

  /// Both are borrowed: an initializer's arguments are otherwise copies, and copying a document
  /// or a node retains what it holds, once per scalar located.
  init(document: borrowing YAMLDocument, node: borrowing YAMLNode) {
    self.init(file: document.file, source: document.source, node: node)
  }

  /// The locator of a scalar of `file`, whose text is `source`, before its document is complete.
  init(file: SourceFileID, source: borrowing SourceText, node: borrowing YAMLNode) {
    self.file = file
    switch node.style {
    case .literal:
      let indent = Self.blockIndent(of: node, in: source)
      // Each line or paragraph separator in the value ends a line of the file too, as libyaml
      // counts lines: then every scalar's place is worked out (rare; the others map by line).
      if source.holdsLineSeparators, let map = FoldedScalarMap(literalBlock: copy node, indent: indent) {
        mapping = .folded(map, start: node.start)
      } else {
        mapping = .block(headerLine: node.start.line, indent: indent)
      }
    case .plain where node.start.line == node.end.line:
      mapping = .plain(start: node.start)
    default:
      let indent = node.style == .folded ? Self.blockIndent(of: node, in: source) : 0
      if let map = FoldedScalarMap(node: copy node, source: copy source, blockIndent: indent) {
        mapping = .folded(map, start: node.start)
      } else {
        mapping = .unmapped(start: node.start)
      }
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
      guard position.line == 0 else { return SourceLocation(file: file, start: start) }
      return SourceLocation(
        file: file, line: start.line, column: start.column + Int32(clamping: position.column))
    case .unmapped(let start):
      return SourceLocation(file: file, start: start)
    }
  }

  /// The number of spaces that indent a block scalar's content: the first non-empty line's
  /// leading spaces in the file minus those kept in the value.
  private static func blockIndent(of node: YAMLNode, in source: SourceText) -> Int {
    var line: Int32 = 0
    var kept = 0
    // Only the leading spaces and line breaks are read: the loop ends at the first character.
    for scalar in node.value.unicodeScalars {
      switch scalar {
      case "\n", "\u{2028}", "\u{2029}":
        // A line break of the file (U+2028 and U+2029 too, as libyaml counts lines).
        line += 1
        kept = 0
      case " ":
        kept += 1
      default:
        // The first character of the first non-empty line.
        let written = source.line(node.start.line + 1 + line).prefix { $0 == 0x20 }.count
        return max(0, written - kept)
      }
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
