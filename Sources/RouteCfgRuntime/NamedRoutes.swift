import RouteCfgCore

/// What a destination found for each member name its callers used (a route, a table entry, a
/// setter), so that repeated accesses skip resolving the name. A caller uses few of a protocol's members, so the first
/// ``comparedCount`` are found by comparing names (two short names compare in a few
/// instructions, where hashing one costs hundreds); any more, by ``NameKey``.
struct NamedRoutes<Route> {
  private var compared: [(name: String, route: Route)] = []
  private var hashed: [NameKey: Route] = [:]
  static var comparedCount: Int { 8 }

  /// The route found for `name`, if it was added. Inlined: called on every access by name.
  @inline(__always)
  func route(named name: String) -> Route? {
    for index in compared.indices where compared[index].name == name { return compared[index].route }
    return compared.count == Self.comparedCount ? hashed[NameKey(name)] : nil
  }

  /// Keeps `route` for `name`, which has none yet.
  mutating func add(_ route: Route, named name: String) {
    if compared.count < Self.comparedCount {
      compared.append((name, route))
    } else {
      hashed[NameKey(name)] = route
    }
  }
}
