import RouteCfgCore

/// Manifest types that a type the generated code nests would hide. `AppRoute` declares
/// `Resolution` (a name the SPEC gives) and `Reader`, `AppRegistry` declares `Factories`: inside
/// those types (and their extensions) a manifest protocol or external type of one of these names
/// would mean the nested type instead. Generated code names such a type through an alias declared
/// at file scope, `AppManifestResolution`, which nothing hides.
struct HiddenTypeAliases {
  /// The names generated types declare inside themselves, where manifest types are named.
  static let nestedTypeNames: Set<String> = ["Factories", "Reader", "Resolution"]

  /// The alias of each hidden manifest type, by the type's name.
  let aliases: [String: String]

  /// The aliases `graph` needs, when the files written name its types inside the route and
  /// registry types (not for a module's interface alone, which declares neither).
  init(graph: AppGraph, appName: String, writesWiring: Bool) {
    guard writesWiring else {
      aliases = [:]
      return
    }
    var names = Set(graph.protocolNames).intersection(Self.nestedTypeNames)
    func collect(_ type: TypeRef) {
      names.formUnion(type.namedTypes.filter(Self.nestedTypeNames.contains))
    }
    for module in graph.modules.values { module.parameters.forEach { collect($0.type) } }
    for info in graph.protocols.values {
      for member in info.members { member.writtenTypes.forEach(collect) }
    }
    aliases = Dictionary(uniqueKeysWithValues: names.map { ($0, appName + "Manifest" + $0) })
  }

  /// `name`, or its alias when a nested generated type would hide it.
  func reference(to name: String) -> String { aliases[name] ?? name }

  /// The alias declarations, sorted by name.
  func declarations(access: [String]) -> [SwiftDecl] {
    aliases.sorted { $0.value < $1.value }.map { name, alias in
      .typeAlias(
        SwiftTypeAlias(
          head: SwiftDeclHead(
            doc: [
              "The manifest's `\(name)`, for generated code inside the types that declare a `\(name)` of their own."
            ], modifiers: access),
          name: alias, type: .named(name)))
    }
  }
}
