/// The file position of every Unicode scalar of a scalar whose value is not its text line for
/// line: a quoted scalar (escapes, folded lines), a multi-line plain scalar, a folded block
/// (`>`), or a literal block (`|`) holding line or paragraph separators, which end lines of the
/// file but not of the value.
///
/// The map is found by reading the scalar as written and folding it as YAML does (line breaks
/// become spaces, empty lines newlines, escapes one character; a line or paragraph separator
/// stays itself, as libyaml keeps it). It is kept only when that reading reproduces the value
/// libyaml gave, so a map is either exact or absent.
final class FoldedScalarMap: Sendable {
  /// Where each scalar of the value was written (a folded line break: where the break was).
  private let points: [TextPoint]
  /// The index in `points` where each line of the value starts.
  private let lineStarts: [Int]
  /// Where the value's text ends in the file (a quoted scalar's closing quote, a plain scalar's
  /// end), for the position just after its last scalar, which an escape may have written in
  /// several characters; `nil` for a block, whose end is not the text's.
  private let valueEnd: TextPoint?

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
    switch node.style {
    case .singleQuoted, .doubleQuoted: valueEnd = TextPoint(line: node.end.line, column: node.end.column - 1)
    case .plain: valueEnd = node.end
    default: valueEnd = nil
    }
  }

  /// The map of a literal block (`|`) whose value holds a line or paragraph separator (U+2028,
  /// U+2029): each ends a line of the file, as libyaml counts lines, though not one of the value.
  /// `nil` when the value holds none (the block then maps line by line).
  init?(literalBlock node: YAMLNode, indent: Int) {
    var points: [TextPoint] = []
    var lineStarts = [0]
    var line = node.start.line + 1
    let firstColumn = Int32(clamping: indent + 1)
    var column = firstColumn
    var separated = false
    for scalar in node.value.unicodeScalars {
      points.append(TextPoint(line: line, column: column))
      switch scalar {
      case "\n", "\u{2028}", "\u{2029}":
        // Each ends a line of the file; only the newline ends one of the value.
        if scalar == "\n" { lineStarts.append(points.count) } else { separated = true }
        line += 1
        column = firstColumn
      default:
        column += 1
      }
    }
    guard separated else { return nil }
    self.points = points
    self.lineStarts = lineStarts
    valueEnd = nil
  }

  /// The file point of `position` in the value; past the end of a line, the columns after its
  /// last scalar.
  func point(_ position: BodyPosition) -> TextPoint? {
    guard position.line >= 0, position.line < lineStarts.count, !points.isEmpty else { return nil }
    let start = lineStarts[position.line]
    let end = position.line + 1 < lineStarts.count ? lineStarts[position.line + 1] - 1 : points.count
    let index = start + max(position.column, 0)
    if index < end { return points[index] }
    // Just after the line's last scalar: where what follows it was written (the line's break,
    // or the end of the value's text), so that a range ending there covers an escape whole.
    if index == end, end > start {
      if end < points.count { return points[end] }
      if let valueEnd { return valueEnd }
    }
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

  /// The scalars of `line` from 0-based column `index` on, decoded as they are asked for: a
  /// scalar of a long line reads only its own part of it.
  private func scalars(ofLine line: Int32, from index: Int = 0) -> LineScalars {
    LineScalars(source: source, line: line, from: index)
  }

  private static func isBlank(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }

  /// A plain or quoted scalar: spaces around line breaks are trimmed, a single break folds to a
  /// space, each empty line is a newline; in double quotes an escaped break joins the lines. A
  /// line or paragraph separator does not fold: it stays in the value, as do the breaks after it.
  /// `false` when the text is not what a scalar of that style can be.
  mutating func readFlow(_ node: YAMLNode) -> Bool {
    let quote: Unicode.Scalar? =
      node.style == .doubleQuoted ? "\"" : node.style == .singleQuoted ? "'" : nil
    // The line breaks since the last content, as libyaml reads them: the first is the one that
    // folds (unless a separator), the others are the empty lines'.
    var breaks: [(scalar: Unicode.Scalar, point: TextPoint)] = []
    var breakPoint = node.start
    var joined = false
    // After an escaped line break, empty lines are newlines each (none is folded into a space).
    var afterEscapedBreak = false
    var line = node.start.line
    var index = Int(node.start.column) - 1 + (quote == nil ? 0 : 1)
    while line <= node.end.line {
      if line != node.start.line { index = 0 }
      var text = scalars(ofLine: line, from: index)
      // A plain scalar ends at its end column on its last line; other lines are read to their end.
      let limit = line == node.end.line && quote == nil ? Int(node.end.column) - 1 : Int.max
      if line != node.start.line {
        while index < limit, let scalar = text[index], Self.isBlank(scalar) { index += 1 }
      }
      var spaces: [(scalar: Unicode.Scalar, point: TextPoint)] = []
      while index < limit, let scalar = text[index] {
        let point = TextPoint(line: line, column: Int32(clamping: index + 1))
        if Self.isBlank(scalar) {
          spaces.append((scalar, point))
          index += 1
          continue
        }
        // Content: first the folded breaks and the spaces before it on this line.
        if let first = breaks.first, first.scalar == "\n", !afterEscapedBreak {
          // A newline folds: alone into a space, before empty lines into nothing.
          if breaks.count == 1 { output.append((" ", first.point)) } else { output += breaks.dropFirst() }
        } else {
          output += breaks
        }
        breaks = []
        afterEscapedBreak = false
        output += spaces
        spaces = []
        if let quote, scalar == quote {
          if quote == "'", text[index + 1] == "'" {
            output.append(("'", point))
            index += 2
            continue
          }
          return true
        }
        if quote == "\"", scalar == "\\" {
          guard text[index + 1] != nil else {
            // An escaped line break: the spaces before it stay, the break and the next line's
            // indentation go.
            joined = true
            index += 1
            break
          }
          guard let (value, length) = Self.escape(&text, at: index) else { return false }
          output.append((value, point))
          index += length
          continue
        }
        output.append((scalar, point))
        index += 1
      }
      let end = TextPoint(line: line, column: Int32(clamping: text.count() + 1))
      if joined {
        output += spaces
        joined = false
        afterEscapedBreak = true
        breakPoint = end
      } else if line < node.end.line {
        if breaks.isEmpty { breakPoint = end }
        breaks.append(Self.lineBreak(of: text, at: end, newlineAt: breakPoint))
      }
      line += 1
    }
    return quote == nil
  }

  /// The break that ends a line, as libyaml reads it: every break is a newline (placed at
  /// `newlinePoint`), except a line or paragraph separator, which stays itself, at `end`.
  private static func lineBreak(
    of text: LineScalars, at end: TextPoint, newlineAt newlinePoint: TextPoint
  ) -> (scalar: Unicode.Scalar, point: TextPoint) {
    text.separator.map { ($0, end) } ?? ("\n", newlinePoint)
  }

  /// The character a double-quoted escape at `index` stands for, and the escape's length.
  private static func escape(_ text: inout LineScalars, at index: Int) -> (Unicode.Scalar, Int)? {
    guard let code = text[index + 1] else { return nil }
    if let value = simpleEscape(code) { return (value, 2) }
    let digits: Int
    switch code {
    case "x": digits = 2
    case "u": digits = 4
    case "U": digits = 8
    default: return nil
    }
    var value: UInt32 = 0
    for offset in 0..<digits {
      guard let digit = text[index + 2 + offset].flatMap(hexValue) else { return nil }
      value = value << 4 | digit
    }
    guard let scalar = Unicode.Scalar(value) else { return nil }
    return (scalar, 2 + digits)
  }

  /// The character of a one-letter escape (`\n`, `\t`, `\"`...).
  private static func simpleEscape(_ code: Unicode.Scalar) -> Unicode.Scalar? {
    switch code {
    case "0": return "\0"
    case "a": return "\u{07}"
    case "b": return "\u{08}"
    case "t", "\t": return "\t"
    case "n": return "\n"
    case "v": return "\u{0B}"
    case "f": return "\u{0C}"
    case "r": return "\r"
    case "e": return "\u{1B}"
    case " ": return " "
    case "\"": return "\""
    case "/": return "/"
    case "\\": return "\\"
    case "N": return "\u{85}"
    case "_": return "\u{A0}"
    case "L": return "\u{2028}"
    case "P": return "\u{2029}"
    default: return nil
    }
  }

  private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
    switch scalar.value {
    case 0x30...0x39: return scalar.value - 0x30
    case 0x41...0x46: return scalar.value - 0x41 + 10
    case 0x61...0x66: return scalar.value - 0x61 + 10
    default: return nil
    }
  }

  /// A folded block: lines at the block's indentation fold (a break between two of them is a
  /// space, empty lines between them newlines); breaks next to more-indented lines are kept, and
  /// so is a line or paragraph separator, with the breaks after it.
  mutating func readFolded(_ node: YAMLNode, indent: Int) {
    // Whether the last text line was more indented, and the break that ended it; nil before
    // the first text line.
    var previous: (moreIndented: Bool, lineBreak: (scalar: Unicode.Scalar, point: TextPoint))?
    // The breaks of the empty lines since the last text line.
    var empty: [(scalar: Unicode.Scalar, point: TextPoint)] = []
    var breakPoint = node.start
    var line = node.start.line + 1
    // The block ends where the next node starts: at the first column of a line after it.
    let lastLine = node.end.column > 1 ? node.end.line : node.end.line - 1
    while line <= lastLine {
      var text = scalars(ofLine: line)
      let count = text.count()
      let end = TextPoint(line: line, column: Int32(clamping: count + 1))
      line += 1
      // A line no longer than the indentation is empty; a longer one is content, even when it
      // is only spaces (a more-indented line).
      guard count > indent, let first = text[indent] else {
        empty.append(Self.lineBreak(of: text, at: end, newlineAt: breakPoint))
        continue
      }
      let moreIndented = Self.isBlank(first)
      if let previous, previous.lineBreak.scalar == "\n", !previous.moreIndented, !moreIndented {
        if empty.isEmpty { output.append((" ", breakPoint)) } else { output += empty }
      } else {
        if let previous { output.append(previous.lineBreak) }
        output += empty
      }
      empty = []
      var index = indent
      while let scalar = text[index] {
        output.append((scalar, TextPoint(line: end.line, column: Int32(clamping: index + 1))))
        index += 1
      }
      breakPoint = end
      previous = (moreIndented, Self.lineBreak(of: text, at: end, newlineAt: end))
    }
  }

  /// The points of the output when it spells `value` (trailing line breaks and separators,
  /// which chomping decides, are placed after the last line); `nil` when it does not.
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
        guard scalar == "\n" || scalar == "\u{2028}" || scalar == "\u{2029}" else { return nil }
        let last = points.last ?? TextPoint(line: 1, column: 1)
        points.append(TextPoint(line: last.line, column: last.column + 1))
      }
    }
    return position == output.count ? points : nil
  }
}

/// The Unicode scalars of one line of a file from a given column on, decoded as they are read.
/// A line or paragraph separator that ends the line is its break, not one of its scalars.
private struct LineScalars {
  private let bytes: [UInt8]
  private let end: Int
  /// The line or paragraph separator (U+2028, U+2029) that ends the line, if one does.
  let separator: Unicode.Scalar?
  /// The next byte to decode.
  private var next: Int
  /// The column index (0-based) of `decoded[0]`.
  private let first: Int
  private var decoded: [Unicode.Scalar] = []

  /// The scalars of 1-based `line` from 0-based column `index` on.
  init(source: SourceText, line: Int32, from index: Int) {
    bytes = source.bytes
    let text = source.line(line)
    // U+2028 is E2 80 A8, U+2029 E2 80 A9; `SourceText.line` leaves them on the line they end.
    if text.count >= 3, text.suffix(3).starts(with: [0xE2, 0x80]), let last = text.last,
      last == 0xA8 || last == 0xA9
    {
      separator = last == 0xA8 ? "\u{2028}" : "\u{2029}"
      end = text.endIndex - 3
    } else {
      separator = nil
      end = text.endIndex
    }
    next = source.byteOffset(line: line, column: Int32(clamping: index + 1))
    first = index
  }

  /// The scalar at 0-based column `index` (at or after the first one asked for), or `nil`
  /// past the end of the line.
  subscript(index: Int) -> Unicode.Scalar? {
    mutating get {
      let position = index - first
      guard position >= 0 else { return nil }
      while decoded.count <= position {
        guard decodeNext() else { return nil }
      }
      return decoded[position]
    }
  }

  /// The number of columns on the line (decodes the rest of it).
  mutating func count() -> Int {
    while decodeNext() {}
    return first + decoded.count
  }

  /// Decodes one more scalar; `false` at the line's end. The file is UTF-8 (the reader
  /// checked it); a byte that does not start a scalar reads as U+FFFD.
  private mutating func decodeNext() -> Bool {
    guard next < end else { return false }
    let lead = bytes[next]
    let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    var value = UInt32(
      lead < 0x80 ? lead : lead < 0xE0 ? lead & 0x1F : lead < 0xF0 ? lead & 0x0F : lead & 0x07)
    var valid = lead < 0x80 || (lead >= 0xC2 && lead <= 0xF4 && next + length <= end)
    if valid {
      for offset in 1..<length {
        let byte = bytes[next + offset]
        valid = valid && byte & 0xC0 == 0x80
        value = value << 6 | UInt32(byte & 0x3F)
      }
    }
    if valid, let scalar = Unicode.Scalar(value) {
      decoded.append(scalar)
      next += length
    } else {
      decoded.append("\u{FFFD}")
      next += 1
    }
    return true
  }
}
