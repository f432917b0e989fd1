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
/// ``RouteShape`` is an array of its elements, one for every route. Written as bytes (appending
/// to a `String` piece by piece costs several times as much), made a string once.
struct ShapeKey {
  private var bytes: [UInt8] = []

  /// An empty key with room for the key of `pattern`, which is never longer than the pattern:
  /// built in place, without growing.
  init(reservingFor pattern: String) {
    bytes.reserveCapacity(pattern.utf8.count)
  }

  /// The key's text.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// The letter written after `:` for a parameter of `type`, read back by ``shape(of:)``.
  private static func parameterCode(_ type: RouteValueType) -> UInt8 {
    switch type {
    case .int: UInt8(ascii: "i")
    case .double: UInt8(ascii: "d")
    case .bool: UInt8(ascii: "b")
    case .string: UInt8(ascii: "s")
    }
  }

  mutating func appendLiteral(_ literal: String) {
    bytes.append(UInt8(ascii: "/"))
    bytes.append(contentsOf: literal.utf8)
  }

  mutating func appendParameter(_ type: RouteValueType) {
    bytes.append(UInt8(ascii: "/"))
    bytes.append(UInt8(ascii: ":"))
    bytes.append(Self.parameterCode(type))
  }

  mutating func appendCatchAll() {
    bytes.append(UInt8(ascii: "/"))
    bytes.append(UInt8(ascii: "*"))
  }

  /// The shape a key's text stands for, for a message.
  static func shape(of text: String) -> RouteShape {
    RouteShape(
      elements: text.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { segment in
        if segment == "*" { return .catchAll }
        if let type = RouteValueType.allCases.first(where: {
          segment.utf8.elementsEqual([UInt8(ascii: ":"), parameterCode($0)])
        }) {
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
    groups.reserveCapacity(capacity)
    routes.reserveCapacity(capacity)
  }

  mutating func add(module: Int, position: Int, shape: ShapeKey) {
    let group = group(of: NameKey(shape.text))
    sizes[Int(group)] += 1
    routes.append(ShapedRoute(module: Int32(module), position: Int32(position), group: group))
  }

  /// The number of the group of `shape`; a shape seen for the first time is given the next
  /// number, in place (one lookup), and an empty group.
  private mutating func group(of shape: NameKey) -> Int32 {
    let group = Self.number(&groups[shape, default: -1], next: Int32(sizes.count))
    if Int(group) == sizes.count { sizes.append(0) }
    return group
  }

  /// Adds the routes of `later`, grouped from routes listed after all of these (the modules
  /// after this part's), as if each had been added here in turn: a shape `later` saw first keeps
  /// its place after the shapes seen here. One lookup per shape of `later`, not per route.
  mutating func append(_ later: ShapeGroups) {
    var keys = [NameKey?](repeating: nil, count: later.sizes.count)
    for (key, group) in later.groups { keys[Int(group)] = key }
    var renumbered = [Int32](repeating: 0, count: later.sizes.count)
    for (group, key) in keys.enumerated() {
      guard let key else { continue }
      let number = self.group(of: key)
      sizes[Int(number)] += later.sizes[group]
      renumbered[Int(group)] = number
    }
    routes.reserveCapacity(routes.count + later.routes.count)
    for route in later.routes {
      routes.append(
        ShapedRoute(module: route.module, position: route.position, group: renumbered[Int(route.group)]))
    }
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
