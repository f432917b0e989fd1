extension String {
  /// The offset in UTF-8 bytes of the first `byte`, if any, found by one scan of the bytes in
  /// place (``SwiftTokenizer/withUTF8(_:_:)``). Searching `utf8` as a collection (`firstIndex(of:)`,
  /// `contains`) walks the view index by index, several times the cost for the short names a
  /// manifest is made of.
  func utf8Offset(of byte: UInt8) -> Int? {
    SwiftTokenizer.withUTF8(self) { $0.firstIndex(of: byte) }
  }

  /// The string's two words, read without retaining its storage: equal for two short strings
  /// of the same bytes (their bytes are their words), and for two long ones of one storage.
  var identityBits: (UInt64, UInt64) { unsafeBitCast(self, to: (UInt64, UInt64).self) }

  /// `true` when `other` is the same UTF-8 bytes: `==` also holds canonically equivalent texts
  /// equal (the Kelvin sign and `K`). Strings of the same words are, without a look at the bytes.
  func hasSameUTF8(as other: String) -> Bool {
    identityBits == other.identityBits || utf8.elementsEqual(other.utf8)
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
