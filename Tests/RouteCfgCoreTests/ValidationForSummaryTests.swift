import RouteCfgCore
import RouteCfgSynthetic
import Testing

/// `routecfg validate` validates for its summary line (`RouteCfg.validateForSummary`): no graph
/// is made, only its counts. What it prints, the diagnostics and the summary line, must be what
/// a whole validation gives.
@Suite("Validation for the summary line")
struct ValidationForSummaryTests {
  /// Every manifest of the repository's fixtures and examples.
  static let paths: [String] = {
    let fixtures = FixturePaths.files(under: FixturePaths.fixtures, withExtension: "yaml")
    let manifests = FixturePaths.repository + "/manifests"
    return fixtures.map(FixturePaths.fixture)
      + FixturePaths.files(under: manifests, withExtension: "yaml").map { manifests + "/" + $0 }
  }()

  /// Checks that validating `path` for the summary, for `variant`, gives a whole validation's
  /// diagnostics and description with no graph; `true` when the manifest is valid.
  @discardableResult
  private static func expectSameSummary(_ path: String, variant: String? = nil) -> Bool {
    let whole = try? RouteCfg.validate(path: path, variant: variant, maxDiagnostics: nil)
    let kept = KeptUntilExit()
    let summary = try? RouteCfg.validateForSummary(
      path: path, variant: variant, maxDiagnostics: nil, keeping: kept)
    guard let whole, let summary else {
      #expect(whole == nil && summary == nil, "\(path)")
      #expect(kept.count == 0, "nothing validated, nothing kept: \(path)")
      return false
    }
    #expect(kept.count == 1, "the validator's tables are handed over, not freed: \(path)")
    #expect(summary.diagnostics == whole.diagnostics, "\(path)")
    #expect(summary.description == whole.description, "\(path)")
    #expect(summary.isValid == whole.isValid, "\(path)")
    #expect(summary.counts == whole.graph.map(GraphCounts.init), "\(path)")
    #expect(summary.graph == nil, "\(path)")
    return whole.isValid
  }

  @Test("gives a whole validation's diagnostics and summary line for every fixture and example")
  func sameSummary() {
    #expect(Self.paths.count > 100)
    let valid = Self.paths.filter { Self.expectSameSummary($0) }
    // Enough of them are valid for the counts to be compared.
    #expect(valid.count > 20)
  }

  @Test("gives the same for a selected variant and for one the manifest lacks")
  func sameSummaryForVariants() {
    let manifest = FixturePaths.repository + "/manifests/LoginDemo.yaml"
    #expect(Self.expectSameSummary(manifest, variant: "macOS"))
    Self.expectSameSummary(manifest, variant: "macOs")
  }

  @Test("gives the same on a manifest validated on two threads, its adapters checked in waves")
  func sameSummaryOnTwoThreads() throws {
    // Large enough for two threads and for adapter waves split in halves (64 adapters or more).
    let scratch = try ScratchDirectory("summary")
    defer { scratch.remove() }
    let path = try scratch.write(SyntheticManifest.yaml(moduleCount: 300), to: "synthetic.yaml")
    #expect(Self.expectSameSummary(path))
    let summary = try RouteCfg.validateForSummary(path: path, variant: nil, maxDiagnostics: nil)
    #expect(summary.counts?.adapters == 600)
  }
}
