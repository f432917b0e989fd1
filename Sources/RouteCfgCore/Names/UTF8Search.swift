extension String {
  /// The offset in UTF-8 bytes of the first `byte`, if any, found by one scan of the bytes in
  /// place. Searching `utf8` as a collection (`firstIndex(of:)`, `contains`) walks the view index
  /// by index, several times the cost for the short names a manifest is made of.
  func utf8Offset(of byte: UInt8) -> Int? {
    if let found = utf8.withContiguousStorageIfAvailable({ $0.firstIndex(of: byte) }) { return found }
    var copy = self
    return copy.withUTF8 { $0.firstIndex(of: byte) }
  }

  /// `true` when the UTF-8 bytes hold `byte` (see ``utf8Offset(of:)``).
  func utf8Contains(_ byte: UInt8) -> Bool { utf8Offset(of: byte) != nil }
}
