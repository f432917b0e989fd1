import RouteCfgCore

/// How manifest names become Swift names in generated code.
enum SwiftNaming {
  /// `NoteList` → `noteList`, `URLHandler` → `urlHandler`, `IOSAlert` → `iosAlert`, `URLs` →
  /// `urls`, `notes_list` → `notesList`.
  ///
  /// A leading run of capitals is lowered, except the last one when a lowercase word follows it
  /// (Swift's API guidelines for acronyms), and wholly when what follows is a plural `s` that
  /// ends the word. Words joined by `_` are joined in camel case, each after the first with its
  /// first letter upper-cased; leading underscores stay (`_draft` → `_draft`), and a name that is
  /// only underscores is kept as written.
  static func lowerCamelCase(_ name: String) -> String {
    let leading = name.unicodeScalars.prefix { $0 == "_" }.count
    let words = name.unicodeScalars.dropFirst(leading).split(separator: "_")
    guard let first = words.first else { return name }
    var result = String.UnicodeScalarView(repeating: "_", count: leading)
    result.append(contentsOf: lowerLeadingCapitals(Array(first)))
    for word in words.dropFirst() { result.append(contentsOf: upperFirst(String(word)).unicodeScalars) }
    return String(result)
  }

  /// One word's leading capitals lowered (``lowerCamelCase(_:)``).
  private static func lowerLeadingCapitals(_ scalars: [Unicode.Scalar]) -> String.UnicodeScalarView {
    var upperRun = 0
    while upperRun < scalars.count, isUpper(scalars[upperRun]) { upperRun += 1 }
    var lowered = upperRun
    if upperRun > 1, upperRun < scalars.count, isLower(scalars[upperRun]),
      !isPluralEnding(scalars, at: upperRun)
    {
      lowered -= 1
    }
    var result = String.UnicodeScalarView()
    for (index, scalar) in scalars.enumerated() {
      if index < lowered {
        // The full mapping, as `lowercased()` gives it: `İ` is `i` and a combining dot above.
        result.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return result
  }

  /// Whether `scalars[offset]` is an `s` that ends its word: the end of the name, a capital or a
  /// digit after it (`URLs`, `IDsView`, `URLs2`).
  private static func isPluralEnding(_ scalars: [Unicode.Scalar], at offset: Int) -> Bool {
    guard scalars[offset] == "s" else { return false }
    let next = offset + 1
    return next == scalars.count || isUpper(scalars[next]) || isDigit(scalars[next])
  }

  /// The first letter upper-cased: `noteInput` → `NoteInput`.
  static func upperFirst(_ name: String) -> String {
    guard let first = name.unicodeScalars.first, isLower(first) else { return name }
    var result = String.UnicodeScalarView([upper(first)])
    result.append(contentsOf: name.unicodeScalars.dropFirst())
    return String(result)
  }

  /// A file's base name as an UpperCamelCase type prefix: `note-app.yaml` → `NoteApp`,
  /// `routecfg.yaml` → `Routecfg`, `my-über-app.yaml` → `MyÜberApp`. Words are runs of letters
  /// and digits, and the marks that combine with them (emoji, symbols and punctuation separate
  /// words: `🚀app.yaml` → `App`), each starting in title case (`ﬁle` → `File`); a name that
  /// would not start an identifier (a digit first), or has no word, gets `App` in front.
  static func typePrefix(fromFileName path: String) -> String {
    let base = FileSystem.stem(of: path)
    var result = ""
    var startOfWord = true
    for scalar in base.unicodeScalars {
      guard isWordCharacter(scalar) else {
        startOfWord = true
        continue
      }
      if startOfWord {
        result.unicodeScalars.append(contentsOf: scalar.properties.titlecaseMapping.unicodeScalars)
      } else {
        result.unicodeScalars.append(scalar)
      }
      startOfWord = false
    }
    if let first = result.unicodeScalars.first, SwiftIdentifierCharacters.isHead(first.value) {
      return result
    }
    return "App" + result
  }

  /// A letter, a digit or a combining mark that a Swift identifier may hold.
  private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return isUpper(scalar) || isLower(scalar) || isDigit(scalar) }
    guard SwiftIdentifierCharacters.isContinuation(scalar.value) else { return false }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
      .spacingMark, .enclosingMark, .decimalNumber, .letterNumber:
      return true
    default: return false
    }
  }

  private static func isUpper(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isUppercase }
  private static func isLower(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isLowercase }
  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar >= "0" && scalar <= "9" }

  private static func upper(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    let mapped = scalar.properties.uppercaseMapping.unicodeScalars
    return mapped.count == 1 ? mapped[mapped.startIndex] : scalar
  }
}
