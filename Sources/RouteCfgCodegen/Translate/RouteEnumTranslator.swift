import RouteCfgCore

/// Writes `AppRoute`: one case per module with routes, carrying the module's parameters, with
/// `resolve(_:)` (the router's answers) and `path` (a URL that resolves back to the case).
struct RouteEnumTranslator {
  let context: GenerationContext
  let tree: RouteMatchTree

  /// The modules with routes, in declaration order.
  var routedModules: [ModuleInfo] {
    context.graph.moduleNames.compactMap { context.graph.modules[$0] }.filter { !$0.routes.isEmpty }
  }

  func declarations() -> [SwiftDecl] {
    let name = context.routeTypeName
    var members: [SwiftDecl] = routedModules.map { module in
      .enumCase(
        SwiftEnumCase(
          doc: [
            "Module `\(module.name)`: " + module.routes.map { "`\($0.text)`" }.joined(separator: ", ") + "."
          ],
          name: context.memberName(of: module.name),
          associatedValues: module.parameters.map {
            SwiftParameter($0.name, context.swiftType($0.type), defaultValue: $0.isOptional ? .nil : nil)
          }))
    }
    members.append(resolutionType())
    members.append(resolveFunction())
    members.append(RoutePathTranslator(context: context, modules: routedModules).pathProperty())
    let equality = RouteEquality(context: context, modules: routedModules)
    var conformances = ["Hashable", "Sendable"]
    if equality.isNeeded {
      // Closures, objects, `Any`, `Void` and metatypes are not Hashable, and most of them not
      // Sendable: equality is written out, and a route carrying them is Sendable by promise
      // (documented in Docs/Codegen.md).
      members += equality.declarations()
      conformances = ["Hashable", "@unchecked Sendable"]
    }
    let enumDecl = SwiftDecl.typeDecl(
      SwiftTypeDecl(
        head: context.enumHead(
          doc: [
            "A place in \(context.appName) a URL can lead to: one case per module with routes, with its parameters. `resolve(_:)` reads a URL as `routecfg resolve` does; `path` writes one back."
          ]),
        kind: .enum, name: name, inherits: conformances, members: members))
    let (matchers, tables) = RouteMatcherTranslator(context: context, tree: tree).declarations()
    let matcher = SwiftDecl.extensionDecl(
      SwiftExtension(
        head: SwiftDeclHead(modifiers: ["nonisolated"]), name: name, conformances: [], members: matchers))
    var declarations = [enumDecl, matcher, .verbatim(RouteReaderSource.text(extending: name))]
    if !tables.isEmpty {
      declarations.append(
        .extensionDecl(
          SwiftExtension(
            head: SwiftDeclHead(modifiers: ["nonisolated"]), name: name + ".Reader", conformances: [],
            members: tables)))
    }
    return declarations
  }

  private func resolutionType() -> SwiftDecl {
    .typeDecl(
      SwiftTypeDecl(
        head: context.enumHead(doc: ["Where a URL of the app leads."]),
        kind: .enum, name: "Resolution", inherits: ["Hashable", "Sendable"],
        members: [
          .enumCase(
            SwiftEnumCase(
              doc: ["A route matched."], name: "route",
              associatedValues: [
                SwiftParameter(label: nil, name: "route", type: .named(context.routeTypeName))
              ])),
          .enumCase(
            SwiftEnumCase(
              doc: ["No route matched: the fallback module, if any, takes the URL."], name: "unmatched")),
        ]))
  }

  private func resolveFunction() -> SwiftDecl {
    let scheme: SwiftExpr = context.graph.scheme.map { .string($0) } ?? .nil
    let read = SwiftExpr.call(
      .identifier("Reader").dot("read"), [.unlabeled(.identifier("url")), SwiftArgument("scheme", scheme)])
    return .function(
      SwiftFunction(
        head: SwiftDeclHead(
          doc: [
            "Where `url` leads, as `routecfg resolve` answers: `nil` for a URL that is not the app's (another scheme; a user, password or port), else a route or `.unmatched`."
          ], modifiers: context.access + ["static"]),
        signature: SwiftSignature(
          name: "resolve", parameters: [SwiftParameter(label: nil, name: "url", type: .string)],
          result: .optional(.named("Resolution"))),
        body: [
          .switch(
            read,
            [
              SwiftSwitchCase(patterns: [.expression(.member(nil, "notRouted"))], body: [.return(.nil)]),
              SwiftSwitchCase(
                patterns: [.expression(.member(nil, "unmatchable"))],
                body: [.return(.member(nil, "unmatched"))]),
              SwiftSwitchCase(
                patterns: [.enumCase("path", bindings: ["path"])],
                body: [
                  .guard(
                    [.optionalBinding("route", RouteMatcherTranslator.entryCall(.identifier("path")))],
                    else: [.return(.member(nil, "unmatched"))]),
                  .return(.call(.member(nil, "route"), [.unlabeled(.identifier("route"))])),
                ]),
            ])
        ]))
  }

  /// The local name generated route code holds a parameter's value in: the parameter's own
  /// (`noteId`), unless it starts with an uppercase letter, when it could hide the reader or a
  /// type the code names next to it (a parameter named `Reader`, `String` or `Int`): then
  /// `prefix` and its position (`value2`). Lowercase names cannot collide with those, and the
  /// code's own locals are made to avoid them.
  static func localName(of name: String, position: Int, prefix: String) -> String {
    name.first?.isUppercase == true ? "\(prefix)\(position)" : name
  }

  /// `.noteDetail(noteId: value0, query: query)`: the module's case with a value for each
  /// parameter (`nil` for those not given), as a matcher returns it (an `AppRoute?`): a case named
  /// `none` or `some` is written `AppRoute.none`, since `.none` there would mean `nil`.
  static func caseExpression(_ module: ModuleInfo, values: [String: SwiftExpr], context: GenerationContext)
    -> SwiftExpr
  {
    let member = context.memberName(of: module.name)
    let name =
      ["none", "some"].contains(member)
      ? SwiftExpr.identifier(context.routeTypeName).dot(member) : SwiftExpr.member(nil, member)
    guard !module.parameters.isEmpty else { return name }
    return .call(name, module.parameters.map { SwiftArgument($0.name, values[$0.name] ?? .nil) })
  }
}
