/// The member grammar: `var`/`let` properties with an optional `{ get }` or `{ get set }`,
/// and `func` methods, one per line or separated by `;`.
extension SwiftDeclParser {
  /// The next member that parses, reporting and skipping those that do not; `nil` at the end.
  /// Its type references are given to it, with those of the body's other members, by
  /// ``attachReferences(from:locate:writer:)`` once the body is read.
  ///
  /// - Parameter locate: Places the member and its named types in the file.
  mutating func parseNextMember(locate: BodyLocator) -> MemberDecl? {
    while true {
      switch kind {
      case .end:
        return nil
      case .newline, .semicolon:
        advance()
      default:
        startDeclaration()
        if let member = parseDeclaration(locate: locate), expectDeclarationEnd(after: member) {
          keepReferences()
          return member
        }
        skipToSeparator()
      }
    }
  }

  private mutating func parseDeclaration(locate: BodyLocator) -> MemberDecl? {
    switch keyword {
    case .var, .let:
      return parseProperty(locate: locate)
    case .func:
      return parseMethod(locate: locate)
    default:
      if let keyword, let (code, message) = Self.declarationStartProblem(keyword, next: peek(1)) {
        report(code, message, at: token)
      } else {
        reportExpected(
          "'var', 'let' or 'func' to start a member",
          hint: text(token) == "#"
            ? Self.hashCommentHint : "declare members as 'var name: Type', 'let name: Type' or 'func name()'")
      }
      return nil
    }
  }

  /// Accepts a separator after a member; reports anything else.
  private mutating func expectDeclarationEnd(after member: MemberDecl) -> Bool {
    if isAtSeparator { return true }
    var name = member.name
    if case .method(let method) = member.kind { name += method.labelList }
    if kind == .leftBrace, case .method = member.kind {
      report(
        .memberSyntax, "method requirements have no body; remove the '{ ... }' after '\(name)'", at: token)
    } else {
      let hint: String
      if text(token) == "#" {
        hint = Self.hashCommentHint
      } else if linesJoined {
        hint =
          "YAML joins the lines of a body written with '>', in quotes or as a plain value into one: "
          + "write the body as a literal block ('Name: |' and one member per line) so that each "
          + "member keeps its line"
      } else {
        hint = "write each member on its own line"
      }
      reportExpected("';' or a new line after the declaration of '\(name)'", hint: hint)
    }
    return false
  }

  /// The advice for a `#` in a body, where a YAML user may expect a comment.
  static let hashCommentHint =
    "a member body is Swift, where '#' starts no comment: write '//' before a comment"

  /// A member name after `var`, `let` or `func`.
  mutating func expectName(after introducer: SwiftToken) -> SwiftToken? {
    let name = token
    guard name.kind == .word, name.keyword != .underscore else {
      let example = introducer.keyword == .func ? "func name()" : "\(text(introducer)) name: Type"
      reportExpected("a name after \(quoted(introducer))", hint: "write '\(example)'", punctuation: false)
      return nil
    }
    if let keyword = name.keyword, keyword.isReserved {
      report(
        .memberSyntax, "'\(text(name))' is a Swift keyword; write '`\(text(name))`' to use it as a name",
        at: name)
      return nil
    }
    advance()
    return name
  }

  // MARK: Properties

  /// `var NAME: TYPE`, `var NAME: TYPE { get }`, `var NAME: TYPE { get set }`, `let NAME: TYPE`.
  private mutating func parseProperty(locate: BodyLocator) -> MemberDecl? {
    let introducer = token
    advance()
    guard let name = expectName(after: introducer) else { return nil }
    guard kind == .colon else {
      reportMissingType(after: name, example: "\(text(introducer)) \(spelling(name)): ")
      return nil
    }
    advance()
    guard let type = parseType() else { return nil }
    var isSettable = introducer.keyword == .var
    if kind == .leftBrace {
      guard isSettable else {
        report(
          .memberSyntax,
          "a 'let' property takes no accessor block; remove the '{ ... }' or write "
            + "'var \(spelling(name)): \(Self.brief(type)) { get }'",
          at: token)
        return nil
      }
      guard let accessorsSet = parseAccessorBlock() else { return nil }
      isSettable = accessorsSet
    }
    return member(
      named: name, .property(PropertySignature(type: type, isSettable: isSettable)), locate: locate)
  }

  /// The member `name` declares, placed with `locate`, with the named types recorded since the
  /// declaration started (attached when the body is read).
  mutating func member(named name: SwiftToken, _ kind: MemberDecl.Kind, locate: BodyLocator) -> MemberDecl {
    MemberDecl(
      name: text(name), kind: kind, location: Self.location(name.start, name.end, locate: locate),
      typeReferences: pendingReferences)
  }

  /// Reports a missing `: TYPE` after `name`, suggesting the type written next if there is one
  /// (`var message String?` gets "write 'var message: String?'").
  mutating func reportMissingType(after name: SwiftToken, example: String) {
    var type = "Type"
    if startsType(token) {
      let start = checkpoint
      if let written = parseType(),
        isAtSeparator || kind == .leftBrace || kind == .comma || kind == .rightParen
      {
        type = Self.brief(written)
      }
      restore(start)
    }
    reportExpected("':' and a type after \(quoted(name))", hint: "write '\(example)\(type)'")
  }

  /// `{ get }` (read-only) or `{ get set }` (settable); returns whether the property is settable.
  private mutating func parseAccessorBlock() -> Bool? {
    advance()
    let hint = "write '{ get }' or '{ get set }'"
    guard keyword == .get else {
      if keyword == .set {
        let message =
          peek(1).keyword == .get
          ? "accessors are written 'get' first; write '{ get set }'"
          : "a property cannot be set-only; write '{ get set }' or '{ get }'"
        report(.memberSyntax, message, at: token)
      } else {
        reportExpected("'get' in the accessor block", hint: hint)
      }
      return nil
    }
    advance()
    if keyword == .async || keyword == .throws {
      report(
        .unsupportedMemberFeature,
        "effectful property getters ('get async', 'get throws') are not supported; declare a method instead",
        at: token)
      return nil
    }
    var isSettable = false
    if keyword == .set {
      isSettable = true
      advance()
    }
    guard kind == .rightBrace else {
      reportExpected(isSettable ? "'}' after 'set'" : "'set' or '}' after 'get'", hint: hint)
      return nil
    }
    advance()
    return isSettable
  }
}
