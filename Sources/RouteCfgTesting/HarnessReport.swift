import RouteCfgCore

/// What a harness check found: nothing when it passed, one line per failure otherwise.
/// Use it with either test framework:
///
/// ```swift
/// #expect(report.passed, "\(report)")          // swift-testing
/// XCTAssertTrue(report.passed, "\(report)")    // XCTest
/// try report.require()                         // both: a thrown error fails the test
/// ```
public struct HarnessReport: Sendable, CustomStringConvertible, Error {
  public let check: String
  public let failures: [String]

  public init(check: String, failures: [String]) {
    self.check = check
    self.failures = failures
  }

  /// `true` when nothing failed.
  public var passed: Bool { failures.isEmpty }

  public var description: String {
    passed
      ? "\(check): passed"
      : "\(check): \(MessageWords.counted(failures.count, "failure"))\n"
        + failures.map { "  - " + $0 }.joined(separator: "\n")
  }

  /// Throws this report when something failed.
  public func require() throws(HarnessReport) {
    if !passed { throw self }
  }
}
