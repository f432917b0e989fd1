import RouteCfgCore

/// Members and protocols written back as Swift, for hover and completion details.
enum SwiftSignature {
  /// `var message: String? { get set }`, `let id: Int`, `func highlight(range: String) -> Bool`.
  static func member(_ member: MemberDecl) -> String {
    switch member.kind {
    case .property(let property):
      return "var \(member.name): \(property.type) { \(property.isSettable ? "get set" : "get") }"
    case .method(let method):
      let parameters = method.parameters.map { parameter in
        let label = parameter.label ?? "_"
        let head = label == parameter.name ? label : "\(label) \(parameter.name)"
        return "\(head): \(parameter.type)"
      }
      var text = "func \(member.name)(\(parameters.joined(separator: ", ")))"
      if method.isAsync { text += " async" }
      if method.isThrowing { text += " throws" }
      if method.result != .void { text += " -> \(method.result)" }
      return text
    }
  }

  /// The protocol with its own members, then the inherited ones under a comment naming where
  /// they come from.
  static func protocolDeclaration(_ info: ProtocolInfo) -> String {
    var text = "protocol \(info.name)"
    if !info.inherits.isEmpty { text += ": " + info.inherits.joined(separator: ", ") }
    text += " {\n"
    var lastOrigin = info.name
    for (position, member) in info.members.enumerated() {
      let origin = info.origins[position]
      if origin != lastOrigin {
        text += "  // inherited from \(origin)\n"
        lastOrigin = origin
      }
      text += "  \(self.member(member))\n"
    }
    return text + "}"
  }
}
