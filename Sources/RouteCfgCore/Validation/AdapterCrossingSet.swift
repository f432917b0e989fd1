/// A set of adapter directions (``AdapterCrossing``) as two bits per adapter index: no hashing,
/// grown to the largest adapter inserted.
struct AdapterCrossingSet: Sendable {
  /// By adapter index: bit 0 forward, bit 1 reverse.
  private var bits: [UInt8] = []

  /// Inserts `crossing`; `false` when it was in the set already.
  @discardableResult
  mutating func insert(_ crossing: AdapterCrossing) -> Bool {
    let bit = Self.bit(crossing.direction)
    if crossing.adapter >= bits.count {
      bits.append(contentsOf: repeatElement(0, count: crossing.adapter + 1 - bits.count))
    }
    guard bits[crossing.adapter] & bit == 0 else { return false }
    bits[crossing.adapter] |= bit
    return true
  }

  func contains(_ crossing: AdapterCrossing) -> Bool {
    crossing.adapter < bits.count && bits[crossing.adapter] & Self.bit(crossing.direction) != 0
  }

  /// Whether either direction of the adapter at `adapter` is in the set.
  func containsEither(of adapter: Int) -> Bool {
    adapter < bits.count && bits[adapter] != 0
  }

  private static func bit(_ direction: AdapterDirection) -> UInt8 {
    direction == .forward ? 1 : 2
  }
}
