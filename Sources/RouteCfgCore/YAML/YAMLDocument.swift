/// Identifies a node inside a ``YAMLDocument``.
public struct YAMLNodeID: Hashable, Sendable {
  let index: Int32
}

/// How a node was written.
public enum YAMLStyle: UInt8, Sendable, Hashable {
  case plain
  case singleQuoted
  case doubleQuoted
  case literal
  case folded
  /// A block collection (indented lines).
  case block
  /// A flow collection (`[a, b]`, `{a: 1}`).
  case flow
}

/// One node of a YAML document: a scalar, a sequence or a mapping, with the place it was written.
public struct YAMLNode: Sendable {
  public enum Kind: UInt8, Sendable, Hashable {
    case scalar
    case sequence
    case mapping
  }

  public let kind: Kind
  public let style: YAMLStyle
  /// The first character of the node (for a block scalar, its `|` or `>` indicator).
  public let start: TextPoint
  /// One past the node's last character.
  public let end: TextPoint
  /// For a scalar, its length and its first, second and last bytes, with bit 31 set (never 0).
  /// Duplicate-key detection compares these before the text. For a collection, its place in
  /// the child list (``PackedYAMLNode/childList``), with bit 31 clear, so that it never equals
  /// a scalar's print: a scalar has no children and a collection no text, so one field serves
  /// both.
  let print: UInt32
  /// The scalar's text after YAML processing; empty for collections, and for a value whose text
  /// the reader let go once it was read (a protocol body parsed while its file was read, when the
  /// document is not kept).
  public let value: String

  /// A node of these fields (``YAMLDocument`` hands its packed nodes out so).
  init(kind: Kind, style: YAMLStyle, start: TextPoint, end: TextPoint, print: UInt32, value: String) {
    self.kind = kind
    self.style = style
    self.start = start
    self.end = end
    self.print = print
    self.value = value
  }

  /// Bit 31 of a scalar's ``print``, which no collection's child list has.
  static let scalarPrintBit: UInt32 = 1 << 31

  /// The ``print`` of the scalar `<<`: its length, 2, and its first, second and last bytes, all
  /// `<`, which no other scalar has.
  static let mergeKeyPrint: UInt32 = scalarPrintBit | 2 << 24 | 0x3C3C3C

  // The tree stores its nodes packed (`PackedYAMLNode`, 32 bytes); this is how it hands one
  // out. What only reading needs of a node (its expanded size and height, for the alias and
  // depth budgets) is not kept in either but by the reader (`YAMLNodeBudget`), while the node
  // waits in its open collection or is anchored.
}

/// An alias (`*name`) as written: its place and the anchored node it stands for.
package struct YAMLAlias: Sendable, Hashable {
  package let start: TextPoint
  package let end: TextPoint
  package let target: YAMLNodeID
}

/// An explicit tag: its text as libyaml reports it, and where it is written.
struct YAMLTag: Sendable {
  let text: String
  let written: Range<TextPoint>
}

/// A parsed YAML document: an immutable tree of nodes, stored in one array.
///
/// Aliases are resolved while reading: an alias is the anchored node itself, so the tree may be
/// a directed acyclic graph whose expanded size the reader has bounded.
public struct YAMLDocument: Sendable {
  public let file: SourceFileID
  /// The root node; `nil` for a stream without a document (an empty file).
  public let root: YAMLNodeID?
  /// The file's bytes, kept for mapping positions inside scalars.
  public let source: SourceText
  let nodes: [PackedYAMLNode]
  /// The ends that do not fit in their packed node.
  let farEnds: FarEnds
  /// Each collection's children: their number, then their IDs (``PackedYAMLNode/childList``).
  let childIDs: [Int32]
  /// Explicit tags as libyaml reports them (`tag:yaml.org,2002:str` for `!!str`).
  let tags: [Int32: YAMLTag]
  /// The aliases of the document, in the order written.
  package let aliases: [YAMLAlias]
  /// The keys of each mapping whose repeats were left out (reported as duplicates), by mapping.
  let repeatedKeys: [Int32: [String]]
  /// Mapping keys no manifest can use, in the order written: lists and mappings as keys, and
  /// plain merge keys (`<<`). Reported with the tags wherever they are, read or not
  /// (``NodeReader/reportUnsupportedSyntax()``).
  let unusableKeys: [Int32]

  init(
    file: SourceFileID, root: YAMLNodeID?, source: SourceText, nodes: [PackedYAMLNode], farEnds: FarEnds,
    childIDs: [Int32],
    tags: [Int32: YAMLTag], aliases: [YAMLAlias] = [], repeatedKeys: [Int32: [String]] = [:],
    unusableKeys: [Int32] = []
  ) {
    self.file = file
    self.root = root
    self.source = source
    self.nodes = nodes
    self.farEnds = farEnds
    self.childIDs = childIDs
    self.tags = tags
    self.aliases = aliases
    self.repeatedKeys = repeatedKeys
    self.unusableKeys = unusableKeys
  }

  /// The keys of the mapping `id` that were written more than once: what their repeats hold was
  /// left out of the tree.
  package func repeatedKeys(of id: YAMLNodeID) -> [String] {
    repeatedKeys.isEmpty ? [] : repeatedKeys[id.index] ?? []
  }

  /// The alias written first at or after `point`, when it stands for `target`: the value of a
  /// mapping entry written as `key: *name` is the anchored node, written elsewhere, and this is
  /// where the entry's value is written.
  package func alias(writtenAfter point: TextPoint, standingFor target: YAMLNodeID) -> YAMLAlias? {
    let low = aliases.endOfPrefix { $0.start < point }
    guard low < aliases.count, aliases[low].target == target else { return nil }
    return aliases[low]
  }

  /// Where each item of the sequence `id` is written: an item an alias put there (`[&p P, *p]`)
  /// at the alias, not at its anchor. `nil` when no alias is written inside the sequence (every
  /// item is where its node is), and for a node that is not a sequence.
  package func writtenLocations(ofItems id: YAMLNodeID) -> [SourceLocation]? {
    guard !aliases.isEmpty, kind(of: id) == .sequence else { return nil }
    let (start, end) = (nodes[Int(id.index)].start, end(of: id))
    // The aliases inside the sequence, in the order written (`aliases` is).
    let low = aliases.endOfPrefix { $0.start < start }
    let inside = aliases[low...].prefix { $0.start < end }
    guard !inside.isEmpty else { return nil }
    // Items are written in order: each is the next thing written after the one before, its
    // node itself or an alias to it (aliases inside an item are passed over with it).
    var next = inside.startIndex
    var after = start
    return items(of: id).map { item in
      let node = location(of: item)
      if node.start >= after, node.start < end {
        after = node.end ?? node.start
        return node
      }
      while next < inside.endIndex, inside[next].start < after { next += 1 }
      guard next < inside.endIndex, inside[next].target == item else { return node }
      after = inside[next].end
      next += 1
      return SourceLocation(file: file, start: inside[next - 1].start, end: inside[next - 1].end)
    }
  }

  /// The alias written at `point` (`*name`, from the `*` to its end), if any.
  package func alias(at point: TextPoint) -> YAMLAlias? {
    aliases.first { $0.start <= point && point <= $0.end }
  }

  public subscript(id: YAMLNodeID) -> YAMLNode {
    YAMLNode(nodes[Int(id.index)], index: id.index, farEnds: farEnds)
  }

  /// A node's first character, read without copying the node.
  func start(of id: YAMLNodeID) -> TextPoint { nodes[Int(id.index)].start }

  /// One past a node's last character, read without copying the node.
  func end(of id: YAMLNodeID) -> TextPoint { nodes[Int(id.index)].end(index: id.index, farEnds: farEnds) }

  /// A node's kind, read without copying the node (a copy retains its text).
  func kind(of id: YAMLNodeID) -> YAMLNode.Kind { nodes[Int(id.index)].kind }

  /// How a node was written, read without copying the node.
  func style(of id: YAMLNodeID) -> YAMLStyle { nodes[Int(id.index)].style }

  /// `true` for a scalar on one line whose value is its text as written (plain, or quoted without
  /// escapes), so that the value's n-th character is n columns from its first.
  func readsAsWritten(_ id: YAMLNodeID) -> Bool {
    let index = Int(id.index)
    let (start, end) = (nodes[index].start, end(of: id))
    guard start.line == end.line else { return false }
    switch nodes[index].style {
    case .plain: return true
    case .singleQuoted, .doubleQuoted:
      return Int(end.column - start.column) - 2 == nodes[index].value.unicodeScalarCount
    default: return false
    }
  }

  /// A scalar's text; empty for collections.
  func value(of id: YAMLNodeID) -> String { nodes[Int(id.index)].value }

  /// `true` for a scalar written plain as `~`, `null`, `Null`, `NULL` or nothing, which YAML
  /// reads as null.
  func isPlainNull(_ id: YAMLNodeID) -> Bool {
    let index = Int(id.index)
    // The print's length field rules out most scalars before their text is read.
    guard nodes[index].kind == .scalar, nodes[index].style == .plain, nodes[index].print >> 24 & 0x7F <= 4
    else { return false }
    return Self.readsAsNull(nodes[index].value)
  }

  /// `true` for the text of a scalar YAML reads as null when it is written plain: `~`, `null`,
  /// `Null`, `NULL` or nothing (a name that would be written so must be quoted).
  package static func readsAsNull(_ text: String) -> Bool {
    // By length and first byte before any comparison: most keys are four letters or fewer, and
    // comparing each with three spellings cost more than the rest of reading the key.
    let utf8 = text.utf8
    switch utf8.count {
    case 0: return true
    case 1: return utf8.first == UInt8(ascii: "~")
    case 4:
      guard let first = utf8.first, first | 0x20 == UInt8(ascii: "n") else { return false }
      return text == "null" || text == "Null" || text == "NULL"
    default: return false
    }
  }

  /// `true` for a merge key: `<<` written plain.
  func isPlainMergeKey(_ id: YAMLNodeID) -> Bool { nodes[Int(id.index)].isPlainMergeKey }

  /// The number of nodes read (aliases not expanded).
  public var nodeCount: Int { nodes.count }

  /// The explicit tag written on a node, if any.
  public func tag(of id: YAMLNodeID) -> String? { tags.isEmpty ? nil : tags[id.index]?.text }

  /// Where the explicit tag of a node is written (`!!str`), if it has one: a node's own
  /// location starts after its tag and anchor, at its content.
  public func tagLocation(of id: YAMLNodeID) -> SourceLocation? {
    guard !tags.isEmpty, let written = tags[id.index]?.written else { return nil }
    return SourceLocation(file: file, start: written.lowerBound, end: written.upperBound)
  }

  /// The location of a node's first character.
  public func location(of id: YAMLNodeID) -> SourceLocation {
    // Fields are read one by one: a copy of the node would retain and release its text.
    let index = Int(id.index)
    return SourceLocation(file: file, start: nodes[index].start, end: end(of: id))
  }

  /// The children listed at `list` in the child list, after their number.
  private func children(listedAt list: Int) -> ArraySlice<Int32> {
    childIDs[list + 1..<list + 1 + Int(childIDs[list])]
  }

  /// The items of a sequence (empty for other kinds).
  public func items(of id: YAMLNodeID) -> YAMLChildren {
    let index = Int(id.index)
    guard nodes[index].kind == .sequence else { return YAMLChildren(ids: childIDs[0..<0]) }
    return YAMLChildren(ids: children(listedAt: nodes[index].childList))
  }

  /// The key-value pairs of a mapping, in the order written (empty for other kinds).
  /// Pairs whose key repeats an earlier key were reported and left out.
  public func entries(of id: YAMLNodeID) -> YAMLEntries {
    let index = Int(id.index)
    guard nodes[index].kind == .mapping else { return YAMLEntries(ids: childIDs[0..<0]) }
    return YAMLEntries(ids: children(listedAt: nodes[index].childList))
  }
}

/// The items of a sequence node.
public struct YAMLChildren: RandomAccessCollection, Sendable {
  let ids: ArraySlice<Int32>

  init(ids: ArraySlice<Int32>) {
    self.ids = ids
  }

  /// A list of the one node `id`: a scalar read where a list of it belongs.
  init(only id: YAMLNodeID) {
    ids = [id.index]
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { ids.count }
  public subscript(position: Int) -> YAMLNodeID {
    YAMLNodeID(index: ids[ids.startIndex + position])
  }
}

/// The key-value pairs of a mapping node.
public struct YAMLEntries: RandomAccessCollection, Sendable {
  let ids: ArraySlice<Int32>

  public var startIndex: Int { 0 }
  public var endIndex: Int { ids.count / 2 }
  public subscript(position: Int) -> (key: YAMLNodeID, value: YAMLNodeID) {
    let base = ids.startIndex + position * 2
    return (YAMLNodeID(index: ids[base]), YAMLNodeID(index: ids[base + 1]))
  }
}
