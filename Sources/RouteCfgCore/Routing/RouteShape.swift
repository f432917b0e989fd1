/// What a route pattern accepts, without its parameter names: two patterns of the same shape
/// conflict. Literals count, parameters count by type (`Int` and `Int?` alike), and a catch-all
/// is just a catch-all.
public struct RouteShape: Hashable, Sendable, CustomStringConvertible {
  /// One segment of a shape.
  public enum Element: Hashable, Sendable {
    /// A literal segment, compared exactly.
    case literal(String)
    /// A parameter of this type (optionality removed).
    case parameter(RouteValueType)
    /// A catch-all, whatever its name and type.
    case catchAll
  }

  /// The elements, one per pattern segment.
  public let elements: [Element]

  /// A shape with these elements.
  public init(elements: [Element]) {
    self.elements = elements
  }

  /// The shape for messages: `/notes/{Int}`, `/files/{*}`, `/` for the root.
  public var description: String {
    if elements.isEmpty { return "/" }
    var text = ""
    for element in elements {
      text += "/"
      switch element {
      case .literal(let literal): text += literal
      case .parameter(let type): text += "{\(type)}"
      case .catchAll: text += "{*}"
      }
    }
    return text
  }
}

extension RoutePattern {
  /// The pattern's shape, given the carriable types of the module's parameters (optionality
  /// removed). `nil` when a parameter (not the catch-all, whose type does not count) has no
  /// entry in `parameterTypes`: such a route is invalid and conflicts with nothing.
  public func shape(parameterTypes: [String: RouteValueType]) -> RouteShape? {
    var elements: [RouteShape.Element] = []
    elements.reserveCapacity(segments.count)
    for segment in segments {
      switch segment {
      case .literal(let literal): elements.append(.literal(literal))
      case .parameter(let name):
        guard let type = parameterTypes[name] else { return nil }
        elements.append(.parameter(type))
      case .catchAll: elements.append(.catchAll)
      }
    }
    return RouteShape(elements: elements)
  }
}
