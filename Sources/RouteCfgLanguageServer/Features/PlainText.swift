/// The Markdown the server writes (code fences, inline code, emphasis, links, headings) as plain
/// text, for clients that show documentation unrendered.
enum PlainText {
  static func fromMarkdown(_ markdown: String) -> String {
    var lines: [String] = []
    var inFence = false
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        inFence.toggle()
        continue
      }
      lines.append(inFence ? String(line) : inline(heading(line)))
    }
    return lines.joined(separator: "\n")
  }

  /// A heading's text without its `#` marks.
  private static func heading(_ line: Substring) -> Substring {
    let marks = line.prefix { $0 == "#" }
    guard !marks.isEmpty, marks.count <= 6, line.dropFirst(marks.count).first == " " else { return line }
    return line.dropFirst(marks.count + 1)
  }

  /// A line without inline markup: `` `code` `` and `**strong**`/`*emphasis*`/`_emphasis_` lose
  /// their marks (`snake_case`, `a * b` and a mark nothing closes keep theirs), `[text](url)` becomes
  /// `text (url)`, `\*` its character.
  private static func inline(_ line: Substring) -> String {
    var output = ""
    var index = line.startIndex
    while index < line.endIndex {
      let character = line[index]
      switch character {
      case "\\":
        let next = line.index(after: index)
        if next < line.endIndex, "\\`*_[]()#".contains(line[next]) {
          output.append(line[next])
          index = line.index(after: next)
          continue
        }
        output.append(character)
      case "`":
        // Code keeps its text as written.
        let start = line.index(after: index)
        if let end = line[start...].firstIndex(of: "`") {
          output += line[start..<end]
          index = line.index(after: end)
          continue
        }
        output.append(character)
      case "*", "_":
        let previous = index > line.startIndex ? line[line.index(before: index)] : " "
        let next = line.index(after: index) < line.endIndex ? line[line.index(after: index)] : " "
        let inWord = (previous.isLetter || previous.isNumber) && (next.isLetter || next.isNumber)
        // `snake_case` and `a * b` keep theirs.
        if (character == "_" && inWord) || next.isWhitespace {
          output.append(character)
          break
        }
        // Emphasis: the same run of marks closes it later on the line; a mark nothing closes
        // (`'*catchAll'`) is text.
        let marks = line[index...].prefix { $0 == character }
        if let close = closing(marks, in: line[marks.endIndex...]) {
          output += inline(line[marks.endIndex..<close.lowerBound])
          index = close.upperBound
        } else {
          output += marks
          index = marks.endIndex
        }
        continue
      case "[":
        if let link = link(in: line, at: index) {
          output += link.text
          if link.url != link.text { output += " (\(link.url))" }
          index = link.end
          continue
        }
        output.append(character)
      default:
        output.append(character)
      }
      index = line.index(after: index)
    }
    return output
  }

  /// Where `marks` close an emphasis in `text`, as CommonMark pairs them: the first such run
  /// that can close one (after a character that is not white space, and, after punctuation,
  /// before white space or punctuation: `'*a'` closes nothing; for `_`, not before a letter or
  /// digit), outside code spans. `nil` when none does, or when another run that can open one
  /// comes first (in `'*a', *b*` the second `*` is the one closed).
  private static func closing(_ marks: Substring, in text: Substring) -> Range<Substring.Index>? {
    func isPunctuation(_ character: Character) -> Bool { character.isPunctuation || character.isSymbol }
    var index = text.startIndex
    while index < text.endIndex {
      if text[index] == "`", let end = text[text.index(after: index)...].firstIndex(of: "`") {
        index = text.index(after: end)
        continue
      }
      if text[index...].hasPrefix(marks) {
        let before = index > text.startIndex ? text[text.index(before: index)] : " "
        let end = text.index(index, offsetBy: marks.count)
        let after = end < text.endIndex ? text[end] : " "
        let canClose =
          !before.isWhitespace && (!isPunctuation(before) || after.isWhitespace || isPunctuation(after))
          && (marks.first != "_" || !(after.isLetter || after.isNumber))
        if canClose, index > text.startIndex { return index..<end }
        let canOpen =
          !after.isWhitespace && (!isPunctuation(after) || before.isWhitespace || isPunctuation(before))
        if canOpen { return nil }
        index = end
        continue
      }
      index = text.index(after: index)
    }
    return nil
  }

  private static func link(in line: Substring, at open: Substring.Index)
    -> (text: Substring, url: Substring, end: Substring.Index)?
  {
    let textStart = line.index(after: open)
    guard let close = line[textStart...].firstIndex(of: "]") else { return nil }
    let paren = line.index(after: close)
    guard paren < line.endIndex, line[paren] == "(" else { return nil }
    let urlStart = line.index(after: paren)
    guard let urlEnd = line[urlStart...].firstIndex(of: ")") else { return nil }
    return (line[textStart..<close], line[urlStart..<urlEnd], line.index(after: urlEnd))
  }
}
