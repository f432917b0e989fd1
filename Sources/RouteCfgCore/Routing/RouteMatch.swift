/// A route that matched a URL, with the values it read.
///
/// A match made by ``RouteTable/resolve(_:)`` keeps the URL and where each value was written,
/// and converts a value only when it is asked for: ``value(for:)`` reads one, ``parameters``
/// all of them. Resolving a URL therefore allocates nothing for its literal segments, and the
/// values cost only what reading them costs.
public struct RouteMatch: Sendable, Equatable {
  /// The module the route leads to.
  public var module: String
  /// The route's pattern.
  public var pattern: RoutePattern
  /// The index of the route in ``RouteTable/entries``.
  public var entryIndex: Int
  private var storage: Storage

  private enum Storage: Sendable {
    case values([String: RouteValue])
    case written(WrittenValues)
  }

  /// A match of entry `entryIndex` with the values it read.
  public init(module: String, pattern: RoutePattern, entryIndex: Int, parameters: [String: RouteValue]) {
    self.module = module
    self.pattern = pattern
    self.entryIndex = entryIndex
    self.storage = .values(parameters)
  }

  init(module: String, pattern: RoutePattern, entryIndex: Int, written: WrittenValues) {
    self.module = module
    self.pattern = pattern
    self.entryIndex = entryIndex
    self.storage = .written(written)
  }

  /// The values of the path parameters, the catch-all (decoded segments joined with `/`) and the
  /// optional parameters found in the query. Absent query parameters are left out.
  public var parameters: [String: RouteValue] {
    get {
      switch storage {
      case .values(let values): return values
      case .written(let written): return written.all()
      }
    }
    set { storage = .values(newValue) }
  }

  /// The value of one parameter (path, catch-all or query), or `nil` when the match has none:
  /// the same as `parameters[name]` without converting the others.
  public func value(for name: String) -> RouteValue? {
    switch storage {
    case .values(let values): return values[name]
    case .written(let written): return written.value(for: name)
    }
  }

  public static func == (lhs: RouteMatch, rhs: RouteMatch) -> Bool {
    lhs.module == rhs.module && lhs.pattern == rhs.pattern && lhs.entryIndex == rhs.entryIndex
      && lhs.parameters == rhs.parameters
  }
}

/// Where the values of a match were written in its URL: byte ranges of the bound segments (a
/// catch-all's runs to the last segment) and of the query. They are valid (the matcher checked
/// their escapes and types), so converting them again cannot fail.
struct WrittenValues: Sendable {
  let url: String
  let entry: RouteTrie.CompiledEntry
  /// Each binding's byte range, packed as `start << 16 | end` (URLs are at most 8 KiB): the first
  /// four inline, the rest in `more`.
  private var first: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
  private var more: [UInt32] = []
  private let query: UInt32

  init(url: String, entry: RouteTrie.CompiledEntry, scanned: ScannedURL) {
    self.url = url
    self.entry = entry
    self.query = Self.pack(scanned.queryStart, scanned.queryEnd)
    for (position, binding) in entry.bindings.enumerated() {
      let segment = scanned.segments[binding.segment]
      let end = binding.isCatchAll ? scanned.segments[scanned.segmentCount - 1].rawEnd : segment.rawEnd
      let packed = Self.pack(Int(segment.rawStart), Int(end))
      switch position {
      case 0: first.0 = packed
      case 1: first.1 = packed
      case 2: first.2 = packed
      case 3: first.3 = packed
      default: more.append(packed)
      }
    }
  }

  private static func pack(_ start: Int, _ end: Int) -> UInt32 { UInt32(start) << 16 | UInt32(end) }

  private func range(ofBinding position: Int) -> Range<String.Index> {
    let packed: UInt32
    switch position {
    case 0: packed = first.0
    case 1: packed = first.1
    case 2: packed = first.2
    case 3: packed = first.3
    default: packed = more[position - 4]
    }
    return index(Int(packed >> 16))..<index(Int(packed & 0xFFFF))
  }

  private func index(_ offset: Int) -> String.Index {
    url.utf8.index(url.utf8.startIndex, offsetBy: offset)
  }

  /// The value of binding `position`: decoded and converted.
  private func bindingValue(_ position: Int) -> RouteValue? {
    let binding = entry.bindings[position]
    let text = url[range(ofBinding: position)]
    guard binding.isCatchAll else { return Self.decoded(text).flatMap(binding.type.parse) }
    // The decoded segments joined with `/` (`%2F` stays inside its segment).
    guard text.utf8.contains(URLSyntax.percent) else { return .string(String(text)) }
    let parts = text.split(separator: "/", omittingEmptySubsequences: false).compactMap(Self.decoded)
    return .string(parts.joined(separator: "/"))
  }

  private static func decoded(_ text: Substring) -> String? {
    guard case .success(let value) = PercentDecoding.decode(text) else { return nil }
    return value
  }

  private var queryText: Substring {
    url[index(Int(query >> 16))..<index(Int(query & 0xFFFF))]
  }

  func value(for name: String) -> RouteValue? {
    if let position = entry.bindings.firstIndex(where: { $0.name == name }) { return bindingValue(position) }
    guard let parameter = entry.queryParameters.first(where: { $0.name == name }),
      case .value(let text) = URLQuery(queryText).value(forKey: name)
    else { return nil }
    return parameter.type?.parse(text)
  }

  func all() -> [String: RouteValue] {
    var values: [String: RouteValue] = [:]
    for position in entry.bindings.indices {
      values[entry.bindings[position].name] = bindingValue(position)
    }
    guard !entry.queryParameters.isEmpty else { return values }
    let query = URLQuery(queryText)
    for parameter in entry.queryParameters {
      if case .value(let text) = query.value(forKey: parameter.name) {
        values[parameter.name] = parameter.type?.parse(text)
      }
    }
    return values
  }
}
