import Foundation
import RouteCfgCore
import Testing

/// The public YAML test suite (402 cases, 94 of them invalid): no input may crash or hang the
/// reader; invalid inputs libyaml rejects end in a diagnostic; valid inputs libyaml accepts read
/// as a document, unless they hold several documents, which a manifest may not.
@Suite("YAML test suite")
struct YAMLTestSuiteTests {
  static let root = FixturePaths.fixture("ThirdParty/yaml-test-suite")

  /// Cases libyaml 0.2.5 accepts although they are invalid (the suite's README).
  static let acceptedByLibYAML: Set<String> = [
    "9C9N", "9HCY", "9JBA", "CVW2", "DK95/01", "EB22", "G5U8", "MUS6/00", "MUS6/01", "QB6E", "RHX7", "S98Z",
    "SU5Z", "X4QW", "Y79Y/003", "YJV2",
  ]

  /// Valid cases libyaml 0.2.5 rejects (the suite's README).
  static let rejectedByLibYAML: Set<String> = [
    "2JQS", "2LFX", "2SXE", "4ABK", "4MUZ/00", "4MUZ/01", "4MUZ/02", "58MP", "5MUD", "5T43", "6BCT", "6CA3",
    "6LVF", "6M2F", "7Z25", "8XYN", "96NN/00", "96NN/01", "9SA2", "A2M4", "BEC7", "CFD4", "DBG4", "DK3J",
    "DK95/00", "DK95/03", "DK95/04", "FP8R", "FRK4", "HM87/00", "HWV9", "K3WX", "M2N8/00", "M7A3", "MUS6/05",
    "MUS6/06", "NHX8", "NJ66", "NKF9", "Q5MG", "QT73", "R4YG", "S3PD", "SM9W/01", "UKK6/00", "UT92",
    "VJP3/01",
    "W4TN", "W5VH", "Y79Y/001", "Y79Y/010",
  ]

  /// Case names (`229Q`, `4MUZ/01`) of every input.
  static let cases: [String] = FixturePaths.files(under: root, withExtension: "yaml")
    .filter { $0.hasSuffix("in.yaml") }
    .map { String($0.dropLast("/in.yaml".count)) }

  @Test func suiteIsComplete() {
    #expect(Self.cases.count == 402)
    #expect(Self.cases.filter(Self.isError).count == 94)
  }

  @Test func everyInputEndsInADocumentOrADiagnostic() throws {
    var rejectedInvalid = 0
    for name in Self.cases {
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.root + "/" + name + "/in.yaml")))
      let result = YAMLReader.read(bytes, file: SourceFileID(0))
      if result.document == nil {
        #expect(result.diagnostics.count == 1, "\(name): a failed read has exactly one fatal diagnostic")
      }
      if Self.isError(name) {
        if !Self.acceptedByLibYAML.contains(name) {
          // Rejected: not read, or (an error in a later document) read up to a second document,
          // which is an error of its own.
          #expect(
            result.document == nil
              || (result.isPartial && result.diagnostics.contains { $0.code == .multipleDocuments }),
            "\(name) is invalid YAML and libyaml rejects it")
          rejectedInvalid += 1
        }
      } else if !Self.rejectedByLibYAML.contains(name), result.document == nil || result.isPartial {
        #expect(
          result.diagnostics.contains { $0.code == .multipleDocuments }
            || result.diagnostics.first?.code == .undefinedAlias,
          "\(name) is valid YAML: \(result.diagnostics.first?.message ?? "")")
      }
    }
    #expect(rejectedInvalid == 78)
  }

  @Test func everyInputLoadsAsAManifestWithoutCrashing() throws {
    for name in Self.cases {
      let loaded = ManifestLoader().load(path: Self.root + "/" + name + "/in.yaml")
      let report = try RouteCfg.validate(loaded)
      // Hardly any suite input is a manifest; what matters is that each ends in a report.
      _ = report.diagnostics.count
    }
  }

  static func isError(_ name: String) -> Bool {
    FileManager.default.fileExists(atPath: root + "/" + name + "/error")
  }
}
