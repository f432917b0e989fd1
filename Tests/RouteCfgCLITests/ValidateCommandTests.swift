import Foundation
import Testing

@Suite("routecfg validate")
struct ValidateCommandTests {
  @Test func validManifestExitsZeroWithASummary() throws {
    let result = try Routecfg.run(["validate", "manifests/NoteApp.yaml"])
    #expect(result.status == 0)
    #expect(
      result.standardOutput
        == "manifests/NoteApp.yaml: valid (6 modules, 9 protocols, 3 adapters, 6 routes)\n")
  }

  @Test func everyShippedManifestIsValid() throws {
    for manifest in ["manifests/NoteApp.yaml", "manifests/ShopApp/ShopApp.yaml", "manifests/LoginDemo.yaml"] {
      let result = try Routecfg.run(["validate", manifest])
      #expect(result.status == 0, "\(manifest): \(result.standardOutput)")
    }
  }

  @Test func everyInvalidExampleExitsOneWithCompilerStyleLines() throws {
    let directory = Routecfg.repository + "/manifests/invalid"
    let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter {
      $0.hasSuffix(".yaml")
    }
    #expect(files.count >= 5)
    for file in files.sorted() {
      let path = "manifests/invalid/" + file
      let result = try Routecfg.run(["validate", path])
      #expect(result.status == 1, "\(path)")
      let lines = result.standardOutput.split(separator: "\n").map(String.init)
      let diagnostics = lines.filter { $0.contains(": error: ") || $0.contains(": warning: ") }
      #expect(!diagnostics.isEmpty, "\(path)")
      for line in diagnostics {
        #expect(Self.isCompilerStyle(line), "\(line)")
      }
    }
  }

  @Test func textOutputPointsAtTheLineAndColumn() throws {
    let result = try Routecfg.run(["validate", "manifests/invalid/login-adapter.yaml"])
    #expect(
      result.standardOutput.contains(
        "manifests/invalid/login-adapter.yaml:28:7: error: 'ModuleARequiredLoginViewInput' has no member "
          + "'mesage'; did you mean 'message'? [RC0601]\n"))
    #expect(
      result.standardOutput.contains(
        "manifests/invalid/login-adapter.yaml:12:9: note: 'delegate' is declared here"))
    #expect(result.standardOutput.hasSuffix("manifests/invalid/login-adapter.yaml: 2 errors\n"))
  }

  @Test func jsonOutputHasExactlyTheDocumentedShape() throws {
    let result = try Routecfg.run(["validate", "--format", "json", "manifests/invalid/login-adapter.yaml"])
    #expect(result.status == 1)
    let object = try #require(try Routecfg.json(result.standardOutput) as? [String: Any])
    #expect(Set(object.keys) == ["valid", "errorCount", "warningCount", "diagnostics"])
    #expect(object["valid"] as? Bool == false)
    #expect(object["errorCount"] as? Int == 2)
    #expect(object["warningCount"] as? Int == 0)
    let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.count == 2)
    for diagnostic in diagnostics {
      #expect(Set(diagnostic.keys) == ["severity", "code", "message", "file", "line", "column", "notes"])
      #expect(diagnostic["file"] as? String == "manifests/invalid/login-adapter.yaml")
      let notes = try #require(diagnostic["notes"] as? [[String: Any]])
      for note in notes { #expect(Set(note.keys) == ["message", "file", "line", "column"]) }
    }
    let last = try #require(diagnostics.last)
    #expect(last["severity"] as? String == "error")
    #expect(last["code"] as? String == "RC0601")
    #expect(last["line"] as? Int == 28)
    #expect(last["column"] as? Int == 7)
  }

  @Test func jsonOutputForAValidManifest() throws {
    let result = try Routecfg.run(["validate", "--format", "json", "manifests/NoteApp.yaml"])
    #expect(result.status == 0)
    let object = try #require(try Routecfg.json(result.standardOutput) as? [String: Any])
    #expect(object["valid"] as? Bool == true)
    #expect((object["diagnostics"] as? [Any])?.isEmpty == true)
  }

  @Test func strictTurnsWarningsIntoErrors() throws {
    let path = "Tests/RouteCfgCoreTests/Fixtures/Rules/warnings-unused.yaml"
    let relaxed = try Routecfg.run(["validate", path])
    #expect(relaxed.status == 0)
    #expect(relaxed.standardOutput.contains(": warning: "))
    let strict = try Routecfg.run(["validate", "--strict", "--format", "json", path])
    #expect(strict.status == 1)
    let object = try #require(try Routecfg.json(strict.standardOutput) as? [String: Any])
    #expect(object["warningCount"] as? Int == 0)
    #expect((object["errorCount"] as? Int ?? 0) > 0)
  }

  @Test func variantSelectsOneConfiguration() throws {
    let result = try Routecfg.run(["validate", "manifests/LoginDemo.yaml", "--variant", "macOS"])
    #expect(result.status == 0)
  }

  @Test func unknownVariantIsAUsageError() throws {
    let result = try Routecfg.run(["validate", "manifests/LoginDemo.yaml", "--variant", "macos"])
    #expect(result.status == 64)
    #expect(result.standardError.contains("unknown variant 'macos'; did you mean 'macOS'?"))
    #expect(result.standardOutput.isEmpty)
  }

  /// An empty path is misuse, for every command that takes a manifest or a directory.
  @Test func anEmptyPathIsAUsageError() throws {
    let runs = [
      ["validate", ""], ["validate", "manifests/NoteApp.yaml", ""], ["resolve", "", "/"], ["routes", ""],
      ["graph", ""], ["generate", "", "-o", "out"], ["generate", "manifests/NoteApp.yaml", "-o", ""],
    ]
    for arguments in runs {
      let result = try Routecfg.run(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(
        result.standardError.contains("a path cannot be empty"), "\(arguments): \(result.standardError)")
    }
  }

  /// `-` is a file named `-`; missing, its diagnostic says how to read standard input.
  @Test func aDashNamesAFileAndTheMissingOneSaysHowToReadStandardInput() throws {
    let directory = try Routecfg.scratchDirectory("dash")
    defer { try? FileManager.default.removeItem(at: directory) }
    let missing = try Routecfg.run(["validate", "-"], in: directory.path)
    #expect(missing.status == 1)
    #expect(
      missing.standardOutput.contains("to read a manifest from standard input, name /dev/stdin [RC0101]"))
    let manifest = try String(
      contentsOfFile: Routecfg.repository + "/manifests/NoteApp.yaml", encoding: .utf8)
    try manifest.write(to: directory.appendingPathComponent("-"), atomically: true, encoding: .utf8)
    #expect(try Routecfg.run(["validate", "-"], in: directory.path).status == 0)
  }

  /// A later file without the variant is misuse too, and the files before it print nothing: no
  /// half report, in any format.
  @Test func aVariantOneOfSeveralFilesLacksPrintsNoHalfReport() throws {
    let directory = try Routecfg.scratchDirectory("variants")
    defer { try? FileManager.default.removeItem(at: directory) }
    let invalid = directory.appendingPathComponent("invalid.yaml").path
    try
      "routecfg: 1\nvariants: {x: {}}\nprotocols:\n  P: \"var a: Int; var a: Int\"\nmodules:\n  M: {kind: view, provides: [P], routes: [/m]}\n"
      .write(toFile: invalid, atomically: true, encoding: .utf8)
    for format in ["text", "github", "json"] {
      let result = try Routecfg.run([
        "validate", invalid, "manifests/NoteApp.yaml", "--variant", "x", "--format", format,
      ])
      #expect(result.status == 64)
      #expect(result.standardOutput.isEmpty, "\(format): \(result.standardOutput)")
      #expect(result.standardError.contains("NoteApp.yaml: unknown variant 'x'"))
    }
  }

  /// `variants: [mac]` is not a mapping, so it declares no 'mac': the shape error is the answer.
  @Test func aVariantOfMisshapenVariantsGetsTheManifestsErrors() throws {
    let directory = try Routecfg.scratchDirectory("variants")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("app.yaml").path
    try "routecfg: 1\nvariants: [mac]\nmodules:\n  A: {kind: view, routes: [/]}\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    let result = try Routecfg.run(["validate", path, "--variant", "mac"])
    #expect(result.status == 1)
    #expect(result.standardOutput.contains("'variants' must be a mapping of variant names to their bindings"))
    #expect(result.standardError.isEmpty)
    // An error elsewhere does not hide a misspelt variant that 'variants' declares no lookalike of.
    try
      "routecfg: 1\nprotocols: {P: 'var x Int'}\nvariants: {mac: {}}\nmodules:\n  A: {kind: view, routes: [/]}\n"
      .write(toFile: path, atomically: true, encoding: .utf8)
    let misspelt = try Routecfg.run(["validate", path, "--variant", "macc"])
    #expect(misspelt.status == 64)
    #expect(misspelt.standardError.contains("unknown variant 'macc'; did you mean 'mac'?"))
    // A variant with no value is declared all the same: naming another is misuse, naming it is not.
    try "routecfg: 1\nvariants:\n  mac: {}\n  ios:\nmodules:\n  A: {kind: view, routes: [/]}\n"
      .write(toFile: path, atomically: true, encoding: .utf8)
    let unknown = try Routecfg.run(["validate", path, "--variant", "nope"])
    #expect(unknown.status == 64)
    #expect(unknown.standardError.contains("unknown variant 'nope' (variants: mac, ios)"))
    // Listed in the order they are written, those that could not be read among them.
    try "routecfg: 1\nvariants:\n  ios:\n  mac: {}\nmodules:\n  A: {kind: view, routes: [/]}\n"
      .write(toFile: path + ".swapped.yaml", atomically: true, encoding: .utf8)
    let swapped = try Routecfg.run(["validate", path + ".swapped.yaml", "--variant", "tv"])
    #expect(
      swapped.standardError.contains("unknown variant 'tv' (variants: ios, mac)"), "\(swapped.standardError)")
    let unread = try Routecfg.run(["validate", path, "--variant", "ios"])
    #expect(unread.status == 1)
    #expect(
      unread.standardOutput.contains(
        "'ios' has no value; give it its bindings ('{bindings: {Protocol: Module}}') or remove the variant [RC0206]"
      )
    )
    #expect(unread.standardError.isEmpty)
  }

  /// Variants belong to the root: an include that cannot be loaded declares none, so a variant
  /// the root does not declare is misuse; a root that cannot be read declares none it could be
  /// checked against, so its problems are the answer.
  @Test func aVariantTheRootDoesNotDeclareIsMisuseWhateverTheIncludes() throws {
    let directory = try Routecfg.scratchDirectory("variants-include")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("app.yaml").path
    let manifest =
      "routecfg: 1\ninclude: [missing.yaml]\nvariants: {mac: {}}\nmodules:\n  A: {kind: view, routes: [/]}\n"
    try manifest.write(toFile: path, atomically: true, encoding: .utf8)
    for command in [["validate", path], ["resolve", path, "/"], ["routes", path]] {
      let unknown = try Routecfg.run(command + ["--variant", "ios"])
      #expect(unknown.status == 64, "\(command): \(unknown.standardError)")
      #expect(unknown.standardError.contains("unknown variant 'ios' (variants: mac)"))
    }
    let declared = try Routecfg.run(["validate", path, "--variant", "mac"])
    #expect(declared.status == 1)
    #expect(declared.standardOutput.contains("[RC0301]"))
    for root in ["- a\n", "routecfg: [\n", ""] {
      try root.write(toFile: path, atomically: true, encoding: .utf8)
      let unreadable = try Routecfg.run(["validate", path, "--variant", "ios"])
      #expect(unreadable.status == 1, "\(root): \(unreadable.standardError)")
      #expect(unreadable.standardError.isEmpty)
    }
  }

  @Test func severalFilesAreReportedTogether() throws {
    let result = try Routecfg.run([
      "validate", "--format", "json", "manifests/NoteApp.yaml", "manifests/invalid/routes.yaml",
    ])
    #expect(result.status == 1)
    let object = try #require(try Routecfg.json(result.standardOutput) as? [String: Any])
    let files = Set((object["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String })
    #expect(files == ["manifests/invalid/routes.yaml"])
  }

  /// `validate FILE...` alone skips the argument parser; with any option it is parsed. Both give
  /// the same bytes and status.
  @Test func thePlainInvocationAndTheParsedOneAgree() throws {
    for files in [
      ["manifests/NoteApp.yaml"], ["manifests/invalid/typos.yaml"],
      ["manifests/invalid/routes.yaml", "nothere.yaml"],
      ["manifests/ShopApp/ShopApp.yaml", "manifests/LoginDemo.yaml"],
    ] {
      let plain = try Routecfg.run(["validate"] + files)
      let parsed = try Routecfg.run(["validate", "--color", "auto", "--max-diagnostics", "1000"] + files)
      #expect(plain.status == parsed.status, "\(files)")
      #expect(plain.standardOutput == parsed.standardOutput, "\(files)")
      #expect(plain.standardError == parsed.standardError, "\(files)")
    }
    // Words the parser reads itself still reach it: `help` and anything starting with '-'.
    #expect(try Routecfg.run(["validate", "-x"]).status == 64)
    #expect(try Routecfg.run(["validate", "manifests/NoteApp.yaml", "--strict"]).status == 0)
  }

  @Test func missingFileIsAnErrorAtTheFile() throws {
    let result = try Routecfg.run(["validate", "nothere.yaml"])
    #expect(result.status == 1)
    #expect(result.standardOutput.hasPrefix("nothere.yaml:1:1: error: cannot read 'nothere.yaml'"))
  }

  @Test func commandLineMisuseExits64() throws {
    #expect(try Routecfg.run(["validate"]).status == 64)
    #expect(try Routecfg.run(["validate", "--format", "xml", "manifests/NoteApp.yaml"]).status == 64)
    #expect(try Routecfg.run(["frobnicate"]).status == 64)
  }

  @Test func noCommandPrintsTheUsageAndExits64() throws {
    let result = try Routecfg.run([])
    #expect(result.status == 64)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.contains("USAGE: routecfg [--version] <subcommand>"))
    #expect(result.standardError.contains("error: name a command: validate, resolve, "))
  }

  @Test func helpDescribesTheCommand() throws {
    let result = try Routecfg.run(["validate", "--help"])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("--format <format>"))
    #expect(result.standardOutput.contains("--strict"))
    #expect(result.standardOutput.contains("--variant <variant>"))
  }

  /// `path:line:column: error|warning: message [RCxxxx]`.
  static func isCompilerStyle(_ line: String) -> Bool {
    let parts = line.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
    guard parts.count == 4, Int(parts[1]) != nil, Int(parts[2]) != nil else { return false }
    let rest = parts[3]
    guard rest.hasPrefix(" error: ") || rest.hasPrefix(" warning: ") else { return false }
    guard let open = rest.lastIndex(of: "[") else { return false }
    let code = rest[open...]
    return code.count == 8 && code.hasPrefix("[RC") && code.hasSuffix("]")
  }

  /// A pipe whose reader stops early (`| head -1`) ends routecfg as it ends other tools: killed by
  /// SIGPIPE, without a message, where SIGPIPE has its default action, or with status 74 and
  /// the write error where the parent left it ignored. Never 0: a listing cut short is no whole one.
  @Test func aPipeClosedEarlyEndsTheRunWithoutSuccess() throws {
    let scratch = try Routecfg.scratchDirectory("pipe")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let modules = (0..<40_000).map { "  M\($0): {kind: view, routes: [/m\($0)]}" }.joined(separator: "\n")
    let manifest = scratch.appendingPathComponent("wide.yaml")
    try Data("routecfg: 1\nmodules:\n\(modules)\n".utf8).write(to: manifest)
    let process = Process()
    process.executableURL = Routecfg.executable
    process.arguments = ["routes", manifest.path]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // One read, then the reader is gone; the listing is far longer than a pipe holds.
    _ = output.fileHandleForReading.availableData
    try output.fileHandleForReading.close()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    if process.terminationReason == .uncaughtSignal {
      #expect(process.terminationStatus == SIGPIPE)
      #expect(message.isEmpty, "\(message)")
    } else {
      #expect(process.terminationStatus == 74)
      #expect(message.hasPrefix("error: cannot write to standard output: "), "\(message)")
    }
  }

  /// A report that cannot be written (a full disk) ends with a status of its own, not 0.
  @Test func aFailedWriteToStandardOutputExits74() throws {
    for format in ["text", "json", "sarif"] {
      guard
        let (status, message) = try Routecfg.runWritingToAFullDisk(
          ["validate", "manifests/NoteApp.yaml", "--format", format])
      else { return }  // Linux only
      #expect(status == 74, "\(format)")
      #expect(message == "error: cannot write to standard output: No space left on device\n", "\(format)")
    }
  }

}
