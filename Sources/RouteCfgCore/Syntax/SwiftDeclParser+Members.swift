/// The member grammar: `var`/`let` properties with an optional `{ get }` or `{ get set }`,
/// and `func` methods, one per line or separated by `;`.
extension SwiftDeclParser {
  /// The next member that parses, reporting and skipping those that do not; `nil` at the end.
  /// ``references`` then holds the member's named types.
  mutating func parseNextMember() -> ParsedMember? {
    while true {
      switch kind {
      case .end:
        return nil
      case .newline, .semicolon:
        advance()
      default:
        references.removeAll(keepingCapacity: true)
        if let member = parseDeclaration(), expectDeclarationEnd(after: member) {
          return member
        }
        skipToSeparator()
      }
    }
  }

  private mutating func parseDeclaration() -> ParsedMember? {
    switch keyword {
    case .var, .let:
      return parseProperty()
    case .func:
      return parseMethod()
    default:
      if let keyword, let (code, message) = Self.declarationStartProblem(keyword, next: peek(1)) {
        report(code, message, at: token)
      } else {
        reportExpected(
          "'var', 'let' or 'func' to start a member",
          hint: "declare members as 'var name: Type', 'let name: Type' or 'func name()'")
      }
      return nil
    }
  }

  /// Accepts a separator after a member; reports anything else.
  private mutating func expectDeclarationEnd(after member: ParsedMember) -> Bool {
    if isAtSeparator { return true }
    var name = member.name
    if case .method(let method) = member.kind { name += method.labelList }
    if kind == .leftBrace, case .method = member.kind {
      report(
        .memberSyntax, "method requirements have no body; remove the '{ ... }' after '\(name)'", at: token)
    } else {
      reportExpected(
        "';' or a new line after the declaration of '\(name)'", hint: "write each member on its own line")
    }
    return false
  }

  /// A member name after `var`, `let` or `func`.
  private mutating func expectName(after introducer: SwiftToken) -> SwiftToken? {
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
  private mutating func parseProperty() -> ParsedMember? {
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
    return ParsedMember(
      name: text(name), nameStart: name.start, nameEnd: name.end,
      kind: .property(PropertySignature(type: type, isSettable: isSettable)))
  }

  /// Reports a missing `: TYPE` after `name`, suggesting the type written next if there is one
  /// (`var message String?` gets "write 'var message: String?'").
  private mutating func reportMissingType(after name: SwiftToken, example: String) {
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

  // MARK: Methods

  /// `func NAME(LABEL NAME: TYPE, ...) async throws -> TYPE`.
  private mutating func parseMethod() -> ParsedMember? {
    let introducer = token
    advance()
    if isOperatorName(token) {
      report(
        .unsupportedMemberFeature, "operator requirements are not supported; declare a named method instead",
        at: token)
      return nil
    }
    guard let name = expectName(after: introducer) else { return nil }
    if kind == .leftAngle {
      report(
        .unsupportedMemberFeature,
        "generic methods are not supported; remove the '<...>' and use concrete types", at: token)
      return nil
    }
    guard kind == .leftParen else {
      reportExpected("'(' after \(quoted(name))", hint: "write 'func \(spelling(name))()'")
      return nil
    }
    advance()
    guard let parameters = parseParameterList(of: name), let (isAsync, isThrowing) = parseEffects() else {
      return nil
    }
    var result = TypeRef.void
    if kind == .arrow {
      advance()
      guard let written = parseType() else { return nil }
      result = written
    }
    let signature = MethodSignature(
      parameters: parameters, result: result, isAsync: isAsync, isThrowing: isThrowing)
    return ParsedMember(name: text(name), nameStart: name.start, nameEnd: name.end, kind: .method(signature))
  }

  /// `true` for the first token of an operator name (`==`, `+`, `<`, ...).
  private func isOperatorName(_ token: SwiftToken) -> Bool {
    switch token.kind {
    case .equals, .leftAngle, .rightAngle, .exclamation, .ampersand, .question, .dot, .ellipsis:
      return true
    case .unknown:
      guard token.textEnd - token.textStart == 1, token.textStart < source.count else { return false }
      return "+-*/%^|~".utf8.contains(source[token.textStart])
    default:
      return false
    }
  }

  /// The parameters after `(`, up to and including `)`. A trailing comma is accepted.
  private mutating func parseParameterList(of name: SwiftToken) -> [MethodParameter]? {
    var parameters: [MethodParameter] = []
    while kind != .rightParen {
      if kind == .newline || kind == .end {
        reportExpected("')' to close the parameter list of '\(spelling(name))'")
        return nil
      }
      guard let parameter = parseParameter() else { return nil }
      parameters.append(parameter)
      if kind == .comma {
        advance()
      } else if kind != .rightParen {
        let written = parameter.label.map { $0 == parameter.name ? $0 : "\($0) \(parameter.name)" }
        let display = Self.brief("\(written ?? "_ \(parameter.name)"): \(parameter.type)")
        reportExpected(
          "',' or ')' after the parameter '\(display)'",
          hint: "close the parameter list of '\(spelling(name))' with ')'")
        return nil
      }
    }
    advance()
    return parameters
  }

  /// `NAME: TYPE` (the name is also the label), `LABEL NAME: TYPE` or `_ NAME: TYPE`.
  private mutating func parseParameter() -> MethodParameter? {
    let first = token
    guard isParameterWord(first) else {
      reportExpected("a parameter name", hint: "write parameters as 'name: Type' or 'label name: Type'")
      return nil
    }
    advance()
    let label: String?
    let name: SwiftToken
    if isParameterWord(token) {
      name = token
      if let keyword = name.keyword, keyword.isReserved, keyword != .underscore {
        report(
          .memberSyntax,
          "'\(text(name))' is a Swift keyword; write '`\(text(name))`' to use it as a parameter name",
          at: name)
        return nil
      }
      label = first.keyword == .underscore ? nil : text(first)
      advance()
    } else {
      name = first
      label = first.keyword == .underscore ? nil : text(first)
    }
    guard kind == .colon else {
      let written = name.start == first.start ? "" : "\(spelling(first)) "
      reportMissingType(after: name, example: "\(written)\(spelling(name)): ")
      return nil
    }
    advance()
    guard let type = parseType() else { return nil }
    return MethodParameter(label: label, name: text(name), type: type)
  }

  /// A word that can be a parameter label or name: any word but `inout`, `var` and `let`.
  private func isParameterWord(_ token: SwiftToken) -> Bool {
    guard token.kind == .word else { return false }
    switch token.keyword {
    case .inout, .var, .let: return false
    default: return true
    }
  }
}
