import RouteCfgCore

/// How manifest names become Swift names in generated code.
enum SwiftNaming {
  /// `NoteList` → `noteList`, `URLHandler` → `urlHandler`, `IOSAlert` → `iosAlert`: a leading
  /// run of capitals is lowered, except the last one when a lowercase letter follows it (Swift's
  /// API guidelines for acronyms).
  static func lowerCamelCase(_ name: String) -> String {
    let scalars = Array(name.unicodeScalars)
    var upperRun = 0
    while upperRun < scalars.count, isUpper(scalars[upperRun]) { upperRun += 1 }
    guard upperRun > 0 else { return name }
    var lowered = upperRun
    if upperRun > 1, upperRun < scalars.count, isLower(scalars[upperRun]) { lowered -= 1 }
    var result = String.UnicodeScalarView()
    for (index, scalar) in scalars.enumerated() {
      result.append(index < lowered ? lower(scalar) : scalar)
    }
    return String(result)
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
  /// and digits (the characters of a Swift identifier but `_`); a name that would not start an
  /// identifier (a digit first), or has no word, gets `App` in front.
  static func typePrefix(fromFileName path: String) -> String {
    var base = Substring(path)
    if let slash = base.lastIndex(of: "/") { base = base[base.index(after: slash)...] }
    if let dot = base.lastIndex(of: "."), dot != base.startIndex { base = base[..<dot] }
    var result = ""
    var startOfWord = true
    for scalar in base.unicodeScalars {
      let isWordCharacter =
        scalar.isASCII
        ? isUpper(scalar) || isLower(scalar) || isDigit(scalar)
        : SwiftIdentifierCharacters.isContinuation(scalar.value)
      guard isWordCharacter else {
        startOfWord = true
        continue
      }
      result.unicodeScalars.append(startOfWord ? upper(scalar) : scalar)
      startOfWord = false
    }
    if let first = result.unicodeScalars.first, SwiftIdentifierCharacters.isHead(first.value) {
      return result
    }
    return "App" + result
  }

  private static func isUpper(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isUppercase }
  private static func isLower(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isLowercase }
  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar >= "0" && scalar <= "9" }

  private static func lower(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    let mapped = scalar.properties.lowercaseMapping.unicodeScalars
    return mapped.count == 1 ? mapped[mapped.startIndex] : scalar
  }

  private static func upper(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    let mapped = scalar.properties.uppercaseMapping.unicodeScalars
    return mapped.count == 1 ? mapped[mapped.startIndex] : scalar
  }
}
