/// Optimal-string-alignment distance (Levenshtein plus adjacent transpositions) between two
/// names, computed on Unicode scalars and abandoned once it exceeds `limit`.
enum EditDistance {
  /// The distance, or `nil` when it is larger than `limit`.
  static func distance(_ lhs: String, _ rhs: String, limit: Int) -> Int? {
    distance(Array(lhs.unicodeScalars), Array(rhs.unicodeScalars), limit: limit)
  }

  /// The distance between two names' scalars, or `nil` when it is larger than `limit`. Only the
  /// cells within `limit` of the diagonal are computed (a path through any other costs more than
  /// `limit`), so two long names cost their length times `2 × limit + 1`, not their lengths'
  /// product, and a row whose every cell is past `limit` ends the walk.
  static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
    if abs(a.count - b.count) > limit { return nil }
    if a.isEmpty { return b.count <= limit ? b.count : nil }
    if b.isEmpty { return a.count <= limit ? a.count : nil }
    // Past `limit`: what every cell outside the band reads as.
    let beyond = limit + 1
    var previous2 = [Int](repeating: beyond, count: b.count + 1)
    var previous = [Int](repeating: beyond, count: b.count + 1)
    for j in 0...min(b.count, limit) { previous[j] = j }
    var current = [Int](repeating: beyond, count: b.count + 1)
    for i in 1...a.count {
      let low = max(1, i - limit)
      let high = min(b.count, i + limit)
      current[0] = i <= limit ? i : beyond
      if low > 1 { current[low - 1] = beyond }
      var rowMinimum = low == 1 ? current[0] : beyond
      for j in low...high {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previous2[j - 2] + 1)
        }
        value = min(value, beyond)
        current[j] = value
        rowMinimum = min(rowMinimum, value)
      }
      if high < b.count { current[high + 1] = beyond }
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
