/// The block structure of one line of YAML, read from the line alone: indentation, sequence
/// dashes, a key and where its value starts. Tolerant: any bytes give some shape.
struct LineShape: Sendable {
  /// Leading spaces.
  let indent: Int
  /// `true` when the line holds only spaces (or nothing).
  let isBlank: Bool
  /// `true` when the first non-space character starts a comment.
  let isComment: Bool
  /// Columns (bytes from the line start) of the `- ` indicators, in order.
  var dashes: [Int] = []
  /// A `key:` after the dashes: its text (quotes removed), its column and the colon's column.
  var key: (name: String, column: Int, colon: Int)?
  /// Where the text after the dashes and the key starts (the value, or an item's scalar).
  var contentColumn: Int
  /// `true` when the value is a block scalar indicator (`|`, `>-`, `|2`...).
  var isBlockScalarHeader = false

  /// The column of the first dash or key: where the line's structure starts.
  var firstTokenColumn: Int { dashes.first ?? key?.column ?? indent }

  init(_ line: ArraySlice<UInt8>) {
    let base = line.startIndex
    var index = base
    while index < line.endIndex, line[index] == 0x20 { index += 1 }
    indent = index - base
    isBlank = index == line.endIndex
    isComment = !isBlank && line[index] == UInt8(ascii: "#")
    contentColumn = indent
    guard !isBlank, !isComment else { return }
    // Sequence indicators: '-' followed by a space or the end of the line.
    while index < line.endIndex, line[index] == UInt8(ascii: "-"),
      index + 1 == line.endIndex || line[index + 1] == 0x20
    {
      dashes.append(index - base)
      index += 1
      while index < line.endIndex, line[index] == 0x20 { index += 1 }
    }
    contentColumn = index - base
    if let (name, colon) = Self.key(in: line, from: index) {
      key = (name, index - base, colon - base)
      var value = colon + 1
      while value < line.endIndex, line[value] == 0x20 { value += 1 }
      contentColumn = value - base
      isBlockScalarHeader = Self.isBlockIndicator(line[value...])
    } else {
      isBlockScalarHeader = Self.isBlockIndicator(line[index...])
    }
  }

  /// A key starting at `start` and the index of its colon: a quoted string or plain text,
  /// followed by `:` and a space or the end of the line.
  private static func key(in line: ArraySlice<UInt8>, from start: Int) -> (String, Int)? {
    guard start < line.endIndex else { return nil }
    let first = line[start]
    if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
      var index = start + 1
      while index < line.endIndex {
        if line[index] == UInt8(ascii: "\\"), first == UInt8(ascii: "\"") {
          index += 2
          continue
        }
        if line[index] == first { break }
        index += 1
      }
      guard index < line.endIndex else { return nil }
      var colon = index + 1
      while colon < line.endIndex, line[colon] == 0x20 { colon += 1 }
      guard colon < line.endIndex, line[colon] == UInt8(ascii: ":"), isSeparator(line, after: colon) else {
        return nil
      }
      return (String(decoding: line[(start + 1)..<index], as: UTF8.self), colon)
    }
    // Flow collections, aliases, anchors, tags and block indicators do not start a plain key.
    if "[{&*!|>#".utf8.contains(first) { return nil }
    var index = start
    while index < line.endIndex {
      let byte = line[index]
      if byte == UInt8(ascii: ":"), isSeparator(line, after: index) {
        var end = index
        while end > start, line[end - 1] == 0x20 { end -= 1 }
        return (String(decoding: line[start..<end], as: UTF8.self), index)
      }
      if index > start, LineShape.startsComment(line, at: index, lineStart: start) { return nil }
      index += 1
    }
    return nil
  }

  private static func isSeparator(_ line: ArraySlice<UInt8>, after colon: Int) -> Bool {
    colon + 1 == line.endIndex || line[colon + 1] == 0x20
  }

  /// `|` or `>` with optional chomping and indentation indicators, then nothing but a comment.
  private static func isBlockIndicator(_ text: ArraySlice<UInt8>) -> Bool {
    guard let first = text.first, first == UInt8(ascii: "|") || first == UInt8(ascii: ">") else {
      return false
    }
    var index = text.startIndex + 1
    while index < text.endIndex, "+-0123456789".utf8.contains(text[index]) { index += 1 }
    while index < text.endIndex, text[index] == 0x20 { index += 1 }
    return index == text.endIndex || text[index] == UInt8(ascii: "#")
  }
}

extension LineShape {
  /// `true` when `line[index]` is a `#` that starts a comment: at `lineStart` or after a space or
  /// a tab (YAML comments are separated from what comes before by white space).
  static func startsComment(_ line: ArraySlice<UInt8>, at index: Int, lineStart: Int) -> Bool {
    guard line[index] == UInt8(ascii: "#") else { return false }
    return index == lineStart || line[index - 1] == 0x20 || line[index - 1] == 0x09
  }
}

extension LineShape {
  /// The rest of a line that starts a document with content on it (`--- {routecfg: 1}`): what
  /// follows `---` and its spaces; any other line as it is (`---` alone among them).
  static func afterDocumentStart(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    guard line.starts(with: [0x2D, 0x2D, 0x2D]) else { return line }
    var index = line.startIndex + 3
    guard index < line.endIndex, line[index] == 0x20 || line[index] == 0x09 else { return line }
    while index < line.endIndex, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
    return index < line.endIndex ? line[index...] : line
  }
}
