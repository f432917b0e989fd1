import Foundation

/// Runs the built `routecfg` binary, as users and CI do.
struct CommandResult {
  let status: Int32
  let standardOutput: String
  let standardError: String
}

enum Routecfg {
  /// The repository root, found from this source file.
  static let repository: String = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

  /// `routecfg` next to the test bundle in the build folder.
  static let executable: URL = {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var directory = bundle.deletingLastPathComponent()
    // On Linux the tests run from `<build>/routecfgPackageTests.xctest`; on macOS from inside
    // `<build>/routecfgPackageTests.xctest/Contents/MacOS`.
    while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("routecfg").path),
      directory.path != "/"
    {
      directory = directory.deletingLastPathComponent()
    }
    return directory.appendingPathComponent("routecfg")
  }()

  /// Runs `routecfg` with the arguments, from the repository root. Output goes through
  /// temporary files so that neither stream can fill a pipe and block the child.
  static func run(_ arguments: [String], in directory: String = repository) throws -> CommandResult {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "routecfg-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outputURL = scratch.appendingPathComponent("stdout")
    let errorURL = scratch.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    let output = try FileHandle(forWritingTo: outputURL)
    let error = try FileHandle(forWritingTo: errorURL)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.standardOutput = output
    process.standardError = error
    try process.run()
    process.waitUntilExit()
    try output.close()
    try error.close()
    return CommandResult(
      status: process.terminationStatus,
      standardOutput: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
      standardError: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
  }

  /// Parses JSON output.
  static func json(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8))
  }
}
