import RouteCfgCore

/// `Hashable` for a route enum whose cases carry values Swift cannot compare: closures (left out
/// of equality) and objects of declared protocols (compared by identity). Other values compare
/// as themselves, as a synthesized conformance would compare them.
struct RouteEquality {
  let context: GenerationContext
  let modules: [ModuleInfo]

  /// How one parameter takes part in equality.
  enum Comparison {
    case value
    case identity
    case ignored
  }

  static func comparison(of type: TypeRef, in graph: AppGraph) -> Comparison {
    switch type {
    case .named(let name): return graph.protocols[name] != nil ? .identity : .value
    case .optional(let wrapped):
      let inner = comparison(of: wrapped, in: graph)
      // `T??` of a protocol has no simple identity; leave it out like a closure.
      if inner == .identity, wrapped.isOptional { return .ignored }
      return inner
    case .array(let element), .dictionary(_, let element):
      return comparison(of: element, in: graph) == .value ? .value : .ignored
    case .function: return .ignored
    }
  }

  /// `true` when a synthesized conformance cannot be used.
  var isNeeded: Bool {
    modules.contains { module in
      module.parameters.contains { Self.comparison(of: $0.type, in: context.graph) != .value }
    }
  }

  func declarations() -> [SwiftDecl] {
    [equals(), hash()]
  }

  private func comparisons(_ module: ModuleInfo) -> [Comparison] {
    module.parameters.map { Self.comparison(of: $0.type, in: context.graph) }
  }

  private func equals() -> SwiftDecl {
    var cases: [SwiftSwitchCase] = []
    for module in modules {
      let name = context.memberName(of: module.name)
      let kinds = comparisons(module)
      let left = kinds.enumerated().map { $1 == .ignored ? nil : "lhs\($0)" }
      let right = kinds.enumerated().map { $1 == .ignored ? nil : "rhs\($0)" }
      var tests: [SwiftExpr] = []
      for (index, kind) in kinds.enumerated() {
        switch kind {
        case .value: tests.append(.binary(.identifier("lhs\(index)"), "==", .identifier("rhs\(index)")))
        case .identity: tests.append(.binary(.identifier("lhs\(index)"), "===", .identifier("rhs\(index)")))
        case .ignored: continue
        }
      }
      let result = tests.dropFirst().reduce(tests.first ?? .verbatim("true")) { .binary($0, "&&", $1) }
      let bindings = module.parameters.isEmpty
      cases.append(
        SwiftSwitchCase(
          patterns: [
            .tuple([
              .enumCase(name, bindings: bindings ? [] : left),
              .enumCase(name, bindings: bindings ? [] : right),
            ])
          ], body: [.return(result)]))
    }
    let large = modules.count > CaseDispatch.switchLimit
    if modules.count > 1, !large {
      cases.append(SwiftSwitchCase(patterns: [], body: [.return(.verbatim("false"))]))
    }
    return .function(
      SwiftFunction(
        head: SwiftDeclHead(
          doc: [
            "Routes are equal when they lead to the same module with equal values; closures do not take part, objects compare by identity."
          ], modifiers: context.access + ["static"]),
        signature: SwiftSignature(
          name: "==",
          parameters: [
            SwiftParameter(label: nil, name: "lhs", type: .named(context.routeTypeName)),
            SwiftParameter(label: nil, name: "rhs", type: .named(context.routeTypeName)),
          ], result: .bool),
        body: CaseDispatch.statements(
          over: .tuple([.identifier("lhs"), .identifier("rhs")]), cases: cases, caseCount: modules.count,
          otherwise: [.return(.verbatim("false"))])))
  }

  private func hash() -> SwiftDecl {
    var cases: [SwiftSwitchCase] = []
    for (position, module) in modules.enumerated() {
      let kinds = comparisons(module)
      let bindings = kinds.enumerated().map { $1 == .ignored ? nil : "value\($0)" }
      var body: [SwiftStmt] = [
        .expression(.call(.identifier("hasher").dot("combine"), [.unlabeled(.verbatim("\(position)"))]))
      ]
      for (index, kind) in kinds.enumerated() where kind != .ignored {
        var value = SwiftExpr.identifier("value\(index)")
        if kind == .identity {
          value =
            context.graph.modules[module.name]?.parameters[index].isOptional == true
            ? .call(
              value.dot("map"), [],
              trailing: SwiftClosure(.call(.identifier("ObjectIdentifier"), [.unlabeled(.verbatim("$0"))])))
            : .call(.identifier("ObjectIdentifier"), [.unlabeled(value)])
        }
        body.append(.expression(.call(.identifier("hasher").dot("combine"), [.unlabeled(value)])))
      }
      cases.append(
        SwiftSwitchCase(
          patterns: [
            .enumCase(
              context.memberName(of: module.name), bindings: module.parameters.isEmpty ? [] : bindings)
          ],
          body: body))
    }
    return .function(
      SwiftFunction(
        head: SwiftDeclHead(modifiers: context.access),
        signature: SwiftSignature(
          name: "hash",
          parameters: [SwiftParameter(label: "into", name: "hasher", type: .named("inout Hasher"))]),
        body: CaseDispatch.statements(over: .selfExpr, cases: cases, caseCount: modules.count, otherwise: []))
    )
  }
}
