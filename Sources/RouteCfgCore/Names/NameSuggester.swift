/// Finds the declared name closest to a misspelt one, for "did you mean" hints.
///
/// Small sets are scanned; large ones are indexed by one-deletion variants, built on the first
/// lookup (most runs never need a suggestion), so that a lookup costs a few probes instead of a
/// pass over every name. The index holds a hash of each variant, not its text: a name of `L`
/// scalars has `L + 1` variants, whose text would take `L²` bytes (a valid file of 600 names
/// of 1,000 letters needed 683 MB). Used from one thread at a time.
final class NameSuggester {
  private let names: [String]
  /// Each name's scalars, made once for the scan or on the way to the index.
  private var scalars: [[Unicode.Scalar]]?
  /// Every one-deletion variant's hash (``DeletionHashes``) with the position of its name,
  /// sorted by hash.
  private var deletionIndex: [(hash: UInt64, position: Int32)]?

  /// Sets up to this size are scanned directly.
  private static let scanLimit = 512

  init<Names: Sequence<String>>(_ names: Names) {
    self.names = Array(names)
  }

  private func nameScalars() -> [[Unicode.Scalar]] {
    if let scalars { return scalars }
    let made = names.map { Array($0.unicodeScalars) }
    scalars = made
    return made
  }

  private func index() -> [(hash: UInt64, position: Int32)]? {
    guard names.count > Self.scanLimit else { return nil }
    if let deletionIndex { return deletionIndex }
    var index: [(hash: UInt64, position: Int32)] = []
    for (position, name) in nameScalars().enumerated() {
      DeletionHashes.forEach(of: name) { index.append(($0, Int32(truncatingIfNeeded: position))) }
    }
    index.sort { $0.hash < $1.hash || ($0.hash == $1.hash && $0.position < $1.position) }
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
    let target = Array(name.unicodeScalars)
    if let deletionIndex = index() {
      // One edit (or a transposition) away shares a one-deletion variant (and a hash of it; a
      // hash shared by chance is only a candidate the distance then turns down).
      var candidates: [Int] = []
      DeletionHashes.forEach(of: target) { hash in
        var low = deletionIndex.endOfPrefix { $0.hash < hash }
        while low < deletionIndex.count, deletionIndex[low].hash == hash {
          candidates.append(Int(deletionIndex[low].position))
          low += 1
        }
      }
      var seen = Set<Int>()
      let ordered = candidates.sorted().filter { seen.insert($0).inserted }
      return best(among: ordered, for: name, target, limit: 1, excluding: isTaken)
    }
    return best(
      among: Array(names.indices), for: name, target, limit: EditDistance.typoLimit(for: name),
      excluding: isTaken)
  }

  /// `true` when some name is exactly one edit (or one transposition) from `name` but not equal.
  func hasNameOneEditAway(from name: String) -> String? {
    guard let suggestion = suggestion(for: name), suggestion != name,
      EditDistance.distance(suggestion, name, limit: 1) == 1
    else { return nil }
    return suggestion
  }

  /// The closest of the names at `positions` (in the order given) to `name`, whose scalars are
  /// `target`.
  private func best(
    among positions: [Int], for name: String, _ target: [Unicode.Scalar], limit: Int,
    excluding isTaken: (String) -> Bool
  ) -> String? {
    let scalars = nameScalars()
    var bestName: String?
    var bestDistance = limit + 1
    for position in positions where names[position] != name && !isTaken(names[position]) {
      if let distance = EditDistance.distance(scalars[position], target, limit: bestDistance - 1),
        distance < bestDistance
      {
        bestName = names[position]
        bestDistance = distance
        if distance == 1 { break }
      }
    }
    if bestName == nil {
      // A case-only difference counts as a typo whatever its length.
      let lowered = name.lowercased()
      bestName = positions.lazy.map { self.names[$0] }.first {
        $0 != name && !isTaken($0) && $0.lowercased() == lowered
      }
    }
    return bestName
  }
}

/// Hashes of a name's one-deletion variants (the name itself, and the name without each one of
/// its scalars), each made from the hashes of the part before and the part after the deleted
/// scalar: all of them in time proportional to the name, none of them written out. Equal
/// variants hash alike; unequal ones rarely do, and a candidate is checked anyway.
enum DeletionHashes {
  private static let base: UInt64 = 0x0000_0100_0000_01B3

  /// Calls `body` with the hash of each variant of `scalars`.
  static func forEach(of scalars: [Unicode.Scalar], _ body: (UInt64) -> Void) {
    let count = scalars.count
    // prefix[k]: the hash of the first k scalars; suffix[k]: of the scalars from k on;
    // powers[k]: base to the k.
    var prefix = [UInt64](repeating: 0, count: count + 1)
    var suffix = [UInt64](repeating: 0, count: count + 1)
    var powers = [UInt64](repeating: 1, count: count + 1)
    for k in 0..<count {
      prefix[k + 1] = prefix[k] &* base &+ UInt64(scalars[k].value) &+ 1
      powers[k + 1] = powers[k] &* base
    }
    for k in stride(from: count - 1, through: 0, by: -1) {
      suffix[k] = (UInt64(scalars[k].value) &+ 1) &* powers[count - 1 - k] &+ suffix[k + 1]
    }
    body(finish(prefix[count], length: count))
    // A one-letter name's one variant is the empty name, which every other one-letter name
    // shares: one substitution away, as a scan of every name would find.
    for deleted in 0..<count {
      let joined = prefix[deleted] &* powers[count - 1 - deleted] &+ suffix[deleted + 1]
      body(finish(joined, length: count - 1))
    }
  }

  /// The sum mixed with the variant's length (equal variants have equal lengths).
  private static func finish(_ sum: UInt64, length: Int) -> UInt64 {
    var value = sum ^ (UInt64(truncatingIfNeeded: length) &* 0x9E37_79B9_7F4A_7C15)
    value ^= value >> 29
    value = value &* 0xBF58_476D_1CE4_E5B9
    return value ^ (value >> 32)
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
