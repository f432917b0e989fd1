import RouteCfgCore

/// Reading parts of protocol messages.
extension JSONValue {
  /// The member named `key` of an object (the first, should a key repeat); `nil` otherwise.
  subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.0 == key }?.1
  }

  var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// An integer, also from a double without a fraction (some clients write `3.0`).
  var intValue: Int? {
    switch self {
    case .int(let value): return value
    case .double(let value) where value.rounded() == value && abs(value) < 9e15: return Int(value)
    default: return nil
    }
  }

  var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  var arrayValue: [JSONValue]? {
    if case .array(let items) = self { return items }
    return nil
  }

  var isObject: Bool {
    if case .object = self { return true }
    return false
  }
}
