/// A position inside a YAML string value, before it is mapped back to the file:
/// 0-based line and 0-based column counted in Unicode scalars.
public struct BodyPosition: Sendable, Hashable {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }
}

/// Turns positions inside a string value into file locations.
public typealias BodyLocator = (BodyPosition) -> SourceLocation
