/// A related place shown after a diagnostic, such as the first of two duplicates.
public struct DiagnosticNote: Sendable, Hashable {
  public var message: String
  public var location: SourceLocation

  public init(_ message: String, at location: SourceLocation) {
    self.message = message
    self.location = location
  }

  /// "'name' is declared here".
  public static func declared(_ name: String, at location: SourceLocation) -> DiagnosticNote {
    DiagnosticNote("'\(name)' is declared here", at: location)
  }
}

/// An edit that fixes a diagnostic: the text from `location`'s start to its end replaced with
/// `replacement` (a did-you-mean name in place of the misspelt one). Editors offer it as a quick
/// fix (`routecfg lsp`'s code actions).
public struct FixIt: Sendable, Hashable {
  /// What the edit does, for a menu: "Replace 'mesage' with 'message'".
  public var title: String
  /// The text to replace; it has an end.
  public var location: SourceLocation
  public var replacement: String

  public init(_ title: String, replacing location: SourceLocation, with replacement: String) {
    self.title = title
    self.location = location
    self.replacement = replacement
  }

  /// Replaces a misspelt name, written at `location` (a name without an end ends after
  /// `written`, on its line), with the suggested one; `nil` when the suggestion is the name, or
  /// when the name spans lines (a block or multi-line scalar, whose range holds more than it).
  ///
  /// A name in quotes (a JSON manifest's, or a quoted YAML scalar) is replaced inside them, so
  /// the quotes stay; a name written with escapes gets no fix (its range is longer than the name
  /// and its text is not the name's), and neither does a suggestion YAML would read as null
  /// where the name is a whole unquoted scalar (`isScalar`: a key, a value, a list's entry;
  /// `fallback: Nul` would become `fallback: Null`, no value), which a name inside a member body
  /// or a route pattern is not.
  public static func rename(
    _ written: String, at location: SourceLocation, to suggestion: String, isScalar: Bool = false
  ) -> FixIt? {
    guard suggestion != written, location.end.map({ $0.line == location.start.line }) ?? true else {
      return nil
    }
    let length = Int32(clamping: written.unicodeScalars.count)
    var range = location
    if location.end != nil {
      // The name itself: the whole place, or inside its quotes.
      guard let inner = Located(written, at: location).location(ofScalars: 0..<Int(length)) else {
        return nil
      }
      if inner.start == location.start, isScalar, YAMLDocument.readsAsNull(suggestion) { return nil }
      range = inner
    } else {
      range.end = TextPoint(line: location.start.line, column: location.start.column + length)
    }
    return FixIt("Replace '\(written)' with '\(suggestion)'", replacing: range, with: suggestion)
  }
}

/// One problem found in a manifest: a severity, a stable code, a message that says what to do,
/// the place it was found and notes at related places.
public struct Diagnostic: Sendable, Hashable {
  public var severity: Severity
  public var code: DiagnosticCode
  public var message: String
  public var location: SourceLocation
  public var notes: [DiagnosticNote]
  /// Edits that fix the problem, when one is certain enough to offer (a did-you-mean name).
  public var fixIts: [FixIt]

  public init(
    _ code: DiagnosticCode, _ message: String, at location: SourceLocation,
    severity: Severity? = nil, notes: [DiagnosticNote] = [], fixIts: [FixIt] = []
  ) {
    self.code = code
    self.message = message
    self.location = location
    self.severity = severity ?? code.defaultSeverity
    self.notes = notes
    self.fixIts = fixIts
  }
}

extension Diagnostic: Comparable {
  /// Orders by file, position, severity and code, so output is stable whatever order the
  /// checks ran in.
  public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
    if lhs.location != rhs.location { return lhs.location < rhs.location }
    if lhs.severity != rhs.severity { return lhs.severity < rhs.severity }
    if lhs.code != rhs.code { return lhs.code.rawValue < rhs.code.rawValue }
    return lhs.message < rhs.message
  }
}
