/// Optimal-string-alignment distance (Levenshtein plus adjacent transpositions) between two
/// names, computed on Unicode scalars and abandoned once it exceeds `limit`.
enum EditDistance {
  /// The distance, or `nil` when it is larger than `limit`.
  static func distance(_ lhs: String, _ rhs: String, limit: Int) -> Int? {
    let a = Array(lhs.unicodeScalars)
    let b = Array(rhs.unicodeScalars)
    if abs(a.count - b.count) > limit { return nil }
    if a.isEmpty { return b.count <= limit ? b.count : nil }
    if b.isEmpty { return a.count <= limit ? a.count : nil }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      var rowMinimum = current[0]
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previous2[j - 2] + 1)
        }
        current[j] = value
        rowMinimum = min(rowMinimum, value)
      }
      if rowMinimum > limit { return nil }
      (previous2, previous, current) = (previous, current, previous2)
    }
    let result = previous[b.count]
    return result <= limit ? result : nil
  }

  /// The largest distance at which a name still counts as a likely typo of another.
  static func typoLimit(for name: String) -> Int {
    let count = name.unicodeScalars.count
    return count <= 3 ? 1 : (count <= 8 ? 2 : 3)
  }
}
