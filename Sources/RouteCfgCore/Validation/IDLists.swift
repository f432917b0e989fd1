/// A list of integer IDs for each of `count` keys (protocol IDs), held in two flat arrays: every
/// list's values one after another, and where each list starts. It replaces an array of arrays,
/// which at 20,000 modules made about 80,000 small arrays (a header and a `malloc` block each) for
/// the validator's provider lists alone.
///
/// Built once, by ``IDListsBuilder`` or from lists in key order (``init(count:_:)``), and only
/// read afterwards.
struct IDLists: Sendable {
  /// `starts[key]..<starts[key + 1]` is where `key`'s list sits in `values`.
  private let starts: [UInt32]
  private let values: [Int32]

  /// No keys.
  init() {
    starts = [0]
    values = []
  }

  fileprivate init(starts: [UInt32], values: [Int32]) {
    self.starts = starts
    self.values = values
  }

  /// The lists `list(key)` for the keys `0..<count`, made in key order: each as it is, repeats
  /// and negative values (such as -1 for "none") kept.
  init<List: Sequence<Int>>(count: Int, _ list: (Int) -> List) {
    var starts: [UInt32] = []
    starts.reserveCapacity(count + 1)
    var values: [Int32] = []
    for key in 0..<count {
      starts.append(UInt32(truncatingIfNeeded: values.count))
      for value in list(key) { values.append(Int32(truncatingIfNeeded: value)) }
    }
    starts.append(UInt32(truncatingIfNeeded: values.count))
    self.init(starts: starts, values: values)
  }

  /// How many keys there are.
  var count: Int { starts.count - 1 }

  /// The list for `key`, in the order its values were added.
  subscript(key: Int) -> IDList {
    IDList(values[Int(starts[key])..<Int(starts[key + 1])])
  }
}

/// One list of ``IDLists``: a view of part of its flat array.
struct IDList: RandomAccessCollection, Sendable {
  private let slice: ArraySlice<Int32>

  fileprivate init(_ slice: ArraySlice<Int32>) { self.slice = slice }

  /// An empty list.
  init() { slice = [] }

  var startIndex: Int { slice.startIndex }
  var endIndex: Int { slice.endIndex }
  subscript(position: Int) -> Int { Int(slice[position]) }
}

/// Collects (key, value) pairs in any order of keys, then lays them out as ``IDLists``. Each
/// key's values keep the order they were added in; a value equal to the one added just before it
/// for the same key is dropped (a module listed twice under a protocol is one provider).
struct IDListsBuilder {
  private var counts: [UInt32]
  private var pairs: [(key: UInt32, value: Int32)] = []

  /// A builder for keys `0..<count`.
  init(count: Int) {
    counts = Array(repeating: 0, count: count)
  }

  /// How many values were added for `key` so far, repeats included.
  func addedCount(for key: Int) -> Int { Int(counts[key]) }

  /// Appends `value` to `key`'s list.
  mutating func add(_ value: Int, to key: Int) {
    counts[key] += 1
    pairs.append((UInt32(truncatingIfNeeded: key), Int32(truncatingIfNeeded: value)))
  }

  /// The lists: a stable counting sort of the pairs by key, then repeats dropped.
  func build() -> IDLists {
    var next: [UInt32] = []
    next.reserveCapacity(counts.count + 1)
    var total: UInt32 = 0
    for count in counts {
      next.append(total)
      total += count
    }
    next.append(total)
    var values = [Int32](repeating: 0, count: Int(total))
    var placed = next
    for pair in pairs {
      values[Int(placed[Int(pair.key)])] = pair.value
      placed[Int(pair.key)] += 1
    }
    // Drop each value equal to its predecessor in the same list, moving the rest down.
    var starts = next
    var written = 0
    for key in counts.indices {
      starts[key] = UInt32(truncatingIfNeeded: written)
      for position in Int(next[key])..<Int(next[key + 1]) {
        let value = values[position]
        if written > Int(starts[key]), values[written - 1] == value { continue }
        values[written] = value
        written += 1
      }
    }
    starts[counts.count] = UInt32(truncatingIfNeeded: written)
    values.removeLast(values.count - written)
    return IDLists(starts: starts, values: values)
  }
}
