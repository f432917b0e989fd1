/// A module's parameters by name.
private struct ParameterLookup {
  let parameters: [ParameterDecl]
  let positions: NamePositions

  init(_ parameters: [ParameterDecl]) {
    self.parameters = parameters
    positions = NamePositions(of: parameters.lazy.map { $0.name.value })
  }

  func parameter(named name: String) -> ParameterDecl? {
    positions.position(of: name, in: parameters.lazy.map { $0.name.value }).map { parameters[$0] }
  }
}

extension ManifestValidator {
  /// Checks route patterns, their parameters, unbound required parameters, conflicts between
  /// routes of the same shape (grouped by shape key, never compared pairwise) and the fallback.
  mutating func checkRoutes() {
    var checked = emptyRoutes(withRoomForModulesAt: moduleIDs.indices)
    checkRoutes(ofModulesAt: moduleIDs.indices, into: &checked)
    finishRoutes(checked)
  }

  /// The routes of some of the modules, checked: each valid route's pattern and its module, and
  /// the routes grouped by shape.
  struct CheckedRoutes {
    var infos: [RouteInfo] = []
    /// The patterns of each module's valid routes, one list per module.
    var patterns: [[RoutePattern]] = []
    var groups = ShapeGroups(capacity: 0)

    init() {}

    /// Empty, with room for the given number of routes and modules.
    init(routes: Int, modules: Int) {
      infos.reserveCapacity(routes)
      patterns.reserveCapacity(modules)
      groups = ShapeGroups(capacity: routes)
    }

    /// Adds the routes of `later`, checked from the modules after these.
    mutating func append(_ later: CheckedRoutes) {
      infos += later.infos
      patterns += later.patterns
      groups.append(later.groups)
    }
  }

  /// Checks the routes of the modules at `positions` of `moduleOrder` (their patterns and
  /// parameters) and adds them to `checked`, which holds those of the modules before;
  /// ``finishRoutes(_:)`` then checks what needs every module's.
  mutating func checkRoutes(ofModulesAt positions: Range<Int>, into checked: inout CheckedRoutes) {
    for modulePosition in positions {
      let (moduleName, index) = (moduleOrder[modulePosition], moduleIDs[modulePosition])
      let module = manifest.modules[index]
      var patterns: [RoutePattern] = []
      patterns.reserveCapacity(module.routes.count)
      checkRoutes(of: module) { position, route, pattern, shape in
        patterns.append(pattern)
        checked.infos.append(RouteInfo(module: moduleName, pattern: pattern, location: route.location))
        if let shape { checked.groups.add(module: index, position: position, shape: shape) }
      }
      checked.patterns.append(patterns)
    }
  }

  /// Checks each route of `module` but those it lists again (their patterns and parameters),
  /// calling `body` with the position, the pattern and the shape of each valid one.
  private mutating func checkRoutes(
    of module: ModuleDecl, _ body: (Int, Located<String>, RoutePattern, ShapeKey?) -> Void
  ) {
    let parameters = ParameterLookup(module.parameters)
    let listed = NamePositions(of: module.routes.lazy.map(\.value))
    for (position, route) in module.routes.enumerated() {
      guard !isRepeat(position, of: module, listed: listed),
        let (pattern, shape) = checkRoute(
          route, Self.locator(ofRoute: position, in: module), of: module, parameters: parameters)
      else {
        continue
      }
      body(position, route, pattern, shape)
    }
  }

  /// The routes of the modules at `positions` of `moduleOrder`, checked on their own, to be
  /// appended to those of the modules before.
  mutating func checkRoutes(ofModulesAt positions: Range<Int>) -> CheckedRoutes {
    var checked = emptyRoutes(withRoomForModulesAt: positions)
    checkRoutes(ofModulesAt: positions, into: &checked)
    return checked
  }

  /// No routes yet, with room for those of the modules at `positions` of `moduleOrder`.
  func emptyRoutes(withRoomForModulesAt positions: Range<Int>) -> CheckedRoutes {
    let routes = positions.reduce(0) { $0 + manifest.modules[moduleIDs[$1]].routes.count }
    return CheckedRoutes(routes: routes, modules: positions.count)
  }

  /// The positions of `moduleOrder` in consecutive pieces of about as many routes each (a module
  /// without routes counting as one), at most ``routePieces``: two threads share the routes'
  /// checks piece by piece (``ForkJoin``).
  func modulePieces() -> [Range<Int>] {
    let weights = moduleIDs.map { manifest.modules[$0].routes.count + 1 }
    let total = weights.reduce(0, +)
    let count = min(Self.routePieces, weights.count)
    guard count > 0 else { return [] }
    var pieces: [Range<Int>] = []
    pieces.reserveCapacity(count)
    var (start, position, sum) = (0, 0, 0)
    for piece in 1...count {
      // The piece ends where the routes so far reach its share of them all.
      let goal = total * piece / count
      while position < weights.count, sum < goal {
        sum += weights[position]
        position += 1
      }
      if position > start { pieces.append(start..<position) }
      start = position
    }
    return pieces
  }

  /// Routes are checked in at most this many pieces: enough that the thread that takes the last
  /// one finishes soon after the other.
  static let routePieces = 16

  /// Keeps the routes checked from every module (``checkRoutes(ofModulesAt:)``) and checks what
  /// needs them all: conflicts between routes of the same shape and the fallback; and the routes
  /// of modules declared again.
  mutating func finishRoutes(_ checked: CheckedRoutes) {
    routeInfos = checked.infos
    moduleRoutes = checked.patterns
    // A module declared again (RC0502) is not the module, but its patterns, their parameters and
    // a route it lists twice are checked as well, so that renaming it brings no new errors; its
    // routes take part in no conflict.
    var isFirstDeclaration = Array(repeating: false, count: manifest.modules.count)
    for index in moduleIDs { isFirstDeclaration[index] = true }
    for (index, module) in manifest.modules.enumerated() where !isFirstDeclaration[index] {
      checkRoutes(of: module) { _, _, _, _ in }
    }
    for (shape, routes) in checked.groups.conflicts() {
      let distinct = routes.map { route in
        let module = manifest.modules[Int(route.module)]
        return (module: module.name.value, route: module.routes[Int(route.position)])
      }
      reportConflicts(distinct, shape: shape)
    }
    checkFallback()
  }

  /// Parses one route and checks its parameters; returns the pattern and, when every parameter
  /// is known and routable, its shape.
  private mutating func checkRoute(
    _ route: Located<String>, _ locator: ScalarLocator?, of module: ModuleDecl, parameters: ParameterLookup
  ) -> (RoutePattern, ShapeKey?)? {
    /// The place of the pattern's character at `scalars` from its start.
    func offset(_ location: SourceLocation, by scalars: Int) -> SourceLocation {
      // A pattern written over lines holds line breaks: the position is on the line they make.
      if let locator { return locator.location(BodyPosition(ofScalarAt: scalars, in: route.value)) }
      var moved = location
      moved.start.column += Int32(clamping: scalars)
      moved.end = nil
      return moved
    }
    let pattern: RoutePattern?
    let segments: [RouteSegment]
    /// The offsets of the segments read from a pattern that does not parse; `nil` for one that
    /// does, whose offsets are found only for a diagnostic.
    let offsetsAsRead: [Int]?
    /// Whether every segment was read, so that a parameter the route leaves out is unbound: a
    /// malformed segment may be the one meant to bind it.
    let readsEverySegment: Bool
    switch RoutePattern.parse(route.value) {
    case .success(let parsed):
      (pattern, segments, offsetsAsRead, readsEverySegment) = (parsed, parsed.segments, nil, true)
    case .failure:
      // Every problem of the pattern, not only the first; then those of the parameters its
      // readable segments name, as for a pattern that parses.
      let reading = RoutePattern.readableSegments(in: route.value)
      for error in reading.problems {
        let code: DiagnosticCode = error.kind == .catchAllNotLast ? .catchAllNotLast : .invalidRoutePattern
        diagnostics.report(code, error.message, at: offset(route.location, by: error.offset))
      }
      (pattern, segments, offsetsAsRead) = (nil, reading.segments, reading.offsets)
      readsEverySegment = reading.problems.allSatisfy { $0.kind == .catchAllNotLast }
    }
    if let pattern {
      // The shortest URL the pattern matches: its literals, one character per parameter, the slashes.
      let shortest = pattern.segments.reduce(0) { length, segment in
        if case .literal(let literal) = segment { return length + 1 + literal.utf8.count }
        return length + 2
      }
      if pattern.segments.count > URLPath.maximumSegments || shortest > URLPath.maximumLength {
        diagnostics.report(
          .invalidRoutePattern,
          "route pattern has \(pattern.segments.count) segment\(pattern.segments.count == 1 ? "" : "s") and its "
            + "shortest URL is \(shortest) bytes; URLs "
            + "of more than \(URLPath.maximumSegments) segments or \(URLPath.maximumLength) bytes match no route, "
            + "so it could never match: shorten it",
          at: route.location)
        return nil
      }
    }
    var shape = ShapeKey(reservingFor: route.value)
    // The names the route binds are those of its segments; misspelt ones also bind the
    // parameters suggested for them (one typo, one diagnostic). Neither needs an array of its own.
    var suggested: [String] = []
    func binds(_ name: String, before end: Int) -> Bool {
      segments[..<end].contains { $0.parameterName == name } || suggested.contains(name)
    }
    var complete = true
    for (position, segment) in segments.enumerated() {
      let name: String
      let isCatchAll: Bool
      switch segment {
      case .literal(let literal):
        shape.appendLiteral(literal)
        continue
      case .parameter(let parameter): (name, isCatchAll) = (parameter, false)
      case .catchAll(let parameter): (name, isCatchAll) = (parameter, true)
      }
      /// Where the segment starts in the pattern (found only for a diagnostic).
      func segmentStart() -> Int {
        let offsets = offsetsAsRead ?? pattern?.segmentOffsets ?? []
        return position < offsets.count ? offsets[position] : 0
      }
      /// The whole segment, ':name' or '*name', so that editors underline all of it (found only
      /// for a diagnostic: a quoted pattern's positions are mapped through its escapes).
      func segmentLocation() -> SourceLocation {
        let start = segmentStart()
        var location = offset(route.location, by: start)
        let end = offset(route.location, by: start + 1 + name.unicodeScalars.count).start
        if end.line == location.start.line, end.column > location.start.column { location.end = end }
        return location
      }
      if binds(name, before: position) {
        diagnostics.report(
          .repeatedRouteParameter,
          "route '\(route.value)' names parameter '\(name)' twice; each parameter binds one segment: "
            + "rename or remove one",
          at: segmentLocation())
        complete = false
        continue
      }
      guard let parameter = parameters.parameter(named: name) else {
        let suggestion = suggesters.suggester(.parameters(module: module.name.value)) {
          module.parameters.map(\.name.value)
        }.suggestion(  // Not one the route binds already (RC0803).
          for: name, excluding: Set(segments[...position].compactMap(\.parameterName) + suggested))
        // A name no parameter can have (a Swift keyword, RC0205) is not declared but renamed.
        let advice =
          suggestion.map(NameSuggester.didYouMean)
          ?? (SwiftIdentifier.problem(with: name).map {
            "; \($0): rename the segment after a parameter the module declares"
          }
            ?? "; declare it under the module's 'parameters' (for example '\(name): String')")
        // The name after ':' or '*', where the segment spans one line.
        let location = segmentLocation()
        var nameRange = location
        nameRange.start = offset(route.location, by: segmentStart() + 1).start
        let fixIt = suggestion.flatMap { suggested in
          location.end.flatMap { _ in FixIt.rename(name, at: nameRange, to: suggested) }
        }
        diagnostics.report(
          .unknownRouteParameter,
          "route '\(route.value)' names parameter '\(name)', which module '\(module.name.value)' "
            + "does not declare\(advice)",
          at: location, fixIts: fixIt.map { [$0] } ?? [])
        // The parameter it meant is not also unbound (RC0805): one typo, one diagnostic.
        if let suggestion { suggested.append(suggestion) }
        complete = false
        continue
      }
      guard let type = parameter.type else {
        complete = false
        continue
      }
      if let protocolName = protocolNamed(by: type) {
        diagnostics.report(
          .unroutableParameterType,
          "parameter '\(name)' has type '\(type)', and '\(protocolName)' is a protocol this manifest "
            + "declares, whose values a URL segment cannot carry; for Swift's type write "
            + "'\(Self.standardSpelling(of: type))', or rename the protocol",
          at: segmentLocation(), notes: [.declared(name, at: parameter.name.location)])
        complete = false
        continue
      }
      if isCatchAll {
        guard RouteValueType(type) == .string else {
          diagnostics.report(
            .unroutableParameterType,
            "catch-all '*\(name)' carries the rest of the path as a String, but '\(name)' is "
              + "'\(type)'; declare '\(name): String'",
            at: segmentLocation(), notes: [.declared(name, at: parameter.name.location)])
          complete = false
          continue
        }
        shape.appendCatchAll()
        continue
      }
      guard let valueType = RouteValueType(type) else {
        diagnostics.report(
          .unroutableParameterType,
          "parameter '\(name)' has type '\(type)', which a URL segment cannot carry; route parameters "
            + "are Int, Double, Bool or String (optional or not): bind another parameter or change its type"
            + Self.routeTypeHint(type),
          at: segmentLocation(), notes: [.declared(name, at: parameter.name.location)])
        complete = false
        continue
      }
      shape.appendParameter(valueType)
    }
    let unbound = module.parameters.filter { parameter in
      guard readsEverySegment, let type = parameter.type else { return false }
      return !type.isOptional && !binds(parameter.name.value, before: segments.count)
    }
    if !unbound.isEmpty {
      // Every name is listed, within a bound (a module may have thousands of parameters).
      let list = MessageWords.quotedList(
        unbound.lazy.map { "\($0.name.value): \($0.type.map(\.description) ?? "?")" },
        withinCharacters: MessageWords.listCharacters / 2)
      // A parameter a URL segment can carry is added to the route; any other is made optional.
      let carriable = MessageWords.quotedList(
        unbound.lazy.filter { $0.type.flatMap(RouteValueType.init) != nil }.map { ":\($0.name.value)" },
        withinCharacters: MessageWords.listCharacters / 2)
      let them = unbound.count == 1 ? "it" : "them"
      let advice: String
      if carriable.isEmpty {
        advice =
          "make \(them) optional (a URL segment cannot carry \(unbound.count == 1 ? "its type" : "their types"))"
      } else if unbound.allSatisfy({ $0.type.flatMap(RouteValueType.init) != nil }) {
        advice = "add \(carriable) to the route or make \(them) optional"
      } else {
        advice =
          "add \(carriable) to the route and make the others optional (a URL segment cannot carry their types)"
      }
      diagnostics.report(
        .unboundParameter,
        "route '\(route.value)' does not bind \(list) of module '\(module.name.value)', which "
          + "\(unbound.count == 1 ? "is" : "are") not optional; \(advice)",
        at: route.location,
        notes: DiagnosticBag.notes(for: unbound) { .declared($0.name.value, at: $0.name.location) })
    }
    guard let pattern else { return nil }
    return (pattern, complete ? shape : nil)
  }

  /// Where the characters of a module's route at `position` are, when its scalar has escapes or
  /// line breaks (``ModuleDecl/routeLocators``).
  private static func locator(ofRoute position: Int, in module: ModuleDecl) -> ScalarLocator? {
    position < module.routeLocators.count ? module.routeLocators[position] : nil
  }

  /// `true` when `module` listed its route at `position` before (`listed` finds the first
  /// listing): reported at the repeat (RC0809), which is then not checked again. Routes are
  /// compared as written (`/notes` and `/notes/` are two patterns of one shape, a conflict
  /// reported at both, as SPEC §2 has it), so that a repeat is found whether or not the route is
  /// valid: its problems are reported once, at the first listing.
  private mutating func isRepeat(_ position: Int, of module: ModuleDecl, listed: NamePositions) -> Bool {
    let route = module.routes[position]
    guard module.routes.count > 1,
      let first = listed.position(of: route.value, in: module.routes.lazy.map(\.value)), first < position
    else {
      return false
    }
    diagnostics.report(
      .duplicateRoute,
      "module '\(module.name.value)' lists route '\(route.value)' twice; remove this one",
      at: route.location, notes: [DiagnosticNote("first listed here", at: module.routes[first].location)])
    return true
  }

  /// Distinct routes of one shape (a module's repeats are left out before): each is reported
  /// with a note at the others.
  private mutating func reportConflicts(
    _ distinct: [(module: String, route: Located<String>)], shape: RouteShape
  ) {
    let advice =
      distinct.count == 2
      ? "one URL would match both: change the literals or the parameter types of one of them"
      : "one URL would match all \(distinct.count): change the literals or the parameter types of all "
        + "but one of them"
    for (position, route) in distinct.enumerated() {
      // Every route is reported, each with notes at the others (the first few, then a count).
      var others: [(module: String, route: Located<String>)] = []
      for (otherPosition, other) in distinct.enumerated() where otherPosition != position {
        others.append(other)
        if others.count > DiagnosticBag.maxNotes { break }
      }
      let otherCount = distinct.count - 1
      let what =
        otherCount == 1
        ? "'\(others[0].route.value)' of module '\(others[0].module)'" : "\(otherCount) other routes"
      var notes = others.prefix(DiagnosticBag.maxNotes).map { other in
        DiagnosticNote(
          "'\(other.route.value)' of module '\(other.module)' has the same shape", at: other.route.location)
      }
      if otherCount > DiagnosticBag.maxNotes, let next = others.last {
        notes.append(
          DiagnosticNote(
            "and \(otherCount - DiagnosticBag.maxNotes) more routes of the same shape",
            at: next.route.location))
      }
      diagnostics.report(
        .routeConflict,
        "route '\(route.route.value)' of module '\(route.module)' has the same shape (\(shape)) as \(what); "
          + advice,
        at: route.route.location, notes: notes)
    }
  }

  private mutating func checkFallback() {
    guard let fallback = manifest.fallback, let index = moduleIndex[fallback.value] else { return }
    let module = manifest.modules[index]
    let required = module.nonOptionalParameters
    guard !required.isEmpty else { return }
    let list = required.map { "'\($0.name.value)'" }.joined(separator: ", ")
    diagnostics.report(
      .fallbackWithParameters,
      "fallback module '\(fallback.value)' has non-optional parameters (\(list)); a URL that matches "
        + "no route cannot supply them: make them optional or choose another fallback",
      at: fallback.location,
      notes: required.map { .declared($0.name.value, at: $0.name.location) })
  }

  /// The carriable type of a parameter's type, as ``RouteValueType/init(_:)`` reads it, but
  /// `nil` where it is written as a bare name the manifest declares as a protocol (a protocol
  /// named `String`): in a manifest, a bare name a protocol takes is that protocol.
  func routeValueType(_ type: TypeRef) -> RouteValueType? {
    protocolNamed(by: type) == nil ? RouteValueType(type) : nil
  }

  /// The declared protocol a carriable type's bare name (`String`, `Int?`) names, if any.
  private func protocolNamed(by type: TypeRef) -> String? {
    guard !routeTypesNamingProtocols.isEmpty, case .named(let name) = type.unwrappedOptional ?? type,
      routeTypesNamingProtocols.contains(name)
    else { return nil }
    return name
  }

  /// `type` with its bare name written with the `Swift.` module: `Swift.String?`.
  private static func standardSpelling(of type: TypeRef) -> TypeRef {
    type.replacingNames { "Swift.\($0)" }
  }

  /// "; did you mean 'String'?" when a misspelt route type is meant.
  private static func routeTypeHint(_ type: TypeRef) -> String {
    guard case .named(let name) = type.unwrappedOptional ?? type else { return "" }
    return NameSuggester(RouteValueType.allCases.map(\.rawValue)).hint(for: name)
  }
}
