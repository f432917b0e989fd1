/// A problem in `routecfg-plugin.json`, printed in the compiler's format so that SwiftPM and
/// Xcode show it as a build error on its line.
struct ConfigurationError: Error, CustomStringConvertible {
  let description: String

  init(file: String, at position: JSONPosition = .start, _ problem: String) {
    description = "\(file):\(position.line):\(position.column): error: \(problem)"
  }
}
