/// Finds the declared name closest to a misspelt one, for "did you mean" hints.
///
/// Small sets are scanned; large ones are indexed by one-deletion variants, built on the first
/// lookup (most runs never need a suggestion), so that a lookup costs a few dictionary probes
/// instead of a pass over every name. Used from one thread at a time.
final class NameSuggester {
  private let names: [String]
  private var deletionIndex: [String: [Int]]?

  /// Sets up to this size are scanned directly.
  private static let scanLimit = 512

  init<Names: Sequence<String>>(_ names: Names) {
    self.names = Array(names)
  }

  private func index() -> [String: [Int]]? {
    guard names.count > Self.scanLimit else { return nil }
    if let deletionIndex { return deletionIndex }
    var index: [String: [Int]] = [:]
    for (position, name) in names.enumerated() {
      for variant in Self.deletions(of: name) { index[variant, default: []].append(position) }
    }
    deletionIndex = index
    return index
  }

  /// The closest name within a typo's distance, preferring the earliest declared on ties.
  /// Names in `taken` are never suggested: they are already written where `name` stands (the
  /// other entries of its list), so suggesting one would only repeat it. An empty name gets
  /// none: every one-letter name is a typo's distance from it, so none would be a guess of what
  /// was meant.
  func suggestion(for name: String, excluding taken: Set<String> = []) -> String? {
    suggestion(for: name, excludingWhere: { taken.contains($0) })
  }

  /// The closest name for which `isTaken` is `false` (``suggestion(for:excluding:)``).
  func suggestion(for name: String, excludingWhere isTaken: (String) -> Bool) -> String? {
    guard !name.isEmpty else { return nil }
    if let deletionIndex = index() {
      // One edit (or a transposition) away shares a one-deletion variant.
      var candidates: [Int] = []
      for variant in Self.deletions(of: name) {
        if let positions = deletionIndex[variant] { candidates.append(contentsOf: positions) }
      }
      return best(among: candidates.sorted().map { names[$0] }, for: name, limit: 1, excluding: isTaken)
    }
    return best(among: names, for: name, limit: EditDistance.typoLimit(for: name), excluding: isTaken)
  }

  /// `true` when some name is exactly one edit (or one transposition) from `name` but not equal.
  func hasNameOneEditAway(from name: String) -> String? {
    guard let suggestion = suggestion(for: name), suggestion != name,
      EditDistance.distance(suggestion, name, limit: 1) == 1
    else { return nil }
    return suggestion
  }

  private func best(
    among candidates: [String], for name: String, limit: Int, excluding isTaken: (String) -> Bool
  ) -> String? {
    var bestName: String?
    var bestDistance = limit + 1
    for candidate in candidates where candidate != name && !isTaken(candidate) {
      if let distance = EditDistance.distance(candidate, name, limit: bestDistance - 1),
        distance < bestDistance
      {
        bestName = candidate
        bestDistance = distance
        if distance == 1 { break }
      }
    }
    if bestName == nil {
      // A case-only difference counts as a typo whatever its length.
      let lowered = name.lowercased()
      bestName = candidates.first { $0 != name && !isTaken($0) && $0.lowercased() == lowered }
    }
    return bestName
  }

  /// The name itself and every string made by deleting one of its Unicode scalars, cut from
  /// its UTF-8 bytes.
  private static func deletions(of name: String) -> [String] {
    var result = [name]
    let bytes = Array(name.utf8)
    // Where each scalar starts (continuation bytes are 10xxxxxx).
    let starts = bytes.indices.filter { bytes[$0] & 0xC0 != 0x80 }
    guard starts.count > 1 else { return result }
    result.reserveCapacity(starts.count + 1)
    bytes.withUnsafeBufferPointer { buffer in
      for (position, start) in starts.enumerated() {
        let end = position + 1 < starts.count ? starts[position + 1] : buffer.count
        let length = buffer.count - (end - start)
        result.append(
          String(unsafeUninitializedCapacity: length) { output in
            var written = 0
            for index in buffer.indices where index < start || index >= end {
              output[written] = buffer[index]
              written += 1
            }
            return written
          })
      }
    }
    return result
  }
}

extension NameSuggester {
  /// `"; did you mean 'x'?"` or an empty string.
  func hint(for name: String) -> String {
    suggestion(for: name).map(Self.didYouMean) ?? ""
  }

  /// `"; did you mean 'x'?"`: how every hint names its suggestion.
  static func didYouMean(_ suggestion: String) -> String { "; did you mean '\(suggestion)'?" }

  /// The hint for a name written as a scalar of its own, and the fix-it that writes the
  /// suggestion there;
  /// names in `taken` are never suggested (``suggestion(for:excluding:)``).
  func hint(for name: Located<String>, excluding taken: Set<String> = []) -> (text: String, fixIts: [FixIt]) {
    Self.hint(for: name, suggesting: suggestion(for: name.value, excluding: taken))
  }

  /// The hint and fix for `name` when `suggestion` (if any) is what it meant.
  static func hint(for name: Located<String>, suggesting suggestion: String?) -> (
    text: String, fixIts: [FixIt]
  ) {
    guard let suggestion else { return ("", []) }
    let fixIt = FixIt.rename(name.value, at: name.location, to: suggestion, isScalar: true)
    return (didYouMean(suggestion), fixIt.map { [$0] } ?? [])
  }
}

/// The name among `names` closest to a misspelt `name` (a typo's distance), for "did you mean"
/// hints in tools built on routecfg.
public func closestName(to name: String, among names: [String]) -> String? {
  NameSuggester(names).suggestion(for: name)
}
