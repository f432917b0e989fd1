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

/// One problem found in a manifest: a severity, a stable code, a message that says what to do,
/// the place it was found and notes at related places.
public struct Diagnostic: Sendable, Hashable {
  public var severity: Severity
  public var code: DiagnosticCode
  public var message: String
  public var location: SourceLocation
  public var notes: [DiagnosticNote]

  public init(
    _ code: DiagnosticCode, _ message: String, at location: SourceLocation,
    severity: Severity? = nil, notes: [DiagnosticNote] = []
  ) {
    self.code = code
    self.message = message
    self.location = location
    self.severity = severity ?? code.defaultSeverity
    self.notes = notes
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
