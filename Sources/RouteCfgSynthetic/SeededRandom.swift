/// A small deterministic random number generator (SplitMix64), so that random tests and
/// generated inputs are the same on every run and machine.
public struct SeededRandom: RandomNumberGenerator, Sendable {
  public var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }

  /// A number in `0..<bound` (`bound` > 0).
  public mutating func next(upTo bound: Int) -> Int {
    Int(next() % UInt64(max(bound, 1)))
  }
}
