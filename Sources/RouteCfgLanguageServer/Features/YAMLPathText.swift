/// A file path as an `include` entry writes it, and the paths a manifest's text writes.
enum YAMLPathText {
  /// `path` as YAML text: as it is when it reads back as itself as a plain scalar, else in
  /// double quotes (`"x #1.yaml"`, `"a: b.yaml"`); inside quotes already, with that quote's
  /// escapes only.
  static func written(_ path: String, insideQuote quote: UInt8?) -> String {
    switch quote {
    case UInt8(ascii: "'"): return path.replacing("'", with: "''")
    case UInt8(ascii: "\""): return escapedForDoubleQuotes(path)
    default: return isPlain(path) ? path : "\"" + escapedForDoubleQuotes(path) + "\""
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

  private static func escapedForDoubleQuotes(_ path: String) -> String {
    path.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
  }

  /// The text of every quoted string on a line (`"sub/x y.yaml"`, `'a''b.yaml'`) and of every
  /// block list item (`- sub/x y.yaml`), without a trailing comment: paths that hold spaces.
  static func phrases(in text: String) -> [String] {
    var found: [String] = []
    for line in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      if trimmed.hasPrefix("- ") {
        var item = trimmed.dropFirst(2)
        if let comment = item.firstRange(of: " #") { item = item[..<comment.lowerBound] }
        found.append(String(item.trimmingSuffix { $0 == " " || $0 == "\t" }))
      }
      var rest = line[...]
      while let open = rest.firstIndex(where: { $0 == "\"" || $0 == "'" }) {
        let quote = rest[open]
        let start = rest.index(after: open)
        guard let close = rest[start...].firstIndex(of: quote) else { break }
        let inner = String(rest[start..<close])
        found.append(quote == "'" ? inner.replacing("''", with: "'") : inner.replacing("\\\"", with: "\""))
        rest = rest[rest.index(after: close)...]
      }
    }
    return found
  }
}

extension Substring {
  fileprivate func trimmingSuffix(while predicate: (Character) -> Bool) -> Substring {
    var end = endIndex
    while end > startIndex, predicate(self[index(before: end)]) { end = index(before: end) }
    return self[startIndex..<end]
  }
}
