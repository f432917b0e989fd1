/// A Swift statement in generated code.
indirect enum SwiftStmt: Sendable {
  case expression(SwiftExpr)
  /// `return` or `return expr`
  case `return`(SwiftExpr?)
  /// `lhs = rhs`
  case assign(SwiftExpr, SwiftExpr)
  /// `let name: Type = value` or `var ...`
  case declaration(SwiftBinding)
  /// `if conditions { then } else { otherwise }`
  case `if`([SwiftCondition], then: [SwiftStmt], else: [SwiftStmt]? = nil)
  /// `guard conditions else { body }`
  case `guard`([SwiftCondition], else: [SwiftStmt])
  /// `switch subject { cases }`
  case `switch`(SwiftExpr, [SwiftSwitchCase])
  /// `throw expr`
  case `throw`(SwiftExpr)
  /// `// text`
  case comment(String)
}

/// `let name: Type = value`.
struct SwiftBinding: Sendable {
  var isMutable = false
  /// Written `nonisolated(unsafe) let`: the value may be sent to another isolation although its
  /// type is not `Sendable` (see ``ValueConverter``, the one place that needs it).
  var isUnsafelyNonisolated = false
  var name: String
  var type: SwiftType?
  var value: SwiftExpr?
}

/// One condition of an `if` or `guard`.
enum SwiftCondition: Sendable {
  /// A Boolean expression.
  case expression(SwiftExpr)
  /// `let name = value` (optional binding).
  case optionalBinding(String, SwiftExpr)
  /// `case pattern = value`
  case pattern(SwiftPattern, SwiftExpr)
}

/// One `case` of a `switch`.
struct SwiftSwitchCase: Sendable {
  /// The patterns; empty for `default`.
  var patterns: [SwiftPattern]
  var body: [SwiftStmt]
}

/// A pattern in a `case`.
enum SwiftPattern: Sendable {
  /// An expression pattern: a literal, or an enum case without bindings (`.login`).
  case expression(SwiftExpr)
  /// `.name(let a, let b)`; an element is `nil` for `_`.
  case enumCase(String, bindings: [String?])
  /// `let name?`
  case optionalSome(String)
  /// `pattern?`: the pattern, matched inside an optional.
  indirect case some(SwiftPattern)
  /// `(a, b)`
  indirect case tuple([SwiftPattern])
  /// `nil`
  case none
}
