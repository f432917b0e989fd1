/// One libyaml event, copied out of libyaml's memory so that it can cross threads.
struct YAMLEvent: Sendable {
  enum Kind: UInt8, Sendable {
    case documentStart
    case scalar
    case sequenceStart
    case sequenceEnd
    case mappingStart
    case mappingEnd
    case alias
    case streamEnd
  }

  var kind: Kind
  var style: YAMLStyle
  var start: TextPoint
  var end: TextPoint
  /// The scalar's value or the alias's anchor name, as a range of the batch's `text`.
  var value: Range<Int32> = 0..<0
  /// The anchor (`&name`) defined on the node, if any.
  var anchor: Range<Int32>?
  /// The explicit tag of the node, if any.
  var tag: Range<Int32>?
}

/// Events in the order libyaml produced them, with the text of their values in one buffer.
/// The last batch of a stream ends with `streamEnd`, or carries the error that stopped libyaml.
final class YAMLEventBatch: Sendable {
  let events: [YAMLEvent]
  let text: [UInt8]
  /// The diagnostic for libyaml's error, when it stopped the stream in this batch.
  let failure: Diagnostic?

  init(events: [YAMLEvent], text: [UInt8], failure: Diagnostic?) {
    self.events = events
    self.text = text
    self.failure = failure
  }

  /// `true` for the stream's final batch.
  var isLast: Bool { failure != nil || events.last?.kind == .streamEnd }

  /// The text of a range as a String, shared with equal texts before it through `interner`.
  func string(_ range: Range<Int32>, interner: inout ScalarInterner) -> String {
    withBytes(range) { interner.string($0) }
  }

  /// A scalar's print for ``YAMLNode``: its length (modulo 128) and its first, second and last
  /// bytes, with the top bit set so that it is never 0 and never a collection's child list.
  /// Equal texts have equal prints.
  func print(_ range: Range<Int32>) -> UInt32 {
    let count = UInt32(truncatingIfNeeded: range.count)
    guard count > 0 else { return YAMLNode.scalarPrintBit }
    return text.withUnsafeBufferPointer { buffer in
      let first = UInt32(buffer[Int(range.lowerBound)])
      let second = count > 1 ? UInt32(buffer[Int(range.lowerBound) + 1]) : 0
      let last = UInt32(buffer[Int(range.upperBound) - 1])
      return YAMLNode.scalarPrintBit | (count & 0x7F) << 24 | first << 16 | second << 8 | last
    }
  }

  /// The text of a range as a String.
  func string(_ range: Range<Int32>) -> String {
    withBytes(range) { String(decoding: $0, as: UTF8.self) }
  }

  /// Calls `body` with the bytes of a range of `text`.
  private func withBytes<Result>(_ range: Range<Int32>, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
    -> Result
  {
    text.withUnsafeBufferPointer { buffer in
      body(UnsafeBufferPointer(rebasing: buffer[Int(range.lowerBound)..<Int(range.upperBound)]))
    }
  }
}
