import RouteCfgCore

/// Writes one module's interface for `--module`: the protocols it provides and requires, those
/// its own parameters name, those its `Dependencies` protocol's `make` methods take, those their
/// members name and those they inherit (transitively), and its `Dependencies` protocol.
struct InterfaceTranslator {
  let context: GenerationContext

  /// The protocols in `module`'s interface: those it provides and requires, those its own
  /// parameters name (the app makes the module with them, so its code names them), those the
  /// providers' non-optional parameters name (its `make` methods take them), and those their
  /// members name or they inherit, transitively.
  func protocols(of module: ModuleInfo) -> Set<String> {
    let graph = context.graph
    var included: Set<String> = []
    var pending = module.provides + module.requires
    for parameter in module.parameters { pending += parameter.type.protocolNames(in: graph) }
    // Its `Dependencies` protocol's `make` methods take the providers' non-optional parameters.
    for required in module.requires {
      guard let (_, providerModule) = context.providerModule(of: required) else { continue }
      for parameter in providerModule.parameters where !parameter.isOptional {
        pending += parameter.type.protocolNames(in: graph)
      }
    }
    while let name = pending.popLast() {
      guard let info = graph.protocols[name], included.insert(name).inserted else { continue }
      pending += info.inherits
      for member in info.members { pending += member.protocolNames(in: graph) }
    }
    return included
  }

  /// For the wiring of a modular app: the interface module that declares each protocol, and
  /// RC1002 for a protocol that more than one interface would declare (as separate Swift types).
  func owners(template: String) -> (owners: [String: String], problems: [Diagnostic]) {
    let graph = context.graph
    var owners: [String: (interface: String, module: ModuleInfo)] = [:]
    var problems: [Diagnostic] = []
    var reported: Set<String> = []
    for module in graph.moduleNames.compactMap({ graph.modules[$0] }) {
      let interface = Self.interfaceName(of: module.name, template: template)
      for name in protocols(of: module).sorted() {
        guard let first = owners[name] else {
          owners[name] = (interface, module)
          continue
        }
        guard reported.insert(name).inserted, let info = graph.protocols[name] else { continue }
        problems.append(
          Diagnostic(
            .sharedInterfaceProtocol,
            "protocol '\(name)' would be declared in the interfaces of both module '\(first.module.name)' and module "
              + "'\(module.name)', as two different Swift types; in a modular app give each module its own protocol "
              + "and connect them with an adapter, or generate the app as one Swift module (without --interfaces)",
            at: info.location,
            notes: [
              DiagnosticNote("module '\(first.module.name)' is declared here", at: first.module.location),
              DiagnosticNote("module '\(module.name)' is declared here", at: module.location),
            ]))
      }
    }
    return (owners.mapValues(\.interface), problems)
  }

  /// `NoteListInterface` for `*Interface` and module `NoteList`.
  static func interfaceName(of module: String, template: String) -> String {
    template.split(separator: "*", omittingEmptySubsequences: false).joined(separator: module)
  }

  func declarations(for module: ModuleInfo) -> [SwiftDecl] {
    let graph = context.graph
    let included = protocols(of: module)
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
