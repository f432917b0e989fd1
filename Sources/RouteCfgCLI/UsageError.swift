import ArgumentParser
import RouteCfgCore

/// Command-line misuse found after parsing (an unknown `--variant`): printed as
/// `error: ...` on standard error, exit status 64 like ArgumentParser's own usage errors.
struct UsageError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) { self.description = description }

  static let exitCode = ExitCode(64)

  /// `text` as it is printed: each line through ``TextFormatter/printable(_:)``, since a message
  /// may quote manifest names (a module list) or arguments, which may hold control or
  /// bidirectional characters.
  static func printable(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { TextFormatter.printable(String($0)) }
      .joined(separator: "\n")
  }
}
