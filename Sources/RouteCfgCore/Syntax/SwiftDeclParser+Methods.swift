/// The method grammar: `func NAME(LABEL NAME: TYPE, ...) async throws -> TYPE`.
extension SwiftDeclParser {
  /// `func NAME(LABEL NAME: TYPE, ...) async throws -> TYPE`.
  mutating func parseMethod(locate: BodyLocator) -> MemberDecl? {
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
      guard let written = parseResultType() else { return nil }
      result = written
    }
    let signature = MethodSignature(
      parameters: parameters, result: result, isAsync: isAsync, isThrowing: isThrowing)
    return member(named: name, .method(signature), locate: locate)
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
    if kind != .rightParen { parameters.reserveCapacity(parameterCountEstimate()) }
    var names = FirstSeen<Void>(capacity: parameters.capacity)
    while kind != .rightParen {
      if kind == .newline || kind == .end {
        reportExpected("')' to close the parameter list of '\(spelling(name))'")
        return nil
      }
      guard let (parameter, nameToken) = parseParameter() else { return nil }
      // A parameter name appears once per method (`_` aside): reported at the second one.
      if parameter.name != "_", names.recordOrFind(parameter.name, ()) != nil {
        report(
          .memberSyntax,
          "'\(spelling(name))' names two parameters '\(parameter.name)'; a parameter name appears once per "
            + "method: rename one (labels may repeat, names may not)",
          at: nameToken)
        return nil
      }
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

  /// The type written from `start` (in brief) when it ends where a parameter ends, at `,` or
  /// `)`; the position is left as it was.
  private mutating func typeEndingParameter(at start: Checkpoint) -> String? {
    let here = checkpoint
    defer { restore(here) }
    restore(start)
    guard let type = parseType(), kind == .comma || kind == .rightParen else { return nil }
    return Self.brief(type)
  }

  /// `NAME: TYPE` (the name is also the label), `LABEL NAME: TYPE` or `_ NAME: TYPE`, with the
  /// token of its name.
  private mutating func parseParameter() -> (MethodParameter, name: SwiftToken)? {
    let first = token
    guard isParameterWord(first) else {
      reportExpected("a parameter name", hint: "write parameters as 'name: Type' or 'label name: Type'")
      return nil
    }
    advance()
    var name = first
    let hasSeparateName = isParameterWord(token)
    let secondWord = checkpoint
    if hasSeparateName {
      // A keyword is a parameter name as it is (`_ enum: String`), as Swift reads it; generated
      // code writes it in backticks where it uses it.
      name = token
      advance()
    }
    guard kind == .colon else {
      // `error String)`, `error String?)`: a capitalised second word that starts a type ending the
      // parameter is its type, not its name.
      if hasSeparateName, text(name).first?.isUppercase == true,
        let type = typeEndingParameter(at: secondWord)
      {
        report(
          .memberSyntax,
          "expected ':' before the type '\(type)' of parameter \(quoted(first)); write '\(spelling(first)): \(type)'",
          at: name)
        return nil
      }
      let written = hasSeparateName ? "\(spelling(first)) " : ""
      reportMissingType(after: name, example: "\(written)\(spelling(name)): ")
      return nil
    }
    advance()
    guard let type = parseType() else { return nil }
    let nameText = text(name)
    // The first word is the label (`_` for none); a single word is also the name.
    let label = first.keyword == .underscore ? nil : (hasSeparateName ? text(first) : nameText)
    return (MethodParameter(label: label, name: nameText, type: type), name)
  }

  /// How many parameters the list after `(` holds at most: one more than its commas outside
  /// brackets, up to its `)` or the end of the line.
  private func parameterCountEstimate() -> Int {
    var count = 1
    var depth = 0
    var position = index
    while true {
      switch tokens[position].kind {
      case .leftParen, .leftBracket, .leftAngle: depth += 1
      case .rightBracket, .rightAngle: depth -= 1
      case .rightParen:
        if depth == 0 { return count }
        depth -= 1
      case .comma where depth == 0: count += 1
      case .newline, .semicolon, .end: return count
      default: break
      }
      position += 1
    }
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
