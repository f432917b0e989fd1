import Foundation
import RouteCfgCodegen
import RouteCfgCore

/// Runs the real Swift compiler on generated code, as a user's build would.
enum SwiftCompiler {
  /// What a compiler or program run printed.
  struct Outcome {
    let status: Int32
    let output: String

    var succeeded: Bool { status == 0 }
  }

  /// The language modes generated code must compile in.
  enum Isolation: CaseIterable, CustomStringConvertible {
    case nonisolated
    case mainActor
    /// What Xcode 26 sets for a new app target: main-actor default isolation and the upcoming
    /// features of "approachable concurrency" (`nonisolated` async functions run on the caller's
    /// actor; conformances may be isolated).
    case approachable

    var flags: [String] {
      switch self {
      case .nonisolated: return []
      case .mainActor: return ["-default-isolation", "MainActor"]
      case .approachable:
        return [
          "-default-isolation", "MainActor", "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
          "-enable-upcoming-feature", "InferIsolatedConformances",
        ]
      }
    }
    var description: String {
      switch self {
      case .nonisolated: return "nonisolated default"
      case .mainActor: return "main-actor default isolation"
      case .approachable: return "main-actor default isolation with approachable concurrency"
      }
    }
  }

  /// `swiftc` from the toolchain running the tests (found on `PATH`).
  static let swiftc: String = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/swiftc"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return "/usr/bin/swiftc"
  }()

  /// The flags with which generated code can `import RouteCfgRuntime` (`--dynamic`): the
  /// modules of the build running the tests, and libyaml's module map, which RouteCfgCore
  /// imports. `nil` when the build's modules are not found.
  static let runtimeFlags: [String]? = {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    // On Linux the tests run from `<build>/routecfgPackageTests.xctest`; on macOS from inside
    // `<build>/routecfgPackageTests.xctest/Contents/MacOS`.
    while directory.path != "/" {
      directory = directory.deletingLastPathComponent()
      let modules = directory.appendingPathComponent("Modules")
      if FileManager.default.fileExists(
        atPath: modules.appendingPathComponent("RouteCfgRuntime.swiftmodule").path)
      {
        let moduleMap = Generation.path("Sources/CYAML/module.modulemap")
        return ["-I", modules.path, "-Xcc", "-fmodule-map-file=" + moduleMap]
      }
    }
    return nil
  }()

  /// Compiles `files` as one Swift 6 module with warnings as errors: an executable when one of
  /// them is `main.swift`, else a library. `extraFlags` go before the files (``runtimeFlags``).
  static func compile(
    _ files: [String], module: String = "Generated", isolation: Isolation, output: String,
    typecheckOnly: Bool = false, extraFlags: [String] = []
  ) throws -> Outcome {
    let isProgram = files.contains { $0.hasSuffix("/main.swift") }
    var arguments = ["-swift-version", "6", "-warnings-as-errors", "-module-name", module, "-Onone"]
    arguments += isolation.flags + extraFlags
    if typecheckOnly {
      arguments += ["-typecheck", "-parse-as-library"]
    } else {
      arguments += isProgram ? ["-o", output] : ["-parse-as-library", "-emit-library", "-o", output]
    }
    return try run(swiftc, arguments + files)
  }

  /// Runs a program and collects what it prints (standard output and error together).
  static func run(_ executable: String, _ arguments: [String], input: String? = nil) throws -> Outcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "routecfg-run-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: scratch.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let handle = try FileHandle(forWritingTo: scratch)
    process.standardOutput = handle
    process.standardError = handle
    let inputPipe = Pipe()
    if input != nil { process.standardInput = inputPipe }
    try process.run()
    if let input {
      inputPipe.fileHandleForWriting.write(Data(input.utf8))
      try inputPipe.fileHandleForWriting.close()
    }
    process.waitUntilExit()
    try handle.close()
    let output = String(decoding: try Data(contentsOf: scratch), as: UTF8.self)
    return Outcome(status: process.terminationStatus, output: output)
  }
}

/// A scratch directory for one test, removed when the test ends.
final class Scratch {
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory.appendingPathComponent("routecfg-codegen-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// Writes `contents` to `name` in the directory; returns the path.
  @discardableResult
  func write(_ name: String, _ contents: String) throws -> String {
    let file = (path as NSString).appendingPathComponent(name)
    try FileManager.default.createDirectory(
      atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try contents.write(toFile: file, atomically: true, encoding: .utf8)
    return file
  }
}

/// Manifests and generated code for tests.
enum Generation {
  /// The repository root, found from this source file.
  static let repository: String = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

  /// A path inside the repository.
  static func path(_ relative: String) -> String { "\(repository)/\(relative)" }

  /// Validates a manifest (which must have no error) and generates its files.
  static func files(
    manifest: String, options: CodegenOptions = CodegenOptions()
  ) throws -> [GeneratedFile] {
    let result = try RouteCfg.validate(path: manifest)
    guard let graph = result.graph else {
      throw GenerationFailure(message: "\(manifest) has errors:\n" + TextFormatter.format(result.report))
    }
    return try CodeGenerator.generate(graph, manifestPath: manifest, options: options)
  }

  /// Generates files for manifest text.
  static func files(yaml: String, path: String = "Test.yaml", options: CodegenOptions = CodegenOptions())
    throws
    -> [GeneratedFile]
  {
    let result = try RouteCfg.validate(yaml: yaml, path: path)
    guard let graph = result.graph else {
      throw GenerationFailure(message: "manifest has errors:\n" + TextFormatter.format(result.report))
    }
    return try CodeGenerator.generate(graph, manifestPath: path, options: options)
  }

  /// Writes generated files and the program's sources into `scratch`, compiles and runs it.
  static func runProgram(
    _ files: [GeneratedFile], program: [String: String], scratch: Scratch,
    isolation: SwiftCompiler.Isolation = .nonisolated
  ) throws -> SwiftCompiler.Outcome {
    var paths: [String] = []
    for file in files { paths.append(try scratch.write("Generated/" + file.name, file.contents)) }
    for (name, source) in program.sorted(by: { $0.key < $1.key }) {
      paths.append(try scratch.write(name, source))
    }
    let executable = scratch.path + "/program"
    let compiled = try SwiftCompiler.compile(
      paths, module: "Program", isolation: isolation, output: executable)
    guard compiled.succeeded else { return compiled }
    return try SwiftCompiler.run(executable, [])
  }

  /// Generates `manifest` (a path in the repository), compiles its code with the driver
  /// `Programs/<program>` as `main.swift`, and runs it.
  static func runProgram(
    manifest: String, program: String, isolation: SwiftCompiler.Isolation = .nonisolated
  ) throws -> SwiftCompiler.Outcome {
    try runProgram(
      try files(manifest: path(manifest)), program: ["main.swift": try self.program(program)],
      scratch: try Scratch(), isolation: isolation)
  }

  /// A driver program kept under Tests/RouteCfgCodegenTests/Programs.
  static func program(_ name: String) throws -> String {
    try String(contentsOfFile: path("Tests/RouteCfgCodegenTests/Programs/\(name)"), encoding: .utf8)
  }
}

struct GenerationFailure: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}
