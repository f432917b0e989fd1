/// Converts between `file:` URIs (RFC 8089, percent-encoded) and paths.
enum DocumentURI {
  /// The path of a `file:` URI (`file:///a/b.yaml`, `file://localhost/a/b.yaml`, and
  /// `file:/a/b.yaml` without an authority, as RFC 8089 allows and Eclipse's LSP4E writes); `nil`
  /// for other schemes (`untitled:`) and for hosts other than `localhost`.
  static func path(of uri: String) -> String? {
    guard uri.prefix(5).lowercased() == "file:" else { return nil }
    var rest = uri.dropFirst(5)
    if rest.hasPrefix("//") {
      // An authority, empty or `localhost`, then the path.
      rest = rest.dropFirst(2)
      if !rest.hasPrefix("/") {
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        let host = rest[..<slash].lowercased()
        guard host == "localhost" else { return nil }
        rest = rest[slash...]
      }
    } else if !rest.hasPrefix("/") {
      return nil
    }
    let withoutQuery = rest.prefix { $0 != "?" && $0 != "#" }
    guard let decoded = percentDecoded(String(withoutQuery)) else { return nil }
    return decoded
  }

  /// The `file:` URI of an absolute path, with everything but unreserved characters and `/`
  /// percent-encoded (as VS Code writes them).
  static func fileURI(path: String) -> String {
    var text = "file://"
    for byte in path.utf8 {
      if isUnreserved(byte) || byte == UInt8(ascii: "/") {
        text.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        text.unicodeScalars.append("%")
        text.unicodeScalars.append(Unicode.Scalar(hexDigits[Int(byte >> 4)]))
        text.unicodeScalars.append(Unicode.Scalar(hexDigits[Int(byte & 0xF)]))
      }
    }
    return text
  }

  /// A path with `.` and `..` segments and repeated slashes removed, without touching the file
  /// system (symbolic links stay as written).
  static func normalized(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      switch part {
      case ".": continue
      case "..": if !parts.isEmpty { parts.removeLast() }
      default: parts.append(part)
      }
    }
    return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
  }

  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
      UInt8(ascii: "~"):
      return true
    default: return false
    }
  }

  private static let hexDigits = Array("0123456789ABCDEF".utf8)

  private static func percentDecoded(_ text: String) -> String? {
    var bytes: [UInt8] = []
    var iterator = Array(text.utf8)[...]
    while let byte = iterator.popFirst() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard let high = iterator.popFirst().flatMap(hexValue), let low = iterator.popFirst().flatMap(hexValue)
      else { return nil }
      bytes.append(high << 4 | low)
    }
    guard !bytes.contains(0) else { return nil }
    return String(validating: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
