/// Collects diagnostics during a load or a validation, keeping output bounded whatever the input.
///
/// With a ``limit``, the bag keeps only the first `limit` diagnostics in report order (file,
/// position, severity, code, message: the order they are printed in) and counts the others by
/// severity in ``omitted``. A diagnostic that sorts after everything kept is counted without
/// building its message or notes (both are autoclosures), so a file with millions of problems
/// costs little more than their count. Notes per diagnostic are capped too, so that
/// pathological input (thousands of modules sharing one route) keeps each diagnostic small.
public struct DiagnosticBag: Sendable {
  /// The most notes one diagnostic carries; the rest are summarised in a final note.
  public static let maxNotes = 8

  /// The longest message or note a diagnostic keeps, in characters (Unicode scalars): a longer
  /// one (a type written with thousands of parameters, quoted) is cut, and says how much was.
  public static let maxMessageLength = 2_000

  /// The longest message of a diagnostic that lists every name of something (RC0602's unmapped
  /// members, "all listed" in SPEC §3): long enough for the whole list of any real protocol
  /// (about 700 methods with two labels each, more of shorter names), bounded for a hostile one.
  public static let maxListingMessageLength = 32_000

  /// The longest message a diagnostic of `code` keeps.
  static func maxMessageLength(for code: DiagnosticCode) -> Int {
    code == .unmappedMembers ? maxListingMessageLength : maxMessageLength
  }

  /// The most diagnostics a run lists unless told otherwise (`--max-diagnostics`, SPEC §3).
  public static let defaultLimit = 1_000

  /// The most diagnostics kept; `nil` keeps them all.
  public let limit: Int?

  /// Kept diagnostics, in no particular order until ``finished()``; may hold exact repeats.
  private var kept: [Diagnostic] = []
  /// Once the bag has been trimmed: the last diagnostic kept. Anything after it is omitted.
  private var cutoff: Diagnostic?
  /// Diagnostics found and not kept.
  public private(set) var omitted = OmittedDiagnostics()

  /// A bag that keeps at most `limit` diagnostics (`nil`: all of them).
  public init(limit: Int? = nil) {
    self.limit = limit.map { max(0, $0) }
  }

  /// The diagnostics kept so far, unsorted (``finished()`` sorts them).
  public var diagnostics: [Diagnostic] { kept }

  /// Errors found, kept or not (exact repeats among kept ones may count twice until finished).
  public var errorCount: Int { kept.count { $0.severity == .error } + omitted.errors }
  public var hasErrors: Bool { omitted.errors > 0 || kept.contains { $0.severity == .error } }
  /// Errors reported so far, kept or not, exact repeats included: compared before and after a
  /// step, it says whether the step found an error, in constant time (``errorCount`` walks
  /// the kept diagnostics).
  package private(set) var errorsReported = 0

  /// Records a diagnostic, capping its notes at ``maxNotes``.
  public mutating func report(_ diagnostic: Diagnostic) {
    if diagnostic.severity == .error { errorsReported += 1 }
    if let limit, !wouldKeep(diagnostic, limit: limit) {
      omitted.count(diagnostic.severity)
      return
    }
    var diagnostic = diagnostic
    Self.capNotes(&diagnostic.notes)
    Self.capText(&diagnostic.message, at: Self.maxMessageLength(for: diagnostic.code))
    for index in diagnostic.notes.indices {
      Self.capText(&diagnostic.notes[index].message, at: Self.maxMessageLength)
    }
    kept.append(diagnostic)
    // Trimmed once twice the limit is kept (`kept.count / 2`: a limit near `Int.max` must not
    // overflow).
    if let limit, kept.count >= 64, kept.count / 2 >= limit { trim(to: limit) }
  }

  /// Records a diagnostic built from its parts. The message and notes are only built when the
  /// diagnostic is kept.
  public mutating func report(
    _ code: DiagnosticCode, _ message: @autoclosure () -> String, at location: SourceLocation,
    severity: Severity? = nil, notes: @autoclosure () -> [DiagnosticNote] = [],
    fixIts: @autoclosure () -> [FixIt] = []
  ) {
    let severity = severity ?? code.defaultSeverity
    if let limit {
      let probe = Diagnostic(code, "", at: location, severity: severity)
      guard wouldKeep(probe, limit: limit) else {
        omitted.count(severity)
        if severity == .error { errorsReported += 1 }
        return
      }
    }
    report(Diagnostic(code, message(), at: location, severity: severity, notes: notes(), fixIts: fixIts()))
  }

  /// Adds another bag's diagnostics and omitted counts.
  public mutating func append(contentsOf other: DiagnosticBag) {
    omitted.add(other.omitted)
    errorsReported += other.omitted.errors
    for diagnostic in other.kept { report(diagnostic) }
  }

  /// Adds diagnostics, and the counts of others that were left out of them.
  public mutating func append(contentsOf other: [Diagnostic], omitted: OmittedDiagnostics = .init()) {
    self.omitted.add(omitted)
    errorsReported += omitted.errors
    for diagnostic in other { report(diagnostic) }
  }

  /// The kept diagnostics sorted, exact repeats (the same problem found twice) removed, at most
  /// ``limit`` of them; and what was left out.
  public func finished() -> (diagnostics: [Diagnostic], omitted: OmittedDiagnostics) {
    var copy = self
    copy.trim(to: limit ?? Int.max)
    return (copy.kept, copy.omitted)
  }

  /// `false` when `diagnostic` sorts after the last one kept: it would not be listed. A probe
  /// with an empty message sorts first among diagnostics at its place, so it is kept whenever
  /// the real one might be.
  private func wouldKeep(_ diagnostic: Diagnostic, limit: Int) -> Bool {
    if limit == 0 { return false }
    guard let cutoff else { return true }
    return !(cutoff < diagnostic)
  }

  /// Sorts, removes exact repeats and keeps the first `limit`, counting the rest.
  private mutating func trim(to limit: Int) {
    kept.sort()
    var unique: [Diagnostic] = []
    unique.reserveCapacity(min(kept.count, limit))
    var seen: Set<Diagnostic> = []
    for diagnostic in kept where seen.insert(diagnostic).inserted {
      if unique.count < limit {
        unique.append(diagnostic)
      } else {
        omitted.count(diagnostic.severity)
      }
    }
    kept = unique
    if kept.count == limit { cutoff = kept.last }
  }

  private static func capText(_ text: inout String, at maxLength: Int) {
    guard text.utf8.count > maxLength else { return }
    let scalars = text.unicodeScalars
    guard
      let end = scalars.index(scalars.startIndex, offsetBy: maxLength, limitedBy: scalars.endIndex),
      end != scalars.endIndex
    else { return }
    // A diagnostic passes through several bags (a file's, the manifest's): cut once, it keeps
    // the count of its first cut.
    let rest = Substring(scalars[end...])
    if rest.hasPrefix(capPrefix), rest.hasSuffix(capSuffix),
      let count = Int(rest.dropFirst(capPrefix.count).dropLast(capSuffix.count)), count > 0
    {
      return
    }
    let cut = scalars.distance(from: end, to: scalars.endIndex)
    text = String(scalars[..<end]) + capPrefix + "\(cut)" + capSuffix
  }

  /// What follows the characters kept of a message that was cut: `... (N more characters)`.
  private static let capPrefix = "... ("
  private static let capSuffix = " more characters)"

  private static func capNotes(_ notes: inout [DiagnosticNote]) {
    guard notes.count > maxNotes + 1 else { return }
    let hidden = notes.count - maxNotes
    let last = notes[maxNotes]
    notes.removeSubrange(maxNotes...)
    notes.append(moreNote(hidden: hidden, at: last.location))
  }

  /// `leading`, then a note for each of `items`, capped as ``report(_:)`` caps notes (the first
  /// ``maxNotes`` in all, then "and N more like this" at the next one), without making the notes
  /// it would drop.
  static func notes<Items: Collection>(
    for items: Items, after leading: [DiagnosticNote] = [], _ note: (Items.Element) -> DiagnosticNote
  ) -> [DiagnosticNote] {
    let room = max(0, maxNotes - leading.count)
    guard items.count > room + 1 else { return leading + items.map(note) }
    var notes = leading + items.prefix(room).map(note)
    let next = note(items[items.index(items.startIndex, offsetBy: room)])
    notes.append(moreNote(hidden: items.count - room, at: next.location))
    return notes
  }

  private static func moreNote(hidden: Int, at location: SourceLocation) -> DiagnosticNote {
    DiagnosticNote("and \(hidden) more like this", at: location)
  }
}

/// How many diagnostics were found but not listed, by severity.
public struct OmittedDiagnostics: Sendable, Hashable {
  public var errors = 0
  public var warnings = 0

  public init(errors: Int = 0, warnings: Int = 0) {
    self.errors = errors
    self.warnings = warnings
  }

  /// Errors and warnings together.
  public var total: Int { errors + warnings }

  mutating func count(_ severity: Severity) {
    switch severity {
    case .error: errors += 1
    case .warning: warnings += 1
    }
  }

  mutating func add(_ other: OmittedDiagnostics) {
    errors += other.errors
    warnings += other.warnings
  }
}
