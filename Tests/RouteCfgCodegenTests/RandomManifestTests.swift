import Foundation
import RouteCfgCodegen
import RouteCfgCore
import RouteCfgSynthetic
import Testing

/// Random valid manifests from the synthetic generator always generate code that compiles.
/// `swift test` compiles a small sample; CI compiles more (`ROUTECFG_RANDOM_MANIFESTS=N`).
@Suite("Random manifests generate code that compiles")
struct RandomManifestTests {
  static let sampleSize = Int(ProcessInfo.processInfo.environment["ROUTECFG_RANDOM_MANIFESTS"] ?? "") ?? 3

  static let seeds: [UInt64] = (0..<UInt64(sampleSize)).map { 0xC0DE_0000 + $0 }

  @Test("A random manifest validates and its code compiles", arguments: seeds)
  func randomManifestCompiles(seed: UInt64) throws {
    var generator = RandomManifest(seed: seed)
    let yaml = generator.yaml(featureCount: 3 + Int(seed % 5))
    let result = try RouteCfg.validate(yaml: yaml, path: "Random.yaml")
    let graph = try #require(result.graph, "seed \(seed):\n\(yaml)\n\(TextFormatter.format(result.report))")
    for variant in [nil] + graph.variantNames.map(Optional.some) {
      let files = try CodeGenerator.generate(
        graph, manifestPath: "Random.yaml", options: CodegenOptions(variant: variant, access: .public))
      let scratch = try Scratch()
      let paths = try files.map { try scratch.write($0.name, $0.contents) }
      for isolation in SwiftCompiler.Isolation.allCases {
        let outcome = try SwiftCompiler.compile(paths, isolation: isolation, output: scratch.path + "/lib.so")
        #expect(
          outcome.succeeded,
          "seed \(seed), variant \(variant ?? "base"), \(isolation):\n\(yaml)\n\(outcome.output)")
      }
    }
  }

  @Test("Random manifests are valid for many seeds")
  func manyRandomManifestsValidate() throws {
    for seed in UInt64(0)..<200 {
      var generator = RandomManifest(seed: seed)
      let yaml = generator.yaml(featureCount: 1 + Int(seed % 8))
      let result = try RouteCfg.validate(yaml: yaml, path: "Random.yaml")
      #expect(result.isValid, "seed \(seed):\n\(yaml)\n\(TextFormatter.format(result.report))")
      if !result.isValid { return }
    }
  }
}
