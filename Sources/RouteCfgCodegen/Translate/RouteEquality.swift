import RouteCfgCore

/// `Hashable` for a route enum whose cases carry values Swift cannot compare: objects (of declared
/// protocols, `AnyObject`) compare by identity, types (metatypes, `AnyClass`) by identity too,
/// `Void` values are all equal (a `Void?` compares whether it holds one), and closures and `Any`,
/// `Error` and `Sendable` values are left out of equality. Other values compare as themselves, as
/// a synthesized conformance would compare them.
struct RouteEquality {
  let context: GenerationContext
  let modules: [ModuleInfo]

  /// How one parameter takes part in equality.
  enum Comparison {
    /// `==`, hashed as itself.
    case value
    /// An object: `===`, hashed by its `ObjectIdentifier`.
    case identity
    /// A type: `==` on metatypes (which compares their identity), hashed by its `ObjectIdentifier`.
    case typeIdentity
    /// `Void`: every value is equal; an optional compares whether it holds one.
    case presence
    /// Left out: a closure, a value of `Any`, or a collection of values that are not compared as
    /// themselves.
    case ignored
  }

  static func comparison(of type: TypeRef, in graph: AppGraph) -> Comparison {
    switch type {
    case .named(let name):
      if graph.protocols[name] != nil { return .identity }
      // The names the validator keeps out of dictionary keys, by what their values are.
      switch NeverHashableName(name) {
      case nil: return .value
      case .object?: return .identity
      case .metatype?: return .typeIdentity
      case .void?: return .presence
      case .opaque?: return .ignored
      }
    case .optional(let wrapped):
      let inner = comparison(of: wrapped, in: graph)
      // `T??` of an object, a type or `Void` has no simple comparison; leave it out like a closure.
      if inner != .value, wrapped.isOptional { return .ignored }
      return inner
    case .array(let element), .dictionary(_, let element):
      return comparison(of: element, in: graph) == .value ? .value : .ignored
    case .function: return .ignored
    }
  }

  /// `lhs` compared with `rhs`, values of a parameter compared as `kind` says, or `nil` when the
  /// parameter does not take part (a non-optional `Void` has one value).
  private static func test(_ kind: Comparison, optional: Bool, _ lhs: String, _ rhs: String) -> SwiftExpr? {
    let (lhs, rhs) = (SwiftExpr.identifier(lhs), SwiftExpr.identifier(rhs))
    switch kind {
    case .value, .typeIdentity: return .binary(lhs, "==", rhs)
    case .identity: return .binary(lhs, "===", rhs)
    case .presence:
      guard optional else { return nil }
      return .binary(.parenthesized(.binary(lhs, "!=", .nil)), "==", .parenthesized(.binary(rhs, "!=", .nil)))
    case .ignored: return nil
    }
  }

  /// What `hash(into:)` combines for `value`, compared as `kind` says; `nil` when the parameter
  /// does not take part.
  private static func hashed(_ kind: Comparison, optional: Bool, _ value: String) -> SwiftExpr? {
    let value = SwiftExpr.identifier(value)
    switch kind {
    case .value: return value
    case .identity, .typeIdentity:
      return optional
        ? .call(
          value.dot("map"), [],
          trailing: SwiftClosure(.call(.identifier("ObjectIdentifier"), [.unlabeled(.verbatim("$0"))])))
        : .call(.identifier("ObjectIdentifier"), [.unlabeled(value)])
    case .presence: return optional ? .binary(value, "!=", .nil) : nil
    case .ignored: return nil
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

  /// How each parameter of `module` is compared, with whether it is optional.
  private func comparisons(_ module: ModuleInfo) -> [(kind: Comparison, isOptional: Bool)] {
    module.parameters.map { (Self.comparison(of: $0.type, in: context.graph), $0.isOptional) }
  }

  private func equals() -> SwiftDecl {
    var cases: [SwiftSwitchCase] = []
    for module in modules {
      let name = context.memberName(of: module.name)
      let tests = comparisons(module).enumerated().map { index, parameter in
        Self.test(parameter.kind, optional: parameter.isOptional, "lhs\(index)", "rhs\(index)")
      }
      let left = tests.enumerated().map { index, test in test.map { _ in "lhs\(index)" } }
      let right = tests.enumerated().map { index, test in test.map { _ in "rhs\(index)" } }
      let compared = tests.compactMap { $0 }
      let result = compared.dropFirst().reduce(compared.first ?? .verbatim("true")) { .binary($0, "&&", $1) }
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
            "Routes are equal when they lead to the same module with equal values; closures and `Any`, `Error` or `Sendable` values do not take part, objects and types compare by identity."
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
      let values = comparisons(module).enumerated().map { index, parameter in
        Self.hashed(parameter.kind, optional: parameter.isOptional, "value\(index)")
      }
      let bindings = values.enumerated().map { index, value in value.map { _ in "value\(index)" } }
      var body: [SwiftStmt] = [
        .expression(.call(.identifier("hasher").dot("combine"), [.unlabeled(.verbatim("\(position)"))]))
      ]
      for value in values.compactMap({ $0 }) {
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
