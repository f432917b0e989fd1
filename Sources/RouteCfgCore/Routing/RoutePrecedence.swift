/// The order in which routes take URLs, as one list (`routecfg routes`).
///
/// Routes compare segment by segment, left to right, as the router decides between the routes
/// that match a URL (SPEC §2): at the first segment where two patterns differ, a literal comes
/// before an `Int` parameter, then `Double`, `Bool`, `String`, and a catch-all last; a pattern that
/// has already ended comes before one that goes on (they never match the same URL: a catch-all
/// needs at least one segment). Two literals at the same place compare by their text (they never
/// match the same segment, so this only makes the list stable). Patterns of the same shape (a
/// conflict, only in an invalid manifest) keep their declaration order.
///
/// So for every URL, the route the router picks is the first route in this order that matches
/// the URL on its own; the tests check this on random tables.
extension RouteTable {
  /// The indices of ``entries`` in precedence order.
  public var precedenceOrder: [Int] {
    let keys = entries.map(Self.precedenceKey)
    return entries.indices.sorted { left, right in
      switch Self.compare(keys[left], keys[right]) {
      case .some(let less): return less
      case .none: return left < right
      }
    }
  }

  /// One segment's place in the order: its rank and, for a literal, its text.
  struct PrecedenceElement {
    var rank: Int
    var literal: [UInt8]
  }

  static func precedenceKey(_ entry: Entry) -> [PrecedenceElement] {
    entry.pattern.segments.map { segment in
      switch segment {
      case .literal(let text): return PrecedenceElement(rank: 0, literal: Array(text.utf8))
      case .parameter(let name):
        let type = entry.valueType(ofParameter: name) ?? .string
        let rank = (RouteValueType.precedence.firstIndex(of: type) ?? 3) + 1
        return PrecedenceElement(rank: rank, literal: [])
      case .catchAll: return PrecedenceElement(rank: RouteValueType.precedence.count + 1, literal: [])
      }
    }
  }

  /// `true` when `left` comes first, `false` when `right` does, `nil` for the same shape.
  static func compare(_ left: [PrecedenceElement], _ right: [PrecedenceElement]) -> Bool? {
    for (a, b) in zip(left, right) {
      if a.rank != b.rank { return a.rank < b.rank }
      if a.literal != b.literal { return a.literal.lexicographicallyPrecedes(b.literal) }
    }
    if left.count != right.count { return left.count < right.count }
    return nil
  }
}
