import RouteCfgCore

/// Renders the structured Swift representation as source text: the one place where generated
/// code becomes text. Lines are kept within ``width`` the way swift-format breaks them
/// (arguments and parameters one per line, closing delimiters on their own line), so the output
/// passes `swift format lint` with its default configuration.
struct SwiftRenderer {
  /// swift-format's default line length.
  var width = 100

  /// The whole file, ending with a newline.
  func render(_ file: SwiftFile) -> String {
    var parts: [String] = []
    parts.append(
      file.header.map { $0.isEmpty ? "//" : "// " + Self.commentText($0) }.joined(separator: "\n"))
    let imports =
      file.imports.sorted().map { "import " + $0 }
      + file.importsWhereAvailable.sorted().map { "#if canImport(\($0))\n  import \($0)\n#endif" }
    if !imports.isEmpty { parts.append(imports.joined(separator: "\n")) }
    for declaration in file.declarations {
      parts.append(LayoutPrinter(width: width).print(layout(declaration)))
    }
    return parts.joined(separator: "\n\n") + "\n"
  }

  /// One declaration at the top level (for tests).
  func render(_ declaration: SwiftDecl) -> String {
    LayoutPrinter(width: width).print(layout(declaration))
  }

  // MARK: Names

  /// `name`, or `` `name` `` when it is a reserved word or `await`, which manifests may use as
  /// a name (a module `Await` is `await` in generated code) but an expression cannot write bare,
  /// or `Type` or `Protocol`, which a member may be named only with backticks (`var Type` would
  /// clash with the `T.Type` expression).
  static func identifier(_ name: String) -> String {
    switch name {
    case "_": return name
    case "await", "Type", "Protocol": return "`\(name)`"
    default: return SwiftIdentifier.isReservedWord(name) ? "`\(name)`" : name
    }
  }

  /// The name a property or function declares: ``identifier(_:)``, and `` `_` `` for `_`, which
  /// bare would declare nothing (`var _: Int` does not parse) where a member may be named so.
  static func declaredName(_ name: String) -> String {
    name == "_" ? "`_`" : identifier(name)
  }

  /// A type's name where a type is written (`any P`, `: P`, `let p: P`): in backticks when it
  /// is a reserved word, or a word Swift reads as part of the type there: a parameter specifier
  /// (`any sending` at the end of a line, where `sending` would start the next declaration),
  /// `each`, `some`, `any`, `repeat`, `nonisolated` or `async` (an effect after `->`). Dotted
  /// names (`Foundation.URL`), and `Any` and `Self`, stay as they are.
  static func typeName(_ name: String) -> String {
    switch name {
    case "sending", "isolated", "consuming", "borrowing", "__owned", "__shared", "_const", "each", "some",
      "any",
      "repeat", "nonisolated", "inout", "Type", "Protocol", "async":
      return "`\(name)`"
    // Keywords that are types: in backticks they would name a type of the app.
    case "Any", "Self": return name
    default: return SwiftIdentifier.isReservedWord(name) ? "`\(name)`" : name
    }
  }

  /// A member name after a dot: only a few words need backticks there.
  static func memberName(_ name: String) -> String {
    switch name {
    case "self", "Self", "Type", "Protocol", "init": return "`\(name)`"
    default: return name
    }
  }

  /// An argument label in a declaration (a function's or an enum case's): any word but `inout`,
  /// `var` and `let`, which Swift would read as modifiers there.
  static func label(_ name: String) -> String {
    switch name {
    // `_` in backticks is a label spelled `_`, as the manifest declared it (an unlabeled
    // parameter has no label, `nil`, and is written `_` by the caller of this function).
    case "_", "inout", "var", "let": return "`\(name)`"
    default: return name
    }
  }

  /// An argument label in a call: any word but `inout` and `_` (Swift warns about backticks on
  /// the others, `let` and `var` included).
  static func argumentLabel(_ name: String) -> String {
    name == "inout" || name == "_" ? "`\(name)`" : name
  }

  /// A string literal with `\`, `"` and control characters escaped.
  static func stringLiteral(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\"": result += "\\\""
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default: appendVisibly(scalar, to: &result)
      }
    }
    return result + "\""
  }

  /// Comment text from a manifest (a route pattern, a file name) with control and invisible
  /// characters written as `\u{…}`: a line break would end the comment and let the rest run as
  /// code, and a bidirectional control would make the line read differently than it is.
  static func commentText(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars { appendVisibly(scalar, to: &result) }
    return result
  }

  /// `scalar`, or `\u{…}` when it is a control or invisible character
  /// (``TextFormatter/isInvisible(_:)``).
  private static func appendVisibly(_ scalar: Unicode.Scalar, to result: inout String) {
    if TextFormatter.isInvisible(scalar) {
      result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    } else {
      result.unicodeScalars.append(scalar)
    }
  }
}
