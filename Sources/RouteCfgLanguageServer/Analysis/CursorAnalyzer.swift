/// Builds a ``CursorContext``: first whether the cursor is inside a block scalar, then the
/// cursor's own line (dashes, key, flow collections before the cursor), then its ancestors by
/// indentation.
struct CursorAnalyzer {
  let text: [UInt8]
  let lines: LineIndex
  let offset: Int

  /// Lines walked upwards at most when looking for ancestors.
  static let reach = 200_000

  func analyze() -> CursorContext? {
    let line = lines.line(ofOffset: offset)
    let range = lines.contentRange(ofLine: line, in: text)
    let cursorColumn = min(offset, range.upperBound) - range.lowerBound
    let bytes = text[range]
    let shape = LineShape(bytes)
    let beforeCursor = bytes[range.lowerBound..<(range.lowerBound + cursorColumn)]
    if Self.commentStart(in: beforeCursor) != nil { return nil }
    let blankBeforeCursor = beforeCursor.allSatisfy { $0 == 0x20 }
    // A directive (`%YAML 1.2`) or a document marker (`---`, `...`) is no place for a key or a
    // value; nor is the place right before an opening bracket, which an item would be written
    // over (before a closing one, an item goes in front of it).
    if bytes.first == UInt8(ascii: "%") || Self.isDocumentMarker(bytes) { return nil }
    if blankBeforeCursor, let next = bytes.dropFirst(cursorColumn).first,
      next == UInt8(ascii: "{") || next == UInt8(ascii: "[")
    {
      return nil
    }
    // Inside the indentation of a line that holds something: any word there would change the
    // line's indentation, take the place of the line's own key (a module's '    kind' made a
    // top-level key), or end a protocol body's block above the line.
    if blankBeforeCursor, cursorColumn < shape.indent, !shape.isBlank { return nil }

    // Inside a block scalar?
    let threshold = blankBeforeCursor ? cursorColumn : shape.indent
    if let header = blockScalarHeader(above: line, threshold: threshold) {
      var ancestry = ancestors(of: header.line, shape: header.shape)
      if let key = header.shape.key { ancestry.steps.append(.key(key.name)) }
      let token = identifierToken(in: bytes, cursorColumn: cursorColumn)
      return makeContext(ancestry, slot: .blockScalar, prefix: token.prefix, tokenRange: token.range)
    }

    // Inside a flow collection opened on a line above: read from where it opens.
    if let opening = flowOpening(
      above: line, beforeCursor: beforeCursor, indent: min(shape.indent, cursorColumn))
    {
      return flowContext(
        opening.ancestry, bytes: text[opening.start..<range.upperBound], from: 0,
        cursorColumn: range.lowerBound + cursorColumn - opening.start, parentColumn: opening.parentColumn)
    }

    // The cursor's own line.
    var ancestry: Ancestry
    if blankBeforeCursor {
      ancestry = ancestors(ofColumn: cursorColumn, line: line, startsWithDash: false)
      ancestry.ownAnchor = CursorContext.BlockAnchor(line: line, column: cursorColumn)
      let token = scalarToken(in: bytes, from: cursorColumn, cursorColumn: cursorColumn, stopAtColon: true)
      return makeContext(ancestry, slot: .key, prefix: "", tokenRange: token.range)
    }
    ancestry = ancestors(
      ofColumn: shape.firstTokenColumn, line: line, startsWithDash: !shape.dashes.isEmpty)
    for dash in shape.dashes where dash < cursorColumn { ancestry.steps.append(.item) }
    if let key = shape.key, cursorColumn > key.colon {
      // After 'key:': the value.
      ancestry.blockAnchors[ancestry.steps.count] = CursorContext.BlockAnchor(line: line, column: key.column)
      ancestry.steps.append(.key(key.name))
      let valueStart = min(shape.contentColumn, cursorColumn)
      let value = bytes[(range.lowerBound + valueStart)..<(range.lowerBound + cursorColumn)]
      if let first = value.first, first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {
        return flowContext(
          ancestry, bytes: bytes, from: valueStart, cursorColumn: cursorColumn,
          parentColumn: shape.firstTokenColumn)
      }
      let token = scalarToken(in: bytes, from: valueStart, cursorColumn: cursorColumn)
      return makeContext(ancestry, slot: .value, prefix: token.prefix, tokenRange: token.range)
    }
    if let key = shape.key, key.column <= cursorColumn {
      // Writing the key itself.
      ancestry.ownAnchor = CursorContext.BlockAnchor(line: line, column: key.column)
      let token = scalarToken(in: bytes, from: key.column, cursorColumn: cursorColumn, stopAtColon: true)
      return makeContext(ancestry, slot: .key, prefix: token.prefix, tokenRange: token.range)
    }
    let start = min(shape.contentColumn, cursorColumn)
    if let first = bytes.dropFirst(start).first, first == UInt8(ascii: "[") || first == UInt8(ascii: "{"),
      start < cursorColumn
    {
      return flowContext(
        ancestry, bytes: bytes, from: start, cursorColumn: cursorColumn,
        parentColumn: shape.dashes.isEmpty ? shape.indent - 1 : shape.firstTokenColumn)
    }
    let token = scalarToken(in: bytes, from: start, cursorColumn: cursorColumn)
    if shape.dashes.isEmpty {
      // A key being started (no colon yet).
      ancestry.ownAnchor = CursorContext.BlockAnchor(line: line, column: start)
      return makeContext(ancestry, slot: .key, prefix: token.prefix, tokenRange: token.range)
    }
    // After '- ': an item (a scalar, or the first key of a mapping item).
    ancestry.ownAnchor = CursorContext.BlockAnchor(line: line, column: start)
    if let dash = shape.dashes.last, dash < cursorColumn {
      ancestry.ownList.blockItem = CursorContext.BlockAnchor(line: line, column: dash)
    }
    return makeContext(ancestry, slot: .value, prefix: token.prefix, tokenRange: token.range)
  }

  // MARK: Ancestors

  /// The path down to a place and where each key's mapping is.
  struct Ancestry {
    var steps: [PathStep] = []
    var blockAnchors: [Int: CursorContext.BlockAnchor] = [:]
    var flowScalars: [Int: [String: String]] = [:]
    var ownAnchor: CursorContext.BlockAnchor?
    var ownFlowKeys: [String] = []
    var ownList = CursorContext.OwnList()
  }

  /// The ancestors of a line's structure that starts at `column`: the keys and items of the
  /// less indented lines above it.
  func ancestors(ofColumn column: Int, line: Int, startsWithDash: Bool) -> Ancestry {
    var reversed: [(PathStep, CursorContext.BlockAnchor?)] = []
    var threshold = column
    var dashAtThreshold = startsWithDash
    var current = line - 1
    var steps = 0
    while current >= 0, threshold > 0 || dashAtThreshold, steps < Self.reach {
      defer {
        current -= 1
        steps += 1
      }
      // Cheap indentation test first: most lines above are deeper.
      guard let (range, indent) = indentation(ofLine: current), indent <= threshold else { continue }
      let shape = LineShape(text[range])
      if shape.isComment { continue }
      let first = shape.firstTokenColumn
      // A sequence written at its key's own indentation ('key:' then '- item' below it).
      if dashAtThreshold, let key = shape.key, key.column == threshold, shape.dashes.isEmpty,
        shape.contentColumn >= range.count
      {
        reversed.append((.key(key.name), CursorContext.BlockAnchor(line: current, column: key.column)))
        dashAtThreshold = false
        continue
      }
      guard first < threshold else { continue }
      if let key = shape.key, key.column < threshold {
        reversed.append((.key(key.name), CursorContext.BlockAnchor(line: current, column: key.column)))
      }
      for dash in shape.dashes.reversed() where dash < threshold {
        reversed.append((.item, nil))
      }
      threshold = first
      dashAtThreshold = !shape.dashes.isEmpty
    }
    var ancestry = Ancestry()
    for (step, anchor) in reversed.reversed() {
      if let anchor { ancestry.blockAnchors[ancestry.steps.count] = anchor }
      ancestry.steps.append(step)
    }
    return ancestry
  }

  /// The ancestors of a block scalar's header line (its own key and dashes not included).
  private func ancestors(of line: Int, shape: LineShape) -> Ancestry {
    var ancestry = ancestors(
      ofColumn: shape.firstTokenColumn, line: line, startsWithDash: !shape.dashes.isEmpty)
    for _ in shape.dashes { ancestry.steps.append(.item) }
    if let key = shape.key {
      ancestry.blockAnchors[ancestry.steps.count] = CursorContext.BlockAnchor(line: line, column: key.column)
    }
    return ancestry
  }

  /// The header of the block scalar a line belongs to: the nearest less indented line above, if
  /// it ends with `|` or `>` (or, when it does not, the same question one level up).
  private func blockScalarHeader(above line: Int, threshold: Int) -> (line: Int, shape: LineShape)? {
    var threshold = threshold
    var current = line - 1
    var steps = 0
    while current >= 0, threshold > 0, steps < Self.reach {
      defer {
        current -= 1
        steps += 1
      }
      guard let (range, indent) = indentation(ofLine: current), indent < threshold else { continue }
      let shape = LineShape(text[range])
      if shape.isComment { continue }
      if shape.isBlockScalarHeader { return (current, shape) }
      // A structural line: the cursor is not in a block scalar.
      if shape.key != nil || !shape.dashes.isEmpty { return nil }
      threshold = indent
    }
    return nil
  }

  /// A line's byte range and its leading spaces; `nil` for a blank line.
  private func indentation(ofLine line: Int) -> (range: Range<Int>, indent: Int)? {
    let range = lines.contentRange(ofLine: line, in: text)
    var indent = 0
    while range.lowerBound + indent < range.upperBound, text[range.lowerBound + indent] == 0x20 {
      indent += 1
    }
    return range.lowerBound + indent == range.upperBound ? nil : (range, indent)
  }

  // MARK: Flow collections

  /// Where the flow collection that holds the cursor opens when that is on a line above
  /// (`{routes: [/a],` then `kind: vi}`, a list written an item a line, a manifest written as
  /// JSON): the value (or item) of the nearest line above with a `[` or `{` that nothing closes
  /// before the cursor, and that value's ancestry. `nil` when there is none, or when the cursor's
  /// line is not indented past that line's key or dash (`parentColumn`), as the lines of a flow
  /// collection are.
  private func flowOpening(above line: Int, beforeCursor: ArraySlice<UInt8>, indent: Int)
    -> (ancestry: Ancestry, start: Int, parentColumn: Int)?
  {
    var closings = 0
    /// Whether `bytes` hold a `[` or `{` that nothing after it closes; counts the `]` and `}`
    /// that close nothing after them.
    func opens(_ bytes: ArraySlice<UInt8>) -> Bool {
      var indicators: [UInt8] = []
      _ = Self.commentStart(in: bytes) { index in
        if "[{]}".utf8.contains(bytes[index]) { indicators.append(bytes[index]) }
      }
      var opens = false
      for indicator in indicators.reversed() {
        if indicator == UInt8(ascii: "]") || indicator == UInt8(ascii: "}") {
          closings += 1
        } else if closings > 0 {
          closings -= 1
        } else {
          opens = true
        }
      }
      return opens
    }
    // One opened on the cursor's own line is read with that line.
    _ = opens(beforeCursor)
    var current = line - 1
    var steps = 0
    while current >= 0, steps < Self.reach {
      defer {
        current -= 1
        steps += 1
      }
      guard let (range, lineIndent) = indentation(ofLine: current) else { continue }
      guard opens(text[range]) else {
        // A line at the margin (but a comment) is not inside a collection opened above it.
        if lineIndent == 0, text[range.lowerBound] != UInt8(ascii: "#") { return nil }
        continue
      }
      let shape = LineShape(text[range])
      let start = range.lowerBound + shape.contentColumn
      let parentColumn = shape.key == nil && shape.dashes.isEmpty ? shape.indent - 1 : shape.firstTokenColumn
      guard start < range.upperBound, text[start] == UInt8(ascii: "[") || text[start] == UInt8(ascii: "{"),
        indent > parentColumn, blockScalarHeader(above: current, threshold: shape.indent) == nil
      else { return nil }
      var ancestry = ancestors(
        ofColumn: shape.firstTokenColumn, line: current, startsWithDash: !shape.dashes.isEmpty)
      for _ in shape.dashes { ancestry.steps.append(.item) }
      if let key = shape.key {
        let anchor = CursorContext.BlockAnchor(line: current, column: key.column)
        ancestry.blockAnchors[ancestry.steps.count] = anchor
        ancestry.steps.append(.key(key.name))
      }
      return (ancestry, start, parentColumn)
    }
    return nil
  }

  /// The context inside a flow collection that starts at `start` in `bytes`, the cursor's line or
  /// the lines from the one it opens on to the cursor's; the lines after the cursor's that are
  /// indented past `parentColumn` are the collection's too.
  private func flowContext(
    _ base: Ancestry, bytes: ArraySlice<UInt8>, from start: Int, cursorColumn: Int, parentColumn: Int
  ) -> CursorContext? {
    var ancestry = base
    var reader = FlowReader()
    let lineStart = bytes.startIndex
    var index = lineStart + start
    let end = lineStart + cursorColumn
    var tokenStart = index
    while index < end {
      let byte = bytes[index]
      if let quote = reader.quote {
        if byte == quote {
          if quote == UInt8(ascii: "'"), index + 1 < end, bytes[index + 1] == quote {
            reader.token.append(quote)
            index += 2
            continue
          }
          reader.quote = nil
        } else if byte == UInt8(ascii: "\\"), quote == UInt8(ascii: "\""), index + 1 < end {
          reader.token.append(bytes[index + 1])
          index += 2
          continue
        } else {
          reader.token.append(byte)
        }
        index += 1
        continue
      }
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        reader.quote = byte
        reader.wasQuoted = true
        tokenStart = index + 1
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        reader.open(isMapping: byte == UInt8(ascii: "{"))
        tokenStart = index + 1
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        reader.close()
        tokenStart = index + 1
      case UInt8(ascii: ","):
        reader.separate()
        tokenStart = index + 1
      case UInt8(ascii: ":")
      where index + 1 >= bytes.endIndex || " ,]}\r\n".utf8.contains(bytes[index + 1]) || reader.wasQuoted:
        reader.colon()
        tokenStart = index + 1
      case UInt8(ascii: "#")
      where index > lineStart
        && (LineShape.startsComment(bytes, at: index, lineStart: lineStart) || bytes[index - 1] == 0x0A):
        // A comment on a line above the cursor's ends at that line's end; on the cursor's, the
        // cursor is in it.
        guard let lineEnd = bytes[index..<end].firstIndex(of: 0x0A) else { return nil }
        index = lineEnd
        continue
      case 0x0A, 0x0D:
        // A line break inside the collection: white space.
        if reader.token.isEmpty || reader.holdsNodeProperty {
          reader.token.removeAll(keepingCapacity: true)
          tokenStart = index + 1
        } else {
          reader.token.append(0x20)
        }
      default:
        if byte == 0x20, reader.token.isEmpty || reader.holdsNodeProperty {
          // Before a scalar, or after its anchor or tag (`[&p Pro`): the word starts later.
          reader.token.removeAll(keepingCapacity: true)
          tokenStart = index + 1
        } else {
          reader.token.append(byte)
        }
      }
      index += 1
    }
    guard let top = reader.frames.last else {
      // The collection was closed before the cursor.
      return nil
    }
    for (depth, frame) in reader.frames.enumerated() {
      if frame.isMapping {
        guard let key = frame.key, depth < reader.frames.count - 1 || frame.inValue else { continue }
        ancestry.flowScalars[ancestry.steps.count] = frame.scalars
        ancestry.steps.append(.key(key))
      } else {
        ancestry.steps.append(.item)
      }
    }
    let prefix = String(decoding: reader.token, as: UTF8.self)
    var tokenEnd = end
    if let quote = reader.quote, let close = Self.closingQuote(quote, in: bytes, from: end) {
      // Inside quotes (an editor closes them as they open): the word ends at the closing quote,
      // which stays.
      tokenEnd = close
    } else {
      // Plain, or a quote nothing closes on the line (typed before a word): the word only.
      while tokenEnd < bytes.endIndex, !",]}:#\"'".utf8.contains(bytes[tokenEnd]), bytes[tokenEnd] != 0x20 {
        tokenEnd += 1
      }
    }
    let range = tokenStart..<tokenEnd
    if top.isMapping, !top.inValue {
      // After the closing quote when the cursor is inside quotes.
      let after = tokenEnd < bytes.endIndex && bytes[tokenEnd] == reader.quote ? tokenEnd + 1 : tokenEnd
      ancestry.ownFlowKeys =
        Array(top.scalars.keys)
        + Self.flowEntries(in: text, lines: lines, after: after, parentColumn: parentColumn, keys: true)
      return makeContext(ancestry, slot: .key, prefix: prefix, tokenRange: range, inFlow: true)
    }
    if !top.isMapping {
      // After the closing quote when the cursor is inside quotes.
      let after = tokenEnd < bytes.endIndex && bytes[tokenEnd] == reader.quote ? tokenEnd + 1 : tokenEnd
      ancestry.ownList.flowItemsBefore = top.items
      ancestry.ownList.flowRest = (after, parentColumn)
    }
    return makeContext(ancestry, slot: .value, prefix: prefix, tokenRange: range, inFlow: true)
  }

  /// The keys (`keys`) of the flow mapping, or the scalar items of the flow sequence, the cursor
  /// is in that are written after the cursor's own entry, up to the collection's closing
  /// bracket: on the cursor's line and on the lines after it that are indented past
  /// `parentColumn` (or start with a closing bracket), as the lines of a flow collection are
  /// (`{kind: view, |, routes: [/x]}` has `routes`). Items that are collections are left out.
  /// Completion leaves them out, as it leaves out those before.
  static func flowEntries(
    in text: [UInt8], lines: LineIndex, after start: Int, parentColumn: Int, keys: Bool = false
  ) -> [String] {
    var entries: [String] = []
    var depth = 0
    // The cursor's own entry is skipped: an entry is read from each ',' after it.
    var inEntry = false
    // The cursor's entry, until its ','; a key's colon after the cursor ends a key being typed.
    var inOwnEntry = true
    var ownKeyEnded = false
    var entry: [UInt8] = []
    func finish() {
      while let last = entry.last, last == 0x20 { entry.removeLast() }
      if inEntry, !entry.isEmpty { entries.append(String(decoding: entry, as: UTF8.self)) }
      entry = []
      inEntry = false
    }
    var line = lines.line(ofOffset: start)
    let first = line
    while line < lines.lineCount, line - first <= BlockMappingScanner.reach {
      let range = lines.contentRange(ofLine: line, in: text)
      var index = line == first ? start : range.lowerBound
      if line != first {
        var indent = range.lowerBound
        while indent < range.upperBound, text[indent] == 0x20 { indent += 1 }
        if indent < range.upperBound, text[indent] != UInt8(ascii: "#"),
          indent - range.lowerBound <= parentColumn, text[indent] != UInt8(ascii: "]"),
          text[indent] != UInt8(ascii: "}")
        {
          break
        }
        if inOwnEntry, depth == 0, !(keys && ownKeyEnded), indent < range.upperBound,
          !"]},#".utf8.contains(text[indent])
        {
          // The cursor's entry typed before its ',' (`"‸"` over `"routes": [...]`): the next
          // line starts the next entry.
          inOwnEntry = false
          inEntry = true
        } else if !entry.isEmpty {
          // A line break inside an entry is a space.
          entry.append(0x20)
        }
      }
      let bytes = text[range]
      lineLoop: while index < range.upperBound {
        let byte = text[index]
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
          let close = closingQuote(byte, in: bytes, from: index + 1) ?? range.upperBound
          if depth == 0, inEntry { entry += text[(index + 1)..<min(close, range.upperBound)] }
          index = close + 1
          continue
        case UInt8(ascii: "["), UInt8(ascii: "{"):
          depth += 1
          // A collection is no name (a key's value is not read anyway).
          if !keys { inEntry = false }
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
          if depth == 0 {
            if !keys { finish() }
            return entries
          }
          depth -= 1
        case UInt8(ascii: ",") where depth == 0:
          if !keys { finish() }
          entry = []
          inEntry = true
          inOwnEntry = false
        case UInt8(ascii: ":") where keys && depth == 0:
          // A key ends at its colon; its value is skipped up to the next ','.
          if inEntry { finish() } else if inOwnEntry { ownKeyEnded = true }
        case UInt8(ascii: "#") where LineShape.startsComment(bytes, at: index, lineStart: range.lowerBound):
          break lineLoop
        default:
          if depth == 0, inEntry, byte != 0x20 || !entry.isEmpty { entry.append(byte) }
        }
        index += 1
      }
      line += 1
    }
    if !keys { finish() }
    return entries
  }

  // MARK: Tokens

  /// Where the quoted scalar open at `start` closes on its line: the next `quote` that is not
  /// escaped (`\"` inside double quotes, `''` inside single ones); `nil` when none does.
  static func closingQuote(_ quote: UInt8, in bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
    var index = start
    while index < bytes.endIndex {
      let byte = bytes[index]
      if quote == UInt8(ascii: "\""), byte == UInt8(ascii: "\\") {
        index += 2
        continue
      }
      if byte == quote {
        guard quote == UInt8(ascii: "'"), index + 1 < bytes.endIndex, bytes[index + 1] == quote else {
          return index
        }
        index += 2
        continue
      }
      index += 1
    }
    return nil
  }

  /// The scalar from `from` to its end around the cursor: quotes and trailing spaces left out,
  /// stopping at a comment (and, for keys, at the colon).
  private func scalarToken(
    in bytes: ArraySlice<UInt8>, from column: Int, cursorColumn: Int, stopAtColon: Bool = false
  ) -> (prefix: String, range: Range<Int>) {
    let lineStart = bytes.startIndex
    var start = lineStart + min(column, cursorColumn)
    // An anchor or a tag before the scalar (`&k view`, `!!str view`) is not the word: it starts
    // after them. In one, before its space, the cursor completes nothing.
    while start < lineStart + cursorColumn, Self.startsNodeProperty(bytes[start]),
      let space = bytes[start..<(lineStart + cursorColumn)].firstIndex(of: 0x20)
    {
      start = bytes[space..<(lineStart + cursorColumn)].firstIndex { $0 != 0x20 } ?? lineStart + cursorColumn
    }
    if start < bytes.endIndex, bytes[start] == UInt8(ascii: "\"") || bytes[start] == UInt8(ascii: "'") {
      start += 1
    }
    let cursor = max(start, lineStart + cursorColumn)
    var end = cursor
    while end < bytes.endIndex {
      let byte = bytes[end]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { break }
      // A comment starts at the line's start or after white space (a key written before a
      // comment line's text is inserted, never written over it); a `#` right after the word
      // (`vi# todo`) is taken for one too, as in flow style: the word is completed before it.
      if byte == UInt8(ascii: "#") || LineShape.startsComment(bytes, at: end, lineStart: lineStart) { break }
      if stopAtColon, byte == UInt8(ascii: ":") { break }
      end += 1
    }
    while end > cursor, bytes[end - 1] == 0x20 { end -= 1 }
    let lineOffset = lines.starts[lines.line(ofOffset: offset)] - lineStart
    let prefix = String(decoding: bytes[start..<cursor], as: UTF8.self)
    return (prefix, (start + lineOffset)..<(end + lineOffset))
  }

  /// The identifier characters around the cursor (for Swift text in a block scalar).
  private func identifierToken(in bytes: ArraySlice<UInt8>, cursorColumn: Int) -> (
    prefix: String, range: Range<Int>
  ) {
    let lineStart = bytes.startIndex
    let cursor = lineStart + cursorColumn
    var start = cursor
    while start > lineStart, Self.isIdentifierByte(bytes[start - 1]) { start -= 1 }
    var end = cursor
    while end < bytes.endIndex, Self.isIdentifierByte(bytes[end]) { end += 1 }
    let lineOffset = lines.starts[lines.line(ofOffset: offset)] - lineStart
    return (String(decoding: bytes[start..<cursor], as: UTF8.self), (start + lineOffset)..<(end + lineOffset))
  }

  /// `true` for the first byte of an anchor (`&k`) or a tag (`!!str`).
  static func startsNodeProperty(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "&") || byte == UInt8(ascii: "!")
  }

  /// `true` for a line that starts with `---` or `...` followed by white space or its end.
  static func isDocumentMarker(_ line: ArraySlice<UInt8>) -> Bool {
    guard line.starts(with: "---".utf8) || line.starts(with: "...".utf8) else { return false }
    let after = line.dropFirst(3).first
    return after == nil || after == 0x20 || after == 0x09
  }

  static func isIdentifierByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
      return true
    default: return byte >= 0x80
    }
  }

  /// Where a comment starts in a line's text (`#` at the start or after white space, outside
  /// quotes, whose escaped quotes do not close them: `"a\" #b"`, `'a'' #b'`); `visit` is called
  /// with the index of each byte before it outside quotes.
  static func commentStart(in bytes: ArraySlice<UInt8>, visiting visit: (Int) -> Void = { _ in }) -> Int? {
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      // A quote starts a quoted scalar only at a token's start.
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'"),
        index == bytes.startIndex || " [{,:-".utf8.contains(bytes[index - 1])
      {
        guard let close = closingQuote(byte, in: bytes, from: index + 1) else { return nil }
        index = close + 1
        continue
      }
      if LineShape.startsComment(bytes, at: index, lineStart: bytes.startIndex) { return index }
      visit(index)
      index += 1
    }
    return nil
  }

  private func makeContext(
    _ ancestry: Ancestry, slot: CursorContext.Slot, prefix: String, tokenRange: Range<Int>,
    inFlow: Bool = false
  ) -> CursorContext {
    CursorContext(
      path: ancestry.steps, slot: slot, prefix: prefix, tokenRange: tokenRange, cursor: offset,
      flowScalars: ancestry.flowScalars, blockAnchors: ancestry.blockAnchors, ownAnchor: ancestry.ownAnchor,
      ownFlowKeys: ancestry.ownFlowKeys, ownList: ancestry.ownList, text: text, lines: lines, inFlow: inFlow)
  }
}

/// The state of reading a flow collection up to the cursor.
private struct FlowReader {
  struct Frame {
    let isMapping: Bool
    var key: String?
    var inValue = false
    var scalars: [String: String] = [:]
    /// A sequence's scalar items so far.
    var items: [String] = []
  }

  var frames: [Frame] = []
  var token: [UInt8] = []
  var quote: UInt8?
  var wasQuoted = false

  /// `true` while the token read so far is an anchor or a tag (`&k`, `!!str`), which the
  /// scalar after it follows.
  var holdsNodeProperty: Bool {
    guard let first = token.first, !wasQuoted else { return false }
    return CursorAnalyzer.startsNodeProperty(first) && !token.contains(0x20)
  }

  private var trimmedToken: String {
    var bytes = token[...]
    while let last = bytes.last, last == 0x20 { bytes = bytes.dropLast() }
    return String(decoding: bytes, as: UTF8.self)
  }

  mutating func open(isMapping: Bool) {
    frames.append(Frame(isMapping: isMapping))
    resetToken()
  }

  mutating func close() {
    if !frames.isEmpty { frames.removeLast() }
    // The collection just closed was the value of the enclosing mapping's key.
    if let last = frames.indices.last, frames[last].isMapping {
      if let key = frames[last].key { frames[last].scalars[key] = "" }
    }
    resetToken()
  }

  mutating func separate() {
    if let last = frames.indices.last, frames[last].isMapping {
      if frames[last].inValue, let key = frames[last].key {
        if frames[last].scalars[key] == nil || !token.isEmpty { frames[last].scalars[key] = trimmedToken }
      } else if !token.isEmpty {
        frames[last].scalars[trimmedToken] = ""
      }
      frames[last].key = nil
      frames[last].inValue = false
    } else if let last = frames.indices.last, !token.isEmpty {
      frames[last].items.append(trimmedToken)
    }
    resetToken()
  }

  mutating func colon() {
    if let last = frames.indices.last, frames[last].isMapping, !frames[last].inValue {
      frames[last].key = trimmedToken
      frames[last].inValue = true
    }
    resetToken()
  }

  private mutating func resetToken() {
    token.removeAll(keepingCapacity: true)
    wasQuoted = false
  }
}
