/// A position inside a YAML string value, before it is mapped back to the file:
/// 0-based line and 0-based column counted in Unicode scalars.
public struct BodyPosition: Sendable, Hashable {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// The position of the Unicode scalar at `offset` in `value`: its line (after each `\n`) and
  /// its column on that line.
  init(ofScalarAt offset: Int, in value: String) {
    var line = 0
    var lineStart = 0
    for (index, scalar) in value.unicodeScalars.prefix(offset).enumerated() where scalar == "\n" {
      line += 1
      lineStart = index + 1
    }
    self.init(line: line, column: offset - lineStart)
  }
}

/// Turns positions inside a string value into file locations.
public typealias BodyLocator = (BodyPosition) -> SourceLocation
