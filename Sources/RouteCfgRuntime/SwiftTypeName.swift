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
    of(type) == normalize(declared.description)
  }

  /// Rewrites `Optional<X>`, `Array<X>`, `Dictionary<K, V>`, `any P`, `()` and `Swift.` prefixes
  /// into the manifest's spelling.
  static func normalize(_ text: String) -> String {
    var parser = Parser(Array(text.unicodeScalars))
    let result = parser.type()
    return parser.atEnd ? result : text
  }

  private struct Parser {
    let scalars: [Unicode.Scalar]
    var index = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var atEnd: Bool {
      var position = index
      while position < scalars.count, scalars[position] == " " { position += 1 }
      return position >= scalars.count
    }

    mutating func type() -> String {
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
        return "\(base)\(effects) -> \(result)"
      }
      return base
    }

    mutating func primary() -> String {
      skipSpaces()
      if peek("(") {
        index += 1
        var parts: [String] = []
        skipSpaces()
        while !peek(")"), index < scalars.count {
          parts.append(type())
          skipSpaces()
          if peek(",") { index += 1 }
          skipSpaces()
        }
        index += 1
        skipSpaces()
        if lookingAt("->") { return "(" + parts.joined(separator: ", ") + ")" }
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
          index += 1
          return "[\(element): \(value)]"
        }
        index += 1
        return "[\(element)]"
      }
      var name = identifier()
      if name == "any" || name == "some" {
        skipSpaces()
        name = identifier()
      }
      if name.hasPrefix("Swift.") { name.removeFirst("Swift.".count) }
      skipSpaces()
      guard peek("<") else { return name == "()" ? "Void" : name }
      index += 1
      var arguments: [String] = []
      while !peek(">"), index < scalars.count {
        arguments.append(type())
        skipSpaces()
        if peek(",") { index += 1 }
        skipSpaces()
      }
      index += 1
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
