#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `error.localizedDescription` (an alert, a log line) shows the diagnostics, as printing the
/// error does, instead of Foundation's "The operation could not be completed".
extension ManifestError: LocalizedError {
  public var errorDescription: String? { description }
}

/// The same for `--variant`'s error: the unknown name and the variants there are.
extension UnknownVariantError: LocalizedError {
  public var errorDescription: String? { description }
}
