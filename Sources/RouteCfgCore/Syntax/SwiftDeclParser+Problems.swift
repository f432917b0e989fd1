/// Reporting problems: at a token, at the place something was expected, and the messages for
/// Swift features that manifests do not support.
extension SwiftDeclParser {
  /// Records a problem at `token`.
  mutating func report(_ code: DiagnosticCode, _ message: String, at token: SwiftToken) {
    problems.append(RawDiagnostic(code: code, message: message, start: token.start, end: token.end))
  }

  /// Reports that `expected` should come at the current token.
  ///
  /// A token that belongs to an unsupported feature (an attribute, `inout`, a block comment,
  /// `=`, ...) is reported as that feature instead. At the end of a line the problem is placed
  /// just after the previous token, where the missing text belongs.
  ///
  /// - Parameter punctuation: whether `<`, `!`, `...`, `=` and `&` name features here; `false`
  ///   where a name is expected.
  mutating func reportExpected(_ expected: String, hint: String? = nil, punctuation: Bool = true) {
    let found = token
    if let (code, message) = featureProblem(found, punctuation: punctuation) {
      report(code, message, at: found)
      return
    }
    var message = "expected \(expected)"
    var problem: RawDiagnostic
    if found.kind == .newline || found.kind == .end {
      let start = previous?.end ?? BodyPosition(line: 0, column: 0)
      problem = RawDiagnostic(code: .memberSyntax, message: "", start: start, end: nil)
    } else {
      message += ", found \(quoted(found))"
      problem = RawDiagnostic(code: .memberSyntax, message: "", start: found.start, end: found.end)
    }
    if let hint { message += "; " + hint }
    problem.message = message
    problems.append(problem)
  }

  /// `expected` followed by `after '<previous token>'` when there is a previous token.
  func afterPrevious(_ expected: String) -> String {
    guard let previous else { return expected }
    return "\(expected) after \(quoted(previous))"
  }

  /// Reports that types nest deeper than ``maxNestingDepth``.
  mutating func reportNestingTooDeep() {
    report(
      .memberSyntax,
      "types are nested more than \(Self.maxNestingDepth) levels deep; write a simpler type",
      at: token)
  }

  /// The problem a token is by itself, wherever it appears: an unsupported feature, or a
  /// malformed backticked name.
  func featureProblem(_ token: SwiftToken, punctuation: Bool) -> (DiagnosticCode, String)? {
    let unsupported = DiagnosticCode.unsupportedMemberFeature
    let name = Self.brief(text(token))
    switch token.kind {
    case .blockComment:
      return (unsupported, "block comments ('/* */') are not supported; use '//' comments")
    case .attribute where name == "escaping":
      return (
        unsupported,
        "'@escaping' is not needed: closure parameters are treated as escaping; remove the attribute"
      )
    case .attribute where name.isEmpty:
      return (unsupported, "attributes are not supported; remove '@'")
    case .attribute:
      return (unsupported, "attributes such as '@\(name)' are not supported; remove '@\(name)'")
    case .unterminatedBacktick where token.textStart == token.textEnd:
      return (.memberSyntax, "a backtick is not closed on this line; write names in backticks as '`name`'")
    case .unterminatedBacktick:
      return (
        .memberSyntax,
        "the backtick before '\(name)' is not closed on this line; write '`\(name)`'"
      )
    case .invalidBacktick:
      return (
        .memberSyntax,
        "'`\(name)`' is not a valid name; backticks must enclose an identifier, as in '`default`'"
      )
    case .word:
      guard let keyword = token.keyword else { return nil }
      return Self.keywordProblem(keyword)
    case .leftAngle where punctuation:
      return (unsupported, "generic parameters are not supported; use concrete types instead of '<...>'")
    case .exclamation where punctuation:
      return (unsupported, "implicitly unwrapped optionals ('T!') are not supported; write 'T?'")
    case .ellipsis where punctuation:
      return (unsupported, "variadic parameters ('T...') are not supported; write '[T]'")
    case .equals where punctuation:
      return (unsupported, "default values are not supported; remove '=' and the value")
    case .ampersand where punctuation:
      return (
        unsupported,
        "protocol compositions ('P & Q') are not supported; declare a protocol that inherits from both"
      )
    default:
      return nil
    }
  }

  /// The problem a keyword is wherever it appears, if any.
  static func keywordProblem(_ keyword: SwiftKeyword) -> (DiagnosticCode, String)? {
    let unsupported = DiagnosticCode.unsupportedMemberFeature
    switch keyword {
    case .inout:
      return (unsupported, "'inout' parameters are not supported; return the new value instead")
    case .some:
      return (unsupported, "opaque types ('some P') are not supported; write 'any P' or a concrete type")
    case .rethrows:
      return (unsupported, "'rethrows' is not supported; write 'throws'")
    case .where:
      return (unsupported, "'where' clauses are not supported; use concrete types")
    case .mutating, .nonmutating:
      return (unsupported, "'\(keyword.rawValue)' is not supported; remove it")
    default:
      return nil
    }
  }

  /// The problem a keyword is at the start of a declaration, given the token after it.
  static func declarationStartProblem(_ keyword: SwiftKeyword, next: SwiftToken) -> (
    DiagnosticCode, String
  )? {
    let unsupported = DiagnosticCode.unsupportedMemberFeature
    let startsMember = next.kind == .word && [.var, .let, .func, .subscript].contains(next.keyword)
    switch keyword {
    case .static:
      return (unsupported, "static members are not supported; remove 'static' and declare an instance member")
    case .class where startsMember:
      return (unsupported, "class members are not supported; remove 'class' and declare an instance member")
    case .`init`:
      return (unsupported, "initializer requirements ('init') are not supported; declare a method instead")
    case .subscript:
      return (
        unsupported,
        "subscripts are not supported; declare a method instead, such as 'func item(at index: Int) -> Item'"
      )
    case .associatedtype:
      return (unsupported, "associated types are not supported; use concrete types")
    case .typealias:
      return (unsupported, "type aliases are not supported; write the full type in each member")
    case _ where keyword.isAccessModifier && next.kind == .word:
      return (.memberSyntax, "protocol members take no access modifiers; remove '\(keyword.rawValue)'")
    case _ where keyword.isUnsupportedModifier && next.kind == .word:
      return (unsupported, "the '\(keyword.rawValue)' modifier is not supported; remove it")
    default:
      return keywordProblem(keyword)
    }
  }

  /// Turns the problems into diagnostics at file locations.
  func flushProblems(into diagnostics: inout DiagnosticBag, locate: BodyLocator) {
    for problem in problems {
      diagnostics.report(
        problem.code, problem.message, at: Self.location(problem.start, problem.end, locate: locate))
    }
  }

  /// The file location of a body range; `end` is mapped through `locate` too.
  static func location(_ start: BodyPosition, _ end: BodyPosition?, locate: BodyLocator) -> SourceLocation {
    var location = locate(start)
    if let end { location.end = locate(end).start }
    return location
  }
}
