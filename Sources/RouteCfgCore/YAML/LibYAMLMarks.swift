import CYAML

/// Turns libyaml's marks (0-based line and column) into points of the text, for events and
/// errors alike. libyaml ends an unterminated last line before it marks the end of the stream,
/// one line past the text: such a mark is the end of the text.
struct LibYAMLMarks {
  private let source: SourceText
  /// `source.lineCount`, read once: every event has two marks.
  private let lineCount: Int

  init(_ source: SourceText) {
    self.source = source
    lineCount = source.lineCount
  }

  // Inlined: every event asks it twice, on the thread that runs libyaml.
  @inline(__always)
  func point(_ mark: yaml_mark_t) -> TextPoint {
    guard mark.line < lineCount else { return source.point(atByteOffset: source.bytes.count) }
    return TextPoint(line: Int32(clamping: mark.line + 1), column: Int32(clamping: mark.column + 1))
  }
}
