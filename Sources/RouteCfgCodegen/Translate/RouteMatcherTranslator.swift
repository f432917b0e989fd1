import RouteCfgCore

/// Writes the matching functions behind `AppRoute.resolve`: one function per node of the route
/// tree, trying its children in precedence order with the parameter values read so far as typed
/// arguments, and one per route that reads the query and makes the case.
struct RouteMatcherTranslator {
  let context: GenerationContext
  let tree: RouteMatchTree
  /// Nodes with more literal children than this look them up in a dictionary.
  static let literalSwitchLimit = 8

  /// The functions, in node order then route order, and the literal tables. The tables are
  /// members of the reader (`Reader.literals0`): a static property of the route type could share
  /// its name with a route case (module `Literals0`), functions cannot (their argument labels differ
  /// from a case's).
  func declarations() -> (functions: [SwiftDecl], tables: [SwiftDecl]) {
    var functions: [SwiftDecl] = []
    var tables: [SwiftDecl] = []
    for index in tree.nodes.indices { functions += nodeDeclarations(index, tables: &tables) }
    for index in tree.routes.indices { functions.append(routeFunction(index)) }
    return (functions, tables)
  }

  /// `matchNode0(path)`: the best route for a read path, or `nil`.
  static func entryCall(_ path: SwiftExpr) -> SwiftExpr {
    .call(.identifier(nodeName(0)), [.unlabeled(path)])
  }

  static func nodeName(_ index: Int) -> String { "matchNode\(index)" }

  private static func routeName(_ index: Int) -> String { "matchRoute\(index)" }

  private static let pathType = SwiftType.named("Reader.Path")

  // MARK: Nodes

  private func nodeDeclarations(_ index: Int, tables: inout [SwiftDecl]) -> [SwiftDecl] {
    let node = tree.nodes[index]
    let captures = node.captures.indices.map { "value\($0)" }
    let captureArguments = captures.map { SwiftArgument.unlabeled(.identifier($0)) }
    let path = SwiftArgument.unlabeled(.identifier("path"))
    var declarations: [SwiftDecl] = []
    var body: [SwiftStmt] = []
    let atEnd = SwiftExpr.binary(
      .identifier("path").dot("segments").dot("count"), "==", .verbatim("\(node.depth)"))
    let terminals = node.terminals.map {
      SwiftExpr.call(.identifier(Self.routeName($0)), [path] + captureArguments)
    }
    let hasChildren = !node.literals.isEmpty || !node.typed.isEmpty || !node.catchAlls.isEmpty
    if hasChildren {
      body.append(.if([.expression(atEnd)], then: firstOf(terminals)))
      if !node.literals.isEmpty || !node.typed.isEmpty {
        body.append(
          .declaration(
            SwiftBinding(
              name: "segment",
              value: .subscripted(.identifier("path").dot("segments"), [.verbatim("\(node.depth)")]))))
      }
      body += literalChildren(index, path: path, captures: captureArguments, tables: &tables)
      for type in RouteValueType.precedence {
        guard let child = node.typed[type] else { continue }
        let call = SwiftExpr.call(
          .identifier(Self.nodeName(child)), [path] + captureArguments + [.unlabeled(.identifier("value"))])
        let parsed: SwiftExpr =
          type == .string
          ? .identifier("segment")
          : .call(.identifier("Reader").dot(parser(type)), [.unlabeled(.identifier("segment"))])
        if type == .string {
          body.append(
            .if(
              [
                .optionalBinding(
                  "route",
                  .call(
                    .identifier(Self.nodeName(child)),
                    [path] + captureArguments + [.unlabeled(.identifier("segment"))]))
              ],
              then: [.return(.identifier("route"))]))
        } else {
          body.append(
            .if(
              [.optionalBinding("value", parsed), .optionalBinding("route", call)],
              then: [.return(.identifier("route"))]))
        }
      }
      let catchAlls = node.catchAlls.map {
        SwiftExpr.call(.identifier(Self.routeName($0)), [path] + captureArguments)
      }
      body += firstOf(catchAlls)
    } else {
      body = [.guard([.expression(atEnd)], else: [.return(.nil)])] + firstOf(terminals)
    }
    var parameters = [SwiftParameter(label: nil, name: "path", type: Self.pathType)]
    for (capture, type) in zip(captures, node.captures) {
      parameters.append(SwiftParameter(label: nil, name: capture, type: .named(type.rawValue)))
    }
    declarations.append(
      .function(
        SwiftFunction(
          head: SwiftDeclHead(modifiers: ["private", "static"]),
          signature: SwiftSignature(
            name: Self.nodeName(index), parameters: parameters,
            result: .optional(.named(context.routeTypeName))),
          body: body)))
    return declarations
  }

  /// `return a` for one candidate; for several, each tried in order.
  private func firstOf(_ candidates: [SwiftExpr]) -> [SwiftStmt] {
    guard let last = candidates.last else { return [.return(.nil)] }
    var statements: [SwiftStmt] = candidates.dropLast().map {
      .if([.optionalBinding("route", $0)], then: [.return(.identifier("route"))])
    }
    statements.append(.return(last))
    return statements
  }

  private func parser(_ type: RouteValueType) -> String {
    switch type {
    case .int: return "int"
    case .double: return "double"
    case .bool: return "bool"
    case .string: return "string"
    }
  }

  /// Literal children: equality tests for a few, a dictionary lookup and an integer switch for
  /// many.
  private func literalChildren(
    _ index: Int, path: SwiftArgument, captures: [SwiftArgument], tables: inout [SwiftDecl]
  ) -> [SwiftStmt] {
    let literals = tree.nodes[index].literals
    func visit(_ child: Int) -> SwiftExpr { .call(.identifier(Self.nodeName(child)), [path] + captures) }
    if literals.count <= Self.literalSwitchLimit {
      return literals.map { literal in
        .if(
          [
            .expression(.binary(.identifier("segment"), "==", .string(literal.text))),
            .optionalBinding("route", visit(literal.node)),
          ], then: [.return(.identifier("route"))])
      }
    }
    let table = "literals\(index)"
    tables.append(
      .property(
        SwiftProperty(
          head: SwiftDeclHead(modifiers: ["static"]), isLet: true, name: table,
          type: .dictionary(key: .string, value: .int),
          accessors: .stored(
            initialValue: .verbatim(
              "["
                + literals.enumerated().map { "\(SwiftRenderer.stringLiteral($1.text)): \($0)" }.joined(
                  separator: ", ")
                + "]")))))
    let cases = literals.enumerated().map { position, literal in
      SwiftSwitchCase(
        patterns: [.expression(.verbatim("\(position)"))],
        body: [.if([.optionalBinding("route", visit(literal.node))], then: [.return(.identifier("route"))])])
    }
    return [
      .if(
        [
          .optionalBinding(
            "child", .subscripted(.identifier("Reader").dot(table), [.identifier("segment")]))
        ],
        then: [
          .switch(
            .identifier("child"),
            cases + [SwiftSwitchCase(patterns: [], body: [.expression(.verbatim("break"))])])
        ])
    ]
  }

  // MARK: Routes

  /// Reads the query parameters of route `index` and makes its case; `nil` when a query value
  /// does not convert (the route fails and matching goes on).
  private func routeFunction(_ index: Int) -> SwiftDecl {
    let route = tree.routes[index]
    let captureTypes = tree.nodes[route.node].captures
    let taken = Set(route.module.parameters.map(\.name))
    let pathName = AdapterTranslator.unique("path", avoiding: taken)
    let captureNames = captureTypes.indices.map { AdapterTranslator.unique("value\($0)", avoiding: taken) }
    var body: [SwiftStmt] = []
    var values: [String: SwiftExpr] = [:]
    for binding in route.bindings {
      if let capture = binding.capture {
        values[binding.name] = .identifier(captureNames[capture])
      } else if let start = route.catchAllStart {
        values[binding.name] = .call(
          .subscripted(.identifier(pathName).dot("segments"), [.verbatim("\(start)...")]).dot("joined"),
          [SwiftArgument("separator", .string("/"))])
      }
    }
    let text = AdapterTranslator.unique("text", avoiding: taken)
    let converted = AdapterTranslator.unique("value", avoiding: taken)
    for (position, (parameter, type)) in route.queryParameters.enumerated() {
      let local = AdapterTranslator.unique(
        RouteEnumTranslator.localName(of: parameter.name, position: position, prefix: "query"),
        avoiding:
          taken
          .subtracting([parameter.name]))
      let lookup = SwiftExpr.call(
        .identifier(pathName).dot("query").dot("value"), [.unlabeled(.string(parameter.name))])
      guard let type else {
        // No URL value converts to this type: a URL that gives one fails the route.
        body.append(.guard([.pattern(.expression(.member(nil, "absent")), lookup)], else: [.return(.nil)]))
        continue
      }
      body.append(
        .declaration(
          SwiftBinding(isMutable: true, name: local, type: .optional(.named(type.rawValue)))))
      let convert: [SwiftStmt] =
        type == .string
        ? [.assign(.identifier(local), .identifier(text))]
        : [
          .guard(
            [
              .optionalBinding(
                converted, .call(.identifier("Reader").dot(parser(type)), [.unlabeled(.identifier(text))]))
            ],
            else: [.return(.nil)]),
          .assign(.identifier(local), .identifier(converted)),
        ]
      body.append(
        .switch(
          lookup,
          [
            SwiftSwitchCase(
              patterns: [.expression(.member(nil, "absent"))], body: [.expression(.verbatim("break"))]),
            SwiftSwitchCase(patterns: [.expression(.member(nil, "invalid"))], body: [.return(.nil)]),
            SwiftSwitchCase(patterns: [.enumCase("value", bindings: [text])], body: convert),
          ]))
      values[parameter.name] = .identifier(local)
    }
    body.append(.return(RouteEnumTranslator.caseExpression(route.module, values: values, context: context)))
    var parameters = [SwiftParameter(label: nil, name: pathName, type: Self.pathType)]
    for (name, type) in zip(captureNames, captureTypes) {
      parameters.append(SwiftParameter(label: nil, name: name, type: .named(type.rawValue)))
    }
    return .function(
      SwiftFunction(
        head: SwiftDeclHead(
          doc: ["`\(route.info.pattern.text)` of `\(route.module.name)`."], modifiers: ["private", "static"]),
        signature: SwiftSignature(
          name: Self.routeName(index), parameters: parameters,
          result: .optional(.named(context.routeTypeName))),
        body: body))
  }
}
