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

  /// The build command of the RouteCfgGenerator plugin, built next to `routecfg`.
  static let pluginTool: URL = executable.deletingLastPathComponent()
    .appendingPathComponent("RouteCfgGeneratorPluginTool")

  /// A fresh directory under the system's temporary directory, named `routecfg-LABEL-UUID`; the
  /// caller removes it.
  static func scratchDirectory(_ label: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "routecfg-\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  /// Runs `routecfg` (or `program`) with the arguments, from the repository root. Output goes
  /// through temporary files so that neither stream can fill a pipe and block the child.
  /// Standard input is the test's unless `input` is given.
  static func run(
    _ arguments: [String], in directory: String = repository, program: URL = executable,
    input: FileHandle? = nil
  ) throws -> CommandResult {
    let scratch = try scratchDirectory("cli")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outputURL = scratch.appendingPathComponent("stdout")
    let errorURL = scratch.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    let output = try FileHandle(forWritingTo: outputURL)
    let error = try FileHandle(forWritingTo: errorURL)
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.standardOutput = output
    process.standardError = error
    if let input { process.standardInput = input }
    try process.run()
    process.waitUntilExit()
    try output.close()
    try error.close()
    return CommandResult(
      status: process.terminationStatus,
      standardOutput: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
      standardError: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
  }

  /// Runs `routecfg` from the repository root with standard output on a full disk
  /// (`/dev/full`, Linux only); `nil` where there is none. Only the exit status and standard
  /// error are kept.
  static func runWritingToAFullDisk(_ arguments: [String]) throws -> (status: Int32, standardError: String)? {
    guard FileManager.default.fileExists(atPath: "/dev/full"),
      let full = FileHandle(forWritingAtPath: "/dev/full")
    else { return nil }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: repository)
    let errors = Pipe()
    process.standardOutput = full
    process.standardError = errors
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, message)
  }

  /// Runs `routecfg` with arguments given as bytes, which need not be UTF-8 (as a shell can pass
  /// them). Paths among them must be absolute: the working directory is the test process's.
  /// Standard error goes to a file in `scratch`; only it and the exit status are kept.
  static func run(rawArguments: [[UInt8]], scratch: String) throws -> (
    status: Int32, standardError: String
  ) {
    let errorPath = scratch + "/stderr-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: errorPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let arguments = [Array(executable.path.utf8)] + rawArguments
    let argv: [UnsafeMutablePointer<CChar>?] =
      arguments.map { bytes in
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
        copy[bytes.count] = 0
        return copy
      } + [nil]
    defer { argv.forEach { $0?.deallocate() } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
    guard spawned == 0 else { throw CocoaError(.executableLoad) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1, errno == EINTR {}
    let standardError = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
    return (status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f), standardError)
  }

  /// Parses JSON output.
  static func json(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8))
  }
}
