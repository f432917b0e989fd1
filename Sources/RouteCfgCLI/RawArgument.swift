/// Command-line arguments as the bytes the shell passed.
///
/// Swift decodes arguments leniently, turning bytes that are not UTF-8 into U+FFFD. A URL is
/// bytes, and SPEC §2 treats raw non-ASCII text as its UTF-8 percent-encoding, so an argument
/// that is not valid UTF-8 must behave like its escaped form (`/notes/\xff` like `/notes/%FF`,
/// which never matches), not like a URL holding U+FFFD.
enum RawArgument {
  /// `argument` as routing should read it: unchanged when it was valid UTF-8; otherwise the
  /// raw argument it was decoded from, with every non-ASCII byte percent-encoded.
  static func urlText(for argument: String) -> String {
    guard argument.unicodeScalars.contains("\u{FFFD}") else { return argument }
    for index in 1..<Int(CommandLine.argc) {
      guard let raw = CommandLine.unsafeArgv[index] else { continue }
      var length = 0
      while raw[length] != 0 { length += 1 }
      let bytes = UnsafeBufferPointer(start: raw, count: length).map { UInt8(bitPattern: $0) }
      let lenient = String(decoding: bytes, as: UTF8.self)
      guard lenient == argument, String(validating: bytes, as: UTF8.self) == nil else { continue }
      return escapingNonASCII(bytes)
    }
    return argument
  }

  /// ASCII bytes as they are, every other byte as `%XX`.
  static func escapingNonASCII(_ bytes: [UInt8]) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var escaped: [UInt8] = []
    escaped.reserveCapacity(bytes.count)
    for byte in bytes {
      if byte < 0x80 {
        escaped.append(byte)
      } else {
        escaped += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      }
    }
    return String(decoding: escaped, as: UTF8.self)
  }
}
