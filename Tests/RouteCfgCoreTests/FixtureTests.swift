import Foundation
import RouteCfgCore
import Testing

/// Root manifests of a fixture directory: `*.yaml` at its top level, and `main.yaml` in each
/// subdirectory (whose other files are included by it).
private func roots(in directory: String) -> [String] {
  FixturePaths.files(under: directory, withExtension: "yaml").filter { path in
    !path.contains("/") || path.hasSuffix("/main.yaml")
  }
}

/// Every rule fixture states the diagnostics it must produce (`# expect: LINE:COL CODE`); the
/// run must produce exactly those, at exactly those places.
@Suite("Rule fixtures")
struct FixtureTests {
  static let ruleFixtures = roots(in: FixturePaths.fixture("Rules"))
  static let invalidManifests = roots(in: FixturePaths.repository + "/manifests/invalid")

  @Test("rule fixture", arguments: ruleFixtures)
  func ruleFixture(_ relative: String) throws {
    try check(FixturePaths.fixture("Rules/" + relative))
  }

  @Test("manifests/invalid example", arguments: invalidManifests)
  func invalidManifest(_ relative: String) throws {
    let path = FixturePaths.repository + "/manifests/invalid/" + relative
    let result = try RouteCfg.validate(path: path)
    #expect(!result.isValid, "every file in manifests/invalid must have errors")
    try check(path)
  }

  @Test("there are fixtures to run")
  func fixturesExist() {
    #expect(Self.ruleFixtures.count >= 20)
    #expect(Self.invalidManifests.count >= 5)
  }

  private func check(_ path: String) throws {
    let result = try RouteCfg.validate(path: path)
    let comparison = ExpectationCheck.compare(result)
    #expect(comparison.missing.isEmpty, "expected but not reported: \(comparison.missing)")
    #expect(comparison.unexpected.isEmpty, "reported but not expected: \(comparison.unexpected)")
  }
}
