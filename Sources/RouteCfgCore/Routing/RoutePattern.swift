/// One segment of a route pattern.
public enum RouteSegment: Sendable, Hashable {
  /// Text that a URL segment must equal exactly (case-sensitive): `notes`.
  case literal(String)
  /// `:noteId`: one URL segment, converted to the parameter's type. Holds the name without `:`.
  case parameter(String)
  /// `*path`: one or more URL segments, joined with `/`. Holds the name without `*`.
  case catchAll(String)

  /// `true` for a catch-all.
  var isCatchAll: Bool {
    if case .catchAll = self { return true }
    return false
  }

  /// The parameter or catch-all name, or `nil` for a literal.
  public var parameterName: String? {
    switch self {
    case .literal: return nil
    case .parameter(let name), .catchAll(let name): return name
    }
  }
}

/// A route pattern such as `/notes/:noteId` or `/files/*path`, parsed and checked.
///
/// A pattern starts with `/`. Its segments are literals, parameters (`:name`) and, as the last
/// segment only, a catch-all (`*name`). A single trailing `/` is ignored, and `/` alone is the root,
/// which has no segments.
public struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
  /// The pattern as written (a trailing `/` included).
  public let text: String
  /// The segments, without the trailing `/`. Empty for the root.
  public let segments: [RouteSegment]
  /// For each segment, the 0-based offset in Unicode scalars into ``text`` where it starts
  /// (the `:` of a parameter, the `*` of a catch-all).
  ///
  /// Found from the text when asked (only diagnostics ask): every segment of a pattern that
  /// parses starts after a `/`, and a graph holds a pattern for each of its routes.
  public var segmentOffsets: [Int] {
    guard !segments.isEmpty else { return [] }
    var offsets: [Int] = []
    offsets.reserveCapacity(segments.count)
    for (offset, scalar) in text.unicodeScalars.enumerated() where scalar == "/" {
      offsets.append(offset + 1)
      if offsets.count == segments.count { break }
    }
    return offsets
  }

  /// The pattern as written.
  public var description: String { text }

  /// The names of the parameters and the catch-all, in the order they are written.
  public var parameterNames: [String] { segments.compactMap(\.parameterName) }

  /// The name of the catch-all, when the pattern ends with one.
  public var catchAllName: String? {
    if case .catchAll(let name) = segments.last { return name }
    return nil
  }

  /// The parameter and catch-all names with the offset of their `:` or `*` in ``text``.
  public var parameterOffsets: [(name: String, offset: Int)] {
    zip(segments, segmentOffsets).compactMap { segment, offset in
      segment.parameterName.map { (name: $0, offset: offset) }
    }
  }

  /// Parses and checks `text`, reporting the first problem found from left to right.
  public static func parse(_ text: String) -> Result<RoutePattern, RoutePatternError> {
    if let pattern = RoutePatternParser.parsedASCII(text) { return .success(pattern) }
    return RoutePatternParser(text).parse()
  }

  /// Every problem of a pattern that does not parse (each malformed segment, a catch-all that is
  /// not last), in order; the first is the error of ``parse(_:)``. Empty for a pattern that parses.
  public static func problems(in text: String) -> [RoutePatternError] {
    RoutePatternParser(text).problems()
  }

  /// The segments of a pattern that does not parse that do, with their offsets, and its
  /// problems (``problems(in:)``): the validator checks the parameters those segments name.
  package static func readableSegments(in text: String) -> (
    segments: [RouteSegment], offsets: [Int], problems: [RoutePatternError]
  ) {
    RoutePatternParser(text).readingWithProblems()
  }

  /// The segments of `text` with their offsets, as far as they can be read: all of a pattern that
  /// parses, else those of ``readableSegments(in:)``.
  package static func segmentsAsRead(in text: String) -> (segments: [RouteSegment], offsets: [Int]) {
    switch parse(text) {
    case .success(let pattern): return (pattern.segments, pattern.segmentOffsets)
    case .failure:
      let reading = readableSegments(in: text)
      return (reading.segments, reading.offsets)
    }
  }

  init(text: String, segments: [RouteSegment]) {
    self.text = text
    self.segments = segments
  }
}

/// Why a route pattern is rejected.
public struct RoutePatternError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The class of problem; each maps to its own diagnostic.
  public enum Kind: Sendable, Hashable {
    /// The pattern is malformed.
    case syntax
    /// A catch-all is followed by another segment.
    case catchAllNotLast
  }

  /// The class of problem.
  public var kind: Kind
  /// What is wrong and what to write instead.
  public var message: String
  /// The 0-based offset in Unicode scalars into the pattern's text where the problem is.
  public var offset: Int

  /// An error of `kind` at `offset` (in Unicode scalars) with `message`.
  public init(kind: Kind, message: String, offset: Int) {
    self.kind = kind
    self.message = message
    self.offset = offset
  }

  /// The message.
  public var description: String { message }
}
