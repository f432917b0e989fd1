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
  /// The scalar's text after YAML processing; empty for collections.
  public let value: String
  /// Where the node's children start in ``YAMLDocument``'s child list.
  let firstChild: Int32
  /// Children of a sequence, or keys and values (alternating) of a mapping.
  let childCount: Int32
  /// Nodes in this subtree with aliases expanded (saturating), for the alias budget; text
  /// counts one node per ``YAMLLimits/bytesPerNode`` bytes.
  let expandedSize: Int32
  /// Levels of collections in this subtree, for the nesting bound through aliases.
  let height: Int32
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
  let nodes: [YAMLNode]
  let childIDs: [Int32]
  /// Explicit tags as libyaml reports them (`tag:yaml.org,2002:str` for `!!str`).
  let tags: [Int32: String]

  init(
    file: SourceFileID, root: YAMLNodeID?, source: SourceText, nodes: [YAMLNode], childIDs: [Int32],
    tags: [Int32: String]
  ) {
    self.file = file
    self.root = root
    self.source = source
    self.nodes = nodes
    self.childIDs = childIDs
    self.tags = tags
  }

  public subscript(id: YAMLNodeID) -> YAMLNode { nodes[Int(id.index)] }

  /// The number of nodes read (aliases not expanded).
  public var nodeCount: Int { nodes.count }

  /// The explicit tag written on a node, if any.
  public func tag(of id: YAMLNodeID) -> String? { tags.isEmpty ? nil : tags[id.index] }

  /// The location of a node's first character.
  public func location(of id: YAMLNodeID) -> SourceLocation {
    let node = nodes[Int(id.index)]
    return SourceLocation(file: file, start: node.start, end: node.end)
  }

  /// The items of a sequence (empty for other kinds).
  public func items(of id: YAMLNodeID) -> YAMLChildren {
    let node = nodes[Int(id.index)]
    guard node.kind == .sequence else { return YAMLChildren(ids: childIDs[0..<0]) }
    let start = Int(node.firstChild)
    return YAMLChildren(ids: childIDs[start..<start + Int(node.childCount)])
  }

  /// The key-value pairs of a mapping, in the order written (empty for other kinds).
  /// Pairs whose key repeats an earlier key were reported and left out.
  public func entries(of id: YAMLNodeID) -> YAMLEntries {
    let node = nodes[Int(id.index)]
    guard node.kind == .mapping else { return YAMLEntries(ids: childIDs[0..<0]) }
    let start = Int(node.firstChild)
    return YAMLEntries(ids: childIDs[start..<start + Int(node.childCount)])
  }
}

/// The items of a sequence node.
public struct YAMLChildren: RandomAccessCollection, Sendable {
  let ids: ArraySlice<Int32>

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
