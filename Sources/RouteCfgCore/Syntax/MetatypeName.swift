/// The metatype suffixes of a written type name: `Item.Type.Protocol` is `Item` with two.
package enum MetatypeName {
  /// `name` without its trailing `.Type` and `.Protocol` suffixes (`Item` for `Item.Type`); the
  /// whole name when it has none.
  package static func base(of name: String) -> Substring {
    var base = Substring(name)
    while let dot = base.lastIndex(of: "."), ["Type", "Protocol"].contains(base[base.index(after: dot)...]) {
      base = base[..<dot]
    }
    return base
  }

  /// `true` when `name` ends in `.Type` or `.Protocol`.
  package static func isMetatype(_ name: String) -> Bool { base(of: name).endIndex < name.endIndex }
}
