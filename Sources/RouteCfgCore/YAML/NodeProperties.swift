extension SourceText {
  /// Where a node's content starts, when libyaml's mark for it is at its properties: an anchor
  /// (`&name`) or a tag (`!!str`, `!<tag:x>`), each followed by spaces, line breaks or comments.
  /// Diagnostics, fix-its and positions inside a value count from its content (`"var x: Int"`
  /// in `A: &body "var x: Int"`), not from its anchor. `limit` is the byte offset the content
  /// cannot pass (the node's end); when nothing but properties lies before it (an empty
  /// scalar), the node starts at its properties. Also returns where the tag is written, if any.
  func contentStart(afterPropertiesAt start: TextPoint, limit: Int) -> (
    content: TextPoint, tag: Range<TextPoint>?
  ) {
    let limit = min(limit, bytes.count)
    var offset = byteOffset(line: start.line, column: start.column)
    var tag: Range<TextPoint>?
    while offset < limit, bytes[offset] == UInt8(ascii: "&") || bytes[offset] == UInt8(ascii: "!") {
      let end = Self.propertyEnd(in: bytes, from: offset, limit: limit)
      if bytes[offset] == UInt8(ascii: "!") { tag = point(atByteOffset: offset)..<point(atByteOffset: end) }
      offset = Self.separationEnd(in: bytes, from: end, limit: limit)
    }
    return (offset < limit ? point(atByteOffset: offset) : start, tag)
  }

  /// One past an anchor or tag that starts at `offset`.
  private static func propertyEnd(in bytes: [UInt8], from offset: Int, limit: Int) -> Int {
    var offset = offset + 1
    if bytes[offset - 1] == UInt8(ascii: "!"), offset < limit, bytes[offset] == UInt8(ascii: "<") {
      // A verbatim tag runs to its '>'.
      while offset < limit, bytes[offset] != UInt8(ascii: ">") { offset += 1 }
      return min(offset + 1, limit)
    }
    while offset < limit {
      switch bytes[offset] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "["),
        UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
        return offset
      default: offset += 1
      }
    }
    return offset
  }

  /// One past the spaces, tabs, line breaks and comments that follow a property.
  private static func separationEnd(in bytes: [UInt8], from offset: Int, limit: Int) -> Int {
    var offset = offset
    while offset < limit {
      switch bytes[offset] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0A, 0x0D: offset += 1
      case UInt8(ascii: "#"):
        while offset < limit, bytes[offset] != 0x0A, bytes[offset] != 0x0D { offset += 1 }
      default: return offset
      }
    }
    return offset
  }
}
