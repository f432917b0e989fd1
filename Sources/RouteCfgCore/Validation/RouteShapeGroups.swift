/// A route that parsed and whose parameters are all known and routable: its module's index in
/// the manifest and its place in the module's routes, and the group of routes of its shape.
struct ShapedRoute {
  let module: Int32
  let position: Int32
  let group: Int32
}

/// A route's shape as one string, to group routes by: `/` and the literal for a literal segment,
/// `/:` and a letter for a parameter's type, `/*` for a catch-all (a literal never starts with
/// `:` or `*`), and empty for the root. A short one lives in the string itself, where a
/// ``RouteShape`` is an array of its elements, one for every route.
struct ShapeKey {
  private(set) var text = ""

  /// The segment written for a parameter of `type`, read back by ``shape(of:)``.
  private static func parameterCode(_ type: RouteValueType) -> String {
    switch type {
    case .int: ":i"
    case .double: ":d"
    case .bool: ":b"
    case .string: ":s"
    }
  }

  mutating func appendLiteral(_ literal: String) {
    text.append("/")
    text.append(literal)
  }

  mutating func appendParameter(_ type: RouteValueType) {
    text.append("/")
    text.append(Self.parameterCode(type))
  }

  mutating func appendCatchAll() { text.append("/*") }

  /// The shape a key's text stands for, for a message.
  static func shape(of text: String) -> RouteShape {
    RouteShape(
      elements: text.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { segment in
        if segment == "*" { return .catchAll }
        if let type = RouteValueType.allCases.first(where: { parameterCode($0) == segment }) {
          return .parameter(type)
        }
        return .literal(String(segment))
      })
  }
}

/// The routes grouped by shape: each shape once (keyed by its ``ShapeKey`` text, hashed as names
/// are: every route is looked up), with a group number in the order shapes are first seen, and
/// every route in one array that names its group. Conflicts are rare, so the routes of a group
/// are gathered only for a group of two or more.
struct ShapeGroups {
  private var groups: [NameKey: Int32] = [:]
  private var sizes: [Int32] = []
  private var routes: [ShapedRoute] = []

  init(capacity: Int) {
    routes.reserveCapacity(capacity)
  }

  mutating func add(module: Int, position: Int, shape: ShapeKey) {
    // One lookup: a shape seen for the first time is given the next number in place.
    let group = Self.number(&groups[NameKey(shape.text), default: -1], next: Int32(sizes.count))
    if Int(group) == sizes.count { sizes.append(0) }
    sizes[Int(group)] += 1
    routes.append(ShapedRoute(module: Int32(module), position: Int32(position), group: group))
  }

  /// The group number in `slot`, set to `next` when the shape has none yet (-1).
  private static func number(_ slot: inout Int32, next: Int32) -> Int32 {
    if slot < 0 { slot = next }
    return slot
  }

  /// The groups of two or more routes, each with its shape and its routes in the order listed,
  /// in the order their shapes were first seen.
  func conflicts() -> [(shape: RouteShape, routes: [ShapedRoute])] {
    var members: [Int32: [ShapedRoute]] = [:]
    for route in routes where sizes[Int(route.group)] > 1 {
      members[route.group, default: []].append(route)
    }
    guard !members.isEmpty else { return [] }
    let shapes = groups.filter { members[$0.value] != nil }.sorted { $0.value < $1.value }
    return shapes.compactMap { key, group in members[group].map { (ShapeKey.shape(of: key.name), $0) } }
  }
}
