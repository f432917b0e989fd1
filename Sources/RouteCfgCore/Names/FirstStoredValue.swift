extension Dictionary {
  /// The value stored for `key` already, or `nil` after storing `value` for it: where repeats
  /// are looked for, a key seen for the first time (the common case) is hashed once, not twice.
  /// A repeat keeps its first value.
  mutating func existingValue(for key: Key, elseStoring value: Value) -> Value? {
    guard let existing = updateValue(value, forKey: key) else { return nil }
    self[key] = existing
    return existing
  }
}
