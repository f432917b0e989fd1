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

  /// The text of ``rendered(pretty:)`` handed to `sink` in pieces of about
  /// ``OutputPieces/size`` bytes, with the array at `path` (whatever this value holds there)
  /// written from `count` elements that `element` makes one at a time: a document of a million
  /// diagnostics never holds them all as values, nor all of its text.
  func write(
    pretty: Bool, streaming path: [JSONPathStep], count: Int, element: (Int) -> JSONValue,
    to sink: (String) -> Void
  ) {
    // The writer keeps both only for this call.
    withoutActuallyEscaping(sink) { sink in
      withoutActuallyEscaping(element) { element in
        var writer = JSONWriter(pretty: pretty)
        writer.sink = sink
        writer.write(
          self, depth: 0, streamed: JSONWriter.Streamed(path: path[...], count: count, element: element))
        assert(writer.wroteStreamed, "the document has no value at \(path)")
        writer.flush()
      }
    }
  }
}

/// A step of the way from a document's root to one of its values.
enum JSONPathStep: Equatable {
  case key(String)
  case index(Int)
}

/// Writes a ``JSONValue`` as UTF-8 into one growing buffer, or, with a sink, in pieces.
private struct JSONWriter {
  /// An array written from elements made one at a time, in place of the value at `path`.
  struct Streamed {
    var path: ArraySlice<JSONPathStep>
    let count: Int
    let element: (Int) -> JSONValue

    /// The rest of the way from a child at `step`, when the array is below it.
    func below(_ step: JSONPathStep) -> Streamed? {
      guard path.first == step else { return nil }
      var rest = self
      rest.path = path.dropFirst()
      return rest
    }
  }

  let pretty: Bool
  var bytes: [UInt8] = []
  /// Where the text goes once a piece is complete; `nil` to keep it all in ``bytes``.
  var sink: ((String) -> Void)?
  /// The streamed array was found at its path and written.
  var wroteStreamed = false

  init(pretty: Bool) {
    self.pretty = pretty
    bytes.reserveCapacity(256)
  }

  /// Hands what is written so far to the sink.
  mutating func flush() {
    guard let sink, !bytes.isEmpty else { return }
    sink(String(decoding: bytes, as: UTF8.self))
    bytes.removeAll(keepingCapacity: true)
  }

  mutating func write(_ value: JSONValue, depth: Int, streamed: Streamed? = nil) {
    if let streamed, streamed.path.isEmpty {
      wroteStreamed = true
      writeItems(count: streamed.count, depth: depth) { writer, index in
        writer.write(streamed.element(index), depth: depth + 1)
      }
      return
    }
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
        write(members[index].1, depth: depth + 1, streamed: streamed?.below(.key(members[index].0)))
      }
      newline(depth: depth)
      bytes.append(UInt8(ascii: "}"))
    case .array(let items):
      writeItems(count: items.count, depth: depth) { writer, index in
        writer.write(items[index], depth: depth + 1, streamed: streamed?.below(.index(index)))
      }
    case .string(let text): appendString(text)
    case .int(let number): append(String(number))
    // Finite doubles in Swift's shortest round-trip form; JSON has no NaN or infinity.
    case .double(let number): append(number.isFinite ? "\(number)" : "null")
    case .bool(let flag): append(flag ? "true" : "false")
    case .null: append("null")
    }
  }

  /// `[`, each item on a line of its own written by `item`, `]`; `[]` for none. With a sink, a
  /// piece that has grown to ``OutputPieces/size`` goes to it after an item.
  private mutating func writeItems(count: Int, depth: Int, _ item: (inout JSONWriter, Int) -> Void) {
    guard count > 0 else {
      append("[]")
      return
    }
    bytes.append(UInt8(ascii: "["))
    for index in 0..<count {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      newline(depth: depth + 1)
      item(&self, index)
      if sink != nil, bytes.count >= OutputPieces.size { flush() }
    }
    newline(depth: depth)
    bytes.append(UInt8(ascii: "]"))
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
