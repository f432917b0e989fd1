#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A report thrown by `require()` shows its failures as `error.localizedDescription` too (an
/// XCTest failure message, a log line), not Foundation's "The operation could not be completed".
extension HarnessReport: LocalizedError {
  public var errorDescription: String? { description }
}

/// A misspelt mock member shows its did-you-mean as `error.localizedDescription` too.
extension UnknownMockMember: LocalizedError {
  public var errorDescription: String? { description }
}
