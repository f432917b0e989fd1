import RouteCfgCore

/// A file path as an `include` entry writes it, and the paths a manifest's text writes.
enum YAMLPathText {
  /// `path` as YAML text: as it is when it reads back as itself as a plain scalar, else in
  /// double quotes (`"x #1.yaml"`, `"a: b.yaml"`); inside quotes already, with that quote's
  /// escapes only.
  static func written(_ path: String, insideQuote quote: UInt8?) -> String {
    switch quote {
    case UInt8(ascii: "'"): return path.replacing("'", with: "''")
    case UInt8(ascii: "\""): return TextFormatter.escapedForDoubleQuotes(path)
    default: return isPlain(path) ? path : "\"" + TextFormatter.escapedForDoubleQuotes(path) + "\""
    }
  }

  /// Letters, digits and `._/-~+` (any non-ASCII text too), not starting with `-`: such a path
  /// reads as itself unquoted in block and flow style alike.
  static func isPlain(_ path: String) -> Bool {
    guard let first = path.utf8.first, first != UInt8(ascii: "-") else { return false }
    return path.utf8.allSatisfy { byte in
      byte >= 0x80 || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || "._/-~+".utf8.contains(byte)
    }
  }

  /// The text of every quoted string (`"sub/x y.yaml"`, `'it''s.yaml'`, escapes read) and of
  /// every plain list item, block or flow (`- sub/x y.yaml`, `[sub/x y.yaml, b.yaml]`), without
  /// a trailing comment: the paths a manifest's text writes, spaces and all.
  static func phrases(in text: String) -> [String] {
    var found: [String] = []
    for line in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
      let bytes = ArraySlice(Array(line.utf8))
      var index = bytes.startIndex
      while index < bytes.endIndex, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
      // After `- `, `[` or `,`, a plain item may start.
      var itemMayStart = false
      if index + 1 < bytes.endIndex, bytes[index] == UInt8(ascii: "-"), bytes[index + 1] == 0x20 {
        index += 2
        itemMayStart = true
      }
      while index < bytes.endIndex {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
          guard let close = CursorAnalyzer.closingQuote(byte, in: bytes, from: index + 1) else { break }
          found.append(unescaped(bytes[(index + 1)..<close], quote: byte))
          index = close + 1
          itemMayStart = false
        } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: ",") {
          index += 1
          itemMayStart = true
        } else if byte == 0x20 || byte == 0x09 {
          index += 1
        } else if byte == UInt8(ascii: "#"), index == bytes.startIndex || bytes[index - 1] == 0x20 {
          break
        } else if itemMayStart {
          var end = index
          while end < bytes.endIndex, bytes[end] != UInt8(ascii: ","), bytes[end] != UInt8(ascii: "]"),
            !(bytes[end] == UInt8(ascii: "#") && bytes[end - 1] == 0x20)
          {
            end += 1
          }
          var last = end
          while last > index, bytes[last - 1] == 0x20 || bytes[last - 1] == 0x09 { last -= 1 }
          found.append(String(decoding: bytes[index..<last], as: UTF8.self))
          index = end
          itemMayStart = false
        } else {
          index += 1
        }
      }
    }
    return found
  }

  /// A quoted scalar's text without its escapes: `''` in single quotes, `\"` and `\\` in
  /// double ones (other escapes are left as written: no path holds them).
  private static func unescaped(_ bytes: ArraySlice<UInt8>, quote: UInt8) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    guard quote == UInt8(ascii: "\"") else { return text.replacing("''", with: "'") }
    var result = ""
    var escaping = false
    for character in text {
      if escaping || character != "\\" {
        result.append(character)
        escaping = false
      } else {
        escaping = true
      }
    }
    return result
  }
}
