/// A route that matched a URL, with the values it read.
///
/// A match made by ``RouteTable/resolve(_:)`` keeps the URL and where each value was written,
/// and converts a value only when it is asked for: ``value(for:)`` reads one, ``parameters``
/// all of them. Resolving a URL therefore allocates nothing for its literal segments, and the
/// values cost only what reading them costs.
public struct RouteMatch: Sendable, Equatable, CustomStringConvertible {
  /// The index of the route in ``RouteTable/entries``.
  public var entryIndex: Int
  /// Where the module, the pattern and the values come from.
  private var source: Source
  /// Where the values were written in the URL; empty for given values. Kept beside `source`,
  /// not in one of its cases, so that reading a value borrows it instead of copying it out.
  private var written: WrittenValues

  private enum Source: Sendable {
    /// Given (or changed) by the caller.
    case given(GivenValues)
    /// Resolved from a URL by this trie: the module and pattern are read from its table, the
    /// values from `written`, when asked for.
    case trie(RouteTrie)
  }

  /// Values given by the caller, in one reference, so that copying a match handles few fields.
  private final class GivenValues: Sendable {
    let module: String
    let pattern: RoutePattern
    let parameters: [String: RouteValue]

    init(module: String, pattern: RoutePattern, parameters: [String: RouteValue]) {
      self.module = module
      self.pattern = pattern
      self.parameters = parameters
    }
  }

  /// A match of entry `entryIndex` with the values it read.
  public init(module: String, pattern: RoutePattern, entryIndex: Int, parameters: [String: RouteValue]) {
    self.entryIndex = entryIndex
    self.source = .given(GivenValues(module: module, pattern: pattern, parameters: parameters))
    self.written = .none
  }

  init(entryIndex: Int, trie: RouteTrie, written: WrittenValues) {
    self.entryIndex = entryIndex
    self.source = .trie(trie)
    self.written = written
  }

  /// The module the route leads to.
  public var module: String {
    get {
      switch source {
      case .given(let given): return given.module
      case .trie(let trie): return trie.tableEntries[written.entry].module
      }
    }
    set { give(module: newValue, pattern: pattern, parameters: parameters) }
  }

  /// The route's pattern.
  public var pattern: RoutePattern {
    get {
      switch source {
      case .given(let given): return given.pattern
      case .trie(let trie): return trie.tableEntries[written.entry].pattern
      }
    }
    set { give(module: module, pattern: newValue, parameters: parameters) }
  }

  /// The values of the path parameters, the catch-all (decoded segments joined with `/`) and the
  /// optional parameters found in the query. Absent query parameters are left out.
  public var parameters: [String: RouteValue] {
    get {
      switch source {
      case .given(let given): return given.parameters
      case .trie(let trie): return written.all(in: trie)
      }
    }
    set { give(module: module, pattern: pattern, parameters: newValue) }
  }

  /// The value of one parameter (path, catch-all or query), or `nil` when the match has none:
  /// the same as `parameters[name]` without converting the others.
  public func value(for name: String) -> RouteValue? {
    switch source {
    case .given(let given): return given.parameters[name]
    case .trie(let trie): return written.value(for: name, in: trie)
    }
  }

  /// Keeps the given values from now on.
  private mutating func give(module: String, pattern: RoutePattern, parameters: [String: RouteValue]) {
    source = .given(GivenValues(module: module, pattern: pattern, parameters: parameters))
    written = .none
  }

  /// The module, the route and the values: `NoteDetail via /notes/:noteId (noteId: 42, query:
  /// "swift")`; strings are quoted, the pattern's values come first in its order, then those of
  /// the query by name.
  public var description: String {
    let values = parameters
    let inPattern = pattern.parameterNames
    let named = Set(inPattern)
    let order = inPattern.filter { values[$0] != nil } + values.keys.filter { !named.contains($0) }.sorted()
    let written = order.compactMap { name -> String? in
      guard let value = values[name] else { return nil }
      if case .string(let text) = value { return "\(name): \(text.debugDescription)" }
      return "\(name): \(value)"
    }
    return "\(module) via \(pattern)" + (written.isEmpty ? "" : " (" + written.joined(separator: ", ") + ")")
  }

  public static func == (lhs: RouteMatch, rhs: RouteMatch) -> Bool {
    lhs.module == rhs.module && lhs.pattern == rhs.pattern && lhs.entryIndex == rhs.entryIndex
      && lhs.parameters == rhs.parameters
  }
}

/// Where the values of a match were written in its URL: byte ranges of the bound segments (a
/// catch-all's runs to the last segment) and of the query, packed as `start << 16 | end` (URLs
/// are at most 8 KiB). The first four bindings are stored inline, so a match of up to four
/// parameters allocates nothing.
struct WrittenRanges: Sendable {
  private var first: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
  private var more: ContiguousArray<UInt32>?
  let query: UInt32

  /// No values: the ranges of a match whose values were given, not read.
  init() { query = 0 }

  init(bindings: UnsafeBufferPointer<RouteTrie.Binding>, scanned: ScannedURL) {
    query = Self.pack(scanned.queryStart, scanned.queryEnd)
    for (position, binding) in bindings.enumerated() {
      let segment = scanned.segments[Int(binding.segment)]
      let end = binding.isCatchAll ? scanned.segments[scanned.segmentCount - 1].rawEnd : segment.rawEnd
      let packed = Self.pack(Int(segment.rawStart), Int(end))
      switch position {
      case 0: first.0 = packed
      case 1: first.1 = packed
      case 2: first.2 = packed
      case 3: first.3 = packed
      default: more = (more ?? []) + [packed]
      }
    }
  }

  private static func pack(_ start: Int, _ end: Int) -> UInt32 { UInt32(start) << 16 | UInt32(end) }

  /// The byte range of binding `position`.
  func binding(_ position: Int) -> Range<Int> {
    let packed: UInt32
    switch position {
    case 0: packed = first.0
    case 1: packed = first.1
    case 2: packed = first.2
    case 3: packed = first.3
    default: packed = more?[position - 4] ?? 0
    }
    return Self.unpack(packed)
  }

  static func unpack(_ packed: UInt32) -> Range<Int> { Int(packed >> 16)..<Int(packed & 0xFFFF) }
}

/// The values of a match, converted from the URL when they are read. The matcher checked their
/// escapes and types, so converting them again cannot fail.
struct WrittenValues: Sendable {
  let url: String
  let entry: Int
  let ranges: WrittenRanges

  /// What a match whose values were given keeps beside them: no URL and no values (its module
  /// and pattern are given too, so `entry` is never read).
  static let none = WrittenValues(url: "", entry: 0, ranges: WrittenRanges())

  /// The value of `name`, read with the bindings and query parameters `trie` compiled.
  func value(for name: String, in trie: RouteTrie) -> RouteValue? {
    let bindings = trie.bindings(of: entry)
    if let position = bindings.firstIndex(where: { $0.name == name }) {
      return bindingValue(bindings[position], ranges.binding(position))
    }
    guard let parameter = trie.queryParameters(of: entry).first(where: { $0.name == name }),
      case .value(let text) = URLQuery(substring(WrittenRanges.unpack(ranges.query))).value(forKey: name)
    else { return nil }
    return parameter.type?.parse(text)
  }

  /// Every value, read with the bindings and query parameters `trie` compiled.
  func all(in trie: RouteTrie) -> [String: RouteValue] {
    let bindings = trie.bindings(of: entry)
    let queryParameters = trie.queryParameters(of: entry)
    var values: [String: RouteValue] = [:]
    for (position, binding) in bindings.enumerated() {
      values[binding.name] = bindingValue(binding, ranges.binding(position))
    }
    guard !queryParameters.isEmpty else { return values }
    let query = URLQuery(substring(WrittenRanges.unpack(ranges.query)))
    for parameter in queryParameters {
      if case .value(let text) = query.value(forKey: parameter.name) {
        values[parameter.name] = parameter.type?.parse(text)
      }
    }
    return values
  }

  private func substring(_ range: Range<Int>) -> Substring {
    let utf8 = url.utf8
    return url[
      utf8.index(
        utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)
    ]
  }

  /// The value of a binding written at `range`: decoded and converted. The URL's bytes are read
  /// in place; only a value that holds `%` is copied to be decoded.
  private func bindingValue(_ binding: RouteTrie.Binding, _ range: Range<Int>) -> RouteValue? {
    var url = self.url
    return url.withUTF8 { all in
      let bytes = UnsafeBufferPointer(rebasing: all[range])
      guard bytes.contains(URLSyntax.percent) else {
        return binding.isCatchAll
          ? .string(String(decoding: bytes, as: UTF8.self)) : binding.type.value(bytes)
      }
      let text = Substring(String(decoding: bytes, as: UTF8.self))
      guard binding.isCatchAll else { return Self.decoded(text).flatMap(binding.type.parse) }
      // The decoded segments joined with `/` (`%2F` stays inside its segment).
      let parts = text.split(separator: "/", omittingEmptySubsequences: false).compactMap(Self.decoded)
      return .string(parts.joined(separator: "/"))
    }
  }

  private static func decoded(_ text: Substring) -> String? {
    guard case .success(let value) = PercentDecoding.decode(text) else { return nil }
    return value
  }
}
