/// Problems in `routecfg-plugin.json`, printed in the compiler's format, one a line, so that
/// SwiftPM and Xcode show each as a build error on its line.
struct ConfigurationError: Error, CustomStringConvertible {
  let description: String

  init(file: String, at position: JSONPosition = .start, _ problem: String) {
    description = "\(file):\(position.line):\(position.column): error: \(problem)"
  }

  /// Several problems of one file, reported together.
  init(_ problems: [ConfigurationError]) {
    description = problems.map(\.description).joined(separator: "\n")
  }
}
