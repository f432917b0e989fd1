/// Values by a dense index (an adapter's, in the validator), in an array grown to the largest
/// index given a value: no hashing, and an empty table allocates nothing, so a forked copy of
/// the validator starts with one for free.
struct IndexedValues<Value> {
  private var values: [Value?] = []

  /// The value at `index`, or `nil`; setting a value grows the table to hold it.
  subscript(index: Int) -> Value? {
    get { index < values.count ? values[index] : nil }
    set {
      if index >= values.count {
        if newValue == nil { return }
        values.append(contentsOf: repeatElement(nil, count: index + 1 - values.count))
      }
      values[index] = newValue
    }
  }

  /// Gives each index that has a value in `other` and none here the value in `other`.
  mutating func merge(keepingExisting other: IndexedValues) {
    for (index, value) in other.values.enumerated() where value != nil && self[index] == nil {
      self[index] = value
    }
  }
}

extension IndexedValues: Sendable where Value: Sendable {}
