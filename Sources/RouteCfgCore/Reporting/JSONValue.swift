/// A JSON value whose objects keep their keys in the order written, rendered without
/// Foundation so output is stable and matches the documented shapes key for key.
public indirect enum JSONValue: Sendable, Hashable {
  case object([(String, JSONValue)])
  case array([JSONValue])
  case string(String)
  case int(Int)
  case double(Double)
  case bool(Bool)
  case null

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.rendered() == rhs.rendered() }
  public func hash(into hasher: inout Hasher) { hasher.combine(rendered()) }

  /// The JSON text: compact on one line, or indented by two spaces when `pretty`.
  public func rendered(pretty: Bool = false) -> String {
    var text = ""
    write(to: &text, pretty: pretty, depth: 0)
    return text
  }

  private func write(to text: inout String, pretty: Bool, depth: Int) {
    switch self {
    case .object(let members):
      guard !members.isEmpty else {
        text += "{}"
        return
      }
      text += "{"
      for (position, (key, value)) in members.enumerated() {
        if position > 0 { text += "," }
        newline(&text, pretty: pretty, depth: depth + 1)
        Self.appendString(key, to: &text)
        text += pretty ? ": " : ":"
        value.write(to: &text, pretty: pretty, depth: depth + 1)
      }
      newline(&text, pretty: pretty, depth: depth)
      text += "}"
    case .array(let items):
      guard !items.isEmpty else {
        text += "[]"
        return
      }
      text += "["
      for (position, item) in items.enumerated() {
        if position > 0 { text += "," }
        newline(&text, pretty: pretty, depth: depth + 1)
        item.write(to: &text, pretty: pretty, depth: depth + 1)
      }
      newline(&text, pretty: pretty, depth: depth)
      text += "]"
    case .string(let value): Self.appendString(value, to: &text)
    case .int(let value): text += String(value)
    case .double(let value): text += Self.number(value)
    case .bool(let value): text += value ? "true" : "false"
    case .null: text += "null"
    }
  }

  private func newline(_ text: inout String, pretty: Bool, depth: Int) {
    guard pretty else { return }
    text += "\n" + String(repeating: "  ", count: depth)
  }

  /// Finite doubles in Swift's shortest round-trip form; JSON has no NaN or infinity.
  private static func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    return "\(value)"
  }

  /// Appends a JSON string literal (RFC 8259 escaping; non-ASCII stays UTF-8). Runs of text that
  /// need no escape are appended whole.
  static func appendString(_ value: String, to text: inout String) {
    text += "\""
    let utf8 = value.utf8
    var runStart = utf8.startIndex
    var index = runStart
    while index != utf8.endIndex {
      let byte = utf8[index]
      if byte < 0x20 || byte == 0x22 || byte == 0x5C {
        // Escaped bytes are ASCII, so both ends of the run are character boundaries.
        text += value[runStart..<index]
        switch byte {
        case 0x22: text += "\\\""
        case 0x5C: text += "\\\\"
        case 0x0A: text += "\\n"
        case 0x0D: text += "\\r"
        case 0x09: text += "\\t"
        default:
          let hex = String(byte, radix: 16, uppercase: true)
          text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        runStart = utf8.index(after: index)
      }
      index = utf8.index(after: index)
    }
    text += value[runStart..<utf8.endIndex]
    text += "\""
  }

}
