import RouteCfgCore

/// Spells Swift runtime types the way manifests write them (`String?`, `[Int]`, `[String: Int]`,
/// `(Int) -> Void`, a protocol's bare name), so that a registered member's type can be checked
/// against its declaration.
@usableFromInline
enum SwiftTypeName {
  /// The manifest spelling of a Swift type.
  @usableFromInline
  static func of(_ type: Any.Type) -> String { normalize(String(describing: type)) }

  /// `true` when the Swift type is the manifest type.
  static func matches(_ type: Any.Type, _ declared: TypeRef) -> Bool {
    keysMatch(runtime: runtimeKey(type), declared: declaredKey(declared))
  }

  /// The type fully qualified in the manifest's spelling (`Foundation.Data`,
  /// `App.Outer.Inner?`), or as ``of(_:)`` spells it when Swift gives a private type's
  /// context (`(unknown context at $...)`), which no manifest can write.
  static func runtimeKey(_ type: Any.Type) -> String {
    let qualified = String(reflecting: type)
    return qualified.contains("(unknown context") || qualified.contains("(extension in")
      ? of(type) : normalize(qualified)
  }

  /// The declared type in the manifest's spelling, the standard type aliases a manifest may
  /// write (`TimeInterval`) and the app's `aliases` (``Registrations/typeAlias(_:for:)``) spelled
  /// as the types they stand for, which is how the runtime sees a value of them.
  static func declaredKey(_ declared: TypeRef, aliases: [String: String] = [:]) -> String {
    normalize(
      declared.replacingNames { name in
        // A function type or a composition stands in parentheses, so that a `?` or a `->` written
        // after it applies to all of it (`Handler?` is `((Int) -> Void)?`).
        (aliases[name] ?? SwiftKnownTypeNames.standardAliases[name]).map {
          $0.allSatisfy(isNameCharacter) ? $0 : "(\($0))"
        }
      }.description)
  }

  /// `true` when the two spellings are the same but for qualification: each name the manifest
  /// writes ends the runtime's at a dot (`Data`, `Foundation.Data` or `Outer.Inner` for
  /// `Foundation.Data` and `App.Outer.Inner`), so that a manifest may qualify a name or not,
  /// and `ProbeA.Inner` is still not `ProbeB.Inner`.
  static func keysMatch(runtime: String, declared: String) -> Bool {
    if runtime == declared { return true }
    let runtimeTokens = tokens(runtime)
    let declaredTokens = tokens(declared)
    guard runtimeTokens.count == declaredTokens.count else { return false }
    return zip(runtimeTokens, declaredTokens).allSatisfy { full, written in
      full == written || full.hasSuffix("." + written) || foundationSpelling(of: full) == written
    }
  }

  /// `Foundation.Data` for `FoundationEssentials.Data`: Foundation re-exports the types of the
  /// modules it is built from, and a manifest names them by Foundation.
  private static func foundationSpelling(of name: Substring) -> Substring? {
    for module in ["FoundationEssentials.", "FoundationInternationalization."] where name.hasPrefix(module) {
      return "Foundation." + name.dropFirst(module.count)
    }
    return nil
  }

  /// Names (with their dots) and single characters of punctuation, without spaces.
  private static func tokens(_ text: String) -> [Substring] {
    var tokens: [Substring] = []
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character == " " {
        index = text.index(after: index)
      } else if isNameCharacter(character) {
        let start = index
        while index < text.endIndex, isNameCharacter(text[index]) { index = text.index(after: index) }
        tokens.append(text[start..<index])
      } else {
        let next = text.index(after: index)
        tokens.append(text[index..<next])
        index = next
      }
    }
    return tokens
  }

  static func isNameCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_" || character == "."
  }

  /// Rewrites `Optional<X>`, `Array<X>`, `Dictionary<K, V>`, `any P`, `()` and `Swift.` prefixes
  /// into the manifest's spelling. Function type attributes (`@Sendable`, `@MainActor`) and tuple
  /// labels are kept: a manifest cannot write them, and a value of such a type does not cast to
  /// the type without them, so they must not match. Text the parser cannot read is returned as
  /// it is.
  static func normalize(_ text: String) -> String {
    var parser = Parser(Array(text.unicodeScalars))
    let result = parser.type()
    return parser.atEnd && !parser.failed ? result : text
  }

  private struct Parser {
    let scalars: [Unicode.Scalar]
    var index = 0
    /// Set when an element of a list consumed nothing: the text is not a type this parser
    /// reads, and every loop stops.
    var failed = false

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    /// The elements of a list up to `close` (`(...)` or `<...>`), each read by `element`; stops,
    /// setting ``failed``, at an element that consumes nothing.
    mutating func list(until close: Unicode.Scalar, _ element: (inout Parser) -> String) -> [String] {
      var items: [String] = []
      skipSpaces()
      while !failed, !peek(close), index < scalars.count {
        let start = index
        items.append(element(&self))
        skipSpaces()
        if peek(",") { index += 1 }
        skipSpaces()
        if index == start { failed = true }
      }
      if !peek(close) { failed = true }
      index += 1
      return items
    }

    /// `@Sendable `, `@MainActor ` and other attributes before a type, as written.
    mutating func attributes() -> String {
      var written = ""
      skipSpaces()
      while !failed, peek("@") {
        index += 1
        let name = identifier()
        guard !name.isEmpty else {
          failed = true
          break
        }
        written += "@" + name + " "
        skipSpaces()
      }
      return written
    }

    /// A tuple element or parameter, with its label when it has one (`a: Int`).
    mutating func labelledType() -> String {
      skipSpaces()
      let start = index
      let label = identifier()
      skipSpaces()
      if !label.isEmpty, peek(":") {
        index += 1
        return label + ": " + type()
      }
      index = start
      return type()
    }

    var atEnd: Bool {
      var position = index
      while position < scalars.count, scalars[position] == " " { position += 1 }
      return position >= scalars.count
    }

    mutating func type() -> String {
      let attributes = attributes()
      guard !failed else { return "" }
      var base = primary()
      while peek("?") {
        index += 1
        base += "?"
      }
      skipSpaces()
      var effects = ""
      for keyword in ["async", "throws"] where lookingAt(keyword) {
        index += keyword.unicodeScalars.count
        effects += " " + keyword
        skipSpaces()
      }
      if lookingAt("->") {
        index += 2
        let result = type()
        // A function type's parameter list was read as a parenthesised primary.
        return "\(attributes)\(base)\(effects) -> \(result)"
      }
      return attributes + base
    }

    mutating func primary() -> String {
      skipSpaces()
      if peek("(") {
        index += 1
        let parts = list(until: ")") { $0.labelledType() }
        skipSpaces()
        if isAtFunctionResult { return "(" + parts.joined(separator: ", ") + ")" }
        if parts.isEmpty { return "Void" }
        // `(() -> Void)?` keeps the parentheses that make the function type optional.
        if parts.count == 1, parts[0].contains("->"), peek("?") { return "(" + parts[0] + ")" }
        return parts.count == 1 ? parts[0] : "(" + parts.joined(separator: ", ") + ")"
      }
      if peek("[") {
        index += 1
        let element = type()
        skipSpaces()
        if peek(":") {
          index += 1
          let value = type()
          skipSpaces()
          if !peek("]") { failed = true }
          index += 1
          return "[\(element): \(value)]"
        }
        if !peek("]") { failed = true }
        index += 1
        return "[\(element)]"
      }
      var name = identifier()
      if name == "any" || name == "some" {
        skipSpaces()
        name = identifier()
      }
      guard !name.isEmpty else {
        failed = true
        return ""
      }
      if name.hasPrefix("Swift.") { name.removeFirst("Swift.".count) }
      skipSpaces()
      guard peek("<") else { return name == "()" ? "Void" : name }
      index += 1
      let arguments = list(until: ">") { $0.type() }
      switch (name, arguments.count) {
      case ("Optional", 1):
        let wrapped = arguments[0]
        return wrapped.contains("->") ? "(\(wrapped))?" : wrapped + "?"
      case ("Array", 1): return "[\(arguments[0])]"
      case ("Dictionary", 2): return "[\(arguments[0]): \(arguments[1])]"
      default: return name + "<" + arguments.joined(separator: ", ") + ">"
      }
    }

    mutating func identifier() -> String {
      skipSpaces()
      var name = ""
      while index < scalars.count {
        let scalar = scalars[index]
        if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "." {
          name.unicodeScalars.append(scalar)
          index += 1
        } else {
          break
        }
      }
      return name
    }

    /// `true` before `->`, `async ->`, `throws ->` or `async throws ->`: the parenthesised list
    /// just read is a function type's parameters.
    var isAtFunctionResult: Bool {
      var probe = self
      for keyword in ["async", "throws"] where probe.lookingAt(keyword) {
        probe.index += keyword.unicodeScalars.count
        probe.skipSpaces()
      }
      return probe.lookingAt("->")
    }

    func peek(_ scalar: Unicode.Scalar) -> Bool { index < scalars.count && scalars[index] == scalar }

    func lookingAt(_ text: String) -> Bool {
      let wanted = Array(text.unicodeScalars)
      guard index + wanted.count <= scalars.count else { return false }
      return Array(scalars[index..<index + wanted.count]) == wanted
    }

    mutating func skipSpaces() {
      while index < scalars.count, scalars[index] == " " { index += 1 }
    }
  }
}
