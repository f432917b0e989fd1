/// Collects diagnostics during a load. Notes per diagnostic are capped so that pathological
/// input (thousands of modules sharing one route) keeps output linear in its size.
public struct DiagnosticBag: Sendable {
  /// The most notes one diagnostic carries; the rest are summarised in a final note.
  public static let maxNotes = 8

  public private(set) var diagnostics: [Diagnostic] = []

  public init() {}

  public var errorCount: Int { diagnostics.count { $0.severity == .error } }
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

  /// Records a diagnostic, capping its notes at ``maxNotes``.
  public mutating func report(_ diagnostic: Diagnostic) {
    var diagnostic = diagnostic
    if diagnostic.notes.count > Self.maxNotes + 1 {
      let hidden = diagnostic.notes.count - Self.maxNotes
      let last = diagnostic.notes[Self.maxNotes]
      diagnostic.notes.removeSubrange(Self.maxNotes...)
      diagnostic.notes.append(DiagnosticNote("and \(hidden) more like this", at: last.location))
    }
    diagnostics.append(diagnostic)
  }

  /// Records a diagnostic built from its parts.
  public mutating func report(
    _ code: DiagnosticCode, _ message: String, at location: SourceLocation,
    notes: [DiagnosticNote] = []
  ) {
    report(Diagnostic(code, message, at: location, notes: notes))
  }

  public mutating func append(contentsOf other: DiagnosticBag) {
    diagnostics.append(contentsOf: other.diagnostics)
  }

  public mutating func append(contentsOf other: [Diagnostic]) {
    diagnostics.append(contentsOf: other)
  }
}
