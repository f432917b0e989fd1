/// Identifies one loaded file of a manifest (the root manifest is always file 0).
public struct SourceFileID: Hashable, Comparable, Sendable {
  /// Index into ``SourceFileTable``.
  public let index: Int32

  public init(_ index: Int32) { self.index = index }

  public static func < (lhs: SourceFileID, rhs: SourceFileID) -> Bool { lhs.index < rhs.index }
}

/// A 1-based line and column inside a file. Columns count Unicode scalars, as libyaml does.
public struct TextPoint: Hashable, Comparable, Sendable {
  public var line: Int32
  public var column: Int32

  public init(line: Int32, column: Int32) {
    self.line = line
    self.column = column
  }

  public static func < (lhs: TextPoint, rhs: TextPoint) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}

/// Where something was written: a file and a start point, with an optional end point.
public struct SourceLocation: Hashable, Comparable, Sendable {
  public var file: SourceFileID
  public var start: TextPoint
  /// ``end``, with ``unknownEnd`` for `nil`: an optional point takes a byte more, which padding
  /// makes 4 (24 bytes instead of 20) and every member declaration 8 (88 instead of 80).
  private var storedEnd: TextPoint

  /// What ``storedEnd`` holds when the end is not known: a point no text has (lines and
  /// columns start at 1).
  private static let unknownEnd = TextPoint(line: .min, column: .min)

  /// One past the last character, on the same or a later line; `nil` when unknown.
  public var end: TextPoint? {
    get { storedEnd == Self.unknownEnd ? nil : storedEnd }
    set { storedEnd = newValue ?? Self.unknownEnd }
  }

  public init(file: SourceFileID, start: TextPoint, end: TextPoint? = nil) {
    self.file = file
    self.start = start
    self.storedEnd = end ?? Self.unknownEnd
  }

  /// A location with the end as stored (``rawEnd``), for storage that keeps the file elsewhere.
  package init(file: SourceFileID, start: TextPoint, rawEnd: TextPoint) {
    self.file = file
    self.start = start
    self.storedEnd = rawEnd
  }

  /// ``end`` as stored: a point no text has when the end is unknown.
  package var rawEnd: TextPoint { storedEnd }

  public init(file: SourceFileID, line: Int32, column: Int32) {
    self.init(file: file, start: TextPoint(line: line, column: column))
  }

  /// 1-based line.
  public var line: Int { Int(start.line) }
  /// 1-based column in Unicode scalars.
  public var column: Int { Int(start.column) }

  /// The start of a file, for problems that concern the whole file.
  public static func startOf(_ file: SourceFileID) -> SourceLocation {
    SourceLocation(file: file, line: 1, column: 1)
  }

  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.file, lhs.start) < (rhs.file, rhs.start)
  }
}

extension SourceLocation: CustomReflectable {
  /// Shows `end` as it reads (`nil` when unknown), not the point stored for it.
  public var customMirror: Mirror {
    Mirror(self, children: ["file": file, "start": start, "end": end as Any], displayStyle: .struct)
  }
}

/// A value together with the place it was written.
public struct Located<Value: Sendable>: Sendable {
  public var value: Value
  public var location: SourceLocation

  public init(_ value: Value, at location: SourceLocation) {
    self.value = value
    self.location = location
  }
}

extension Located: Equatable where Value: Equatable {}

extension Located where Value == String {
  /// The place of the Unicode scalars at `range` of the text, when it is written as it reads
  /// on one line, plain or in quotes (its place spans as many columns as it has scalars, or two
  /// more: no escapes); `nil` otherwise.
  package func location(ofScalars range: Range<Int>) -> SourceLocation? {
    let count = value.unicodeScalars.count
    guard let end = location.end, end.line == location.start.line, range.lowerBound >= 0,
      range.upperBound <= count
    else { return nil }
    // Written plain, the text spans its range; in quotes without escapes, two columns more.
    // (``FixIt/rename(_:at:to:isScalar:)`` finds a name inside its quotes here too.)
    let inset: Int32
    switch Int(end.column - location.start.column) {
    case count: inset = 0
    case count + 2: inset = 1
    default: return nil
    }
    let line = location.start.line
    let column = location.start.column + inset
    return SourceLocation(
      file: location.file, start: TextPoint(line: line, column: column + Int32(range.lowerBound)),
      end: TextPoint(line: line, column: column + Int32(range.upperBound)))
  }
}
extension Located: Hashable where Value: Hashable {}
