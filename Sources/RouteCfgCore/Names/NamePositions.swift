/// Finds names in a list that no longer changes (a protocol's members, a module's parameters).
/// A short list is scanned: comparing a handful of names beats hashing them, and needs no index.
/// Past ``scanLimit`` names, the first position of each is indexed once, so that looking up every
/// name of a long list stays linear. ``FirstSeen`` does the same for a list still being written.
struct NamePositions: Sendable {
  /// The longest list that is scanned rather than indexed.
  static let scanLimit = 16
  private let index: [String: Int]?

  /// Positions in `names`, indexed when the list is longer than ``scanLimit``.
  init<Names: Collection<String>>(of names: Names) where Names.Index == Int {
    guard names.count > Self.scanLimit else {
      index = nil
      return
    }
    var index = [String: Int](minimumCapacity: names.count)
    for position in names.indices where index[names[position]] == nil {
      index[names[position]] = position
    }
    self.index = index
  }

  /// The first position of `name` in `names`, the list these positions were made of.
  func position<Names: Collection<String>>(of name: String, in names: Names) -> Int?
  where Names.Index == Int {
    if let index { return index[name] }
    return names.firstIndex(of: name)
  }
}
