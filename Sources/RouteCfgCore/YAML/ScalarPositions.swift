/// Maps positions inside a scalar's value back to the file.
///
/// Exact for literal blocks (`|`, `|-`, `|+`, with or without an indentation indicator) and
/// single-line plain scalars, which hold their text as written, and through a
/// ``FoldedScalarMap`` for the others (quoted scalars, multi-line plain scalars, folded blocks).
/// Should a map not be made, every position is the scalar's start.
public struct ScalarLocator: Sendable {
  private enum Mapping: Sendable {
    /// Every scalar of a value whose lines fold, with its place.
    case folded(FoldedScalarMap, start: TextPoint)
    /// Line `n` of the value is file line `headerLine + 1 + n`, indented by `indent` spaces; each
    /// line or paragraph separator (U+2028, U+2029) the value keeps ends a file line too, as
    /// libyaml counts lines: `separators` holds the value position just after each.
    case block(headerLine: Int32, indent: Int, separators: [BodyPosition])
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
      mapping = .block(
        headerLine: node.start.line, indent: Self.blockIndent(of: node, in: source),
        separators: Self.separators(in: node.value))
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
    case .block(let headerLine, let indent, let separators):
      var line = headerLine + 1 + Int32(clamping: position.line)
      var column = indent + position.column
      for separator in separators {
        guard
          separator.line < position.line
            || (separator.line == position.line && separator.column <= position.column)
        else { break }
        line += 1
        if separator.line == position.line { column = indent + position.column - separator.column }
      }
      return SourceLocation(file: file, line: line, column: Int32(clamping: column + 1))
    case .plain(let start):
      guard position.line == 0 else { return SourceLocation(file: file, start: start) }
      return SourceLocation(
        file: file, line: start.line, column: start.column + Int32(clamping: position.column))
    case .unmapped(let start):
      return SourceLocation(file: file, start: start)
    }
  }

  /// The value position just after each U+2028 and U+2029 in `value`, in order; empty (and not
  /// allocated) for the values that hold none, which are nearly all.
  private static func separators(in value: String) -> [BodyPosition] {
    // Both separators start with the byte E2, which almost no body holds.
    guard value.utf8Contains(0xE2) else { return [] }
    var separators: [BodyPosition] = []
    var line = 0
    var column = 0
    var previous: (UInt8, UInt8) = (0, 0)
    for byte in value.utf8 {
      if byte == 0x0A {
        line += 1
        column = 0
      } else if byte & 0xC0 != 0x80 {
        column += 1
      } else if previous == (0xE2, 0x80), byte == 0xA8 || byte == 0xA9 {
        separators.append(BodyPosition(line: line, column: column))
      }
      previous = (previous.1, byte)
    }
    return separators
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
    ScalarLocator(document: self, node: nodes[Int(id.index)])
  }
}
