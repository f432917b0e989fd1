/// A problem found while parsing, placed in body coordinates.
struct RawDiagnostic: Sendable {
  var code: DiagnosticCode
  var message: String
  var start: BodyPosition
  /// One past the offending token; `nil` when a missing token is reported.
  var end: BodyPosition?
}

/// A named type written in a declaration, placed in body coordinates.
struct RawTypeReference: Sendable {
  var name: String
  var start: BodyPosition
  var end: BodyPosition
}

/// A member as parsed, before its positions are mapped to the file.
struct ParsedMember: Sendable {
  var name: String
  var nameStart: BodyPosition
  var nameEnd: BodyPosition
  var kind: MemberDecl.Kind
}

/// The recursive-descent parser behind ``MemberParser`` and ``TypeParser``: a cursor over the
/// tokens, the problems found so far and the type references of the declaration being read.
///
/// Parsing never consumes a separator (a new line, `;` or the end) except between declarations,
/// so a failed declaration is skipped by moving to the next separator.
struct SwiftDeclParser {
  /// How deeply types may nest (`[[Int]]` is 2 deep, and each `?` adds one).
  static let maxNestingDepth = 64

  /// The UTF-8 bytes the tokens point into; valid for the parser's whole life.
  let source: UnsafeBufferPointer<UInt8>
  private(set) var tokens: [SwiftToken]
  private(set) var index = 0
  /// Problems, in the order found.
  var problems: [RawDiagnostic] = []
  /// The named types of the declaration or type being parsed.
  var references: [RawTypeReference] = []
  /// How many types are being parsed inside one another.
  var nesting = 0

  init(source: UnsafeBufferPointer<UInt8>, tokens: [SwiftToken]) {
    self.source = source
    self.tokens = tokens
    if tokens.last?.kind != .end {
      let last = tokens.last
      self.tokens.append(
        SwiftToken(
          kind: .end, line: last?.endLine ?? 0, column: last?.endColumn ?? 0,
          endLine: last?.endLine ?? 0, endColumn: last?.endColumn ?? 0))
    }
  }

  // MARK: Text

  /// A token's text: the name of a word (without backticks) or an attribute (without `@`), the
  /// digits of a number, the scalar of an unknown token; empty for punctuation.
  func text(_ token: SwiftToken) -> String {
    if let keyword = token.keyword { return keyword.rawValue }
    guard token.textStart < token.textEnd, token.textEnd <= source.count else { return "" }
    let bytes = UnsafeBufferPointer(rebasing: source[token.textStart..<token.textEnd])
    return String(decoding: bytes, as: UTF8.self)
  }

  // MARK: Cursor

  /// The current token.
  var token: SwiftToken { tokens[index] }
  /// The kind of the current token.
  var kind: SwiftTokenKind { tokens[index].kind }
  /// The keyword the current token spells; `nil` for other tokens and backticked words.
  var keyword: SwiftKeyword? { tokens[index].keyword }
  /// The token before the current one, if any.
  var previous: SwiftToken? { index > 0 ? tokens[index - 1] : nil }

  /// The token `offset` places ahead, or the final `.end`.
  func peek(_ offset: Int) -> SwiftToken {
    tokens[min(index + offset, tokens.count - 1)]
  }

  /// Moves to the next token; stays on the final `.end`.
  mutating func advance() {
    if index < tokens.count - 1 { index += 1 }
  }

  /// `true` on a new line, `;` or the end.
  var isAtSeparator: Bool { kind == .newline || kind == .semicolon || kind == .end }

  /// Moves to the next separator, after a declaration that did not parse.
  mutating func skipToSeparator() {
    while !isAtSeparator { advance() }
  }

  /// The cursor, problems and references, to undo a speculative parse.
  struct Checkpoint {
    fileprivate var index: Int
    fileprivate var problemCount: Int
    fileprivate var referenceCount: Int
  }

  /// The current state, for ``restore(_:)`` or ``forget(since:)``.
  var checkpoint: Checkpoint {
    Checkpoint(index: index, problemCount: problems.count, referenceCount: references.count)
  }

  /// Returns to `checkpoint`, dropping what was found since.
  mutating func restore(_ checkpoint: Checkpoint) {
    index = checkpoint.index
    problems.removeSubrange(checkpoint.problemCount...)
    references.removeSubrange(checkpoint.referenceCount...)
  }

  /// Drops the problems and references found since `checkpoint`, keeping the cursor.
  mutating func forget(since checkpoint: Checkpoint) {
    problems.removeSubrange(checkpoint.problemCount...)
    references.removeSubrange(checkpoint.referenceCount...)
  }
}
