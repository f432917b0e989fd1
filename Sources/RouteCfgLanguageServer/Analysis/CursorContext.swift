/// One step of the path from a manifest's root to a place in it.
enum PathStep: Sendable, Hashable {
  case key(String)
  /// An item of a sequence.
  case item
}

/// Where a position is in a manifest's YAML, read from the text alone so that it works on text
/// being typed that does not parse: the path of keys and items leading to it and what is being
/// written there. Block style is read by indentation, flow style (`{a: [b, c]}`) within a line.
struct CursorContext: Sendable {
  enum Slot: Sendable, Hashable {
    /// A key of the mapping at `path`.
    case key
    /// The value of `path`'s last key, or an item of the sequence at `path` (ending in `.item`).
    case value
    /// A line inside the block scalar (`|`) that is the value of `path`.
    case blockScalar
  }

  let path: [PathStep]
  let slot: Slot
  /// The text from the start of the scalar being written to the cursor (quotes left out).
  let prefix: String
  /// Byte offsets, in the whole text, of the scalar being written: from its start to its end
  /// after the cursor.
  let tokenRange: Range<Int>
  /// The offset of the cursor.
  let cursor: Int
  /// `true` inside a flow collection (`{kind: vi}`), where a `#` right after a word is part of it.
  let inFlow: Bool
  /// Known scalar values of the mappings that hold the keys of `path`, by the key's index in
  /// `path` (read lazily from the text for block mappings).
  private let flowScalars: [Int: [String: String]]
  private let blockAnchors: [Int: BlockAnchor]
  /// The mapping the cursor is in (for `.key`): where its keys are.
  private let ownAnchor: BlockAnchor?
  private let ownFlowKeys: [String]
  private let ownList: OwnList
  private let text: [UInt8]
  private let lines: LineIndex

  /// Where a block mapping's keys are: a line holding one of them and their column.
  struct BlockAnchor: Sendable {
    let line: Int
    let column: Int
  }

  /// Where the other items of the sequence that holds the cursor's item are written.
  struct OwnList: Sendable {
    /// In block style: the line of the cursor's item and the column of its dash.
    var blockItem: BlockAnchor?
    /// In flow style: the scalar items before the cursor's.
    var flowItemsBefore: [String] = []
    /// In flow style: where the text after the cursor's item starts, and the column the lines of
    /// the flow collection are indented past.
    var flowRest: (start: Int, parentColumn: Int)?
  }

  /// The context at a byte offset; `nil` inside a comment. A byte-order mark and a `---` before
  /// the root's content on its line are read as spaces (``CursorText``).
  static func at(offset: Int, in text: [UInt8], lines: LineIndex) -> CursorContext? {
    CursorAnalyzer(text: CursorText.masked(text), lines: lines, offset: offset).analyze()
  }

  init(
    path: [PathStep], slot: Slot, prefix: String, tokenRange: Range<Int>, cursor: Int,
    flowScalars: [Int: [String: String]], blockAnchors: [Int: BlockAnchor], ownAnchor: BlockAnchor?,
    ownFlowKeys: [String], ownList: OwnList = OwnList(), text: [UInt8], lines: LineIndex,
    inFlow: Bool = false
  ) {
    self.path = path
    self.slot = slot
    self.prefix = prefix
    self.tokenRange = tokenRange
    self.cursor = cursor
    self.inFlow = inFlow
    self.flowScalars = flowScalars
    self.blockAnchors = blockAnchors
    self.ownAnchor = ownAnchor
    self.ownFlowKeys = ownFlowKeys
    self.ownList = ownList
    self.text = text
    self.lines = lines
  }

  /// The scalar values written beside the key `path[index]` in its mapping (`adapt` and `to`
  /// beside `map`).
  func siblingScalars(ofKeyAt index: Int) -> [String: String] {
    if let scalars = flowScalars[index] { return scalars }
    guard let anchor = blockAnchors[index] else { return [:] }
    return BlockMappingScanner(text: text, lines: lines).scalars(at: anchor)
  }

  /// The keys already written in the mapping that holds the cursor, on other lines than the
  /// cursor's (or before it in a flow mapping).
  var existingKeys: Set<String> {
    var keys = Set(ownFlowKeys)
    if let ownAnchor {
      keys.formUnion(
        BlockMappingScanner(text: text, lines: lines).scalars(
          at: ownAnchor, keysOnly: true, skippingAnchor: true
        )
        .keys)
    }
    return keys
  }

  /// The scalar items already written in the sequence the cursor is at an item of (`.value` with
  /// a path ending in `.item`), but the cursor's own: the lines of a block sequence, or a flow
  /// sequence from where it opens to where it closes. Only that sequence is read.
  var existingItems: Set<String> {
    var items = Set(ownList.flowItemsBefore)
    if let rest = ownList.flowRest {
      items.formUnion(
        CursorAnalyzer.flowEntries(in: text, lines: lines, after: rest.start, parentColumn: rest.parentColumn)
      )
    }
    if let anchor = ownList.blockItem {
      items.formUnion(BlockMappingScanner(text: text, lines: lines).sequenceItems(at: anchor))
    }
    return items
  }
}

/// Reads the keys of one block mapping around a line.
struct BlockMappingScanner {
  let text: [UInt8]
  let lines: LineIndex
  /// Lines scanned at most in each direction.
  static let reach = 5_000

  /// The keys written at the anchor's column in its mapping, with their scalar values (empty
  /// for values that are collections, blocks or nothing).
  func scalars(at anchor: CursorContext.BlockAnchor, keysOnly: Bool = false, skippingAnchor: Bool = false)
    -> [String: String]
  {
    var result: [String: String] = [:]
    let column = anchor.column
    func take(_ line: Int, _ shape: LineShape) {
      guard let key = shape.key, key.column == column, !(skippingAnchor && line == anchor.line) else {
        return
      }
      result[key.name] = keysOnly ? "" : value(line, shape)
    }
    // The anchor line and the lines above it, up to the mapping's start.
    var line = anchor.line
    var steps = 0
    while line >= 0, steps < Self.reach {
      let shape = LineShape(slice(line))
      if !shape.isBlank, !shape.isComment {
        if shape.firstTokenColumn < column {
          take(line, shape)
          break
        }
        if shape.firstTokenColumn == column { take(line, shape) }
      }
      line -= 1
      steps += 1
    }
    line = anchor.line + 1
    steps = 0
    while line < lines.lineCount, steps < Self.reach {
      let shape = LineShape(slice(line))
      if !shape.isBlank, !shape.isComment {
        if shape.firstTokenColumn < column { break }
        if shape.firstTokenColumn == column, shape.dashes.isEmpty { take(line, shape) }
      }
      line += 1
      steps += 1
    }
    return result
  }

  /// The plain or quoted scalar items of the block sequence whose dashes are at the anchor's
  /// column, but the anchor's own line (items that are collections, and nested sequences, are
  /// left out).
  func sequenceItems(at anchor: CursorContext.BlockAnchor) -> [String] {
    var items: [String] = []
    let column = anchor.column
    /// Takes a line's item; `false` at a line that ends the sequence.
    func take(_ line: Int) -> Bool {
      let shape = LineShape(slice(line))
      if shape.isBlank || shape.isComment || shape.firstTokenColumn > column { return true }
      guard shape.firstTokenColumn == column, !shape.dashes.isEmpty else { return false }
      if shape.dashes.count == 1, shape.key == nil {
        let item = value(line, shape)
        if !item.isEmpty { items.append(item) }
      }
      return true
    }
    var line = anchor.line - 1
    while line >= 0, anchor.line - line <= Self.reach, take(line) { line -= 1 }
    line = anchor.line + 1
    while line < lines.lineCount, line - anchor.line <= Self.reach, take(line) { line += 1 }
    return items
  }

  func slice(_ line: Int) -> ArraySlice<UInt8> { text[lines.contentRange(ofLine: line, in: text)] }

  /// A plain or quoted scalar value written on the key's line, without its comment.
  private func value(_ line: Int, _ shape: LineShape) -> String {
    let bytes = slice(line)
    var value = bytes[(bytes.startIndex + shape.contentColumn)...]
    guard let first = value.first, !"[{|>&*!#".utf8.contains(first) else { return "" }
    if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
      value = value.dropFirst()
      if let close = value.firstIndex(of: first) { value = value[..<close] }
      return String(decoding: value, as: UTF8.self)
    }
    if let comment = CursorAnalyzer.commentStart(in: value) { value = value[..<comment] }
    while let last = value.last, last == 0x20 { value = value.dropLast() }
    return String(decoding: value, as: UTF8.self)
  }
}
