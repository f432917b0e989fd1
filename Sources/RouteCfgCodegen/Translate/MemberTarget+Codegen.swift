import RouteCfgCore

/// Where a facade member's calls go on the wrapped object: the properties along a key path and
/// the member at its end.
struct ForwardingTarget {
  /// The properties before the last step, each with whether its type is optional.
  let steps: [(name: String, isOptional: Bool)]
  /// The member at the end of the path.
  let member: MemberDecl
  /// The protocols whose members the path reads, in order: the root's, then the type of each
  /// step (`AuthService`, `Session`, `User` for `session.user.name`).
  let owners: [String]
  /// `true` when a step before the member is optional, so the result is read through `?.`.
  var isOptionalChain: Bool { steps.contains { $0.isOptional } }

  /// Resolves `path` from protocol `root`; `nil` when a step is missing (not in a valid graph).
  init?(path: [String], root: String, graph: AppGraph) {
    guard let last = path.last else { return nil }
    var owner = root
    var owners = [root]
    var steps: [(name: String, isOptional: Bool)] = []
    for name in path.dropLast() {
      guard let member = graph.protocols[owner]?.member(named: name), let property = member.property else {
        return nil
      }
      var type = property.type
      let isOptional = type.isOptional
      if let wrapped = type.unwrappedOptional { type = wrapped }
      guard case .named(let next) = type else { return nil }
      steps.append((name: name, isOptional: isOptional))
      owner = next
      owners.append(next)
    }
    guard let member = graph.protocols[owner]?.member(named: last) else { return nil }
    self.steps = steps
    self.member = member
    self.owners = owners
  }

  /// The type a read through the path yields: the member's type, optional when a step is.
  var readType: TypeRef? {
    guard let type = member.property?.type else { return nil }
    return isOptionalChain && !type.isOptional ? .optional(type) : type
  }

  /// `receiver.a?.b.member`: `?.` after each optional step.
  func access(on receiver: SwiftExpr) -> SwiftExpr {
    var expression = receiver
    var receiverIsOptional = false
    for step in steps {
      expression =
        receiverIsOptional ? .optionalMember(expression, step.name) : .member(expression, step.name)
      receiverIsOptional = step.isOptional
    }
    return receiverIsOptional ? .optionalMember(expression, member.name) : .member(expression, member.name)
  }
}
