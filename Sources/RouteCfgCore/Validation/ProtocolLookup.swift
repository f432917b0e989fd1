/// The declared protocols, found by name through the validator's name index (``NameTable``) and
/// stored by protocol ID (the position of the first declaration), so that a lookup hashes the
/// name once, cheaply, and holds no second table keyed by `String`.
struct ProtocolLookup {
  /// The ID of each declared name.
  let index: NameTable<Int>
  /// The protocol of each ID; `nil` for the positions of repeated declarations.
  let infos: [ProtocolInfo?]
  init(index: NameTable<Int> = NameTable(), infos: [ProtocolInfo?] = []) {
    self.index = index
    self.infos = infos
  }

  subscript(name: String) -> ProtocolInfo? {
    guard let id = index[name] else { return nil }
    return infos[id]
  }

  /// The declared protocols in declaration order.
  var values: [ProtocolInfo] { infos.compactMap { $0 } }

  var count: Int { index.count }

  /// The table keyed by `String`, for public API (``AppGraph/protocols``).
  func byName() -> [String: ProtocolInfo] {
    var table: [String: ProtocolInfo] = [:]
    table.reserveCapacity(index.count)
    for info in infos { if let info { table[info.name] = info } }
    return table
  }
}
