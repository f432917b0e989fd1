/// How the `character` of an LSP position counts: UTF-16 code units unless client and server
/// agree on another encoding at `initialize` (LSP 3.17 `positionEncoding`).
public enum PositionEncoding: String, Sendable, CaseIterable {
  case utf8 = "utf-8"
  case utf16 = "utf-16"
  case utf32 = "utf-32"

  /// The first encoding of the client's list (its order of preference) that the server speaks;
  /// UTF-16 when the client names none (the protocol's mandatory default).
  static func negotiate(_ offered: [String]?) -> PositionEncoding {
    for name in offered ?? [] {
      if let encoding = PositionEncoding(rawValue: name) { return encoding }
    }
    return .utf16
  }

  /// How many units of this encoding a UTF-8 sequence of `length` bytes counts.
  func units(forUTF8Length length: Int) -> Int {
    switch self {
    case .utf8: return length
    case .utf16: return length == 4 ? 2 : 1
    case .utf32: return 1
    }
  }
}

/// A zero-based line and character offset, as LSP counts them.
struct LSPPosition: Sendable, Hashable, Comparable {
  var line: Int
  var character: Int

  static func < (lhs: LSPPosition, rhs: LSPPosition) -> Bool {
    (lhs.line, lhs.character) < (rhs.line, rhs.character)
  }
}

/// A range between two positions, the end exclusive.
struct LSPRange: Sendable, Hashable {
  var start: LSPPosition
  var end: LSPPosition
}
