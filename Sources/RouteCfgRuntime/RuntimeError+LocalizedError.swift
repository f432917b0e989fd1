#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `error.localizedDescription` shows what went wrong, as printing the error does, instead of
/// Foundation's "The operation could not be completed".
extension RuntimeError: LocalizedError {
  public var errorDescription: String? { description }
}

extension RegistryBuildError: LocalizedError {
  public var errorDescription: String? { description }
}
