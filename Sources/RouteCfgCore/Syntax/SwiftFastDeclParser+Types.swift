/// The type grammar of ``SwiftFastDeclParser``: names (possibly dotted), `T?`, `[T]`, `[K: V]`,
/// `(T, U) async throws -> V`, parenthesised types, `()` and `any P`.
extension SwiftFastDeclParser {
  /// One type, recording its named types in ``references``.
  mutating func parseType() -> TypeRef? {
    nesting += 1
    defer { nesting -= 1 }
    guard nesting <= Self.maxNestingDepth else { return nil }
    if token == .word && keyword == .any {
      advance()
      return parseExistentialType()
    }
    guard let base = parsePrimaryType() else { return nil }
    guard token == .question else { return base }
    return isAttachedQuestion ? parsePostfix(base) : nil
  }

  /// `true` at a `?` written right after the token before it, as a type's `?` must be; one after
  /// a space or a line break is left to the general parser, which reports it.
  private var isAttachedQuestion: Bool {
    token == .question && start > 0 && !Self.separates(bytes[start - 1])
  }

  /// Whether `byte` ends a gap between tokens: a space, a tab or a line break.
  private static func separates(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
  }

  /// `T?` for the type parsed last: shared when it is a known name.
  @inline(__always)
  private mutating func optional(_ base: TypeRef) -> TypeRef {
    defer { knownName = -1 }
    return knownName >= 0 ? SwiftKnownTypeNames.optionals[knownName] : .optional(base)
  }

  /// `true` at a word that can name a type: an identifier other than `any`, `some` and the
  /// like, or `Any`. `Self`, which manifests do not support, is left to the general parser,
  /// which reports it.
  private var isAtTypeName: Bool {
    guard token == .word else { return false }
    guard let keyword else { return true }
    switch keyword {
    case .capitalAny: return true
    case .any, .some: return false
    default: return !keyword.isReserved
    }
  }

  /// `P` after `any`, read as `P`.
  private mutating func parseExistentialType() -> TypeRef? {
    guard isAtTypeName || token == .leftParen || token == .leftBracket, let base = parsePrimaryType(),
      token != .question
    else { return nil }
    return base
  }

  /// A named, collection or parenthesised type. Sets ``knownName``.
  private mutating func parsePrimaryType() -> TypeRef? {
    switch token {
    case .leftBracket:
      defer { knownName = -1 }
      return parseCollectionType()
    case .leftParen:
      defer { knownName = -1 }
      return parseParenthesizedType()
    default:
      return isAtTypeName ? parseNamedType() : nil
    }
  }

  /// `?` after a type, as often as written.
  private mutating func parsePostfix(_ base: TypeRef) -> TypeRef? {
    guard nesting + 1 <= Self.maxNestingDepth else { return nil }
    var type = optional(base)
    advance()
    var wrappers = 1
    while token == .question {
      guard isAttachedQuestion else { return nil }
      wrappers += 1
      guard nesting + wrappers <= Self.maxNestingDepth else { return nil }
      type = .optional(type)
      advance()
    }
    return type
  }

  /// `Name` or `Module.Name`. Sets ``knownName``.
  private mutating func parseNamedType() -> TypeRef? {
    knownName = keyword == nil ? typeNames.match(bytes, start..<end) ?? -1 : -1
    var name = knownName >= 0 ? SwiftKnownTypeNames.names[knownName] : keptText()
    // `Self` in backticks: left to the general parser, which reports it.
    if knownName < 0, name == "Self" { return nil }
    let start = tokenStart
    var end = tokenEnd
    advance()
    while token == .dot {
      knownName = -1
      advance()
      // Reserved words (`_`, `Any`, `default`) and `Self` are left to the general parser.
      guard token == .word, keyword?.isReserved != true, text != "Self" else { return nil }
      // `Int.Protocol` is reported by the general parser.
      if text == "Protocol", SwiftKnownTypeNames.cannotHaveProtocolMetatype(name) { return nil }
      name += "." + text
      end = tokenEnd
      advance()
    }
    references.append(RawTypeReference(name: name, start: start, end: end))
    return .named(name)
  }

  /// `[T]` or `[K: V]`.
  private mutating func parseCollectionType() -> TypeRef? {
    advance()
    guard let first = parseType() else { return nil }
    switch token {
    case .rightBracket:
      advance()
      return knownName >= 0 ? SwiftKnownTypeNames.arrays[knownName] : .array(first)
    case .colon:
      let knownKey = knownName
      advance()
      guard let value = parseType() else { return nil }
      let knownValue = knownName
      guard expect(.rightBracket) else { return nil }
      // A key holding a function is an error, which the general parser reports.
      if case .function? = first.hashableBlocker({ _ in false })?.blocker { return nil }
      if knownKey >= 0, knownValue >= 0 { return SwiftKnownTypeNames.dictionary(knownKey, knownValue) }
      return .dictionary(key: first, value: value)
    default:
      return nil
    }
  }

  /// `()` (Void), `(T)` (T), or a function type `(T, U) async throws -> V`.
  private mutating func parseParenthesizedType() -> TypeRef? {
    let open = tokenStart
    advance()
    // The only element while there is one, then all of them.
    var only: TypeRef?
    var elements: [TypeRef] = []
    while token != .rightParen {
      guard !isAtFunctionTypeLabel, let element = parseType() else { return nil }
      if let first = only {
        elements = [first, element]
        only = nil
      } else if elements.isEmpty {
        only = element
      } else {
        elements.append(element)
      }
      if token == .comma {
        advance()
        guard token != .rightParen else { return nil }
      } else if token != .rightParen {
        return nil
      }
    }
    let close = tokenEnd
    advance()
    guard let (isAsync, isThrowing) = parseEffects() else { return nil }
    if token == .arrow {
      advance()
      // `-> async` is reported by the general parser.
      guard keyword != .async, let result = parseType() else { return nil }
      let parameters = only.map { [$0] } ?? elements
      return .function(
        FunctionType(parameters: parameters, result: result, isAsync: isAsync, isThrowing: isThrowing))
    }
    guard !isAsync && !isThrowing, elements.isEmpty else { return nil }
    if let only { return only }
    references.append(RawTypeReference(name: "Void", start: open, end: close))
    return .void
  }

  /// `true` at `name:` or `label name:` in a function type, which ``SwiftDeclParser`` reports
  /// or skips.
  private var isAtFunctionTypeLabel: Bool {
    guard token == .word else { return false }
    let (next, afterNext) = peekTwo()
    return next == .colon || (next == .word && afterNext == .colon)
  }

  /// `async`, `throws` or `async throws`; `nil` at `throws(E)` and `throws async`.
  mutating func parseEffects() -> (isAsync: Bool, isThrowing: Bool)? {
    guard token == .word else { return (false, false) }
    var isAsync = false
    var isThrowing = false
    if keyword == .async {
      isAsync = true
      advance()
    }
    if token == .word && keyword == .throws {
      isThrowing = true
      advance()
      if token == .leftParen || (token == .word && keyword == .async) { return nil }
    }
    return (isAsync, isThrowing)
  }
}
