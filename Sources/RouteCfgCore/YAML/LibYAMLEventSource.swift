import CYAML

/// Runs libyaml's event parser over a file and hands the events on in batches.
enum LibYAMLEventSource {
  /// Events per batch once batches have grown (``firstBatchSize``): large enough that handing a
  /// batch over costs nothing noticeable.
  static let batchSize = 4_096
  /// Events in the first batch; each next one is twice as large, up to ``batchSize``. The
  /// thread building the tree waits for the first batch, so a small one lets it start sooner.
  static let firstBatchSize = 256

  /// Parses `source` and calls `deliver` with each batch, in order, until the stream ends, libyaml
  /// fails, or `deliver` returns `false`.
  static func parse(_ source: SourceText, file: SourceFileID, deliver: (YAMLEventBatch) -> Bool) {
    let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
    defer { parser.deallocate() }
    guard yaml_parser_initialize(parser) == 1 else {
      let failure = Diagnostic(.yamlSyntax, "libyaml could not start (out of memory)", at: .startOf(file))
      _ = deliver(YAMLEventBatch(events: [], text: [], failure: failure))
      return
    }
    defer { yaml_parser_delete(parser) }
    yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
    let bytes = source.bytes.isEmpty ? [UInt8(0)] : source.bytes
    let length = source.bytes.count
    bytes.withUnsafeBufferPointer { buffer in
      yaml_parser_set_input_string(parser, buffer.baseAddress, length)
      var collector = BatchCollector(marks: LibYAMLMarks(source))
      var event = yaml_event_t()
      var limit = firstBatchSize
      while true {
        guard yaml_parser_parse(parser, &event) == 1 else {
          let failure = LibYAMLErrors.diagnostic(for: parser.pointee, source: source, file: file)
          _ = deliver(collector.take(failure: failure))
          return
        }
        let ended = event.type == YAML_STREAM_END_EVENT
        collector.add(event)
        yaml_event_delete(&event)
        if ended {
          _ = deliver(collector.take(failure: nil))
          return
        }
        if collector.count >= limit {
          guard deliver(collector.take(failure: nil)) else { return }
          limit = min(2 * limit, batchSize)
        }
      }
    }
  }
}

/// Copies libyaml events into a batch.
///
/// The events' text (scalar values, anchors, tags) is gathered in a buffer of its own and copied
/// into the batch's array once per batch: appending each scalar to an array checked the array's
/// uniqueness and capacity each time, several times the cost of copying a short scalar.
private struct BatchCollector: ~Copyable {
  var events: [YAMLEvent] = []
  private var text = SwiftMoveBuffer<UInt8>(capacity: LibYAMLEventSource.batchSize * 24)

  private let marks: LibYAMLMarks

  init(marks: LibYAMLMarks) {
    self.marks = marks
    events.reserveCapacity(LibYAMLEventSource.batchSize)
  }

  deinit {
    var buffer = text
    buffer.deallocate()
  }

  var count: Int { events.count }

  mutating func take(failure: Diagnostic?) -> YAMLEventBatch {
    let bytes = [UInt8](UnsafeBufferPointer(start: text.base, count: text.count))
    let batch = YAMLEventBatch(events: events, text: bytes, failure: failure)
    events = []
    events.reserveCapacity(LibYAMLEventSource.batchSize)
    text.removeAll(from: 0)
    return batch
  }

  mutating func add(_ event: yaml_event_t) {
    var copy = YAMLEvent(
      kind: .streamEnd, style: .plain, start: marks.point(event.start_mark), end: marks.point(event.end_mark))
    switch event.type {
    case YAML_STREAM_END_EVENT: copy.kind = .streamEnd
    case YAML_DOCUMENT_START_EVENT: copy.kind = .documentStart
    case YAML_SCALAR_EVENT:
      let scalar = event.data.scalar
      copy.kind = .scalar
      copy.style = Self.style(of: scalar.style)
      if let pointer = scalar.value {
        copy.value = append(UnsafeBufferPointer(start: pointer, count: scalar.length))
      }
      copy.anchor = appendCString(scalar.anchor)
      copy.tag = appendCString(scalar.tag)
    case YAML_SEQUENCE_START_EVENT:
      let start = event.data.sequence_start
      copy.kind = .sequenceStart
      copy.style = start.style == YAML_FLOW_SEQUENCE_STYLE ? .flow : .block
      copy.anchor = appendCString(start.anchor)
      copy.tag = appendCString(start.tag)
    case YAML_MAPPING_START_EVENT:
      let start = event.data.mapping_start
      copy.kind = .mappingStart
      copy.style = start.style == YAML_FLOW_MAPPING_STYLE ? .flow : .block
      copy.anchor = appendCString(start.anchor)
      copy.tag = appendCString(start.tag)
    case YAML_SEQUENCE_END_EVENT: copy.kind = .sequenceEnd
    case YAML_MAPPING_END_EVENT: copy.kind = .mappingEnd
    case YAML_ALIAS_EVENT:
      copy.kind = .alias
      copy.value = appendCString(event.data.alias.anchor) ?? 0..<0
    default:
      // Stream start and document end carry nothing the reader needs.
      return
    }
    events.append(copy)
  }

  private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int32> {
    let start = text.count
    text.append(contentsOf: bytes)
    return Int32(truncatingIfNeeded: start)..<Int32(truncatingIfNeeded: text.count)
  }

  // Inlined: an event without an anchor or a tag, nearly every one, costs a test.
  @inline(__always)
  private mutating func appendCString(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> Range<Int32>? {
    guard let pointer else { return nil }
    var length = 0
    while pointer[length] != 0 { length += 1 }
    return append(UnsafeBufferPointer(start: pointer, count: length))
  }

  private static func style(of style: yaml_scalar_style_t) -> YAMLStyle {
    switch style {
    case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
    case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
    case YAML_LITERAL_SCALAR_STYLE: return .literal
    case YAML_FOLDED_SCALAR_STYLE: return .folded
    default: return .plain
    }
  }
}
