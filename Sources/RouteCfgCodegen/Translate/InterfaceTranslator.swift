import RouteCfgCore

/// Writes one module's interface for `--module`: the protocols it provides and requires, those
/// their members name and those they inherit (transitively), and its `Dependencies` protocol.
struct InterfaceTranslator {
  let context: GenerationContext

  func declarations(for module: ModuleInfo) -> [SwiftDecl] {
    let graph = context.graph
    var included: Set<String> = []
    var pending = module.provides + module.requires
    while let name = pending.popLast() {
      guard let info = graph.protocols[name], included.insert(name).inserted else { continue }
      pending += info.inherits
      for member in info.members { pending += member.protocolNames(in: graph) }
    }
    let translator = ProtocolTranslator(context: context)
    var declarations = graph.protocolNames.filter { included.contains($0) }.compactMap {
      translator.declaration(of: $0)
    }
    if !module.requires.isEmpty {
      declarations.append(DependenciesTranslator(context: context).declaration(for: module))
    }
    return declarations
  }
}
