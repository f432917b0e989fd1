import RouteCfgCore

/// Reading parts of protocol messages (public for clients such as the benchmark).
extension JSONValue {
  /// The member named `key` of an object (the first, should a key repeat); `nil` otherwise.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.0 == key }?.1
  }

  /// The text of a string.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// An integer, also from a double without a fraction (some clients write `3.0`).
  public var intValue: Int? {
    switch self {
    case .int(let value): return value
    case .double(let value) where value.rounded() == value && abs(value) < 9e15: return Int(value)
    default: return nil
    }
  }

  /// The value of a boolean.
  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The items of an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let items) = self { return items }
    return nil
  }

  /// `true` for an object.
  public var isObject: Bool {
    if case .object = self { return true }
    return false
  }
}
