/// A node as ``YAMLDocument`` stores it: 32 bytes, where ``YAMLNode`` takes 40. The tree is
/// the largest thing alive when decoding ends, where memory peaks (about a million nodes at
/// 20,000 modules).
///
/// The kind, the style and the end share one word (``layout``): the end as the lines it is
/// after the start and its column. An end that does not fit (``FarEnds/lineSpan`` lines or
/// more after the start, as a list, mapping or block scalar of many lines has; at
/// ``FarEnds/columnLimit`` or past it; or before the start) is kept aside in the document's
/// ``FarEnds``.
struct PackedYAMLNode: Sendable {
  /// ``YAMLNode/value``.
  var value: String
  /// ``YAMLNode/start``.
  let start: TextPoint
  /// ``YAMLNode/print``.
  let print: UInt32
  /// The kind (bits 30–31), the style (27–29), the end's line minus the start's (20–26; all
  /// set when the end is far) and the end's column (0–19).
  private let layout: UInt32

  private static let lineShift: UInt32 = 20
  private static let farLines: UInt32 = 0x7F

  /// A node of the fields of ``YAMLNode``; when its end does not fit (``hasFarEnd``), the
  /// caller keeps it in ``FarEnds``.
  init(kind: YAMLNode.Kind, style: YAMLStyle, start: TextPoint, end: TextPoint, print: UInt32, value: String)
  {
    self.value = value
    self.start = start
    self.print = print
    let lines = Int64(end.line) - Int64(start.line)
    let fits = 0..<Int64(FarEnds.lineSpan) ~= lines && 0..<FarEnds.columnLimit ~= end.column
    let packedEnd =
      fits ? UInt32(lines) << Self.lineShift | UInt32(end.column) : Self.farLines << Self.lineShift
    layout = UInt32(kind.rawValue) << 30 | UInt32(style.rawValue) << 27 | packedEnd
  }

  var kind: YAMLNode.Kind { YAMLNode.Kind(rawValue: UInt8(layout >> 30)) ?? .scalar }
  var style: YAMLStyle { YAMLStyle(rawValue: UInt8(layout >> 27 & 0x7)) ?? .plain }

  /// `true` when the end is kept in ``FarEnds``.
  var hasFarEnd: Bool { layout >> Self.lineShift & Self.farLines == Self.farLines }

  /// The end, when it is kept here.
  private var nearEnd: TextPoint {
    TextPoint(
      line: start.line &+ Int32(layout >> Self.lineShift & Self.farLines),
      column: Int32(layout & (1 << Self.lineShift - 1)))
  }

  /// The end: ``nearEnd``, or the one `farEnds` keeps for the node at `index`.
  func end(index: Int32, farEnds: FarEnds) -> TextPoint {
    hasFarEnd ? farEnds.end(of: index) ?? start : nearEnd
  }

  /// Where a collection's children are listed in ``YAMLDocument``'s child list: their number,
  /// then the children (items of a sequence, or keys and values alternating of a mapping).
  var childList: Int { Int(print) }
  /// `true` for a plain `<<` (a merge key where it is a mapping's key).
  var isPlainMergeKey: Bool { print == YAMLNode.mergeKeyPrint && style == .plain }
  /// `true` for a list or mapping, or a plain `<<`: a mapping key no manifest can use.
  var isUnusableKey: Bool { print & YAMLNode.scalarPrintBit == 0 || isPlainMergeKey }
}

/// The ends of the nodes whose end does not fit in their ``PackedYAMLNode``, by node: the
/// lists, mappings and block scalars that span many lines (a file's top-level sections), few
/// in most files.
struct FarEnds: Sendable {
  /// Ends this many lines or more after their start are far.
  static let lineSpan: Int32 = 0x7F
  /// Ends at this column or past it are far.
  static let columnLimit: Int32 = 1 << 20

  private var ends = NodeOrderedValues<TextPoint>()

  mutating func append(_ end: TextPoint, of node: Int32) { ends.set(end, for: node) }

  /// The end of `node`, if it is kept here.
  func end(of node: Int32) -> TextPoint? { ends[node] }
}

extension YAMLNode {
  /// The node `packed` stands for, whose far end (if it has one) `farEnds` holds.
  init(_ packed: PackedYAMLNode, index: Int32, farEnds: FarEnds) {
    self.init(
      kind: packed.kind, style: packed.style, start: packed.start,
      end: packed.end(index: index, farEnds: farEnds), print: packed.print, value: packed.value)
  }
}
