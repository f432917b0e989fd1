/// A Swift expression in generated code.
indirect enum SwiftExpr: Sendable {
  /// A name, written with backticks when it is a reserved word.
  case identifier(String)
  /// Source text the renderer writes as it is: a literal or a type name in expression position.
  case verbatim(String)
  /// `"text"`, escaped.
  case string(String)
  /// `base.name`, or `.name` (an implicit member) when `base` is `nil`.
  case member(SwiftExpr?, String)
  /// `base?.name`
  case optionalMember(SwiftExpr, String)
  /// `callee(label: value, ...)` with an optional trailing closure.
  case call(SwiftExpr, [SwiftArgument], trailing: SwiftClosure? = nil)
  case closure(SwiftClosure)
  /// `try expr`
  case `try`(SwiftExpr)
  /// `await expr`
  case await(SwiftExpr)
  /// `lhs op rhs`
  case binary(SwiftExpr, String, SwiftExpr)
  /// `expr as? Type`
  case conditionalCast(SwiftExpr, SwiftType)
  /// `expr as Type`: a conversion the compiler would make anyway, written out where it warns
  /// about making it implicitly (an `Int??` passed as `Any?`).
  case cast(SwiftExpr, SwiftType)
  /// `[a, b]`
  case array([SwiftExpr])
  /// `(expr)`
  case parenthesized(SwiftExpr)
  /// `(a, b)`
  case tuple([SwiftExpr])
  /// `base[index, ...]`
  case subscripted(SwiftExpr, [SwiftExpr])
  /// `"text \(expr) text"`: literal parts and interpolated expressions.
  case interpolated([SwiftInterpolation])

  static let selfExpr = SwiftExpr.verbatim("self")
  static let `nil` = SwiftExpr.verbatim("nil")

  /// `self.name`
  static func selfMember(_ name: String) -> SwiftExpr { .member(.selfExpr, name) }

  /// `Swift.name`: a standard-library function the generated code calls, qualified so that a
  /// manifest protocol of that name (`max`) cannot hide it.
  static func standardLibrary(_ name: String) -> SwiftExpr { .member(.identifier("Swift"), name) }

  /// `name.member`
  func dot(_ name: String) -> SwiftExpr { .member(self, name) }

  /// `true` for an optional chain (`a?.b`, `a?.b.c`, `a?.b()`): a member written after it
  /// continues the chain, applying to the unwrapped value rather than to the optional.
  var isOptionalChain: Bool {
    switch self {
    case .optionalMember: return true
    case .member(let base?, _), .call(let base, _, _), .subscripted(let base, _): return base.isOptionalChain
    default: return false
    }
  }

  /// `self(arguments)`
  func call(_ arguments: [SwiftArgument] = [], trailing: SwiftClosure? = nil) -> SwiftExpr {
    .call(self, arguments, trailing: trailing)
  }
}

/// A part of an interpolated string literal.
enum SwiftInterpolation: Sendable {
  case text(String)
  case expression(SwiftExpr)
}

/// One argument of a call.
struct SwiftArgument: Sendable {
  var label: String?
  var value: SwiftExpr

  init(_ label: String?, _ value: SwiftExpr) {
    self.label = label
    self.value = value
  }

  /// An argument without a label.
  static func unlabeled(_ value: SwiftExpr) -> SwiftArgument { SwiftArgument(nil, value) }
}

/// `{ a, b in statements }`, or `{ expression }` with implicit parameters.
struct SwiftClosure: Sendable {
  var parameters: [String] = []
  /// The parameters' types, written as `(a: A, b: B)`; `nil` to let Swift infer them.
  var types: [SwiftType]?
  /// The result type, written after the typed parameters (`(a: A) -> R`); `nil` to let Swift
  /// infer it.
  var result: SwiftType?
  var body: [SwiftStmt]

  init(parameters: [String] = [], types: [SwiftType]? = nil, body: [SwiftStmt]) {
    self.parameters = parameters
    self.types = types
    self.body = body
  }

  /// A closure whose body is one expression.
  init(parameters: [String] = [], _ expression: SwiftExpr) {
    self.init(parameters: parameters, body: [.expression(expression)])
  }
}
