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

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.utf8() == rhs.utf8() }
  public func hash(into hasher: inout Hasher) { hasher.combine(utf8()) }

  /// The JSON text: compact on one line, or indented by two spaces when `pretty`.
  public func rendered(pretty: Bool = false) -> String {
    String(decoding: utf8(pretty: pretty), as: UTF8.self)
  }

  /// The JSON text as UTF-8 bytes, for output that is written rather than kept as a string
  /// (a language server's messages run to megabytes).
  public func utf8(pretty: Bool = false) -> [UInt8] {
    var writer = JSONWriter(pretty: pretty)
    writer.write(self, depth: 0)
    return writer.bytes
  }
}

/// Writes a ``JSONValue`` as UTF-8 into one growing buffer.
private struct JSONWriter {
  let pretty: Bool
  var bytes: [UInt8] = []

  init(pretty: Bool) {
    self.pretty = pretty
    bytes.reserveCapacity(256)
  }

  mutating func write(_ value: JSONValue, depth: Int) {
    switch value {
    case .object(let members):
      guard !members.isEmpty else {
        append("{}")
        return
      }
      bytes.append(UInt8(ascii: "{"))
      for index in members.indices {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        newline(depth: depth + 1)
        appendString(members[index].0)
        append(pretty ? ": " : ":")
        write(members[index].1, depth: depth + 1)
      }
      newline(depth: depth)
      bytes.append(UInt8(ascii: "}"))
    case .array(let items):
      guard !items.isEmpty else {
        append("[]")
        return
      }
      bytes.append(UInt8(ascii: "["))
      for index in items.indices {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        newline(depth: depth + 1)
        write(items[index], depth: depth + 1)
      }
      newline(depth: depth)
      bytes.append(UInt8(ascii: "]"))
    case .string(let text): appendString(text)
    case .int(let number): append(String(number))
    // Finite doubles in Swift's shortest round-trip form; JSON has no NaN or infinity.
    case .double(let number): append(number.isFinite ? "\(number)" : "null")
    case .bool(let flag): append(flag ? "true" : "false")
    case .null: append("null")
    }
  }

  private mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  private mutating func newline(depth: Int) {
    guard pretty else { return }
    bytes.append(0x0A)
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
  }

  /// A JSON string literal (RFC 8259 escaping; non-ASCII stays UTF-8). Runs of text that need
  /// no escape are copied whole.
  private mutating func appendString(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      var runStart = 0
      for index in 0..<utf8.count {
        let byte = utf8[index]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        switch byte {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case 0x0A: append("\\n")
        case 0x0D: append("\\r")
        case 0x09: append("\\t")
        default:
          let hex = String(byte, radix: 16, uppercase: true)
          append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
        }
        runStart = index + 1
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
