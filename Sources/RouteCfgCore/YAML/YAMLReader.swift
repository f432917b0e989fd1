import CYAML

/// What reading one YAML file produced: a document, or the one diagnostic that stopped it,
/// plus non-fatal diagnostics (duplicate keys).
public struct YAMLReadResult: Sendable {
  /// `nil` when the file could not be read as one YAML document.
  public var document: YAMLDocument?
  public var diagnostics: [Diagnostic]
}

/// Reads YAML with libyaml's event API into a ``YAMLDocument`` in one pass, with positions for
/// every node, duplicate-key detection and bounds on nesting and alias expansion.
public enum YAMLReader {
  /// Reads the bytes of one file.
  public static func read(
    _ bytes: [UInt8], file: SourceFileID, limits: YAMLLimits = .standard
  ) -> YAMLReadResult {
    if bytes.count > limits.maxFileBytes {
      let diagnostic = Diagnostic(
        .fileTooLarge,
        "the file is \(bytes.count) bytes, more than the limit of \(limits.maxFileBytes) bytes; "
          + "split it into smaller files with 'include'",
        at: .startOf(file))
      return YAMLReadResult(document: nil, diagnostics: [diagnostic])
    }
    let source = SourceText(bytes: bytes)
    var builder = YAMLTreeBuilder(file: file, source: source, limits: limits)
    builder.run()
    return builder.result()
  }
}

/// One collection being read: where it started and where its children begin in the scratch list.
private struct OpenCollection {
  let kind: YAMLNode.Kind
  let style: YAMLStyle
  let start: TextPoint
  let scratchStart: Int
  let anchor: String?
  let tag: String?
}

/// The state of one read: the node arena, the stack of open collections and anchors.
private struct YAMLTreeBuilder {
  let file: SourceFileID
  let source: SourceText
  let limits: YAMLLimits

  var nodes: [YAMLNode] = []
  var childIDs: [Int32] = []
  var tags: [Int32: String] = [:]
  var anchors: [String: Int32] = [:]
  var open: [OpenCollection] = []
  var scratch: [Int32] = []
  var root: Int32?
  var documentCount = 0
  var aliasExpansion = 0
  var fatal: Diagnostic?
  var diagnostics: [Diagnostic] = []

  init(file: SourceFileID, source: SourceText, limits: YAMLLimits) {
    self.file = file
    self.source = source
    self.limits = limits
    nodes.reserveCapacity(source.bytes.count / 16)
    childIDs.reserveCapacity(source.bytes.count / 16)
  }

  func result() -> YAMLReadResult {
    if let fatal {
      return YAMLReadResult(document: nil, diagnostics: diagnostics + [fatal])
    }
    let document = YAMLDocument(
      file: file, root: root.map { YAMLNodeID(index: $0) }, source: source, nodes: nodes,
      childIDs: childIDs, tags: tags)
    return YAMLReadResult(document: document, diagnostics: diagnostics)
  }

  mutating func run() {
    let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
    defer { parser.deallocate() }
    guard yaml_parser_initialize(parser) == 1 else {
      fatal = Diagnostic(.yamlSyntax, "libyaml could not start (out of memory)", at: .startOf(file))
      return
    }
    defer { yaml_parser_delete(parser) }
    yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
    let bytes = source.bytes.isEmpty ? [UInt8(0)] : source.bytes
    let length = source.bytes.count
    bytes.withUnsafeBufferPointer { buffer in
      yaml_parser_set_input_string(parser, buffer.baseAddress, length)
      var event = yaml_event_t()
      while fatal == nil {
        guard yaml_parser_parse(parser, &event) == 1 else {
          fatal = LibYAMLErrors.diagnostic(for: parser.pointee, source: source, file: file)
          return
        }
        let finished = handle(event)
        yaml_event_delete(&event)
        if finished { return }
      }
    }
  }

  /// Handles one event; returns `true` at the end of the stream.
  mutating func handle(_ event: yaml_event_t) -> Bool {
    switch event.type {
    case YAML_STREAM_END_EVENT:
      return true
    case YAML_DOCUMENT_START_EVENT:
      documentCount += 1
      if documentCount > 1 {
        fatal = Diagnostic(
          .multipleDocuments,
          "the file holds a second YAML document; a manifest is one document: remove this '---' "
            + "or move the second document to its own file and name it in 'include'",
          at: location(event.start_mark))
        return true
      }
    case YAML_SCALAR_EVENT:
      let scalar = event.data.scalar
      let value: String
      if let pointer = scalar.value, scalar.length > 0 {
        value = String(decoding: UnsafeBufferPointer(start: pointer, count: scalar.length), as: UTF8.self)
      } else {
        value = ""
      }
      let id = append(
        YAMLNode(
          kind: .scalar, style: Self.style(of: scalar.style), start: point(event.start_mark),
          end: point(event.end_mark), value: value, firstChild: 0, childCount: 0, expandedSize: 1,
          height: 0))
      recordTag(scalar.tag, for: id)
      if let anchor = Self.text(scalar.anchor) { anchors[anchor] = id }
      addChild(id)
    case YAML_SEQUENCE_START_EVENT:
      let start = event.data.sequence_start
      let style: YAMLStyle = start.style == YAML_FLOW_SEQUENCE_STYLE ? .flow : .block
      openCollection(.sequence, style: style, event: event, anchor: start.anchor, tag: start.tag)
    case YAML_MAPPING_START_EVENT:
      let start = event.data.mapping_start
      let style: YAMLStyle = start.style == YAML_FLOW_MAPPING_STYLE ? .flow : .block
      openCollection(.mapping, style: style, event: event, anchor: start.anchor, tag: start.tag)
    case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
      closeCollection(end: point(event.end_mark))
    case YAML_ALIAS_EVENT:
      alias(Self.text(event.data.alias.anchor) ?? "", at: event.start_mark)
    default:
      break
    }
    return false
  }

  // MARK: Collections

  mutating func openCollection(
    _ kind: YAMLNode.Kind, style: YAMLStyle, event: yaml_event_t,
    anchor: UnsafeMutablePointer<yaml_char_t>?, tag: UnsafeMutablePointer<yaml_char_t>?
  ) {
    if open.count + 1 > limits.maxDepth {
      fatal = Diagnostic(
        .nestingTooDeep,
        "lists and mappings are nested more than \(limits.maxDepth) levels deep here; "
          + "a manifest needs only a few levels: flatten this structure",
        at: location(event.start_mark))
      return
    }
    let anchorName = Self.text(anchor)
    if let anchorName { anchors[anchorName] = nil }
    open.append(
      OpenCollection(
        kind: kind, style: style, start: point(event.start_mark), scratchStart: scratch.count,
        anchor: anchorName, tag: Self.text(tag)))
  }

  mutating func closeCollection(end: TextPoint) {
    guard let collection = open.popLast() else { return }
    if collection.kind == .mapping { dropDuplicateKeys(from: collection.scratchStart) }
    let children = scratch[collection.scratchStart...]
    var size: Int64 = 1
    var height: Int32 = 0
    for child in children {
      let node = nodes[Int(child)]
      size += Int64(node.expandedSize)
      height = max(height, node.height)
    }
    let firstChild = Int32(truncatingIfNeeded: childIDs.count)
    childIDs.append(contentsOf: children)
    scratch.removeSubrange(collection.scratchStart...)
    let id = append(
      YAMLNode(
        kind: collection.kind, style: collection.style, start: collection.start, end: end, value: "",
        firstChild: firstChild, childCount: Int32(truncatingIfNeeded: children.count),
        expandedSize: Int32(clamping: size), height: height + 1))
    if let tag = collection.tag { tags[id] = tag }
    if let anchor = collection.anchor { anchors[anchor] = id }
    addChild(id)
  }

  /// Reports keys that repeat an earlier key of the same mapping and leaves their pairs out.
  mutating func dropDuplicateKeys(from start: Int) {
    let pairCount = (scratch.count - start) / 2
    guard pairCount > 1 else { return }
    var duplicates: [Int] = []
    if pairCount <= 8 {
      for pair in 1..<pairCount {
        guard let key = scalarKey(scratch[start + pair * 2]) else { continue }
        for earlier in 0..<pair where scalarKey(scratch[start + earlier * 2]) == key {
          reportDuplicate(key, second: scratch[start + pair * 2], first: scratch[start + earlier * 2])
          duplicates.append(pair)
          break
        }
      }
    } else {
      var seen: [String: Int32] = [:]
      seen.reserveCapacity(pairCount)
      for pair in 0..<pairCount {
        let keyID = scratch[start + pair * 2]
        guard let key = scalarKey(keyID) else { continue }
        if let first = seen[key] {
          reportDuplicate(key, second: keyID, first: first)
          duplicates.append(pair)
        } else {
          seen[key] = keyID
        }
      }
    }
    for pair in duplicates.reversed() {
      scratch.removeSubrange(start + pair * 2..<start + pair * 2 + 2)
    }
  }

  func scalarKey(_ id: Int32) -> String? {
    let node = nodes[Int(id)]
    return node.kind == .scalar ? node.value : nil
  }

  mutating func reportDuplicate(_ key: String, second: Int32, first: Int32) {
    let secondNode = nodes[Int(second)]
    let firstNode = nodes[Int(first)]
    diagnostics.append(
      Diagnostic(
        .duplicateKey,
        "duplicate key '\(key)' in this mapping; the second one would be ignored: "
          + "remove it or merge the two entries",
        at: SourceLocation(file: file, start: secondNode.start, end: secondNode.end),
        notes: [
          DiagnosticNote(
            "'\(key)' first written here", at: SourceLocation(file: file, start: firstNode.start))
        ]))
  }

  // MARK: Aliases

  mutating func alias(_ name: String, at mark: yaml_mark_t) {
    guard let target = anchors[name] else {
      let recursive = open.contains { $0.anchor == name }
      fatal = Diagnostic(
        .undefinedAlias,
        recursive
          ? "alias '*\(name)' refers to the collection that contains it; "
            + "manifests cannot be recursive: write the value out"
          : "alias '*\(name)' refers to no anchor; define '&\(name)' on a node before this alias",
        at: location(mark))
      return
    }
    let node = nodes[Int(target)]
    aliasExpansion += Int(node.expandedSize)
    if aliasExpansion > limits.maxAliasExpansion {
      fatal = Diagnostic(
        .aliasBudgetExceeded,
        "aliases in this file expand to more than \(limits.maxAliasExpansion) nodes "
          + "('*\(name)' alone adds \(node.expandedSize)); write the values out instead of "
          + "nesting aliases",
        at: location(mark))
      return
    }
    if open.count + Int(node.height) > limits.maxDepth {
      fatal = Diagnostic(
        .nestingTooDeep,
        "alias '*\(name)' nests its collections more than \(limits.maxDepth) levels deep; "
          + "flatten this structure",
        at: location(mark))
      return
    }
    addChild(target)
  }

  // MARK: Helpers

  mutating func append(_ node: YAMLNode) -> Int32 {
    nodes.append(node)
    return Int32(truncatingIfNeeded: nodes.count - 1)
  }

  mutating func addChild(_ id: Int32) {
    if open.isEmpty {
      if root == nil { root = id }
    } else {
      scratch.append(id)
    }
  }

  mutating func recordTag(_ tag: UnsafeMutablePointer<yaml_char_t>?, for id: Int32) {
    if let text = Self.text(tag) { tags[id] = text }
  }

  func point(_ mark: yaml_mark_t) -> TextPoint {
    TextPoint(line: Int32(clamping: mark.line + 1), column: Int32(clamping: mark.column + 1))
  }

  func location(_ mark: yaml_mark_t) -> SourceLocation {
    SourceLocation(file: file, start: point(mark))
  }

  static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
    guard let pointer else { return nil }
    return String(cString: UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
  }

  static func style(of style: yaml_scalar_style_t) -> YAMLStyle {
    switch style {
    case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
    case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
    case YAML_LITERAL_SCALAR_STYLE: return .literal
    case YAML_FOLDED_SCALAR_STYLE: return .folded
    default: return .plain
    }
  }
}
