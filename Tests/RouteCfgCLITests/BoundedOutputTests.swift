import Foundation
import Testing

/// `validate --max-diagnostics` (SPEC §3) and the summary of checks held back for an incomplete
/// manifest, in every format; SARIF stays valid against the official schema.
@Suite("routecfg validate: bounded output and held-back checks")
struct BoundedOutputTests {
  /// A manifest with `count` duplicate members (one error each), written to a scratch directory.
  private static func duplicates(_ count: Int, in scratch: URL) throws -> String {
    let path = scratch.appendingPathComponent("dup.yaml").path
    let body = String(repeating: "var a: Int; ", count: count + 1)
    try
      "routecfg: 1\nprotocols:\n  P: \"\(body)\"\nmodules:\n  M: {kind: view, provides: [P], routes: [/m]}\n"
      .write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  @Test func textListsTheBoundAndSaysHowManyWereLeftOut() throws {
    let scratch = try Routecfg.scratchDirectory("bound")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let path = try Self.duplicates(50_000, in: scratch)
    let result = try Routecfg.run(["validate", path])
    #expect(result.status == 1)
    let lines = result.standardOutput.split(separator: "\n")
    // 1,000 diagnostics with one note each, the summary, the omission line.
    #expect(lines.count == 2_002)
    #expect(lines[2_000].hasSuffix("dup.yaml: 50000 errors"))
    #expect(
      lines.last?.hasPrefix("49000 more diagnostics were not listed (49000 errors); fix the ones above")
        == true)
    let few = try Routecfg.run(["validate", path, "--max-diagnostics", "3"])
    #expect(few.standardOutput.split(separator: "\n").count == 8)
    let all = try Routecfg.run(["validate", path, "--max-diagnostics", "0"])
    #expect(all.standardOutput.split(separator: "\n").count == 100_001)
    #expect(!all.standardOutput.contains("not listed"))
  }

  /// The commands that take no bound list the first 1,000 too, and point at `validate`, which
  /// takes one; `generate` closes with its summary first, as `validate` does.
  @Test func commandsWithoutTheBoundPointAtValidate() throws {
    let scratch = try Routecfg.scratchDirectory("bound")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let path = try Self.duplicates(1_500, in: scratch)
    let advice =
      "500 more diagnostics were not listed (500 errors); fix the ones above, or run 'routecfg validate "
      + "--max-diagnostics 0' on the file to list all"
    for command in [["routes", path], ["graph", path], ["resolve", path, "/m"]] {
      let result = try Routecfg.run(command)
      #expect(result.status == 1)
      #expect(result.standardError.split(separator: "\n").last.map(String.init) == advice, "\(command[0])")
    }
    let generate = try Routecfg.run([
      "generate", path, "--output", scratch.appendingPathComponent("out").path,
    ])
    let lines = generate.standardError.split(separator: "\n")
    #expect(lines.last.map(String.init) == advice)
    #expect(lines.dropLast().last?.hasSuffix("dup.yaml: 1500 errors; nothing generated") == true)
  }

  /// A bound too large to double (up to `Int.max`) lists everything, like no bound.
  @Test func aBoundNearIntMaxListsEverything() throws {
    let scratch = try Routecfg.scratchDirectory("bound")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let path = try Self.duplicates(100, in: scratch)
    for bound in ["4611686018427387904", "9223372036854775807"] {
      let result = try Routecfg.run(["validate", path, "--format", "json", "--max-diagnostics", bound])
      #expect(result.status == 1)
      let object = try #require(try Routecfg.json(result.standardOutput) as? [String: Any])
      #expect((object["diagnostics"] as? [Any])?.count == 100)
      #expect(object["omitted"] == nil)
    }
  }

  @Test func jsonSaysOmittedOnlyWhenSomethingWasLeftOut() throws {
    let scratch = try Routecfg.scratchDirectory("bound")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let path = try Self.duplicates(2_000, in: scratch)
    let bounded = try Routecfg.run(["validate", path, "--format", "json", "--max-diagnostics", "10"])
    let object = try #require(try Routecfg.json(bounded.standardOutput) as? [String: Any])
    #expect(object["errorCount"] as? Int == 2_000)
    #expect(object["omitted"] as? Int == 1_990)
    #expect((object["diagnostics"] as? [Any])?.count == 10)
    let unbounded = try Routecfg.run(["validate", path, "--format", "json", "--max-diagnostics", "0"])
    let full = try #require(try Routecfg.json(unbounded.standardOutput) as? [String: Any])
    #expect(full["omitted"] == nil)
    #expect((full["diagnostics"] as? [Any])?.count == 2_000)
  }

  @Test func sarifNotesTheOmissionAndStaysValid() throws {
    let scratch = try Routecfg.scratchDirectory("bound")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let path = try Self.duplicates(1_500, in: scratch)
    let result = try Routecfg.run(["validate", path, "--format", "sarif"])
    // The log against the SARIF schema: .ci/check-schemas (check-jsonschema) runs this case too.
    let log = try #require(try Routecfg.json(result.standardOutput) as? [String: Any])
    #expect(log["version"] as? String == "2.1.0")
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    #expect((run["results"] as? [Any])?.count == 1_000)
    let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
    let notification = try #require((invocation["toolExecutionNotifications"] as? [[String: Any]])?.first)
    #expect((notification["properties"] as? [String: Any])?["omitted"] as? Int == 500)
    #expect(notification["level"] as? String == "note")
  }

  @Test func theBoundCoversAllFilesTogether() throws {
    let scratch = try Routecfg.scratchDirectory("bound")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let first = try Self.duplicates(6, in: scratch)
    let secondDirectory = scratch.appendingPathComponent("second")
    try FileManager.default.createDirectory(at: secondDirectory, withIntermediateDirectories: true)
    let second = try Self.duplicates(6, in: secondDirectory)
    let result = try Routecfg.run(["validate", first, second, "--format", "json", "--max-diagnostics", "8"])
    let object = try #require(try Routecfg.json(result.standardOutput) as? [String: Any])
    let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.count == 8)
    #expect(diagnostics.filter { ($0["file"] as? String)?.contains("/second/") == true }.count == 2)
    #expect(object["errorCount"] as? Int == 12 && object["omitted"] as? Int == 4)
    let text = try Routecfg.run(["validate", first, second, "--max-diagnostics", "8"])
    #expect(
      text.standardOutput.hasSuffix(
        "4 more diagnostics were not listed (4 errors); fix the ones above, or raise the bound with --max-diagnostics (0 lists all)\n"
      ))
  }

  @Test func aNegativeBoundIsMisuse() throws {
    for arguments in [["--max-diagnostics", "-1"], ["--max-diagnostics=-1"]] {
      let result = try Routecfg.run(["validate", "manifests/NoteApp.yaml"] + arguments)
      #expect(result.status == 64)
      #expect(
        result.standardError.contains("--max-diagnostics is a count: 0 or more"), "\(result.standardError)")
    }
  }

  @Test func heldBackChecksAreNamedInEveryFormat() throws {
    let scratch = try Routecfg.scratchDirectory("bound")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let path = scratch.appendingPathComponent("root.yaml").path
    try
      "routecfg: 1\ninclude: [missing.yaml]\nmodules:\n  Home: {kind: view, routes: [/]}\n  Home: {kind: view}\n"
      .write(toFile: path, atomically: false, encoding: .utf8)
    let text = try Routecfg.run(["validate", path])
    #expect(
      text.standardOutput.hasSuffix(
        "root.yaml: 2 errors; not checked because part of the manifest could not be read: references, resolution, "
          + "unused parts\n"), "\(text.standardOutput)")
    let json = try Routecfg.run(["validate", path, "--format", "json"])
    let object = try #require(try Routecfg.json(json.standardOutput) as? [String: Any])
    let incomplete = try #require((object["incomplete"] as? [[String: Any]])?.first)
    #expect(incomplete["file"] as? String == path)
    #expect(incomplete["heldBack"] as? [String] == ["references", "resolution", "unusedParts"])
    let sarif = try Routecfg.run(["validate", path, "--format", "sarif"])
    #expect((try Routecfg.json(sarif.standardOutput) as? [String: Any])?["version"] as? String == "2.1.0")
    #expect(sarif.standardOutput.contains("not checked because part of the manifest could not be read"))
    let complete = try Routecfg.run(["validate", "manifests/NoteApp.yaml", "--format", "json"])
    #expect(!complete.standardOutput.contains("incomplete"))
  }
}
