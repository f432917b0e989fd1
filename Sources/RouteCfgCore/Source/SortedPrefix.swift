extension RandomAccessCollection {
  /// The index just past the elements that satisfy `isInPrefix`, in a collection where all of
  /// them come first (sorted by what the predicate compares): a binary search, `endIndex` when
  /// every element does. `lines.endOfPrefix { $0 <= offset }` is one past the last line starting
  /// at or before `offset`; `aliases.endOfPrefix { $0.start < point }` the first alias written at
  /// or after `point`.
  @inlinable
  package func endOfPrefix(where isInPrefix: (Element) throws -> Bool) rethrows -> Index {
    var low = startIndex
    var count = self.count
    while count > 0 {
      let half = count / 2
      let middle = index(low, offsetBy: half)
      if try isInPrefix(self[middle]) {
        low = index(after: middle)
        count -= half + 1
      } else {
        count = half
      }
    }
    return low
  }
}
