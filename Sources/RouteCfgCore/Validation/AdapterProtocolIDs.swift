/// The IDs of the protocols an adapter names, found once when the declarations are indexed:
/// the checks of resolution, adapters and usage each read them, and would otherwise look both
/// names up again.
struct AdapterProtocolIDs {
  private let adaptID: Int32
  private let toID: Int32

  /// The IDs in `index` of an adapter's protocols, `adapt` and `to`; a side that is missing or
  /// not declared has none.
  init(adapt: Located<String>?, to: Located<String>?, in index: NameTable<Int>) {
    adaptID = adapt.flatMap { index[$0.value] }.map { Int32(truncatingIfNeeded: $0) } ?? -1
    toID = to.flatMap { index[$0.value] }.map { Int32(truncatingIfNeeded: $0) } ?? -1
  }

  /// The protocol the adapter adapts, when it is declared.
  var adapt: Int? { adaptID < 0 ? nil : Int(adaptID) }
  /// The protocol the adapter forwards to, when it is declared.
  var to: Int? { toID < 0 ? nil : Int(toID) }
}
