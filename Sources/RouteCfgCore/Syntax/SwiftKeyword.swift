/// The Swift keywords the member parser recognises: every reserved word, and the contextual
/// keywords that matter in member declarations (`any`, `async`, `get`, `mutating`, ...).
///
/// Backticked words are never keywords.
enum SwiftKeyword: String, CaseIterable, Sendable {
  // Reserved words that can only be used as names when written in backticks.
  case `associatedtype`, `class`, `deinit`, `enum`, `extension`, `fileprivate`, `func`, `import`
  case `init`, `inout`, `internal`, `let`, `operator`, `private`, `precedencegroup`, `protocol`
  case `public`, `rethrows`, `static`, `struct`, `subscript`, `typealias`, `var`
  case `break`, `case`, `catch`, `continue`, `default`, `defer`, `do`, `else`, `fallthrough`
  case `for`, `guard`, `if`, `in`, `repeat`, `return`, `throw`, `switch`, `where`, `while`
  case `as`, `false`, `is`, `nil`, `self`, `super`, `throws`, `true`, `try`
  case capitalAny = "Any"
  case capitalSelf = "Self"
  case underscore = "_"

  // Contextual keywords: ordinary identifiers except in some positions.
  case any, some, async, get, set, mutating, nonmutating, open, package, nonisolated, optional
  case weak, unowned, lazy, final, override, dynamic, required, convenience, indirect, prefix
  case postfix, infix, consuming, borrowing

  /// The keyword spelled `word`, found by its bytes in the lexer's table (``table``);
  /// `init(rawValue:)` compares it with every keyword in turn. Only the same bytes match: no
  /// keyword has a character that another is canonically equivalent to.
  static func named(_ word: String) -> SwiftKeyword? {
    var word = word
    return word.withUTF8 { table.match($0, 0..<$0.count) }
  }

  /// `true` for words that cannot name a member or parameter without backticks.
  var isReserved: Bool {
    switch self {
    case .any, .some, .async, .get, .set, .mutating, .nonmutating, .open, .package, .nonisolated,
      .optional, .weak, .unowned, .lazy, .final, .override, .dynamic, .required, .convenience,
      .indirect, .prefix, .postfix, .infix, .consuming, .borrowing:
      return false
    default:
      return true
    }
  }

  /// `true` for access modifiers, which protocol members never take.
  var isAccessModifier: Bool {
    switch self {
    case .public, .private, .fileprivate, .internal, .open, .package: return true
    default: return false
    }
  }

  /// `true` for declaration modifiers that manifests do not support.
  var isUnsupportedModifier: Bool {
    switch self {
    case .nonisolated, .optional, .weak, .unowned, .lazy, .final, .override, .dynamic, .required,
      .convenience, .indirect, .prefix, .postfix, .infix, .consuming, .borrowing:
      return true
    default:
      return false
    }
  }
}
