/// Remembers the first value recorded for each name, to find repeats (duplicate list entries,
/// keys mapped twice, routes a module lists twice). Most sets are a handful of names, where
/// scanning an array beats hashing; past ``NamePositions/scanLimit`` names a dictionary takes
/// over, so large sets stay linear. ``NamePositions`` does the same for a list already written.
struct FirstSeen<Value> {
  /// Names and their values in one array: one allocation for a short list, not two.
  private var recorded: [(name: String, value: Value)] = []
  private var index: [String: Int]?

  private static var scanLimit: Int { NamePositions.scanLimit }

  /// Room for `count` names at once (while they are scanned), instead of growing step by step.
  init(capacity count: Int = 0) {
    recorded.reserveCapacity(min(count, Self.scanLimit))
  }

  /// The value recorded for `name`, or `nil` after recording `value` for it.
  mutating func recordOrFind(_ name: String, _ value: Value) -> Value? {
    if let existing = position(of: name) { return recorded[existing].value }
    if index == nil, recorded.count == Self.scanLimit {
      var built: [String: Int] = [:]
      for (position, entry) in recorded.enumerated() { built[entry.name] = position }
      index = built
    }
    index?[name] = recorded.count
    recorded.append((name, value))
    return nil
  }

  /// The value recorded for `name`, if any.
  func value(for name: String) -> Value? { position(of: name).map { recorded[$0].value } }

  /// `true` when a value was recorded for `name`.
  func contains(_ name: String) -> Bool { position(of: name) != nil }

  private func position(of name: String) -> Int? {
    if let index { return index[name] }
    return recorded.firstIndex { $0.name == name }
  }
}
