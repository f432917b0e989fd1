import ArgumentParser

/// Command-line misuse found after parsing (an unknown `--variant`): printed as
/// `error: ...` on standard error, exit status 64 like ArgumentParser's own usage errors.
struct UsageError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) { self.description = description }

  static let exitCode = ExitCode(64)
}
