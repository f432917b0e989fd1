/// Remembers the first value recorded for each name, to find repeats (duplicate list entries,
/// keys mapped twice). Most sets are a handful of names, where scanning an array beats hashing;
/// past 16 names a dictionary takes over, so large sets stay linear.
struct FirstSeen<Value> {
  private var names: [String] = []
  private var values: [Value] = []
  private var index: [String: Int]?

  private static var scanLimit: Int { 16 }

  /// The value recorded for `name`, or `nil` after recording `value` for it.
  mutating func recordOrFind(_ name: String, _ value: Value) -> Value? {
    if let existing = position(of: name) { return values[existing] }
    if index == nil, names.count == Self.scanLimit {
      var built: [String: Int] = [:]
      for (position, name) in names.enumerated() { built[name] = position }
      index = built
    }
    index?[name] = names.count
    names.append(name)
    values.append(value)
    return nil
  }

  /// The value recorded for `name`, if any.
  func value(for name: String) -> Value? { position(of: name).map { values[$0] } }

  /// `true` when a value was recorded for `name`.
  func contains(_ name: String) -> Bool { position(of: name) != nil }

  private func position(of name: String) -> Int? {
    if let index { return index[name] }
    return names.firstIndex(of: name)
  }
}
