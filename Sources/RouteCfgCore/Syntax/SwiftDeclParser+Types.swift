/// The type grammar: names (possibly dotted), `T?`, `[T]`, `[K: V]`, `(T, U) async throws -> V`,
/// parenthesised types, `()` and `any P`.
extension SwiftDeclParser {
  /// Parses one type at the current token, recording its named types in ``typeReferences``.
  /// Reports and returns `nil` when it does not parse.
  mutating func parseType() -> TypeRef? {
    nesting += 1
    defer { nesting -= 1 }
    guard nesting <= Self.maxNestingDepth else {
      reportNestingTooDeep()
      return nil
    }
    if keyword == .any {
      return parseExistentialType()
    }
    // `sending Int`, `borrowing Item`: a modifier before a type, not a type.
    if kind == .word, Self.typeModifiers.contains(text(token)), startsType(peek(1)) {
      report(
        .unsupportedMemberFeature,
        "ownership and isolation modifiers such as '\(text(token))' are not supported; remove '\(text(token))'",
        at: token)
      return nil
    }
    // A parenthesised type is not spelled back in a hint: `(any P)` reads as `P`.
    let spelledBack = kind != .leftParen
    guard let base = parsePrimaryType() else { return nil }
    return parsePostfix(base, spelledBack: spelledBack)
  }

  /// The type after `->`, where Swift reads a bare `async` as an effect in the wrong place.
  mutating func parseResultType() -> TypeRef? {
    if keyword == .async {
      report(
        .memberSyntax,
        "'async' goes before '->', not after it: write 'async -> Type' (or '`async`' for a type of "
          + "that name)", at: token)
      return nil
    }
    return parseType()
  }

  /// Words that modify a parameter's or a result's type (ownership and isolation), which
  /// manifests do not support; `inout` is a keyword of its own.
  static let typeModifiers: Set<String> = [
    "sending", "borrowing", "consuming", "isolated", "__owned", "__shared",
  ]

  /// `true` when `token` can start a type.
  func startsType(_ token: SwiftToken) -> Bool {
    token.kind == .leftParen || token.kind == .leftBracket || isTypeName(token) || token.keyword == .any
  }

  /// `true` for a word that can name a type: an identifier other than `any`, `some` and the
  /// like, or `Any` or `Self`.
  private func isTypeName(_ token: SwiftToken) -> Bool {
    guard token.kind == .word else { return false }
    guard let keyword = token.keyword else { return true }
    switch keyword {
    case .capitalAny, .capitalSelf: return true
    case .any, .some: return false
    default: return !keyword.isReserved
    }
  }

  /// `any P`, read as `P`.
  private mutating func parseExistentialType() -> TypeRef? {
    advance()
    guard isTypeName(token) || kind == .leftParen || kind == .leftBracket else {
      reportExpected("a protocol name after 'any'", hint: "write 'any ProtocolName'")
      return nil
    }
    guard let base = parsePrimaryType() else { return nil }
    if kind == .question {
      report(
        .memberSyntax, "an optional 'any' type needs parentheses; write '(any \(Self.brief(base)))?'",
        at: token)
      return nil
    }
    return parsePostfix(base)
  }

  private mutating func parsePrimaryType() -> TypeRef? {
    switch kind {
    case .leftBracket:
      return parseCollectionType()
    case .leftParen:
      return parseParenthesizedType()
    case .word where isTypeName(token):
      return parseNamedType()
    default:
      reportExpected(afterPrevious("a type"), hint: "write a type such as 'String', '[String]' or 'String?'")
      return nil
    }
  }

  /// `?` (optional), and the unsupported `!` and `...`.
  private mutating func parsePostfix(_ base: TypeRef, spelledBack: Bool = true) -> TypeRef? {
    var type = base
    var wrappers = 0
    while true {
      switch kind {
      case .question where previous?.end != token.start:
        // Swift reads a '?' after a space or a line break as no part of the type.
        let fix = spelledBack ? "write '\(Self.brief(.optional(type)))'" : "remove the space before '?'"
        report(.memberSyntax, "'?' belongs right after its type, with no space between; \(fix)", at: token)
        return nil
      case .question:
        wrappers += 1
        guard nesting + wrappers <= Self.maxNestingDepth else {
          reportNestingTooDeep()
          return nil
        }
        type = .optional(type)
        advance()
      case .exclamation:
        report(
          .unsupportedMemberFeature,
          "implicitly unwrapped optionals ('T!') are not supported; write '\(Self.brief(.optional(type)))'",
          at: token)
        return nil
      case .ellipsis:
        report(
          .unsupportedMemberFeature,
          "variadic parameters ('T...') are not supported; write '[\(Self.brief(type))]'",
          at: token)
        return nil
      case .dot where peek(1).kind == .word && ["Type", "Protocol"].contains(text(peek(1))):
        // After a name, `.Type` is part of the name (``parseNamedType()``). A parenthesised type
        // is not spelled back: `(any P)` reads as `P`, whose metatype is allowed.
        let written = spelledBack ? "'\(Self.brief(type)).\(text(peek(1)))'" : "a metatype after parentheses"
        report(
          .unsupportedMemberFeature,
          "\(written) is not supported: a metatype follows a type's name ('Item.Type'); write "
            + "'Any.Type' or the metatype of a named type",
          at: token)
        return nil
      default:
        return type
      }
    }
  }

  /// `Name` or `Module.Name`.
  private mutating func parseNamedType() -> TypeRef? {
    let first = token
    var name = typeName(first)
    // `Self` in backticks is `Self` to Swift as well.
    if first.keyword == .capitalSelf || name == "Self" {
      // A protocol's members are used through `any P` values and forwarded by adapters, where
      // `Self` stands for no one type (a proxy's `Self` is the proxy).
      report(
        .unsupportedMemberFeature,
        "'Self' is not supported: protocols are used as 'any P' values and through adapters, where "
          + "'Self' has no single type; write the protocol's name instead",
        at: first)
      return nil
    }
    var end = first.end
    advance()
    // A backticked keyword keeps its backticks where generated code could not add them: before a
    // dot (`` `default`.Inner ``), and `` `Any` ``, a type of the app rather than Swift's `Any`.
    if first.isBackticked, name == "Any" || (kind == .dot && SwiftKeyword.named(name)?.isReserved == true) {
      name = "`\(name)`"
    }
    while kind == .dot {
      advance()
      guard kind == .word, keyword != .underscore else {
        reportExpected("a type name after '.'", hint: "write a name such as 'Foundation.URL'")
        return nil
      }
      // `X.Self` is no type (and `Self` is not supported anywhere).
      if keyword == .capitalSelf || text(token) == "Self" {
        report(
          .unsupportedMemberFeature,
          "'\(name).Self' is not a type: write the type's name, '\(name)'", at: token)
        return nil
      }
      if text(token) == "Protocol", SwiftKnownTypeNames.cannotHaveProtocolMetatype(name) {
        report(
          .unsupportedMemberFeature,
          "'\(name).Protocol' is not a type: '.Protocol' is the type of a protocol, and '\(name)' is "
            + "not one; write '\(name).Type' for the type of '\(name)'", at: token)
        return nil
      }
      // Swift names no type after a dot with a keyword it reserves (`A.default`, `A.Any`):
      // that takes backticks, which the name keeps (`A.\`default\``) so that it reads the same
      // in generated code.
      if keyword?.isReserved == true {
        let word = text(token)
        report(
          .memberSyntax,
          word == "self"
            ? "'\(name).self' is a value in Swift, not a type: write '\(name)', '\(name).Type' for its type, or "
              + "'\(name).`self`' for a type named 'self' inside '\(name)'"
            : "expected a type name after '.', found the keyword '\(word)'; write '\(name).`\(word)`' "
              + "for a type of that name", at: token)
        return nil
      }
      name += "." + (needsBackticksAfterDot(token) ? "`\(text(token))`" : text(token))
      end = token.end
      advance()
    }
    if kind == .leftAngle {
      reportGenericArguments(of: name)
      return nil
    }
    addTypeReference(name, from: first.start, to: end)
    return .named(name)
  }

  /// Whether `token`, a word after a dot in a type name, is written in backticks that the name
  /// must keep: a reserved word (`` A.`default` ``), or `Type` or `Protocol`, which bare would
  /// be a metatype.
  private func needsBackticksAfterDot(_ token: SwiftToken) -> Bool {
    guard token.isBackticked else { return false }
    let word = text(token)
    return word == "Type" || word == "Protocol" || SwiftKeyword.named(word)?.isReserved == true
  }

  /// Reports `Name<...>`, suggesting the shorthand when there is one (`Array<Int>` is `[Int]`).
  private mutating func reportGenericArguments(of name: String) {
    let angle = token
    let start = checkpoint
    advance()
    var arguments: [TypeRef] = []
    var isComplete = false
    while let argument = parseType() {
      arguments.append(argument)
      guard kind == .comma else {
        isComplete = kind == .rightAngle
        break
      }
      advance()
    }
    forget(since: start)
    let shorthand: TypeRef?
    switch (name, arguments.count) {
    case ("Array", 1), ("Swift.Array", 1): shorthand = .array(arguments[0])
    case ("Dictionary", 2), ("Swift.Dictionary", 2):
      shorthand = .dictionary(key: arguments[0], value: arguments[1])
    case ("Optional", 1), ("Swift.Optional", 1): shorthand = .optional(arguments[0])
    default: shorthand = nil
    }
    let message: String
    if isComplete, let shorthand {
      let written = "\(name)<" + arguments.map(\.description).joined(separator: ", ") + ">"
      message =
        "generic arguments are not supported; write '\(Self.brief(shorthand))' instead of "
        + "'\(Self.brief(written))'"
    } else {
      message =
        "generic arguments are not supported; write '[T]' for arrays, '[K: V]' for dictionaries"
        + " and 'T?' for optionals, or use a non-generic type"
    }
    report(.unsupportedMemberFeature, message, at: angle)
  }

  /// `[T]` or `[K: V]`.
  private mutating func parseCollectionType() -> TypeRef? {
    advance()
    let firstToken = token
    guard let first = parseType() else { return nil }
    guard kind == .colon else {
      guard kind == .rightBracket else {
        reportExpected(
          "']' after the element type '\(Self.brief(first))'", hint: "write '[\(Self.brief(first))]'")
        return nil
      }
      advance()
      return .array(first)
    }
    advance()
    guard let value = parseType() else { return nil }
    guard kind == .rightBracket else {
      reportExpected(
        "']' after the value type '\(Self.brief(value))'",
        hint: "write '\(Self.brief(.dictionary(key: first, value: value)))'")
      return nil
    }
    advance()
    if case .function? = first.hashableBlocker({ _ in false })?.blocker {
      // Whatever its names, a key that holds a function is never Hashable; one that names a
      // protocol is the validator's to find (RC0405 there too).
      report(
        .unhashableKey,
        "a dictionary key must be Hashable, and a function type is not: '\(Self.brief(first))' cannot be a key; "
          + "key the dictionary by a Hashable type, such as a name ('[String: \(Self.brief(value))]')",
        at: firstToken)
      return nil
    }
    return .dictionary(key: first, value: value)
  }

  /// `()` (Void), `(T)` (T), or a function type `(T, U) async throws -> V`.
  private mutating func parseParenthesizedType() -> TypeRef? {
    let open = token
    advance()
    var elements: [TypeRef] = []
    while kind != .rightParen {
      guard skipFunctionTypeLabel(), let element = parseType() else { return nil }
      elements.append(element)
      if kind == .comma {
        advance()
        if kind == .rightParen {
          reportExpected("a type after ','", hint: "remove the trailing ','")
          return nil
        }
      } else if kind != .rightParen {
        reportExpected("',' or ')' after '\(Self.brief(element))'")
        return nil
      }
    }
    let close = token
    advance()
    guard let (isAsync, isThrowing) = parseEffects() else { return nil }
    if kind == .arrow {
      advance()
      guard let result = parseResultType() else { return nil }
      return .function(
        FunctionType(parameters: elements, result: result, isAsync: isAsync, isThrowing: isThrowing))
    }
    if isAsync || isThrowing {
      reportExpected(afterPrevious("'->' and a result type"), hint: "write '(...) throws -> Void'")
      return nil
    }
    switch elements.count {
    case 0:
      addTypeReference("Void", from: open.start, to: close.end)
      return .void
    case 1:
      return elements[0]
    default:
      report(
        .unsupportedMemberFeature,
        "tuple types are not supported; declare a struct, or use separate parameters or properties",
        at: open)
      return nil
    }
  }

  /// Skips `_ name:` before a function type parameter; reports other labels.
  private mutating func skipFunctionTypeLabel() -> Bool {
    guard kind == .word else { return true }
    let next = peek(1)
    if next.kind == .colon {
      report(
        .memberSyntax, "argument labels are not allowed in types; remove '\(spelling(token)):'", at: token)
      return false
    }
    guard next.kind == .word && peek(2).kind == .colon else { return true }
    guard keyword == .underscore else {
      report(
        .memberSyntax,
        "argument labels are not allowed in types; remove '\(spelling(token)) \(spelling(next)):'",
        at: token)
      return false
    }
    advance()
    advance()
    advance()
    return true
  }

  /// `async`, `throws` or `async throws` after a parameter list; reports `throws(E)` and
  /// `throws async`.
  mutating func parseEffects() -> (isAsync: Bool, isThrowing: Bool)? {
    var isAsync = false
    var isThrowing = false
    if keyword == .async {
      isAsync = true
      advance()
    }
    if keyword == .throws {
      isThrowing = true
      advance()
      if kind == .leftParen {
        report(
          .unsupportedMemberFeature, "typed throws ('throws(E)') is not supported; write 'throws'",
          at: token)
        return nil
      }
      if keyword == .async {
        report(.memberSyntax, "'async' must come before 'throws'; write 'async throws'", at: token)
        return nil
      }
    }
    return (isAsync, isThrowing)
  }
}
