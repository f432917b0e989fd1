import CYAML

/// Turns libyaml's error state into one diagnostic at its problem mark, with a hint.
enum LibYAMLErrors {
  static func diagnostic(for parser: yaml_parser_t, source: SourceText, file: SourceFileID) -> Diagnostic {
    let problem = text(parser.problem) ?? "unknown problem"
    switch parser.error {
    case YAML_READER_ERROR:
      return readerDiagnostic(parser, problem: problem, source: source, file: file)
    case YAML_SCANNER_ERROR, YAML_PARSER_ERROR:
      let marks = LibYAMLMarks(source)
      let at = marks.point(parser.problem_mark)
      // Inside a flow collection (`{`, `[`) a tab before a line's text is white space YAML allows.
      let inFlow = parser.flow_level > 0
      if !inFlow || problem.contains("tab"),
        let tab = tabInIndentation(problem: problem, at: at, source: source)
      {
        return Diagnostic(
          .tabIndentation,
          "a tab is used for indentation here; YAML indents with spaces only: "
            + "replace the tab with spaces",
          at: SourceLocation(file: file, start: tab))
      }
      var message = "YAML syntax error: \(problem)"
      let context = parser.context == nil ? nil : marks.point(parser.context_mark)
      if let hint = longKeyHint(problem: problem, at: at, source: source)
        ?? memberDeclarationHint(problem: problem, at: at, context: context, source: source)
        ?? strayClosingBracketHint(problem: problem, at: at, inFlow: inFlow, source: source)
        ?? hint(for: problem)
      {
        message += "; \(hint)"
      }
      var notes: [DiagnosticNote] = []
      if let context = text(parser.context) {
        notes.append(
          DiagnosticNote(
            "\(context) that starts here",
            at: SourceLocation(file: file, start: marks.point(parser.context_mark))))
      }
      return Diagnostic(.yamlSyntax, message, at: SourceLocation(file: file, start: at), notes: notes)
    default:
      return Diagnostic(
        .yamlSyntax, "libyaml stopped reading the file: \(problem)", at: .startOf(file))
    }
  }

  private static func readerDiagnostic(
    _ parser: yaml_parser_t, problem: String, source: SourceText, file: SourceFileID
  ) -> Diagnostic {
    let location = SourceLocation(file: file, start: source.point(atByteOffset: parser.problem_offset))
    if problem.contains("control characters") {
      let value = parser.problem_value
      if value == 0 {
        return Diagnostic(
          .controlCharacter,
          "the file holds a NUL byte; a manifest is UTF-8 text: remove it (was the file saved as "
            + "UTF-16 or copied from a binary?)",
          at: location)
      }
      let hex = String(UInt32(truncatingIfNeeded: value), radix: 16, uppercase: true)
      let padded = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      return Diagnostic(
        .controlCharacter,
        "the file holds the control character U+\(padded), which YAML does not allow: remove it",
        at: location)
    }
    let bytes = source.bytes
    // libyaml reports where a bad sequence broke off; point at where it starts.
    let start = firstInvalidUTF8(in: bytes) ?? parser.problem_offset
    return Diagnostic(
      .invalidUTF8, "the file is not valid UTF-8 here (\(problem)); save the file as UTF-8",
      at: SourceLocation(file: file, start: source.point(atByteOffset: start)))
  }

  /// The encoding a byte order mark at the start of the file announces when it is not UTF-8:
  /// `UTF-32` (`00 00 FE FF`, `FF FE 00 00`, checked first: the second starts like UTF-16's) or
  /// `UTF-16` (`FE FF`, `FF FE`).
  static func wideEncoding(of bytes: [UInt8]) -> String? {
    if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
      return "UTF-32"
    }
    if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16" }
    return nil
  }

  /// The diagnostic for a file whose byte order mark is not UTF-8's (libyaml would read UTF-16).
  static func wideEncodingDiagnostic(_ bytes: [UInt8], file: SourceFileID) -> Diagnostic? {
    guard let encoding = wideEncoding(of: bytes) else { return nil }
    return Diagnostic(
      .invalidUTF8, "the file looks \(encoding) encoded; manifests are UTF-8: save it as UTF-8",
      at: .startOf(file))
  }

  /// The offset of the first byte that does not start a well-formed UTF-8 sequence (RFC 3629:
  /// no overlong forms, no surrogates, nothing above U+10FFFF).
  static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
    var index = 0
    while index < bytes.count {
      guard let length = wellFormedUTF8SequenceLength(in: bytes, at: index, limit: bytes.count) else {
        return index
      }
      index += length
    }
    return nil
  }

  /// The position of a tab in the indentation of the problem line, when a tab is to blame.
  private static func tabInIndentation(problem: String, at: TextPoint, source: SourceText) -> TextPoint? {
    let line = source.line(at.line)
    var column: Int32 = 1
    var leadingTab: Int32?
    for byte in line {
      if byte == 0x09, leadingTab == nil { leadingTab = column }
      if byte != 0x20 && byte != 0x09 { break }
      column += 1
    }
    // A tab before the line's text is the problem when libyaml says so, when it stopped inside
    // the indentation, or when the line's first token cannot start (the tab made it block
    // indentation); other problems are elsewhere (a tab may indent a line of a flow collection
    // or a quoted string, which YAML allows: `{a: 1` then `\tb: 2}` lacks a ',').
    if let leadingTab,
      problem.contains("tab") || at.column < column
        || (at.column == column && problem.contains("cannot start any token"))
    {
      return TextPoint(line: at.line, column: leadingTab)
    }
    // A tab right at the problem mark (after a '-' or a key) is also indentation.
    if problem.contains("tab") || problem.contains("cannot start any token") {
      let offset = source.byteOffset(line: at.line, column: at.column)
      return offset < line.endIndex && line[offset] == 0x09 ? at : nil
    }
    return nil
  }

  /// The advice for a key longer than libyaml reads as a plain (implicit) key, 1024 characters:
  /// it stops at the key's `: ` as at a value that holds one.
  private static func longKeyHint(problem: String, at: TextPoint, source: SourceText) -> String? {
    guard problem.contains("mapping values are not allowed"), at.column > 1024 else { return nil }
    let line = source.line(at.line)
    var column: Int32 = 1
    var keyStart: Int32?
    var previous: UInt8 = 0
    for byte in line where byte & 0xC0 != 0x80 {
      if column == at.column { break }
      // A `: ` before the mark: the line's key ended there, and the mark is in its value.
      if previous == UInt8(ascii: ":"), byte == 0x20 { return nil }
      if keyStart == nil, byte != 0x20, byte != UInt8(ascii: "-") { keyStart = column }
      previous = byte
      column += 1
    }
    guard let keyStart, at.column - keyStart > 1024 else { return nil }
    return "a key longer than 1024 characters cannot be written plainly in YAML: shorten it, or write "
      + "it as an explicit key ('? ' and the key on one line, ': ' and the value on the next)"
  }

  /// The advice for a member declaration written as a plain value or list item (`P: func
  /// f(a: Int)`, `- var x: Int`), whose `: ` YAML reads as the start of a mapping, or as the
  /// lines of a mapping under a protocol's name (`var a: Int` then `func f() -> Int`, whose
  /// second line YAML reads as a key missing its `:`).
  private static func memberDeclarationHint(
    problem: String, at: TextPoint, context: TextPoint?, source: SourceText
  ) -> String? {
    let line: TextPoint
    if problem.contains("mapping values are not allowed") {
      line = at
    } else if problem.contains("could not find expected ':'"), let context {
      line = context
    } else {
      return nil
    }
    let text = String(decoding: source.line(line.line), as: UTF8.self)
    let declares = ["func ", "var ", "let ", "static "].contains { text.contains($0) }
    guard declares else { return nil }
    return "a protocol's members are Swift, which YAML cannot read as a plain value: write the "
      + "body as a literal block ('Name: |' and one member per line, indented below it)"
  }

  /// The advice for a `}` or `]` outside any flow collection (`{kind: view}}`), where libyaml
  /// expected a key or a list item.
  private static func strayClosingBracketHint(
    problem: String, at: TextPoint, inFlow: Bool, source: SourceText
  ) -> String? {
    guard !inFlow, problem.contains("did not find expected") else { return nil }
    let offset = source.byteOffset(line: at.line, column: at.column)
    guard offset < source.bytes.count else { return nil }
    switch source.bytes[offset] {
    case UInt8(ascii: "}"): return "this '}' closes no '{': remove it"
    case UInt8(ascii: "]"): return "this ']' closes no '[': remove it"
    default: return nil
    }
  }

  /// What to do about libyaml's most common problems.
  private static func hint(for problem: String) -> String? {
    let hints: [(String, String)] = [
      (
        "mapping values are not allowed",
        "a plain value cannot contain ': '; quote the value or check the indentation of this line"
      ),
      ("did not find expected key", "check the indentation: keys of one mapping start in the same column"),
      ("did not find expected '-'", "list items of one list start in the same column"),
      (
        "cannot start any token",
        "quote values that start with '@', '`', '%' or another indicator character"
      ),
      ("could not find expected ':'", "a mapping key needs ': ' before its value"),
      ("unexpected end of stream", "a quoted string or a flow collection ([...] or {...}) is not closed"),
      ("expected ',' or ']'", "close the list with ']' or separate its items with ','"),
      ("expected ',' or '}'", "close the mapping with '}' or separate its entries with ','"),
      ("undefined tag handle", "tags are not used in manifests: remove it"),
      (
        "block sequence entries are not allowed",
        "start the list on its own line, indented under its key"
      ),
      ("unknown escape character", "in double quotes write a backslash as '\\\\', or use single quotes"),
      ("did not find expected node content", "a value is missing here"),
      ("did not find expected <document start>", "a manifest is one mapping; remove the text after it"),
    ]
    return hints.first { problem.contains($0.0) }?.1
  }

  private static func text(_ pointer: UnsafePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    return String(cString: pointer)
  }
}
