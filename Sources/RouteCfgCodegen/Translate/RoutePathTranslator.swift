import RouteCfgCore

/// Writes `AppRoute.path`: for each case, the module's routes tried from the one that carries
/// the most parameters in its path (then in declaration order); the first whose path can carry
/// the values wins, and optional values it does not bind go to the query. For a module of
/// several routes, a path that another route takes (`/x/view` for `/:id/view` when `/x/:id`
/// exists, `/num/1` for a `String` that reads as an `Int`) gives way to the next route whose
/// path resolves back to the case, if there is one. A path resolves back to its case unless a
/// route of higher precedence takes it whichever route is written, or the values are ones no
/// URL carries (`nil` in a path parameter, an empty string, `.` or `..`, a non-finite
/// `Double`, a parameter of a type URLs do not carry).
struct RoutePathTranslator {
  let context: GenerationContext
  let modules: [ModuleInfo]

  func pathProperty() -> SwiftDecl {
    .property(
      SwiftProperty(
        head: SwiftDeclHead(
          doc: [
            "A percent-encoded path (with a query for optional values) that resolves back to this route."
          ],
          modifiers: context.access),
        isLet: false, name: "path", type: .string,
        accessors: .computed(
          get: CaseDispatch.statements(
            over: .selfExpr, cases: modules.map(pathCase), caseCount: modules.count,
            otherwise: CaseDispatch.unreachable),
          set: nil)))
  }

  private func pathCase(_ module: ModuleInfo) -> SwiftSwitchCase {
    let order = module.routes.indices.sorted {
      (module.routes[$0].parameterNames.count, -$0) > (module.routes[$1].parameterNames.count, -$1)
    }
    var used: Set<String> = []
    var routes: [(checksRoundTrip: Bool, conditions: [SwiftCondition], path: SwiftExpr, index: Int)] = []
    var endsUnconditionally = false
    for index in order {
      let (conditions, path) = build(module.routes[index], module: module, strict: true, used: &used)
      let checks = Self.checksRoundTrip(module.routes[index], in: module)
      routes.append((checks, conditions, path, index))
      // A route that always fits and is not checked ends the chain.
      if conditions.isEmpty, !checks {
        endsUnconditionally = true
        break
      }
    }
    // The parameters' names, and the locals written so far (`candidate1` may give way to
    // `candidate12` when a parameter has its name, which route 12's must then avoid).
    var taken = Set(module.parameters.map(\.name))
    // The first path that fits, kept for when none resolves back (needed only when the chain
    // does not end with a route that always fits).
    let keepsFirstFit =
      !endsUnconditionally && routes.contains(where: \.checksRoundTrip)
    let firstFit = AdapterTranslator.unique("firstFit", avoiding: taken)
    taken.insert(firstFit)
    var statements: [SwiftStmt] = []
    if keepsFirstFit {
      statements.append(
        .declaration(SwiftBinding(isMutable: true, name: firstFit, type: .optional(.string), value: nil)))
    }
    for route in routes {
      var body: [SwiftStmt] = [.return(route.path)]
      if route.checksRoundTrip {
        // One name per route: routes without conditions write theirs in the same scope.
        let candidate = AdapterTranslator.unique("candidate\(route.index)", avoiding: taken)
        taken.insert(candidate)
        body = [
          .declaration(SwiftBinding(name: candidate, value: route.path)),
          .if(
            [
              .expression(
                .binary(
                  .call(.verbatim("Self").dot("resolve"), [.unlabeled(.identifier(candidate))]), "==",
                  .call(.verbatim(".route"), [.unlabeled(.selfExpr)])))
            ], then: [.return(.identifier(candidate))]),
        ]
        if keepsFirstFit {
          body.append(
            .if(
              [.expression(.binary(.identifier(firstFit), "==", .verbatim("nil")))],
              then: [.assign(.identifier(firstFit), .identifier(candidate))]))
        }
      }
      if route.conditions.isEmpty {
        statements += body
      } else {
        statements.append(.if(route.conditions, then: body))
      }
    }
    if !endsUnconditionally, let first = module.routes.first {
      // No route can carry these values: the first route, with empty segments for missing ones.
      let fallback = build(first, module: module, strict: false, used: &used).path
      statements.append(.return(keepsFirstFit ? .binary(.identifier(firstFit), "??", fallback) : fallback))
    }
    let bindings = module.parameters.enumerated().map { position, parameter in
      used.contains(parameter.name) ? Self.local(parameter, position, in: module) : nil
    }
    return SwiftSwitchCase(
      patterns: [
        .enumCase(context.memberName(of: module.name), bindings: module.parameters.isEmpty ? [] : bindings)
      ],
      body: statements)
  }

  /// Whether a route's path for a case is checked to resolve back before it is given: when the
  /// module has other routes and the path carries values, which another route may read (`x` in
  /// `/x/view` for `/:id/view` beside `/x/:id`; `"1"` for a `String` beside an `Int` route). A
  /// path of literals alone always resolves back (only a route of the same literals, a conflict,
  /// could take it), its query values being written from values of their types.
  private static func checksRoundTrip(_ pattern: RoutePattern, in module: ModuleInfo) -> Bool {
    module.routes.count > 1 && !pattern.parameterNames.isEmpty
  }

  /// The name a case's value is bound to: the parameter's own, unless it could hide the reader
  /// or a type the code names (``RouteEnumTranslator/localName(of:position:prefix:)``).
  private static func local(_ parameter: ParameterInfo, _ position: Int, in module: ModuleInfo) -> String {
    AdapterTranslator.unique(
      RouteEnumTranslator.localName(of: parameter.name, position: position, prefix: "value"),
      avoiding: Set(module.parameters.map(\.name)).subtracting([parameter.name]))
  }

  /// `Reader.path([...], catchAll: ..., query: [...])` for `pattern`, with the conditions under
  /// which its URL reads back as the values (when `strict`; else missing values become empty
  /// segments and there are no conditions).
  private func build(_ pattern: RoutePattern, module: ModuleInfo, strict: Bool, used: inout Set<String>)
    -> (conditions: [SwiftCondition], path: SwiftExpr)
  {
    let parameters = Dictionary(
      module.parameters.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let locals = Dictionary(
      module.parameters.enumerated().map { ($1.name, Self.local($1, $0, in: module)) },
      uniquingKeysWith: { first, _ in first })
    var conditions: [SwiftCondition] = []
    var segments: [SwiftExpr] = []
    var catchAll: SwiftExpr?
    for segment in pattern.segments {
      switch segment {
      case .literal(let text):
        segments.append(.string(text))
      case .parameter(let name), .catchAll(let name):
        guard let parameter = parameters[name], let type = parameter.routeType, let local = locals[name]
        else { continue }
        used.insert(name)
        let isCatchAll = pattern.catchAllName == name
        var text = Self.text(.identifier(local), type)
        if strict {
          if parameter.isOptional { conditions.append(.optionalBinding(local, .identifier(local))) }
          switch type {
          case .string:
            // A catch-all's value that is a valid segment can always be written (as one segment).
            conditions.append(
              .expression(.call(.identifier("Reader").dot("isSegment"), [.unlabeled(.identifier(local))])))
          case .double: conditions.append(.expression(.identifier(local).dot("isFinite")))
          case .int, .bool: break
          }
        } else if parameter.isOptional {
          text = .binary(Self.optionalText(.identifier(local), type), "??", .string(""))
        }
        if isCatchAll { catchAll = text } else { segments.append(text) }
      }
    }
    var arguments = [SwiftArgument.unlabeled(.array(segments))]
    if let catchAll { arguments.append(SwiftArgument("catchAll", catchAll)) }
    var items: [SwiftExpr] = []
    let bound = Set(pattern.parameterNames)
    for parameter in module.parameters where parameter.isOptional && !bound.contains(parameter.name) {
      guard let type = parameter.routeType, let local = locals[parameter.name] else { continue }
      used.insert(parameter.name)
      if strict, type == .double {
        conditions.append(
          .expression(.binary(.optionalMember(.identifier(local), "isFinite"), "!=", .verbatim("false"))))
      }
      items.append(.tuple([.string(parameter.name), Self.optionalText(.identifier(local), type)]))
    }
    if !items.isEmpty { arguments.append(SwiftArgument("query", .array(items))) }
    return (conditions, .call(.identifier("Reader").dot("path"), arguments))
  }

  /// A value as URL text: itself for a `String`, else `String(value)`.
  private static func text(_ value: SwiftExpr, _ type: RouteValueType) -> SwiftExpr {
    type == .string ? value : .call(.identifier("String"), [.unlabeled(value)])
  }

  /// An optional value as optional URL text.
  private static func optionalText(_ value: SwiftExpr, _ type: RouteValueType) -> SwiftExpr {
    guard type != .string else { return value }
    return .call(
      value.dot("map"), [],
      trailing: SwiftClosure(.call(.identifier("String"), [.unlabeled(.verbatim("$0"))])))
  }
}
