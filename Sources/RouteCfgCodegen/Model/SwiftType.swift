/// A Swift type as generated code spells it.
indirect enum SwiftType: Hashable, Sendable {
  /// An identifier, possibly dotted: `String`, `Foundation.URL`, `AnyObject`.
  case named(String)
  /// `any A & B` (a protocol existential or composition).
  case existential([String])
  /// `T?`
  case optional(SwiftType)
  /// `[T]`
  case array(SwiftType)
  /// `[K: V]`
  case dictionary(key: SwiftType, value: SwiftType)
  /// `@attributes (A, B) async throws -> R`
  case function(SwiftFunctionType)

  static let void = SwiftType.named("Void")
  static let string = SwiftType.named("String")
  static let int = SwiftType.named("Int")
  static let bool = SwiftType.named("Bool")
  static let anyObject = SwiftType.named("AnyObject")

  /// `true` for `Void` and `()`.
  var isVoid: Bool { self == .void || self == .named("()") }

  /// `true` for `T?`.
  var isOptional: Bool {
    if case .optional = self { return true }
    return false
  }

  /// The same type with `@escaping` when it is a function type (as a parameter needs it to be
  /// stored); optional function types are escaping already.
  var escaping: SwiftType {
    guard case .function(var function) = self, !function.attributes.contains("@escaping") else { return self }
    function.attributes.insert("@escaping", at: 0)
    return .function(function)
  }
}

/// A function type.
struct SwiftFunctionType: Hashable, Sendable {
  /// `@escaping`, `@MainActor`, `@Sendable`, in that order.
  var attributes: [String] = []
  var parameters: [SwiftType]
  var isAsync = false
  var isThrowing = false
  var result: SwiftType
}

extension SwiftType {
  /// The type as Swift source.
  var source: String {
    switch self {
    case .named(let name): return SwiftRenderer.typeName(name)
    case .existential(let names): return "any " + names.map(SwiftRenderer.typeName).joined(separator: " & ")
    case .optional(let wrapped):
      switch wrapped {
      case .existential, .function: return "(\(wrapped.source))?"
      default: return wrapped.source + "?"
      }
    case .array(let element): return "[\(element.source)]"
    case .dictionary(let key, let value): return "[\(key.source): \(value.source)]"
    case .function(let function):
      var text = function.attributes.map { $0 + " " }.joined()
      // A lone `Void` parameter is written `Swift.Void`: Swift reads `(Void) -> Int` as a function
      // of no arguments written the old way, and warns; `(()) -> Int`, the other spelling it
      // takes, is no type where an expression goes (`((()) -> Int).self`).
      let parameters = function.parameters.map(\.source)
      text += "(" + (parameters == ["Void"] ? "Swift.Void" : parameters.joined(separator: ", ")) + ")"
      if function.isAsync { text += " async" }
      if function.isThrowing { text += " throws" }
      return text + " -> " + function.result.source
    }
  }
}
