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
    self.entries = entries
    self.scheme = scheme
    self.fallback = fallback
    self.trie = RouteTrie(entries)
  }

  /// Reads `url` and finds the route it leads to.
  public func resolve(_ url: String) -> RouteResolution {
    switch URLPath.read(url, scheme: scheme, readsQuery: trie.readsQuery) {
    case .notRouted(let reason):
      return .notRouted(reason: reason)
    case .unmatchable(let reason):
      return unmatched(reason)
    case .path(let path):
      if let match = match(path) { return .matched(match) }
      return unmatched("no route matches the URL")
    }
  }

  /// The best route for an already read path, or `nil` when none matches.
  public func match(_ path: URLPath) -> RouteMatch? {
    guard let found = trie.match(path) else { return nil }
    let entry = entries[found.entryIndex]
    return RouteMatch(
      module: entry.module,
      pattern: entry.pattern,
      entryIndex: found.entryIndex,
      parameters: found.parameters
    )
  }

  private func unmatched(_ reason: String) -> RouteResolution {
    if let fallback { return .fallback(module: fallback) }
    return .unmatched(reason: reason)
  }
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

/// A route that matched a URL, with the values it read.
public struct RouteMatch: Sendable, Equatable {
  /// The module the route leads to.
  public var module: String
  /// The route's pattern.
  public var pattern: RoutePattern
  /// The index of the route in ``RouteTable/entries``.
  public var entryIndex: Int
  /// The values of the path parameters, the catch-all (decoded segments joined with `/`) and the
  /// optional parameters found in the query. Absent query parameters are left out.
  public var parameters: [String: RouteValue]

  /// A match of entry `entryIndex` with the values it read.
  public init(module: String, pattern: RoutePattern, entryIndex: Int, parameters: [String: RouteValue]) {
    self.module = module
    self.pattern = pattern
    self.entryIndex = entryIndex
    self.parameters = parameters
  }
}
