import Foundation

/// Paths of the repository's test inputs, found from this source file.
enum FixturePaths {
  /// `Tests/RouteCfgCoreTests/Fixtures`.
  static let fixtures: String = {
    let here = URL(fileURLWithPath: #filePath)
    return here.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
      .path
  }()

  /// The repository root.
  static let repository: String = {
    let here = URL(fileURLWithPath: #filePath)
    return here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().path
  }()

  static func fixture(_ relative: String) -> String { fixtures + "/" + relative }

  /// Every file with the extension below a directory, sorted, as paths relative to it.
  static func files(under directory: String, withExtension ext: String) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
    var result: [String] = []
    while let next = enumerator.nextObject() as? String {
      if next.hasSuffix("." + ext) { result.append(next) }
    }
    return result.sorted()
  }
}
