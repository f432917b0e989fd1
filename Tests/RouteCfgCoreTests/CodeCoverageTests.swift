import Foundation
import RouteCfgCore
import Testing

/// Every diagnostic code is produced somewhere in the tests: by a rule fixture or an invalid
/// example manifest (`# expect:` lines), or, for codes about whole files and limits, by the
/// dedicated tests named here.
@Suite("Diagnostic code coverage")
struct CodeCoverageTests {
  /// Codes whose inputs cannot be fixtures, and the tests that produce them.
  static let coveredElsewhere: [DiagnosticCode: String] = [
    .fileUnreadable: "ValidateCommandTests.missingFileIsAnErrorAtTheFile",
    .fileTooLarge: "YAMLReaderHostileTests.oversizedInputIsRefusedBeforeParsing",
    .invalidUTF8: "YAMLReaderHostileTests.invalidUTF8IsReportedWhereItIs",
    .controlCharacter: "YAMLReaderHostileTests.nulByteIsReportedWhereItIs",
    .inheritanceTooLarge: "ValidatorScaleTests.runawayInheritanceHitsTheBudgetOnce",
    .generatedNameCollision: "GenerateCommandTests.namesThatCollideInSwiftAreRC1001",
    .sharedInterfaceProtocol: "GenerateCommandTests.aProtocolTwoInterfacesWouldDeclareIsRC1002",
    .unsendableAdapterValue: "GenerateCommandTests.valuesSwift6CannotSendOffTheMainActorAreRC1003",
    .escapingClosureMismatch: "GenerateCommandTests.aClosureThatCannotEscapeReachingAnOptionalOneIsRC1004",
    .undecidedProvider: "GenerateCommandTests.aProvidedProtocolWithoutASingleProviderIsAWarningNotASilence",
    .mainActorService: "GenerateCommandTests.aServiceWhoseDependencyIsPutOnTheMainActorIsRC1006",
  ]

  @Test func everyCodeIsProducedByAFixtureOrANamedTest() throws {
    var covered: Set<String> = []
    for directory in [FixturePaths.fixture("Rules"), FixturePaths.repository + "/manifests/invalid"] {
      for file in FixturePaths.files(under: directory, withExtension: "yaml") {
        for expectation in ExpectedDiagnostic.read(from: directory + "/" + file) {
          covered.insert(expectation.code)
        }
      }
    }
    for code in DiagnosticCode.allCases where Self.coveredElsewhere[code] == nil {
      #expect(covered.contains(code.rawValue), "no fixture expects \(code.rawValue) (\(code.name))")
    }
  }
}
