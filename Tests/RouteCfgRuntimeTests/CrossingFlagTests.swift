import Foundation
import RouteCfgCore
import RouteCfgSynthetic
import Testing

@testable import RouteCfgRuntime

/// Building a registry trusts the validator's marks of the adapters that values cross, and looks
/// at member pairings only when a proxy is missing. The marks must cover every protocol that the
/// pairings convert values into, on every manifest that validates.
@Suite("Adapter crossings marked by the validator")
@MainActor
struct CrossingFlagTests {
  static func manifestPaths() throws -> [String] {
    let root = URL(fileURLWithPath: RuntimeFixtures.repository)
    var paths: [String] = []
    for directory in ["manifests", "Tests"] {
      let enumerator = FileManager.default.enumerator(
        at: root.appendingPathComponent(directory), includingPropertiesForKeys: nil)
      while let url = enumerator?.nextObject() as? URL {
        if url.pathExtension == "yaml", !url.path.contains("/.build") { paths.append(url.path) }
      }
    }
    return paths.sorted()
  }

  @Test func theMarksCoverEveryCrossingOfEveryValidManifest() throws {
    var graphs: [(String, AppGraph)] = []
    for path in try Self.manifestPaths() {
      if let graph = try RouteCfg.validate(path: path).graph { graphs.append((path, graph)) }
    }
    for modules in [6, 40, 200] {
      let yaml = SyntheticManifest.yaml(moduleCount: modules)
      if let graph = try RouteCfg.validate(yaml: yaml, path: "synthetic-\(modules).yaml").graph {
        graphs.append(("synthetic \(modules)", graph))
      }
    }
    var crossing = 0
    for (name, graph) in graphs {
      let check = RegistrationCheck(graph: graph, registrations: Registrations())
      let sites = Set(check.crossingSites(markedOnly: false).keys)
      let marked = check.protocolsCrossingAdapters()
      #expect(sites.isSubset(of: marked), "\(name): \(sites.subtracting(marked).sorted()) not marked")
      if !sites.isEmpty { crossing += 1 }
    }
    #expect(graphs.count >= 20, "manifests that validate: \(graphs.count)")
    #expect(crossing >= 3, "manifests where values cross an adapter: \(crossing)")
  }
}
