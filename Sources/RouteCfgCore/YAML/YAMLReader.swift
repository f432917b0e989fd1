import Dispatch

/// What reading one YAML file produced: a document, or the one diagnostic that stopped it,
/// plus non-fatal diagnostics (duplicate keys).
public struct YAMLReadResult: Sendable {
  /// `nil` when the file could not be read as one YAML document.
  public var document: YAMLDocument?
  /// The diagnostics listed (at most the limit given to ``YAMLReader/read(_:file:limits:maxDiagnostics:)``).
  public var diagnostics: [Diagnostic]
  /// Diagnostics found beyond the limit, counted but not listed.
  public var omitted = OmittedDiagnostics()
  /// The values a ``YAMLValueSelection`` picked, in the order they were read, whether or not
  /// they were handed over while reading.
  package var selected: [YAMLNodeID] = []
  /// Reading stopped at a second document (reported): `document` is the first, and what the
  /// rest of the file holds is unknown.
  package var isPartial = false
  /// When a fatal diagnostic stopped the read and tags or keys no manifest can use were written
  /// before it: the nodes read until then, the lists and mappings still open closed where reading
  /// stopped, so that those are reported too, as keys repeated before it are
  /// (``YAMLDocument/unusableKeys``). It has no root.
  package var readBeforeFailure: YAMLDocument?
}

/// Reads YAML with libyaml's event API into a ``YAMLDocument`` in one pass, with positions for
/// every node, duplicate-key detection and bounds on nesting and alias expansion.
///
/// Large files are parsed by libyaml on a second thread while this one builds the tree from the
/// events it hands over, so building the tree costs little more than libyaml's own scan.
public enum YAMLReader {
  /// Files at least this large are parsed on a second thread.
  static let pipelineThreshold = 256 << 10

  /// Reads the bytes of one file.
  public static func read(
    _ bytes: [UInt8], file: SourceFileID, limits: YAMLLimits = .standard,
    maxDiagnostics: Int? = DiagnosticBag.defaultLimit
  ) -> YAMLReadResult {
    read(bytes, file: file, limits: limits, maxDiagnostics: maxDiagnostics, selecting: nil) { _, _, _, _ in
      false
    }
  }

  /// Reads the bytes of one file and, when libyaml parses them on a second thread, hands each
  /// value `selection` picks to `work` (with its text, its locator, and the reader's interner, for
  /// the names `work` keeps to share the strings of the file's scalars) while this thread would
  /// otherwise wait for libyaml's next events. Values still waiting when the events end are
  /// handed over then, before the tree is returned, so that their texts too are let go before
  /// the file is decoded; `selected` in the result lists them all.
  ///
  /// When `work` returns `true`, no one reads the value's text again, and the tree lets go of it
  /// (its node's ``YAMLNode/value`` becomes empty) unless the value is plain, whose text says
  /// whether it reads as null, or anchored or inside an anchored list or mapping, where an alias
  /// may reach it and read its text.
  ///
  /// When this thread was the slower one, the values still waiting at the last event are
  /// shared with the thread libyaml ran on, which is then free: the later half of their text
  /// goes to `alongside` while this thread hands the first half to
  /// `work`, each given the interner to look strings up in, not to add to. The two must not
  /// touch the same mutable state. Without `alongside`, or with few values waiting, `work` takes
  /// them all.
  ///
  /// `handOver` times the hand-overs for tests: ``HandOverTiming/beforeEachBatch`` as if
  /// libyaml were always the slower thread, ``HandOverTiming/afterLastEvent`` as if it never was.
  package static func read(
    _ bytes: [UInt8], file: SourceFileID, limits: YAMLLimits = .standard,
    maxDiagnostics: Int? = DiagnosticBag.defaultLimit, selecting selection: YAMLValueSelection?,
    handOver: HandOverTiming = .whileWaiting,
    whileWaiting work: (YAMLNodeID, String, ScalarLocator, inout ScalarInterner) -> Bool,
    alongside: ((YAMLNodeID, String, ScalarLocator, inout ScalarInterner) -> Bool)? = nil
  ) -> YAMLReadResult {
    let limit = min(limits.maxFileBytes, YAMLLimits.largestReadable)
    if bytes.count > limit {
      let diagnostic = Diagnostic(
        .fileTooLarge,
        "the file is \(bytes.count) bytes, more than the limit of \(limit) bytes; "
          + "split it into smaller files with 'include'",
        at: .startOf(file))
      return failure(diagnostic, maxDiagnostics: maxDiagnostics)
    }
    if let diagnostic = LibYAMLErrors.wideEncodingDiagnostic(bytes, file: file) {
      return failure(diagnostic, maxDiagnostics: maxDiagnostics)
    }
    let source = SourceText(fileContents: bytes)
    var builder = YAMLTreeBuilder(file: file, source: source, limits: limits, maxDiagnostics: maxDiagnostics)
    if bytes.count >= pipelineThreshold {
      builder.selection = selection
      let channel = BatchChannel()
      DispatchQueue.global().async {
        LibYAMLEventSource.parse(source, file: file) { channel.send($0) }
      }
      var handedOver = 0
      func handOverNext() {
        let index = builder.selected[handedOver]
        handedOver += 1
        let node = builder.node(index)
        let locator = ScalarLocator(file: file, source: source, node: node)
        if work(YAMLNodeID(index: index), node.value, locator, &builder.interner) {
          builder.releaseText(ofSelected: index)
        }
      }
      while true {
        let isWaiting = handedOver < builder.selected.count && handOver != .afterLastEvent
        let ready = isWaiting && handOver == .beforeEachBatch ? nil : channel.poll()
        guard let batch = ready ?? (isWaiting ? nil : channel.receive()) else {
          handOverNext()
          continue
        }
        if builder.consume(batch) {
          if !batch.isLast { channel.cancel() }
          break
        }
      }
      // Those still waiting: this thread was the slower one. Left to decoding, they would be
      // parsed on two threads, but their texts would stay in the tree to the end of decoding,
      // where memory peaks (up to 15 MiB more at 20,000 modules, when most bodies were left).
      let waiting = builder.selected.count - handedOver
      if let alongside, waiting >= minimumWaitingToShare {
        handOverShared(builder.selected[handedOver...], of: &builder, work: work, alongside: alongside)
      } else {
        while handedOver < builder.selected.count { handOverNext() }
      }
    } else {
      LibYAMLEventSource.parse(source, file: file) { !builder.consume($0) }
    }
    return builder.result()
  }

  /// When a read hands values over (tests choose; see `read`'s `handOver`).
  package enum HandOverTiming: Sendable {
    /// While this thread would wait for libyaml's next events, and the rest after the last.
    case whileWaiting
    /// Each value before the next events are taken.
    case beforeEachBatch
    /// All after the last event.
    case afterLastEvent
  }

  /// Values waiting at the last event worth sharing with a second thread: a body takes a few
  /// microseconds to parse, waking a thread tens of them.
  static let minimumWaitingToShare = 16

  /// Hands `waiting` over on two threads: the values holding the first half of their text to
  /// `work` on this thread, the rest to `alongside` on another, then lets go of the texts each
  /// kept (``YAMLTreeBuilder/releaseText(ofSelected:)``).
  private static func handOverShared(
    _ waiting: ArraySlice<Int32>, of builder: inout YAMLTreeBuilder,
    work: (YAMLNodeID, String, ScalarLocator, inout ScalarInterner) -> Bool,
    alongside: (YAMLNodeID, String, ScalarLocator, inout ScalarInterner) -> Bool
  ) {
    // Taken out of the builder, so that neither thread touches it until both are done.
    let file = builder.file
    let source = builder.source
    let indices = Array(waiting)
    let nodes = indices.map { builder.node($0) }
    let halfText = nodes.reduce(0) { $0 + $1.value.utf8.count } / 2
    var split = 0
    var text = 0
    while split < nodes.count - 1 && text < halfText {
      text += nodes[split].value.utf8.count
      split += 1
    }
    // Both threads find the file's strings in one table and add none: a copy that added one
    // would first copy the whole table, retaining every string in it.
    var names = builder.interner.lookingUpOnly
    var namesAlongside = names
    var kept: [Bool] = []
    var keptAlongside: [Bool] = []
    func handOver(
      _ range: Range<Int>, to taker: (YAMLNodeID, String, ScalarLocator, inout ScalarInterner) -> Bool,
      sharing names: inout ScalarInterner
    ) -> [Bool] {
      range.map { position in
        let node = nodes[position]
        let locator = ScalarLocator(file: file, source: source, node: node)
        return taker(YAMLNodeID(index: indices[position]), node.value, locator, &names)
      }
    }
    ForkJoin.run(
      { kept = handOver(0..<split, to: work, sharing: &names) },
      alongside: { keptAlongside = handOver(split..<nodes.count, to: alongside, sharing: &namesAlongside) })
    for (index, isKept) in zip(indices, kept + keptAlongside) where isKept {
      builder.releaseText(ofSelected: index)
    }
  }

  /// A read that stopped before parsing, with its one diagnostic (counted, not listed, when the
  /// bound is 0).
  private static func failure(_ diagnostic: Diagnostic, maxDiagnostics: Int?) -> YAMLReadResult {
    var diagnostics = DiagnosticBag(limit: maxDiagnostics)
    diagnostics.report(diagnostic)
    let (listed, omitted) = diagnostics.finished()
    return YAMLReadResult(document: nil, diagnostics: listed, omitted: omitted)
  }
}

/// What the alias and depth budgets need of a node, kept only while its file is read.
private struct YAMLNodeBudget {
  /// Nodes in the node's subtree with aliases expanded (saturating), for the alias budget; text
  /// counts one node per ``YAMLLimits/bytesPerNode`` bytes.
  let expandedSize: Int32
  /// Levels of collections in the subtree, for the nesting bound through aliases.
  let height: Int32
}

/// One collection being read: where it started and where its children begin in the scratch list.
private struct OpenCollection {
  let kind: YAMLNode.Kind
  let style: YAMLStyle
  let start: TextPoint
  let scratchStart: Int
  let anchor: String?
  let tag: YAMLTag?
  /// The paths of the builder's ``YAMLValueSelection`` that can lead below this collection.
  let selectable: UInt8
}

/// The state of one read: the node arena, the stack of open collections and anchors.
private struct YAMLTreeBuilder {
  let file: SourceFileID
  let source: SourceText
  let limits: YAMLLimits

  var nodes: [PackedYAMLNode] = []
  var farEnds = FarEnds()
  var childIDs: [Int32] = []
  var tags: [Int32: YAMLTag] = [:]
  /// The keys each mapping repeated, whose repeats were left out (by the mapping's node).
  var repeatedKeys: [Int32: [String]] = [:]
  /// Lists, mappings and plain `<<` written as mapping keys (``YAMLDocument/unusableKeys``).
  var unusableKeys: [Int32] = []
  /// Anchored nodes by name, with their budgets (an alias adds its target's).
  var anchors: [String: (id: Int32, budget: YAMLNodeBudget)] = [:]
  /// Shares the text of scalars written more than once (names, mostly).
  var interner = ScalarInterner()
  var open: [OpenCollection] = []
  var scratch: [Int32] = []
  /// The budget of the node in each slot of `scratch`: a collection's own is made from its
  /// children's when it closes, so no node keeps one once it is in its parent.
  var scratchBudgets: [YAMLNodeBudget] = []
  /// Slots of `scratch` filled by an alias, with where the alias is written (ascending slots):
  /// a node reached through an alias is the anchored node, so its own position is the anchor's.
  var aliasSites: [(slot: Int, written: SourceLocation)] = []
  /// Every alias that was resolved, where it is written and the node it stands for (kept in the
  /// document, for the language server's navigation from `*name`).
  var aliases: [YAMLAlias] = []
  var root: Int32?
  /// Values to hand over as they are read, and those picked so far.
  var selection: YAMLValueSelection?
  var selected: [Int32] = []
  /// The values picked that carry an anchor or are inside a collection that does: an alias may
  /// reach them where their text is read.
  var anchoredSelections: Set<Int32> = []
  var documentCount = 0
  var aliasExpansion = 0
  /// The diagnostic that stopped the read, if any.
  var fatal: Diagnostic? {
    didSet { stopped = fatal != nil }
  }
  /// `fatal != nil`, kept as a flag: testing the optional diagnostic itself for every event
  /// copies and destroys it (about 100 instructions an event).
  var stopped = false
  /// Reading stopped at a second document, after the first was read whole.
  var stoppedAtSecondDocument = false
  var diagnostics: DiagnosticBag

  init(file: SourceFileID, source: SourceText, limits: YAMLLimits, maxDiagnostics: Int?) {
    self.file = file
    self.source = source
    self.limits = limits
    self.diagnostics = DiagnosticBag(limit: maxDiagnostics)
    nodes.reserveCapacity(source.bytes.count / 16)
    childIDs.reserveCapacity(source.bytes.count / 16)
  }

  /// What the read produced. After a fatal diagnostic, the lists and mappings still open are
  /// closed where reading stopped first, so that what was written in them before it (repeated
  /// keys, tags, keys no manifest can use) is reported with it.
  mutating func result() -> YAMLReadResult {
    if let fatal {
      while !open.isEmpty { closeCollection(end: fatal.location.start) }
      diagnostics.report(fatal)
    }
    let (listed, omitted) = diagnostics.finished()
    guard fatal == nil else {
      var failed = YAMLReadResult(document: nil, diagnostics: listed, omitted: omitted)
      if !tags.isEmpty || !unusableKeys.isEmpty { failed.readBeforeFailure = document(root: nil) }
      return failed
    }
    return YAMLReadResult(
      document: document(root: root), diagnostics: listed, omitted: omitted,
      selected: selected.map { YAMLNodeID(index: $0) }, isPartial: stoppedAtSecondDocument)
  }

  /// The tree read, with `root`.
  private func document(root: Int32?) -> YAMLDocument {
    YAMLDocument(
      file: file, root: root.map { YAMLNodeID(index: $0) }, source: source, nodes: nodes,
      farEnds: farEnds, childIDs: childIDs, tags: tags, aliases: aliases, repeatedKeys: repeatedKeys,
      unusableKeys: unusableKeys
    )
  }

  /// Builds from a batch of events; returns `true` when reading is over (the stream ended,
  /// libyaml failed, or a fatal diagnostic was found).
  mutating func consume(_ batch: YAMLEventBatch) -> Bool {
    for event in batch.events {
      if handle(event, in: batch) || stopped { return true }
    }
    if let failure = batch.failure {
      fatal = failure
      return true
    }
    return batch.isLast
  }

  /// Handles one event; returns `true` at the end of the stream.
  mutating func handle(_ event: YAMLEvent, in batch: YAMLEventBatch) -> Bool {
    switch event.kind {
    case .streamEnd:
      return true
    case .documentStart:
      documentCount += 1
      if documentCount > 1 {
        // The first document is whole and is checked; reading stops here. The place is the
        // `---` (the event starts at any directive before it).
        var location = SourceLocation(file: file, start: event.start)
        if event.end.line > event.start.line || event.end.column >= event.start.column + 3 {
          location = SourceLocation(
            file: file, start: TextPoint(line: event.end.line, column: max(1, event.end.column - 3)),
            end: event.end)
        }
        diagnostics.report(
          .multipleDocuments,
          "the file holds a second YAML document; a manifest is one document: remove this '---' "
            + "or move the second document to its own file and name it in 'include'",
          at: location)
        stoppedAtSecondDocument = true
        stopped = true
        return true
      }
    case .scalar:
      let value = batch.string(event.value, interner: &interner)
      let budget = YAMLNodeBudget(expandedSize: YAMLLimits.expandedSize(ofScalar: value), height: 0)
      // Most scalars have neither properties nor an empty value: their place is libyaml's.
      let place =
        event.anchor == nil && event.tag == nil && !event.value.isEmpty
        ? (start: event.start, end: event.end, tag: nil) : place(ofScalar: event)
      let id = append(
        .scalar, event.style, start: place.start, end: place.end, print: batch.print(event.value),
        value: value)
      if let tag = event.tag {
        tags[id] = YAMLTag(text: batch.string(tag), written: place.tag ?? place.start..<place.start)
      }
      if let anchor = event.anchor { anchors[batch.string(anchor)] = (id, budget) }
      if let parent = open.last, parent.selectable != 0, let key = key(ofValueIn: parent),
        selection?.ends(parent.selectable, depth: open.count - 1, key: key) == true
      {
        selected.append(id)
        // Anchored, or inside an anchored list or mapping: an alias can reach it elsewhere.
        if event.anchor != nil || open.contains(where: { $0.anchor != nil }) { anchoredSelections.insert(id) }
      }
      addChild(id, budget: budget)
    case .sequenceStart:
      openCollection(.sequence, event: event, in: batch)
    case .mappingStart:
      openCollection(.mapping, event: event, in: batch)
    case .sequenceEnd, .mappingEnd:
      closeCollection(end: event.end)
    case .alias:
      alias(batch.string(event.value), at: event.start, end: event.end)
    }
    return false
  }

  /// Lets go of the text of the picked value `index`, unless it is plain or an alias can reach
  /// it: anchored, or inside an anchored list or mapping (see
  /// ``YAMLReader/read(_:file:limits:maxDiagnostics:selecting:handOver:whileWaiting:alongside:)``).
  mutating func releaseText(ofSelected index: Int32) {
    let slot = Int(index)
    guard nodes[slot].kind == .scalar, nodes[slot].style != .plain, !anchoredSelections.contains(index) else {
      return
    }
    nodes[slot].value = ""
  }

  /// Where a scalar with an anchor or a tag, or an empty one, is: its content after its
  /// properties (``SourceText/contentStart(afterPropertiesAt:limit:)``), or the place of an
  /// empty value (``placeOfEmptyValue(at:)``); and where its tag is written. Kept out of
  /// ``handle(_:in:)``, which every event passes through.
  @inline(never)
  func place(ofScalar event: YAMLEvent) -> (start: TextPoint, end: TextPoint, tag: Range<TextPoint>?) {
    var start = event.start
    var tag: Range<TextPoint>?
    if event.anchor != nil || event.tag != nil {
      (start, tag) = source.contentStart(
        afterPropertiesAt: event.start,
        limit: source.byteOffset(line: event.end.line, column: event.end.column))
    }
    if event.value.isEmpty, event.style == .plain, let empty = placeOfEmptyValue(at: start) {
      return (empty, empty, tag)
    }
    return (start, event.end, tag)
  }

  /// Where an empty value that nothing was written for is shown, when libyaml's mark for it is
  /// not a place of its own: libyaml puts it where the next token starts, which for a key
  /// without ':' (`? M` above `? N`) is the next key. Such a value is shown right after its key;
  /// `nil` keeps libyaml's mark (`key:` puts it right after the ':'; a mark past the end of the
  /// file, as after a last `---`, is already the end of the text: ``LibYAMLMarks``).
  func placeOfEmptyValue(at mark: TextPoint) -> TextPoint? {
    guard let parent = open.last, parent.kind == .mapping, (scratch.count - parent.scratchStart) % 2 == 1,
      let keyID = scratch.last, case let keyEnd = node(keyID).end, mark.line > keyEnd.line,
      !writesValueIndicator(from: keyEnd, to: mark)
    else { return nil }
    return keyEnd
  }

  /// `true` when a ':' is written between two places, outside comments: a key's value
  /// indicator on a later line (`? P` then `:`), after which libyaml's mark is the value's place.
  func writesValueIndicator(from start: TextPoint, to end: TextPoint) -> Bool {
    let bytes = source.bytes
    var offset = source.byteOffset(line: start.line, column: start.column)
    let limit = min(source.byteOffset(line: end.line, column: end.column), bytes.count)
    var inComment = false
    while offset < limit {
      switch bytes[offset] {
      case UInt8(ascii: "#"): inComment = true
      case 0x0A, 0x0D: inComment = false
      case UInt8(ascii: ":") where !inComment: return true
      default: break
      }
      offset += 1
    }
    return false
  }

  // MARK: Collections

  mutating func openCollection(_ kind: YAMLNode.Kind, event: YAMLEvent, in batch: YAMLEventBatch) {
    if open.count + 1 > limits.maxDepth {
      fatal = Diagnostic(
        .nestingTooDeep,
        "lists and mappings are nested more than \(limits.maxDepth) levels deep here; "
          + "a manifest needs only a few levels: flatten this structure",
        at: SourceLocation(file: file, start: event.start))
      return
    }
    let anchorName = event.anchor.map { batch.string($0) }
    if let anchorName { anchors[anchorName] = nil }
    var start = event.start
    var tagRange: Range<TextPoint>?
    if event.anchor != nil || event.tag != nil {
      (start, tagRange) = source.contentStart(afterPropertiesAt: event.start, limit: source.bytes.count)
    }
    open.append(
      OpenCollection(
        kind: kind, style: event.style, start: start, scratchStart: scratch.count, anchor: anchorName,
        tag: event.tag.map { YAMLTag(text: batch.string($0), written: tagRange ?? start..<start) },
        selectable: selectable()))
  }

  /// The paths of the selection that can lead below a collection that starts now.
  func selectable() -> UInt8 {
    guard let parent = open.last else { return selection?.all ?? 0 }
    guard parent.selectable != 0, let key = key(ofValueIn: parent) else { return 0 }
    return selection?.continuing(parent.selectable, depth: open.count - 1, key: key) ?? 0
  }

  /// The key of the node that comes next in `parent`, when that node is a mapping's value and
  /// its key a scalar.
  func key(ofValueIn parent: OpenCollection) -> String? {
    guard parent.kind == .mapping, (scratch.count - parent.scratchStart) % 2 == 1, let keyID = scratch.last
    else { return nil }
    return Self.scalarKey(keyID, in: nodes)
  }

  mutating func closeCollection(end: TextPoint) {
    guard let collection = open.popLast() else { return }
    let repeated = collection.kind == .mapping ? dropDuplicateKeys(from: collection.scratchStart) : []
    if collection.kind == .mapping { noteUnusableKeys(from: collection.scratchStart) }
    // Move the children out before shrinking `scratch`: a slice kept alive across the removal
    // would copy the whole scratch list (all open collections' children) on every close.
    let childList = Int32(truncatingIfNeeded: childIDs.count)
    childIDs.append(Int32(truncatingIfNeeded: scratch.count - collection.scratchStart))
    childIDs.append(contentsOf: scratch[collection.scratchStart...])
    scratch.removeSubrange(collection.scratchStart...)
    while let last = aliasSites.last, last.slot >= collection.scratchStart { aliasSites.removeLast() }
    var size: Int64 = 1
    var height: Int32 = 0
    for budget in scratchBudgets[collection.scratchStart...] {
      size += Int64(budget.expandedSize)
      height = max(height, budget.height)
    }
    scratchBudgets.removeSubrange(collection.scratchStart...)
    let budget = YAMLNodeBudget(expandedSize: Int32(clamping: size), height: height + 1)
    // A collection's print is its place in the child list (``PackedYAMLNode/childList``).
    let id = append(
      collection.kind, collection.style, start: collection.start, end: end,
      print: UInt32(bitPattern: childList), value: "")
    if let tag = collection.tag { tags[id] = tag }
    if !repeated.isEmpty { repeatedKeys[id] = repeated }
    if let anchor = collection.anchor { anchors[anchor] = (id, budget) }
    addChild(id, budget: budget)
  }

  /// Reports keys that repeat an earlier key of the same mapping and leaves their pairs out;
  /// returns the keys that were repeated. Keys compare as written, byte for byte, as YAML
  /// compares them: two spellings of one name in different Unicode characters (`é` precomposed
  /// and decomposed) are different keys, which the manifest's checks report as the same name.
  mutating func dropDuplicateKeys(from start: Int) -> [String] {
    let pairCount = (scratch.count - start) / 2
    guard pairCount > 1 else { return [] }
    var duplicates: [Int] = []
    var repeatedKeys: [String] = []
    if pairCount <= 8 {
      // Compare the keys' prints first; only equal prints compare the text. No closure here: one
      // that captured `self` would copy the whole builder for every mapping.
      for pair in 1..<pairCount {
        let print = nodes[Int(scratch[start + pair * 2])].print
        guard print & YAMLNode.scalarPrintBit != 0 else { continue }
        for earlier in 0..<pair where nodes[Int(scratch[start + earlier * 2])].print == print {
          let key = nodes[Int(scratch[start + pair * 2])].value
          guard nodes[Int(scratch[start + earlier * 2])].value.utf8.elementsEqual(key.utf8) else { continue }
          reportDuplicate(key, secondSlot: start + pair * 2, firstSlot: start + earlier * 2)
          duplicates.append(pair)
          repeatedKeys.append(key)
          break
        }
      }
    } else {
      var seen = NameTable<Int>()
      seen.reserveCapacity(pairCount)
      // The table finds canonically equivalent keys; only the same bytes repeat a key. Other
      // spellings of a key in the table (rare) are kept aside by their bytes.
      var otherSpellings: [[UInt8]: Int] = [:]
      for pair in 0..<pairCount {
        let slot = start + pair * 2
        guard let key = Self.scalarKey(scratch[slot], in: nodes) else { continue }
        guard let first = seen.existingValue(for: key, elseStoring: slot) else { continue }
        let repeated: Int?
        if let firstKey = Self.scalarKey(scratch[first], in: nodes), firstKey.utf8.elementsEqual(key.utf8) {
          repeated = first
        } else {
          repeated = otherSpellings[Array(key.utf8)]
        }
        if let repeated {
          reportDuplicate(key, secondSlot: slot, firstSlot: repeated)
          duplicates.append(pair)
          repeatedKeys.append(key)
        } else {
          otherSpellings[Array(key.utf8)] = slot
        }
      }
    }
    for pair in duplicates.reversed() {
      scratch.removeSubrange(start + pair * 2..<start + pair * 2 + 2)
      scratchBudgets.removeSubrange(start + pair * 2..<start + pair * 2 + 2)
    }
    return repeatedKeys
  }

  /// Notes the keys of the mapping whose children start at scratch slot `start` that no
  /// manifest can use (collections, plain `<<`).
  mutating func noteUnusableKeys(from start: Int) {
    var slot = start
    while slot < scratch.count {
      let key = scratch[slot]
      if nodes[Int(key)].isUnusableKey { unusableKeys.append(key) }
      slot += 2
    }
  }

  /// The text of node `id` when it is a scalar. Static: called on `self` from a mutating
  /// method, an instance method had the whole builder copied for each mapping of many keys.
  static func scalarKey(_ id: Int32, in nodes: [PackedYAMLNode]) -> String? {
    let node = nodes[Int(id)]
    return node.kind == .scalar ? node.value : nil
  }

  /// Reports the key in scratch slot `secondSlot` as a repeat of the one in `firstSlot`, each at
  /// the place it is written (an alias's own place, not its anchor's).
  mutating func reportDuplicate(_ key: String, secondSlot: Int, firstSlot: Int) {
    let second = writtenLocation(slot: secondSlot)
    let first = writtenLocation(slot: firstSlot)
    diagnostics.report(
      .duplicateKey,
      "duplicate key '\(key)' in this mapping; the second one would be ignored: "
        + "remove it or merge the two entries",
      at: second,
      notes: [
        DiagnosticNote("'\(key)' first written here", at: first)
      ])
  }

  /// Where the node in a scratch slot is written: the alias when one put it there.
  func writtenLocation(slot: Int) -> SourceLocation {
    let low = aliasSites.endOfPrefix { $0.slot < slot }
    if low < aliasSites.count, aliasSites[low].slot == slot {
      return aliasSites[low].written
    }
    let node = node(scratch[slot])
    return SourceLocation(file: file, start: node.start, end: node.end)
  }

  // MARK: Aliases

  /// Adds the node anchored as `name` where the alias `*name` is written, from `start` to `end`.
  mutating func alias(_ name: String, at start: TextPoint, end: TextPoint) {
    let written = SourceLocation(file: file, start: start, end: end)
    guard let target = anchors[name] else {
      let recursive = open.contains { $0.anchor == name }
      fatal = Diagnostic(
        .undefinedAlias,
        recursive
          ? "alias '*\(name)' refers to the collection that contains it; "
            + "manifests cannot be recursive: write the value out"
          : "alias '*\(name)' refers to no anchor; define '&\(name)' on a node before this alias",
        at: written)
      return
    }
    let budget = target.budget
    aliasExpansion += Int(budget.expandedSize)
    if aliasExpansion > limits.maxAliasExpansion {
      fatal = Diagnostic(
        .aliasBudgetExceeded,
        "aliases in this file expand to more than \(limits.maxAliasExpansion) nodes (text counts one "
          + "node per \(YAMLLimits.bytesPerNode) bytes; '*\(name)' alone adds \(budget.expandedSize)); write "
          + "the values out instead of repeating them through aliases",
        at: written)
      return
    }
    if open.count + Int(budget.height) > limits.maxDepth {
      fatal = Diagnostic(
        .nestingTooDeep,
        "alias '*\(name)' nests its collections more than \(limits.maxDepth) levels deep; "
          + "flatten this structure",
        at: written)
      return
    }
    if !open.isEmpty { aliasSites.append((scratch.count, written)) }
    aliases.append(YAMLAlias(start: start, end: end, target: YAMLNodeID(index: target.id)))
    addChild(target.id, budget: budget)
  }

  // MARK: Helpers

  mutating func append(
    _ kind: YAMLNode.Kind, _ style: YAMLStyle, start: TextPoint, end: TextPoint, print: UInt32, value: String
  ) -> Int32 {
    let index = Int32(truncatingIfNeeded: nodes.count)
    let packed = PackedYAMLNode(kind: kind, style: style, start: start, end: end, print: print, value: value)
    if packed.hasFarEnd { farEnds.append(end, of: index) }
    nodes.append(packed)
    return index
  }

  /// The node at `index`, unpacked.
  func node(_ index: Int32) -> YAMLNode { YAMLNode(nodes[Int(index)], index: index, farEnds: farEnds) }

  mutating func addChild(_ id: Int32, budget: YAMLNodeBudget) {
    if open.isEmpty {
      if root == nil { root = id }
    } else {
      scratch.append(id)
      scratchBudgets.append(budget)
    }
  }
}
