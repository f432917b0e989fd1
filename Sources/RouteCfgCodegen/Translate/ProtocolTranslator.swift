import RouteCfgCore

/// Declares each manifest protocol as a Swift protocol refining `AnyObject`, with its own
/// members exactly as declared and its inherited protocols as Swift inheritance.
struct ProtocolTranslator {
  let context: GenerationContext

  func declaration(of name: String) -> SwiftDecl? {
    guard let info = context.graph.protocols[name] else { return nil }
    var requirements: [SwiftRequirement] = []
    for (member, origin) in zip(info.members, info.origins) where origin == name {
      requirements.append(requirement(for: member, mainActor: context.isMainActor(protocol: name)))
    }
    return .protocolDecl(
      SwiftProtocol(
        head: context.isolationHead(
          mainActor: context.isMainActor(protocol: name), doc: documentation(of: info)),
        name: name, inherits: info.inherits.isEmpty ? ["AnyObject"] : info.inherits,
        requirements: requirements))
  }

  private func requirement(for member: MemberDecl, mainActor: Bool) -> SwiftRequirement {
    switch member.kind {
    case .property(let property):
      return .property(
        doc: [], attributes: [], name: member.name, type: context.swiftType(property.type, asDeclared: true),
        isSettable: property.isSettable)
    case .method(let method):
      return .method(
        doc: [], attributes: Self.asyncModifiers(method, mainActor: mainActor),
        signature: signature(of: member.name, method))
    }
  }

  /// `nonisolated(nonsending)` for an async method of a protocol usable from any isolation: it
  /// runs on its caller's actor, so a caller on the main actor can await a service it holds
  /// without sending it elsewhere.
  static func asyncModifiers(_ method: MethodSignature, mainActor: Bool) -> [String] {
    method.isAsync && !mainActor ? ["nonisolated(nonsending)"] : []
  }

  /// The Swift signature of a declared method. Function-typed parameters are `@escaping`, so
  /// that providers can keep the callbacks they are given.
  func signature(of name: String, _ method: MethodSignature) -> SwiftSignature {
    SwiftSignature(
      name: name,
      parameters: method.parameters.map {
        SwiftParameter(
          label: $0.label, name: $0.name, type: context.swiftType($0.type, asDeclared: true).escaping)
      },
      isAsync: method.isAsync, isThrowing: method.isThrowing,
      result: method.result == .void ? nil : context.swiftType(method.result, asDeclared: true))
  }

  /// Who provides and who requires the protocol, in the configuration being wired.
  private func documentation(of info: ProtocolInfo) -> [String] {
    let graph = context.graph
    let providers = context.providers[info.name] ?? []
    let requirers = context.requirers[info.name] ?? []
    var lines: [String] = []
    if !providers.isEmpty { lines.append("Provided by " + list(providers) + ".") }
    if !requirers.isEmpty {
      var line = "Required by " + list(requirers)
      // A module's interface does not name who answers it: that is the app's business.
      if context.options.module == nil, let provider = context.resolution.provider(of: info.name),
        !providers.contains(provider.module)
      {
        line += "; answered by `\(provider.module)`"
        if let adapter = provider.adapter {
          line += " through `\(context.adapterClassName(from: graph.adapters[adapter].to, to: info.name))`"
        }
      }
      lines.append(line + ".")
    }
    return lines
  }

  private func list(_ names: [String]) -> String {
    names.map { "`\($0)`" }.joined(separator: ", ")
  }
}
