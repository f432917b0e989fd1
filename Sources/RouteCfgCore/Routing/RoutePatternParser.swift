/// Splits a route pattern into segments and checks each one; used by ``RoutePattern/parse(_:)``.
///
/// Offsets are in Unicode scalars. An ASCII pattern, the common case, is read from its UTF-8
/// bytes, whose offsets are the scalars'; only another pattern is decoded into scalars.
struct RoutePatternParser {
  private let text: String
  /// The UTF-8 bytes of an ASCII pattern; empty for another.
  private let asciiBytes: [UInt8]
  /// The scalars of a pattern that is not ASCII; empty for an ASCII one.
  private let otherScalars: [Unicode.Scalar]
  /// How many scalars the pattern has.
  private let count: Int

  init(_ text: String) {
    self.text = text
    let bytes = Array(text.utf8)
    if bytes.allSatisfy({ $0 < 0x80 }) {
      asciiBytes = bytes
      otherScalars = []
      count = bytes.count
    } else {
      asciiBytes = []
      otherScalars = Array(text.unicodeScalars)
      count = otherScalars.count
    }
  }

  /// The scalar at `offset`, which is below ``count``.
  @inline(__always)
  private func scalar(_ offset: Int) -> Unicode.Scalar {
    otherScalars.isEmpty ? Unicode.Scalar(asciiBytes[offset]) : otherScalars[offset]
  }

  func parse() -> Result<RoutePattern, RoutePatternError> {
    guard count > 0 else {
      return .failure(syntax("a route pattern is empty; write '/' for the root", at: 0))
    }
    let first = scalar(0)
    guard first == "/" else {
      return .failure(syntax(missingSlashMessage(startingWith: first), at: 0))
    }
    if count == 1 {
      return .success(RoutePattern(text: text, segments: []))
    }
    let (segments, _, problems) = splitSegments(stoppingAtFirstProblem: true)
    if let problem = problems.first { return .failure(problem) }
    return .success(RoutePattern(text: text, segments: segments))
  }

  /// The pattern, when it is ASCII and parses, read in one pass over its bytes with nothing
  /// copied but its names and literals; `nil` for any other, which the general reading then
  /// reads and, when it has problems, describes. The two agree on every pattern this one reads.
  static func parsedASCII(_ text: String) -> RoutePattern? {
    let slash = UInt8(ascii: "/")
    return text.utf8.withContiguousStorageIfAvailable { bytes -> RoutePattern? in
      guard bytes.first == slash else { return nil }
      if bytes.count == 1 { return RoutePattern(text: text, segments: []) }
      // A single trailing slash is ignored; "//" is an empty segment, left to the general reading.
      let end = bytes[bytes.count - 1] == slash ? bytes.count - 1 : bytes.count
      guard end > 1 else { return nil }
      var segments: [RouteSegment] = []
      segments.reserveCapacity(bytes[1..<end].reduce(1) { $1 == slash ? $0 + 1 : $0 })
      var start = 1
      while start <= end {
        var stop = start
        while stop < end && bytes[stop] != slash { stop += 1 }
        // An empty segment, or one after a catch-all.
        guard stop > start, segments.last?.isCatchAll != true else { return nil }
        let sigil = bytes[start]
        if sigil == UInt8(ascii: ":") || sigil == UInt8(ascii: "*") {
          let name = bytes[(start + 1)..<stop]
          guard let first = name.first, !RouteCharacters.isDigit(Unicode.Scalar(first)),
            name.allSatisfy({ $0 < 0x80 && RouteCharacters.isIdentifierCharacter(Unicode.Scalar($0)) })
          else { return nil }
          let string = String(decoding: name, as: UTF8.self)
          segments.append(sigil == UInt8(ascii: ":") ? .parameter(string) : .catchAll(string))
        } else {
          let literal = bytes[start..<stop]
          // "." and ".." are left to the general reading, which rejects them.
          guard literal.allSatisfy({ $0 < 0x80 && RouteCharacters.isLiteralCharacter(Unicode.Scalar($0)) }),
            literal.count > 2 || !literal.allSatisfy({ $0 == UInt8(ascii: ".") })
          else { return nil }
          segments.append(.literal(String(decoding: literal, as: UTF8.self)))
        }
        start = stop + 1
      }
      return RoutePattern(text: text, segments: segments)
    } ?? nil
  }

  /// Every problem of the pattern, in order: each malformed segment, and each catch-all that is
  /// not last (once each); empty for a pattern that parses.
  func problems() -> [RoutePatternError] { readingWithProblems().problems }

  /// Every problem of the pattern (``problems()``), with the segments that parse and their
  /// offsets: none when the pattern does not start with `/`.
  func readingWithProblems() -> (segments: [RouteSegment], offsets: [Int], problems: [RoutePatternError]) {
    guard case .failure(let first) = parse() else { return ([], [], []) }
    guard first.offset > 0 else { return ([], [], [first]) }
    return splitSegments(stoppingAtFirstProblem: false)
  }

  /// The segments between `/`s after the leading one, and the problems found; with their
  /// offsets unless it stops at the first problem (a pattern that parses finds its offsets from
  /// its text, ``RoutePattern/segmentOffsets``).
  private func splitSegments(stoppingAtFirstProblem: Bool) -> (
    segments: [RouteSegment], offsets: [Int], problems: [RoutePatternError]
  ) {
    // A single trailing slash is ignored, "//"'s too: what is left, "/", then reads as one empty
    // segment, reported once at the second slash (not again past the pattern's end).
    var end = count
    if count >= 2 && scalar(end - 1) == "/" { end -= 1 }
    // Reserved at the number of segments, which growing one by one would allocate twice or more.
    var slashes = 1
    for position in 1..<end where scalar(position) == "/" { slashes += 1 }
    var segments: [RouteSegment] = []
    segments.reserveCapacity(slashes)
    var offsets: [Int] = []
    if !stoppingAtFirstProblem { offsets.reserveCapacity(slashes) }
    // Where the last segment kept starts.
    var lastStart = 0
    var problems: [RoutePatternError] = []
    // Each catch-all followed by a segment is reported once, also when the segment after it
    // does not read (`/*a//x`: the empty segment is not kept, so `*a` is still the last one kept).
    var reportedCatchAll: Int?
    var start = 1
    while start <= end {
      var stop = start
      while stop < end && scalar(stop) != "/" { stop += 1 }
      if let previous = segments.last, case .catchAll(let name) = previous, lastStart != reportedCatchAll {
        problems.append(catchAllNotLast(name, at: lastStart))
        if stoppingAtFirstProblem { break }
        reportedCatchAll = lastStart
      }
      switch segment(start..<stop) {
      case .success(let segment):
        segments.append(segment)
        lastStart = start
        if !stoppingAtFirstProblem { offsets.append(start) }
      case .failure(let error):
        problems.append(error)
      }
      if stoppingAtFirstProblem, !problems.isEmpty { break }
      start = stop + 1
    }
    return (segments, offsets, problems)
  }

  // MARK: Segments

  private func segment(_ range: Range<Int>) -> Result<RouteSegment, RoutePatternError> {
    guard let first = range.first else {
      return .failure(
        syntax("a route pattern has an empty segment ('//'); remove the extra '/'", at: range.lowerBound))
    }
    switch scalar(first) {
    case ":":
      return name(range, kind: "parameter", example: ":noteId").map { .parameter($0) }
    case "*":
      return name(range, kind: "catch-all", example: "*path").map { .catchAll($0) }
    default:
      return literal(range).map { .literal($0) }
    }
  }

  /// Checks the identifier after the `:` or `*` at `range.lowerBound`.
  private func name(_ range: Range<Int>, kind: String, example: String) -> Result<String, RoutePatternError> {
    let sigil = scalar(range.lowerBound)
    let nameRange = (range.lowerBound + 1)..<range.upperBound
    guard let first = nameRange.first else {
      return .failure(
        syntax("a \(kind) needs a name after '\(sigil)', as in '\(example)'", at: range.lowerBound))
    }
    let name = string(nameRange)
    for index in nameRange {
      let scalar = scalar(index)
      if index == first && RouteCharacters.isDigit(scalar) {
        return .failure(
          syntax(
            "the \(kind) name '\(RouteCharacters.display(name))' starts with a digit; "
              + "a name is a Swift identifier, which starts with a letter or '_'",
            at: index
          )
        )
      }
      // Non-ASCII letters are allowed as in every other name (`parameters: {é: Int}`).
      let isNameCharacter =
        scalar.isASCII
        ? RouteCharacters.isIdentifierCharacter(scalar)
        : index == first
          ? SwiftIdentifierCharacters.isHead(scalar.value)
          : SwiftIdentifierCharacters.isContinuation(scalar.value)
      if !isNameCharacter {
        return .failure(
          syntax(
            "the \(kind) name '\(RouteCharacters.display(name))' holds \(RouteCharacters.describe(scalar)); "
              + "a name is a Swift identifier: letters, digits and '_'",
            at: index
          )
        )
      }
    }
    return .success(name)
  }

  private func literal(_ range: Range<Int>) -> Result<String, RoutePatternError> {
    let literal = string(range)
    for index in range {
      let scalar = scalar(index)
      if RouteCharacters.isLiteralCharacter(scalar) { continue }
      if scalar == "%" {
        return .failure(
          syntax("'%' escapes are not allowed in a route literal; write the character itself", at: index)
        )
      }
      var message =
        "'\(RouteCharacters.display(literal))' holds \(RouteCharacters.describe(scalar)), which is not "
        + "allowed in a route literal: use letters, digits, '-', '.', '_', '~' or non-ASCII text"
        + (scalar.isASCII
          ? "" : " (other than spaces, separators and control characters, which are invisible in a URL)")
      switch scalar {
      case "?":
        message += "; a pattern has no query: optional parameters the path does not bind are read from it"
      case "#": message += "; a pattern has no fragment"
      case ":", "*": message += "; a parameter (':name') or catch-all ('*name') takes a whole segment"
      case "\\": message += "; segments are separated by '/'"
      default: break
      }
      return .failure(syntax(message, at: index))
    }
    if literal == "." || literal == ".." {
      return .failure(
        syntax(
          "'\(literal)' is not allowed as a segment of a route pattern, because URLs resolve it away; "
            + "remove it",
          at: range.lowerBound
        )
      )
    }
    return .success(literal)
  }

  // MARK: Helpers

  private func string(_ range: Range<Int>) -> String {
    if otherScalars.isEmpty { return String(decoding: asciiBytes[range], as: UTF8.self) }
    var view = String.UnicodeScalarView()
    view.append(contentsOf: otherScalars[range])
    return String(view)
  }

  private func missingSlashMessage(startingWith first: Unicode.Scalar) -> String {
    if RouteCharacters.isLiteralCharacter(first) || first == ":" || first == "*" {
      return "route patterns start with '/'; write '/\(RouteCharacters.display(text))'"
    }
    return "route patterns start with '/', as in '/notes/:noteId'"
  }

  private func syntax(_ message: String, at offset: Int) -> RoutePatternError {
    RoutePatternError(kind: .syntax, message: message, offset: offset)
  }

  private func catchAllNotLast(_ name: String, at offset: Int) -> RoutePatternError {
    RoutePatternError(
      kind: .catchAllNotLast,
      message: "the catch-all '*\(name)' must be the last segment; move it to the end, "
        + "or write ':\(name)' to match one segment",
      offset: offset
    )
  }
}

/// Character classes shared by the pattern parser and the URL reader.
enum RouteCharacters {
  static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0x30 && scalar.value <= 0x39
  }

  static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value >= 0x41 && scalar.value <= 0x5A) || (scalar.value >= 0x61 && scalar.value <= 0x7A)
  }

  /// ASCII letters, digits and `_`.
  static func isIdentifierCharacter(_ scalar: Unicode.Scalar) -> Bool {
    isASCIILetter(scalar) || isDigit(scalar) || scalar == "_"
  }

  /// Unreserved URL characters (`A-Z a-z 0-9 - . _ ~`) and non-ASCII text: any scalar above
  /// U+007F except controls and separators (spaces, line and paragraph separators).
  static func isLiteralCharacter(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      return isASCIILetter(scalar) || isDigit(scalar) || scalar == "-" || scalar == "." || scalar == "_"
        || scalar == "~"
    }
    switch scalar.properties.generalCategory {
    case .control, .spaceSeparator, .lineSeparator, .paragraphSeparator: return false
    default: return true
    }
  }

  /// `'+'` for a visible character, a name or `U+0009` for the others.
  static func describe(_ scalar: Unicode.Scalar) -> String {
    if scalar == " " { return "a space" }
    if scalar == "\t" { return "a tab" }
    if isVisible(scalar) { return "'\(scalar)'" }
    return "U+" + hex(scalar.value)
  }

  /// The text with invisible characters written as escapes (`\t`, `\u{200B}`), for quoting in
  /// messages.
  static func display(_ text: String) -> String { TextFormatter.printable(text) }

  private static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
    scalar != " " && !TextFormatter.isInvisible(scalar)
  }

  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
