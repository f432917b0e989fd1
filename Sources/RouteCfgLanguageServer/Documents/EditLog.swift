/// One change to a document's bytes: `removed` bytes at `offset` replaced by `inserted` bytes,
/// made by the change that produced `version`.
struct ByteEdit: Sendable, Hashable {
  let version: Int
  let offset: Int
  let removed: Int
  let inserted: Int
}

/// The edits made to a document since a version, so that positions in an older text (the one
/// the last analysis read) and in the current text can be mapped onto each other while
/// validation catches up with typing.
struct EditLog: Sendable {
  /// Every edit made after this version is in `edits`.
  private(set) var baseVersion: Int
  private(set) var edits: [ByteEdit] = []
  /// Beyond this many edits the oldest are dropped (mapping from before them then fails).
  static let capacity = 100_000

  init(baseVersion: Int) {
    self.baseVersion = baseVersion
  }

  mutating func record(_ edit: ByteEdit) {
    edits.append(edit)
    if edits.count > Self.capacity {
      let dropped = edits.count - Self.capacity / 2
      baseVersion = edits[dropped - 1].version
      edits.removeFirst(dropped)
    }
  }

  /// Forgets edits up to and including `version`: nothing older will be mapped.
  mutating func trim(upTo version: Int) {
    guard version > baseVersion else { return }
    edits.removeAll { $0.version <= version }
    baseVersion = version
  }

  /// An offset in the current text mapped into the text of `version`; `nil` when the log no
  /// longer reaches back that far. An offset inside text inserted since maps to the insertion point.
  func offsetInOlder(_ offset: Int, version: Int) -> Int? {
    guard version >= baseVersion else { return nil }
    var offset = offset
    for edit in edits.reversed() where edit.version > version {
      if offset >= edit.offset + edit.inserted {
        offset += edit.removed - edit.inserted
      } else if offset > edit.offset {
        offset = edit.offset
      }
    }
    return offset
  }

  /// Whether edits made since `version` changed a non-empty range of its text: deleted or wrote
  /// over any of it, or inserted text inside it (`AleXYZnput` for `AlertInput`), so that the text
  /// there is no longer what the analysis read. Text typed right before or after the range is
  /// not in it.
  func changedText(_ range: Range<Int>, since version: Int) -> Bool {
    guard !range.isEmpty, version >= baseVersion else { return false }
    var (lower, upper) = (range.lowerBound, range.upperBound)
    for edit in edits where edit.version > version {
      if edit.removed > 0
        ? edit.offset < upper && lower < edit.offset + edit.removed
        : edit.inserted > 0 && lower < edit.offset && edit.offset < upper
      {
        return true
      }
      (lower, upper) = (edit.mapped(lower), edit.mapped(upper))
    }
    return false
  }

  /// An offset in the text of `version` mapped into the current text; `nil` when the log no
  /// longer reaches back that far. An offset inside text removed since maps to where it was.
  /// Text inserted at the offset goes after it, unless the offset ends a range (`isEnd`): a name
  /// typed on does not take in what was typed after it.
  func offsetInCurrent(_ offset: Int, fromVersion version: Int, isEnd: Bool = false) -> Int? {
    guard version >= baseVersion else { return nil }
    var offset = offset
    for edit in edits where edit.version > version {
      if isEnd, edit.removed == 0, edit.offset == offset { continue }
      offset = edit.mapped(offset)
    }
    return offset
  }
}

extension ByteEdit {
  /// An offset of the text before the edit in the text after it (inside the removed bytes: where
  /// they were).
  func mapped(_ position: Int) -> Int {
    if position >= offset + removed { return position + inserted - removed }
    return min(position, offset)
  }
}
