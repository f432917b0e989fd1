/// A one-pass parser for the common case: a body or a type in ASCII text that is well formed
/// and uses only the supported features, with `//` comments.
///
/// It reads tokens straight from the bytes, one at a time, and gives up at the first thing it
/// does not handle: non-ASCII text outside comments, block comments, backticks, attributes,
/// numbers, deep nesting, and every problem. ``SwiftDeclParser``, which reports the problems,
/// then takes over: from the declaration it gave up on in a body, and from the start in a type.
///
/// On the text it accepts it gives exactly what ``SwiftDeclParser`` gives, without diagnostics:
/// each function follows the ``SwiftDeclParser`` function of the same name on its well-formed
/// path, and returns `nil` where that one reports a problem or takes a rare path.
///
/// It never moves past a non-ASCII byte except in a comment, so that columns are byte offsets
/// from the start of the line.
struct SwiftFastDeclParser {
  /// Types nest at most this deep here, well below ``SwiftDeclParser/maxNestingDepth``, so that
  /// types near that limit take the general path.
  static let maxNestingDepth = 32

  let bytes: UnsafeBufferPointer<UInt8>
  /// `true` in a type, where line ends are white space; `false` in a body, where they end
  /// declarations.
  let newlinesAreBlank: Bool
  let keywords = SwiftKeyword.table
  let typeNames = SwiftKnownTypeNames.table
  /// The current token, its keyword (for an unbackticked word), and its bytes.
  var token = Token.end
  var keyword: SwiftKeyword?
  var start = 0
  var end = 0
  /// The 0-based line of the current token, and the offset where that line starts.
  var line = 0
  var lineStart = 0
  var nesting = 0
  /// When the type parsed last is exactly a name of ``SwiftKnownTypeNames``, its index; else -1.
  var knownName = -1
  /// The named types of the members read so far and of the declaration or type being parsed.
  var references: SwiftMoveBuffer<RawTypeReference>
  /// How many of ``references`` belong to the members read so far.
  private var keptReferences = 0
  /// Where the parameters of the methods read go (a body's parser has its writer's for the time
  /// it reads).
  var parameters = MethodParameterWriter.methodParameters
  /// Shares the names kept (a body's parser has its writer's ``BodyWriter/names`` for the time
  /// it reads).
  var names = ScalarInterner.none

  private init(
    bytes: UnsafeBufferPointer<UInt8>, newlinesAreBlank: Bool,
    references: consuming SwiftMoveBuffer<RawTypeReference> = SwiftMoveBuffer(capacity: 8)
  ) {
    self.bytes = bytes
    self.newlinesAreBlank = newlinesAreBlank
    self.references = references
    advance()
  }

  /// The members of a body, as far as this parser can read it, left pending in the writer's
  /// ``BodyWriter/members`` (for the general parser to add to, and the caller to commit).
  ///
  /// - Returns: Where the first declaration that needs the general parser starts; `nil` when
  ///   the whole body was read.
  static func parseMembers(
    _ bytes: UnsafeBufferPointer<UInt8>, locate: BodyLocator, writer: inout BodyWriter
  ) -> SwiftLexPosition? {
    var parser = SwiftFastDeclParser(bytes: bytes, newlinesAreBlank: false, references: writer.takeBuffer())
    swap(&parser.parameters, &writer.parameters)
    swap(&parser.names, &writer.names)
    defer {
      writer.giveBack(parser.references)
      swap(&parser.parameters, &writer.parameters)
      swap(&parser.names, &writer.names)
    }
    let first = writer.members.pending
    func finished(resumingAt rest: SwiftLexPosition?) -> SwiftLexPosition? {
      parser.references.attachReferences(
        count: parser.keptReferences, from: first, locate: locate, writer: &writer)
      return rest
    }
    while true {
      switch parser.token {
      case .end:
        return finished(resumingAt: nil)
      case .newline:
        parser.line += 1
        parser.lineStart = parser.end
        parser.advance()
      case .semicolon:
        parser.advance()
      default:
        // Before it, the line holds only ASCII text: this parser has read all of it.
        let start = SwiftLexPosition(index: parser.start, line: parser.line, lineBase: parser.lineStart)
        guard let member = parser.parseDeclaration(locate: locate), parser.isAtSeparator else {
          return finished(resumingAt: start)
        }
        // Room for a member per line at once, so that the members are not moved to a larger
        // chunk midway.
        if writer.members.pending == first { writer.members.reserveRoom(estimatedMemberCount(bytes)) }
        writer.members.append(consume member)
        parser.keepReferences()
      }
    }
  }

  /// An estimate of the members in a body: one per line that starts with a letter (after
  /// spaces), as `var`, `let` and `func` do and blank and comment lines do not; at most one per
  /// 6 bytes (`let a:T` is the shortest member). Members beyond it (several on a line, separated
  /// by `;`) move the body's pending members to a larger chunk.
  static func estimatedMemberCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var count = 0
    var atLineStart = true
    for byte in bytes {
      if atLineStart {
        if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") { continue }
        let lowercased = byte | 0x20
        if lowercased >= UInt8(ascii: "a") && lowercased <= UInt8(ascii: "z") { count += 1 }
        atLineStart = false
      } else if byte == UInt8(ascii: "\n") {
        atLineStart = true
      }
    }
    return max(1, min(count, bytes.count / 6 + 1))
  }

  /// The type that fills `bytes` and what `finish` makes of it and its references, or `nil`
  /// when it needs the general parser.
  static func parseWholeType<Result>(
    _ bytes: UnsafeBufferPointer<UInt8>, finish: (TypeRef, inout SwiftMoveBuffer<RawTypeReference>) -> Result
  ) -> Result? {
    var parser = SwiftFastDeclParser(bytes: bytes, newlinesAreBlank: true)
    defer { parser.references.deallocate() }
    guard let type = parser.parseType(), parser.token == .end else { return nil }
    return finish(type, &parser.references)
  }

  // MARK: Declarations

  /// The references of the declaration being parsed, attached when the body is read (as
  /// ``SwiftDeclParser/pendingReferences`` are).
  private var pendingReferences: TypeReferences {
    TypeReferences(pending: keptReferences..<references.count)
  }

  /// Keeps the references of the declaration just read, for its member.
  private mutating func keepReferences() {
    keptReferences = references.count
  }

  /// `true` on a new line, `;` or the end.
  private var isAtSeparator: Bool {
    token == .newline || token == .semicolon || token == .end
  }

  /// Moves past a token of kind `kind`; `false` when another comes.
  @inline(__always)
  mutating func expect(_ kind: Token) -> Bool {
    guard token == kind else { return false }
    advance()
    return true
  }

  private mutating func parseDeclaration(locate: BodyLocator) -> MemberDecl? {
    guard token == .word else { return nil }
    switch keyword {
    case .var:
      advance()
      return parseProperty(isVariable: true, locate: locate)
    case .let:
      advance()
      return parseProperty(isVariable: false, locate: locate)
    case .func:
      advance()
      return parseMethod(locate: locate)
    default:
      return nil
    }
  }

  /// A member name: a word other than `_` and the reserved words. Returns its text and place.
  private mutating func expectName(locate: BodyLocator) -> (String, SourceLocation)? {
    guard token == .word, keyword != .underscore, keyword?.isReserved != true else { return nil }
    let name = (keptText(), SwiftDeclParser.location(tokenStart, tokenEnd, locate: locate))
    advance()
    return name
  }

  /// `var NAME: TYPE`, `var NAME: TYPE { get }`, `var NAME: TYPE { get set }`, `let NAME: TYPE`.
  private mutating func parseProperty(isVariable: Bool, locate: BodyLocator) -> MemberDecl? {
    guard let (name, location) = expectName(locate: locate), expect(.colon), let type = parseType() else {
      return nil
    }
    var isSettable = isVariable
    if token == .leftBrace {
      guard isVariable else { return nil }
      advance()
      guard let accessorsSet = parseAccessorBlock() else { return nil }
      isSettable = accessorsSet
    }
    return MemberDecl(
      name: name, kind: .property(PropertySignature(type: type, isSettable: isSettable)),
      location: location, typeReferences: pendingReferences)
  }

  /// `get }` or `get set }` after `{`; returns whether the property is settable.
  private mutating func parseAccessorBlock() -> Bool? {
    guard token == .word, keyword == .get else { return nil }
    advance()
    var isSettable = false
    if token == .word {
      guard keyword == .set else { return nil }
      advance()
      isSettable = true
    }
    return expect(.rightBrace) ? isSettable : nil
  }

  /// `func NAME(LABEL NAME: TYPE, ...) async throws -> TYPE`.
  private mutating func parseMethod(locate: BodyLocator) -> MemberDecl? {
    guard let (name, location) = expectName(locate: locate), expect(.leftParen) else { return nil }
    guard let signature = parseSignature() else {
      parameters.discardPending()
      return nil
    }
    return MemberDecl(
      name: name, kind: .method(signature), location: location,
      typeReferences: pendingReferences)
  }

  /// The rest of a method after `(`: its parameters (pending in ``parameters`` until it is read
  /// whole), effects and result.
  private mutating func parseSignature() -> MethodSignature? {
    guard parseParameterList(), let (isAsync, isThrowing) = parseEffects() else { return nil }
    var result = TypeRef.void
    if token == .arrow {
      advance()
      // `-> async` is reported by the general parser.
      guard keyword != .async, let written = parseType() else { return nil }
      result = written
    }
    // A declaration followed by more on its line is the general parser's: its parameters are
    // dropped, not committed.
    guard isAtSeparator else { return nil }
    return MethodSignature(
      written: parameters.commit(), result: result, isAsync: isAsync, isThrowing: isThrowing)
  }

  /// The most parameters a method may have here; the general parser reads longer lists.
  static let parameterScanLimit = 16

  /// The parameters after `(`, up to and including `)`, pending in ``parameters``. A trailing
  /// comma is accepted.
  private mutating func parseParameterList() -> Bool {
    while token != .rightParen {
      guard let parameter = parseParameter() else { return false }
      // A repeated parameter name is reported, with its place, by the general parser, which
      // also takes long lists (their names are checked through a table there, not pairwise).
      if parameters.pending == Self.parameterScanLimit
        || parameter.name != "_" && parameters.pendingContains(where: { $0.name == parameter.name })
      {
        return false
      }
      parameters.append(consume parameter)
      if token == .comma {
        advance()
      } else if token != .rightParen {
        return false
      }
    }
    advance()
    return true
  }

  /// `NAME: TYPE` (the name is also the label), `LABEL NAME: TYPE` or `_ NAME: TYPE`.
  private mutating func parseParameter() -> MethodParameter? {
    guard token == .word, isParameterWord else { return nil }
    let isUnlabeled = keyword == .underscore
    let first = keptText()
    advance()
    var name = first
    var hasSeparateName = false
    if token == .word {
      // A keyword is a parameter name as it is (`_ enum: String`), as Swift reads it.
      guard isParameterWord else { return nil }
      name = keptText()
      hasSeparateName = true
      advance()
    }
    guard expect(.colon), let type = parseType() else { return nil }
    // The first word is the label (`_` for none); a single word is also the name.
    let label = isUnlabeled ? nil : (hasSeparateName ? first : name)
    return MethodParameter(label: label, name: name, type: type)
  }

  /// `true` for a word that can be a parameter label or name: any word but `inout`, `var` and
  /// `let`.
  private var isParameterWord: Bool {
    switch keyword {
    case .inout, .var, .let: return false
    default: return true
    }
  }
}
