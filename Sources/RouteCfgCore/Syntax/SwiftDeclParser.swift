/// A problem found while parsing, placed in body coordinates.
struct RawDiagnostic: Sendable {
  var code: DiagnosticCode
  var message: String
  var start: BodyPosition
  /// One past the offending token; `nil` when a missing token is reported.
  var end: BodyPosition?
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
  /// The tokens, ending with `.end`; valid for the parser's whole life.
  let tokens: UnsafeBufferPointer<SwiftToken>
  let typeNames = SwiftKnownTypeNames.table
  private(set) var index = 0
  /// Problems, in the order found.
  var problems: [RawDiagnostic] = []
  /// The named types of the members read so far and of the declaration or type being parsed.
  private(set) var references: SwiftMoveBuffer<RawTypeReference>
  /// How many of ``references`` belong to the members read so far.
  private(set) var keptReferences = 0
  /// How many types are being parsed inside one another.
  var nesting = 0
  /// The body was written on several lines that YAML joined into one (a folded or quoted
  /// scalar): a missing line break is then the YAML style's doing.
  var linesJoined = false

  private init(source: UnsafeBufferPointer<UInt8>, tokens: UnsafeBufferPointer<SwiftToken>) {
    precondition(tokens.last?.kind == .end, "the tokens must end with an end token")
    self.source = source
    self.tokens = tokens
    // A named type takes at least two tokens (`: T`, `[T`, `-> T`, ...); long bodies grow it.
    references = SwiftMoveBuffer<RawTypeReference>(capacity: min(tokens.count / 2, 32))
  }

  /// Calls `body` with a parser over `tokens`, which must end with an `.end` token, as those of
  /// ``SwiftTokenizer/withTokens(of:newlines:_:)`` do.
  static func withParser<Result>(
    source: UnsafeBufferPointer<UInt8>, tokens: UnsafeBufferPointer<SwiftToken>,
    _ body: (inout SwiftDeclParser) -> Result
  ) -> Result {
    var parser = SwiftDeclParser(source: source, tokens: tokens)
    defer { parser.references.deallocate() }
    return body(&parser)
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

  /// The text of a word that names a type: shared for the common standard types.
  func typeName(_ token: SwiftToken) -> String {
    guard token.keyword == nil, token.textStart < token.textEnd, token.textEnd <= source.count,
      let known = typeNames.match(source, token.textStart..<token.textEnd)
    else { return text(token) }
    return SwiftKnownTypeNames.names[known]
  }

  // MARK: Cursor

  /// The current token.
  var token: SwiftToken {
    @inline(__always) get { tokens[index] }
  }
  /// The kind of the current token.
  var kind: SwiftTokenKind {
    @inline(__always) get { tokens[index].kind }
  }
  /// The keyword the current token spells; `nil` for other tokens and backticked words.
  var keyword: SwiftKeyword? {
    @inline(__always) get { tokens[index].keyword }
  }
  /// The token before the current one, if any.
  var previous: SwiftToken? { index > 0 ? tokens[index - 1] : nil }

  /// The token `offset` places ahead, or the final `.end`.
  @inline(__always)
  func peek(_ offset: Int) -> SwiftToken {
    tokens[min(index + offset, tokens.count - 1)]
  }

  /// Moves to the next token; stays on the final `.end`.
  @inline(__always)
  mutating func advance() {
    if index < tokens.count - 1 { index += 1 }
  }

  /// `true` on a new line, `;` or the end.
  var isAtSeparator: Bool {
    @inline(__always) get { kind == .newline || kind == .semicolon || kind == .end }
  }

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
    forget(since: checkpoint)
  }

  /// Drops the problems and references found since `checkpoint`, keeping the cursor.
  mutating func forget(since checkpoint: Checkpoint) {
    problems.removeSubrange(checkpoint.problemCount...)
    references.removeAll(from: checkpoint.referenceCount)
  }

  // MARK: References

  /// Starts a declaration: drops the references of one that did not parse.
  mutating func startDeclaration() {
    references.removeAll(from: keptReferences)
  }

  /// The references of the declaration being parsed, to be attached with the body's
  /// (``SwiftMoveBuffer/attachReferences(count:from:locate:writer:)``).
  var pendingReferences: TypeReferences {
    TypeReferences(pending: keptReferences..<references.count)
  }

  /// Keeps the references of the declaration just read, for its member.
  mutating func keepReferences() {
    keptReferences = references.count
  }

  /// Gives the members `writer` holds pending from `first` on, read by this parser, the
  /// references they hold.
  mutating func attachReferences(from first: Int, locate: BodyLocator, writer: inout BodyWriter) {
    references.attachReferences(count: keptReferences, from: first, locate: locate, writer: &writer)
    keptReferences = 0
  }

  /// Records a named type written from `start` to `end`.
  @inline(__always)
  mutating func addTypeReference(_ name: String, from start: BodyPosition, to end: BodyPosition) {
    references.append(RawTypeReference(name: name, start: start, end: end))
  }

  /// The named types recorded since the declaration started, at file locations, leaving none.
  mutating func takeTypeReferences(locate: BodyLocator) -> [Located<String>] {
    references.moveLocated(from: 0, locate: locate)
  }
}
