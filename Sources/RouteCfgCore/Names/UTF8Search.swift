extension String {
  /// The offset in UTF-8 bytes of the first `byte`, if any, found by one scan of the bytes in
  /// place (``SwiftTokenizer/withUTF8(_:_:)``). Searching `utf8` as a collection (`firstIndex(of:)`,
  /// `contains`) walks the view index by index, several times the cost for the short names a
  /// manifest is made of.
  func utf8Offset(of byte: UInt8) -> Int? {
    SwiftTokenizer.withUTF8(self) { $0.firstIndex(of: byte) }
  }

  /// `true` when the UTF-8 bytes hold `byte` (see ``utf8Offset(of:)``).
  func utf8Contains(_ byte: UInt8) -> Bool { utf8Offset(of: byte) != nil }

  /// `unicodeScalars.count`, counted on the UTF-8 bytes in place: every byte that does not
  /// continue a scalar starts one. Counting the view walks it scalar by scalar, about 35
  /// instructions a byte.
  var unicodeScalarCount: Int {
    SwiftTokenizer.withUTF8(self) { bytes in
      var count = 0
      for byte in bytes where byte & 0xC0 != 0x80 { count &+= 1 }
      return count
    }
  }
}
