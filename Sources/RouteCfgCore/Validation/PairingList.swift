/// The member pairings one direction of an adapter check finds, kept for the ``AppGraph`` when
/// the validator keeps them (the registry and code generation need them; `routecfg validate`
/// does not, and makes none).
struct PairingList {
  private var pairings: [MemberPairing] = []
  private let keeps: Bool

  /// Room for `capacity` pairings (one per member of the facade) when `keeping`.
  init(keeping: Bool, capacity: Int) {
    keeps = keeping
    if keeping { pairings.reserveCapacity(capacity) }
  }

  /// Adds a pairing; when pairings are not kept, `pairing` is not made.
  mutating func append(_ pairing: @autoclosure () -> MemberPairing) {
    if keeps { pairings.append(pairing()) }
  }

  /// The pairings, which mark the direction checked even when empty. Room was reserved for
  /// every member: with members left unmapped, the pairings are kept without the room (a
  /// protocol of 100,000 members adapted to 200 empty ones held 1 GB).
  func finished(allMapped: Bool) -> [MemberPairing] {
    allMapped ? pairings : pairings.map { $0 }
  }
}
