/// Rules for names that become Swift identifiers in generated code: the member parser's
/// character classes and reserved words, applied to protocol, module, parameter and app names.
public enum SwiftIdentifier {
  /// Why `name` is not a valid identifier, or `nil` when it is one.
  public static func problem(with name: String) -> String? {
    if !isASCIIIdentifier(name), let problem = characterProblem(with: name) { return problem }
    if let keyword = SwiftKeyword.named(name), keyword.isReserved {
      return "'\(name)' is a Swift keyword and cannot be used as a name"
    }
    return nil
  }

  /// `true` for a name of ASCII letters, digits and `_` that does not start with a digit: most
  /// names, checked on their bytes.
  private static func isASCIIIdentifier(_ name: String) -> Bool {
    var name = name
    return name.withUTF8 { bytes in
      guard let first = bytes.first, SwiftIdentifierCharacters.isASCIIHead(first) else { return false }
      return bytes.dropFirst().allSatisfy(SwiftIdentifierCharacters.isASCIIContinuation)
    }
  }

  /// Why the characters of `name` do not make an identifier, read as Unicode scalars.
  private static func characterProblem(with name: String) -> String? {
    guard let first = name.unicodeScalars.first else { return "a name cannot be empty" }
    if !SwiftIdentifierCharacters.isHead(first.value) {
      return "'\(name)' is not a valid Swift identifier: it must start with a letter or '_'"
    }
    if let bad = name.unicodeScalars.dropFirst().first(where: {
      !SwiftIdentifierCharacters.isContinuation($0.value)
    }) {
      let shown = bad == " " ? "a space" : "'\(bad)'"
      return "'\(name)' is not a valid Swift identifier: \(shown) is not allowed; use letters, digits and '_'"
    }
    return nil
  }

  /// `true` for a valid identifier.
  public static func isValid(_ name: String) -> Bool { problem(with: name) == nil }

  /// `true` for a name `import` takes: identifiers separated by `.` for a submodule (`Foo.Bar`).
  package static func isModuleName(_ name: String) -> Bool {
    name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { isValid(String($0)) }
  }

  /// `true` for a word that names something only in backticks (`default`, `in`, `Self`):
  /// generated code writes such names as `` `default` ``.
  public static func isReservedWord(_ name: String) -> Bool {
    SwiftKeyword.named(name)?.isReserved == true
  }
}
