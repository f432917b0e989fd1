/// What a process about to exit keeps rather than frees: tearing down a large manifest's model
/// and the validator's tables only costs time (4 M instructions of the validator's alone at
/// 1,000 modules), and the operating system takes the memory back at once.
///
/// `routecfg validate` hands one to each validation and holds it until it exits; a library
/// caller, which wants the memory back, passes none.
package final class KeptUntilExit {
  private var kept: [Any] = []

  package init() {}

  /// How many values are kept.
  package var count: Int { kept.count }

  /// Keeps `value` (moved in, not copied) for as long as this object lives.
  package func keep(_ value: consuming Any) {
    kept.append(value)
  }
}
