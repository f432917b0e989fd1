/// The file position of every Unicode scalar of a scalar whose value is not its text line for
/// line: a quoted scalar (escapes, folded lines), a multi-line plain scalar or a folded block
/// (`>`).
///
/// The map is found by reading the scalar as written and folding it as YAML does (line breaks
/// become spaces, empty lines newlines, escapes one character). It is kept only when that
/// reading reproduces the value libyaml gave, so a map is either exact or absent.
final class FoldedScalarMap: Sendable {
  /// Where each scalar of the value was written (a folded line break: where the break was).
  private let points: [TextPoint]
  /// The index in `points` where each line of the value starts.
  private let lineStarts: [Int]

  /// The map for `node`, or `nil` when the node does not fold or the reading disagrees with
  /// its value.
  init?(node: YAMLNode, source: SourceText, blockIndent: Int) {
    var reader = FoldingReader(source: source)
    switch node.style {
    case .plain, .singleQuoted, .doubleQuoted:
      guard reader.readFlow(node) else { return nil }
    case .folded:
      reader.readFolded(node, indent: blockIndent)
    default:
      return nil
    }
    guard let points = reader.aligned(with: node.value) else { return nil }
    var lineStarts = [0]
    for (index, scalar) in node.value.unicodeScalars.enumerated() where scalar == "\n" {
      lineStarts.append(index + 1)
    }
    self.points = points
    self.lineStarts = lineStarts
  }

  /// The file point of `position` in the value; past the end of a line, the columns after its
  /// last scalar.
  func point(_ position: BodyPosition) -> TextPoint? {
    guard position.line >= 0, position.line < lineStarts.count, !points.isEmpty else { return nil }
    let start = lineStarts[position.line]
    let end = position.line + 1 < lineStarts.count ? lineStarts[position.line + 1] - 1 : points.count
    let index = start + max(position.column, 0)
    if index < end { return points[index] }
    // After the line's last scalar (or on an empty line: at its line break).
    let last = points[min(max(end - 1, start), points.count - 1)]
    let beyond = end > start ? index - end + 1 : 0
    return TextPoint(line: last.line, column: last.column + Int32(clamping: beyond))
  }
}

/// Reads a scalar as written, producing each scalar of its value with the point it came from.
private struct FoldingReader {
  let source: SourceText
  var output: [(scalar: Unicode.Scalar, point: TextPoint)] = []

  init(source: SourceText) { self.source = source }

  private func scalars(ofLine line: Int32) -> [Unicode.Scalar] {
    Array(String(decoding: source.line(line), as: UTF8.self).unicodeScalars)
  }

  private static func isBlank(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }

  /// A plain or quoted scalar: spaces around line breaks are trimmed, a single break folds to a
  /// space, each empty line is a newline; in double quotes an escaped break joins the lines.
  /// `false` when the text is not what a scalar of that style can be.
  mutating func readFlow(_ node: YAMLNode) -> Bool {
    let quote: Unicode.Scalar? =
      node.style == .doubleQuoted ? "\"" : node.style == .singleQuoted ? "'" : nil
    var breaks = 0
    var breakPoint = node.start
    var joined = false
    // After an escaped line break, empty lines are newlines each (none is folded into a space).
    var afterEscapedBreak = false
    var line = node.start.line
    var index = Int(node.start.column) - 1 + (quote == nil ? 0 : 1)
    while line <= node.end.line {
      let text = scalars(ofLine: line)
      let limit =
        line == node.end.line && quote == nil ? min(Int(node.end.column) - 1, text.count) : text.count
      if line != node.start.line {
        index = 0
        while index < limit, Self.isBlank(text[index]) { index += 1 }
      }
      var spaces: [(scalar: Unicode.Scalar, point: TextPoint)] = []
      while index < limit {
        let scalar = text[index]
        let point = TextPoint(line: line, column: Int32(clamping: index + 1))
        if Self.isBlank(scalar) {
          spaces.append((scalar, point))
          index += 1
          continue
        }
        // Content: first the folded breaks and the spaces before it on this line.
        if afterEscapedBreak {
          output += Array(repeating: ("\n", breakPoint), count: breaks)
        } else if breaks == 1 {
          output.append((" ", breakPoint))
        } else if breaks > 1 {
          output += Array(repeating: ("\n", breakPoint), count: breaks - 1)
        }
        breaks = 0
        afterEscapedBreak = false
        output += spaces
        spaces = []
        if let quote, scalar == quote {
          if quote == "'", index + 1 < text.count, text[index + 1] == "'" {
            output.append(("'", point))
            index += 2
            continue
          }
          return true
        }
        if quote == "\"", scalar == "\\" {
          guard index + 1 < text.count else {
            // An escaped line break: the spaces before it stay, the break and the next line's
            // indentation go.
            joined = true
            index += 1
            break
          }
          guard let (value, length) = Self.escape(text, at: index) else { return false }
          output.append((value, point))
          index += length
          continue
        }
        output.append((scalar, point))
        index += 1
      }
      if joined {
        output += spaces
        joined = false
        afterEscapedBreak = true
        breakPoint = TextPoint(line: line, column: Int32(clamping: text.count + 1))
      } else if line < node.end.line {
        if breaks == 0 { breakPoint = TextPoint(line: line, column: Int32(clamping: text.count + 1)) }
        breaks += 1
      }
      line += 1
    }
    return quote == nil
  }

  /// The character a double-quoted escape at `index` stands for, and the escape's length.
  private static func escape(_ text: [Unicode.Scalar], at index: Int) -> (Unicode.Scalar, Int)? {
    let code = text[index + 1]
    let simple: [Unicode.Scalar: Unicode.Scalar] = [
      "0": "\0", "a": "\u{07}", "b": "\u{08}", "t": "\t", "\t": "\t", "n": "\n", "v": "\u{0B}",
      "f": "\u{0C}", "r": "\r", "e": "\u{1B}", " ": " ", "\"": "\"", "/": "/", "\\": "\\",
      "N": "\u{85}", "_": "\u{A0}", "L": "\u{2028}", "P": "\u{2029}",
    ]
    if let value = simple[code] { return (value, 2) }
    let digits: Int
    switch code {
    case "x": digits = 2
    case "u": digits = 4
    case "U": digits = 8
    default: return nil
    }
    guard index + 2 + digits <= text.count else { return nil }
    let hex = String(String.UnicodeScalarView(text[(index + 2)..<(index + 2 + digits)]))
    guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
    return (scalar, 2 + digits)
  }

  /// A folded block: lines at the block's indentation fold (a break between two of them is a
  /// space, empty lines between them newlines); breaks next to more-indented lines are kept.
  mutating func readFolded(_ node: YAMLNode, indent: Int) {
    var previous: Bool?  // nil before the first text line; otherwise whether it was more indented
    var empty = 0
    var breakPoint = node.start
    var line = node.start.line + 1
    // The block ends where the next node starts: at the first column of a line after it.
    let lastLine = node.end.column > 1 ? node.end.line : node.end.line - 1
    while line <= lastLine {
      let text = scalars(ofLine: line)
      line += 1
      // A line no longer than the indentation is empty; a longer one is content, even when it
      // is only spaces (a more-indented line).
      guard text.count > indent else {
        empty += 1
        continue
      }
      let moreIndented = Self.isBlank(text[indent])
      if let previous {
        if !previous && !moreIndented {
          if empty == 0 {
            output.append((" ", breakPoint))
          } else {
            output += Array(repeating: ("\n", breakPoint), count: empty)
          }
        } else {
          output += Array(repeating: ("\n", breakPoint), count: empty + 1)
        }
      } else {
        output += Array(repeating: ("\n", breakPoint), count: empty)
      }
      empty = 0
      for index in indent..<text.count {
        output.append((text[index], TextPoint(line: line - 1, column: Int32(clamping: index + 1))))
      }
      previous = moreIndented
      breakPoint = TextPoint(line: line - 1, column: Int32(clamping: text.count + 1))
    }
  }

  /// The points of the output when it spells `value` (trailing line breaks, which chomping
  /// decides, are placed after the last line); `nil` when it does not.
  func aligned(with value: String) -> [TextPoint]? {
    var points: [TextPoint] = []
    points.reserveCapacity(output.count)
    var position = 0
    for scalar in value.unicodeScalars {
      if position < output.count {
        guard output[position].scalar == scalar else { return nil }
        points.append(output[position].point)
        position += 1
      } else {
        guard scalar == "\n" else { return nil }
        let last = points.last ?? TextPoint(line: 1, column: 1)
        points.append(TextPoint(line: last.line, column: last.column + 1))
      }
    }
    return position == output.count ? points : nil
  }
}
