/// The routes of a manifest compiled into a trie, ready to resolve URLs.
///
/// Resolution does not depend on the order of the entries, and its time does not grow with their
/// number. The table is immutable and can be used from many threads at once.
public struct RouteTable: Sendable {
  /// One route of one module.
  public struct Entry: Sendable, Equatable {
    /// The module the route leads to.
    public var module: String
    /// The route pattern.
    public var pattern: RoutePattern
    /// The carriable types of the module's parameters (see ``RouteValueType/init(_:)``). A pattern
    /// parameter missing here is read as a `String`; a catch-all is always a `String`.
    public var parameterTypes: [String: RouteValueType]
    /// The module's optional parameters. Those the pattern does not bind are read from the
    /// query; one without a carriable type never converts, so a URL that gives it a value fails
    /// the route (SPEC §2).
    public var optionalParameters: Set<String>

    /// An entry with its carriable parameter types and optional parameter names.
    public init(
      module: String,
      pattern: RoutePattern,
      parameterTypes: [String: RouteValueType],
      optionalParameters: Set<String> = []
    ) {
      self.module = module
      self.pattern = pattern
      self.parameterTypes = parameterTypes
      self.optionalParameters = optionalParameters
    }

    /// An entry for a module with the given declared parameters: the types of those a URL can
    /// carry are kept, and `T?` ones are optional.
    public init(module: String, pattern: RoutePattern, parameters: [String: TypeRef]) {
      var types: [String: RouteValueType] = [:]
      var optional: Set<String> = []
      for (name, type) in parameters {
        if type.isOptional { optional.insert(name) }
        if let valueType = RouteValueType(type) { types[name] = valueType }
      }
      self.init(module: module, pattern: pattern, parameterTypes: types, optionalParameters: optional)
    }

    /// The carriable type of the parameter `name`, `nil` when it has none. A module has few
    /// parameters, and comparing `name` with each costs less than hashing it with SipHash to
    /// look it up (building a registry's router asks for every route's parameters).
    func valueType(ofParameter name: String) -> RouteValueType? {
      guard parameterTypes.count <= 4 else { return parameterTypes[name] }
      for (parameter, type) in parameterTypes where parameter == name { return type }
      return nil
    }
  }

  /// The entries, in the order given; ``RouteMatch/entryIndex`` indexes them.
  public let entries: [Entry]
  /// The manifest's URL scheme (`noteapp`), or `nil` when it sets none.
  public let scheme: String?
  /// The module that unmatched URLs go to, or `nil`.
  public let fallback: String?

  private let trie: RouteTrie

  /// Compiles `entries`. Entries of the same shape (an invalid manifest) are tried in the order
  /// of their indices.
  public init(entries: [Entry], scheme: String? = nil, fallback: String? = nil) {
    var builder = RouteTrieBuilder(capacity: entries.count)
    for entry in entries { builder.insert(entry) }
    self.init(entries: entries, builtBy: builder, scheme: scheme, fallback: fallback)
  }

  /// A table whose entries were inserted into `builder`, in order (as they were made, in
  /// ``init(graph:)``).
  init(entries: [Entry], builtBy builder: consuming RouteTrieBuilder, scheme: String?, fallback: String?) {
    self.entries = entries
    self.scheme = scheme
    self.fallback = fallback
    self.trie = RouteTrie(entries, builtBy: builder)
  }

  /// Reads `url` and finds the route it leads to.
  ///
  /// The URL's bytes are read once, in place: literal segments are matched without allocating,
  /// only segments that hold `%` are decoded, and the match converts its values when they are
  /// read (``RouteMatch/value(for:)``, ``RouteMatch/parameters``).
  public func resolve(_ url: String) -> RouteResolution {
    let trie = self.trie
    let found = URLScanner.withScanned(url, scheme: scheme) { scanned -> ScanMatch in
      let index: Int?
      if trie.readsQuery {
        let query = RawQuery(
          bytes: UnsafeBufferPointer(rebasing: scanned.url[scanned.queryStart..<scanned.queryEnd]))
        index = trie.match(scanned, query: query)
      } else {
        index = trie.match(scanned, query: NoQuery())
      }
      guard let index else { return .unmatched }
      return .matched(
        entry: index, ranges: WrittenRanges(bindings: trie.bindings(of: index), scanned: scanned))
    }
    switch found {
    case .matched(let index, let ranges):
      return .matched(
        RouteMatch(
          entryIndex: index, trie: trie, written: WrittenValues(url: url, entry: index, ranges: ranges)))
    case .unmatched: return unmatched("no route matches the URL")
    case .failure(.notRouted(let reason)): return .notRouted(reason: reason)
    case .failure(.unmatchable(let reason)): return unmatched(reason)
    }
  }

  /// The best route for an already read path, or `nil` when none matches.
  public func match(_ path: URLPath) -> RouteMatch? {
    var bytes: [UInt8] = []
    var segments: [ScannedSegment] = []
    for segment in path.segments {
      let start = Int32(bytes.count)
      bytes += segment.utf8
      let text = bytes[Int(start)...]
      segments.append(
        ScannedSegment(
          rawStart: start, rawEnd: Int32(bytes.count), start: start, end: Int32(bytes.count),
          hash: LiteralHash.of(text), isEscaped: false, isNonASCII: text.contains { $0 >= 0x80 },
          hasNUL: false))
    }
    let found = bytes.withUnsafeBufferPointer { buffer in
      segments.withUnsafeMutableBufferPointer { segmentBuffer in
        trie.match(
          ScannedURL(
            url: buffer, decoded: UnsafeMutableBufferPointer(start: nil, count: 0), segments: segmentBuffer,
            segmentCount: segmentBuffer.count, queryStart: 0, queryEnd: 0),
          query: path.query)
      }
    }
    guard let index = found else { return nil }
    let entry = entries[index]
    var parameters: [String: RouteValue] = [:]
    for binding in trie.bindings(of: index) {
      let segment = Int(binding.segment)
      let text =
        binding.isCatchAll ? path.segments[segment...].joined(separator: "/") : path.segments[segment]
      parameters[binding.name] = binding.type.parse(text)
    }
    for parameter in trie.queryParameters(of: index) {
      if case .value(let text) = path.query.value(forKey: parameter.name) {
        parameters[parameter.name] = parameter.type?.parse(text)
      }
    }
    return RouteMatch(module: entry.module, pattern: entry.pattern, entryIndex: index, parameters: parameters)
  }

  private func unmatched(_ reason: String) -> RouteResolution {
    if let fallback { return .fallback(module: fallback) }
    return .unmatched(reason: reason)
  }
}

/// The query of a table whose routes read none.
private struct NoQuery: RouteQuery {
  func converts(_ parameters: UnsafeBufferPointer<RouteTrie.QueryParameter>) -> Bool { true }
}

/// Where a URL leads.
public enum RouteResolution: Sendable, Equatable {
  /// A route matched.
  case matched(RouteMatch)
  /// No route matched, and the manifest's fallback module takes the URL.
  case fallback(module: String)
  /// No route matched and there is no fallback.
  case unmatched(reason: String)
  /// The URL is not the app's (another scheme, a user or port, no `//`); the fallback does not
  /// apply.
  case notRouted(reason: String)
}
