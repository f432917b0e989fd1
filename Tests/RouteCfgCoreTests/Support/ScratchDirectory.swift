import Foundation

/// A fresh directory for one test; `remove()` deletes it.
struct ScratchDirectory {
  let url: URL

  init(_ label: String = "scratch") throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "routecfg-\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  var path: String { url.path }

  /// The path of `relative` inside the directory.
  func path(_ relative: String) -> String { url.appendingPathComponent(relative).path }

  /// Writes `text` to `relative`, making its directories.
  @discardableResult
  func write(_ text: String, to relative: String) throws -> String {
    let target = url.appendingPathComponent(relative)
    try FileManager.default.createDirectory(
      at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: target, atomically: false, encoding: .utf8)
    return target.path
  }

  /// Makes `relative` a symbolic link to `destination` (written as given).
  func link(_ relative: String, to destination: String) throws {
    try FileManager.default.createSymbolicLink(
      atPath: url.appendingPathComponent(relative).path, withDestinationPath: destination)
  }

  func remove() { try? FileManager.default.removeItem(at: url) }
}
