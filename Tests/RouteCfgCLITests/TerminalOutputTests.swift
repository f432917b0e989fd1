import Foundation
import Testing

/// `routecfg validate` for a person at a terminal: source snippets with the range underlined, in
/// colour unless `NO_COLOR` is set; the plain compiler lines when the output is piped; GitHub
/// Actions workflow commands with `--format github`.
@Suite("Terminal and GitHub output")
struct TerminalOutputTests {
  static let invalid = "manifests/invalid/login-adapter.yaml"
  static let escape = "\u{1B}["

  @Test func pipedOutputIsThePlainCompilerLines() throws {
    let plain = try Routecfg.run(["validate", Self.invalid])
    #expect(!plain.standardOutput.contains(Self.escape))
    #expect(!plain.standardOutput.contains("│"))
    let never = try Routecfg.run(["validate", Self.invalid, "--color", "never"])
    #expect(never.standardOutput == plain.standardOutput)
    let auto = try Routecfg.run(["validate", Self.invalid, "--color", "auto"])
    #expect(auto.standardOutput == plain.standardOutput)
  }

  @Test func aTerminalGetsSnippetsInColour() throws {
    let result = try TerminalRunner.run(["validate", Self.invalid])
    #expect(result.status == 1)
    #expect(result.output.contains(Self.escape))
    let plain = Self.withoutColour(result.output)
    #expect(plain.contains("28 │       mesage: notifyString\n   │       ^~~~~~\n"))
    // Every compiler line is there, unchanged, so terminals still link the positions.
    let lines = try Routecfg.run(["validate", Self.invalid]).standardOutput.split(separator: "\n")
    for line in lines { #expect(plain.contains(line + "\n"), "missing \(line)") }
  }

  @Test func noColorKeepsSnippetsWithoutColour() throws {
    let result = try TerminalRunner.run(["validate", Self.invalid], environment: ["NO_COLOR": "1"])
    #expect(!result.output.contains(Self.escape))
    #expect(
      result.output.contains(
        "12 │     var delegate: ModuleARequiredLoginViewDelegate? { get set }\n   │         ^~~~~~~~\n"))
    let never = try TerminalRunner.run(["validate", Self.invalid, "--color", "never"])
    #expect(never.output == result.output)
    // An empty NO_COLOR does not count (no-color.org); an explicit --color always wins over it.
    let empty = try TerminalRunner.run(["validate", Self.invalid], environment: ["NO_COLOR": ""])
    #expect(empty.output.contains(Self.escape))
    let forced = try TerminalRunner.run(
      ["validate", Self.invalid, "--color", "always"], environment: ["NO_COLOR": "1"])
    #expect(forced.output.contains(Self.escape))
  }

  @Test func colorAlwaysDrawsForTheTerminalWhenPiped() throws {
    let piped = try Routecfg.run(["validate", Self.invalid, "--color", "always"])
    let terminal = try TerminalRunner.run(["validate", Self.invalid])
    #expect(piped.standardOutput == terminal.output)
    #expect(piped.status == 1)
  }

  @Test func theReadmesTerminalSampleIsWhatTheToolDraws() throws {
    let readme = try String(contentsOfFile: Routecfg.repository + "/README.md", encoding: .utf8)
    let opening = try #require(readme.range(of: "```\nmanifests/invalid/login-adapter.yaml:28:7:"))
    let rest = readme[readme.index(after: readme.index(opening.lowerBound, offsetBy: 2))...].dropFirst()
    let sample = String(rest.prefix { $0 != "`" })
    #expect(sample.contains("28 │       mesage: notifyString\n"))
    let drawn = try Routecfg.run(["validate", Self.invalid, "--color", "always"])
    #expect(Self.withoutColour(drawn.standardOutput).contains(sample))
  }

  @Test func aValidManifestPrintsItsSummary() throws {
    let result = try TerminalRunner.run(
      ["validate", "manifests/NoteApp.yaml"], environment: ["NO_COLOR": "1"])
    #expect(result.status == 0)
    #expect(result.output == "manifests/NoteApp.yaml: valid (6 modules, 9 protocols, 3 adapters, 6 routes)\n")
  }

  @Test func resolveDrawsItsDiagnosticsOnStandardError() throws {
    let result = try Routecfg.run(["resolve", Self.invalid, "/notes", "--color", "always"])
    #expect(result.status == 1)
    #expect(Self.withoutColour(result.standardError).contains("28 │       mesage: notifyString\n"))
  }

  @Test func tabsWideCharactersControlsAndCRLFKeepTheUnderlineInPlace() throws {
    let directory = try Routecfg.scratchDirectory("tty").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // CRLF line breaks, a tab and wide characters before the mistake, a bidi control after it.
    let yaml =
      "routecfg: 1\r\nmodules:\r\n  Notes:\r\n    kind: view\r\n    routes: [/notes]\r\n"
      + "    provides: [\t名前Inpt]  # \u{202E}txet\r\n"
    try yaml.write(toFile: directory + "/example.yaml", atomically: true, encoding: .utf8)
    let result = try Routecfg.run(["validate", "example.yaml", "--color", "always"], in: directory)
    let plain = Self.withoutColour(result.standardOutput)
    #expect(plain.contains("example.yaml:6:17: error: module 'Notes' provides '名前Inpt'"), "\(plain)")
    // The tab at cell 15 moves to the tab stop at 16; each of 名前 takes two cells.
    #expect(
      plain.contains(
        "6 │     provides: [ 名前Inpt]  # \\u{202E}txet\n  │                 ^~~~~~~~\n"),
      "\(plain)")
    #expect(!plain.contains("\u{202E}"))
    #expect(!plain.contains("\r"))
  }

  @Test func longLinesAreCutAroundTheRange() throws {
    let directory = try Routecfg.scratchDirectory("tty").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let padding = String(repeating: " ", count: 300)
    let comment = String(repeating: "x", count: 300)
    let yaml =
      "routecfg: 1\nmodules:\n  Notes: {kind: view,\(padding)provides: [Missing], routes: [/notes]}  # \(comment)\n"
    try yaml.write(toFile: directory + "/example.yaml", atomically: true, encoding: .utf8)
    let result = try Routecfg.run(["validate", "example.yaml", "--color", "always"], in: directory)
    let plain = Self.withoutColour(result.standardOutput)
    let lines = plain.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let source = try #require(lines.first { $0.hasPrefix("3 │ ") })
    let underline = try #require(lines.first { $0.hasPrefix("  │ ") && $0.contains("^") })
    #expect(source.hasPrefix("3 │ …"))
    #expect(source.hasSuffix("…"))
    #expect(source.count < 130)
    let caret = try #require(underline.firstIndex(of: "^"))
    let offset = underline.distance(from: underline.startIndex, to: caret)
    let word = try #require(source.range(of: "Missing"))
    #expect(source.distance(from: source.startIndex, to: word.lowerBound) == offset)
    #expect(underline.hasSuffix("^~~~~~~"))
  }

  @Test func githubFormatPrintsWorkflowCommands() throws {
    let result = try Routecfg.run(["validate", Self.invalid, "--format", "github"])
    #expect(result.status == 1)
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(
      lines[1]
        == "::error file=manifests/invalid/login-adapter.yaml,line=28,col=7::"
        + "'ModuleARequiredLoginViewInput' has no member 'mesage'; did you mean 'message'? [RC0601]")
    #expect(
      lines[0].hasSuffix(
        "[RC0606]%0Amanifests/invalid/login-adapter.yaml:12:9: note: 'delegate' is declared here"
          + "%0Amanifests/invalid/login-adapter.yaml:7:9: note: 'delegate' is declared here"))
    #expect(lines[2] == "manifests/invalid/login-adapter.yaml: 2 errors")
    // The runner attaches an annotation by the file's plain path: no `./`, `name/..` or `//`.
    let roundabout = try Routecfg.run([
      "validate", "./manifests//invalid/../invalid/login-adapter.yaml", "--format", "github",
    ])
    #expect(
      roundabout.standardOutput.split(separator: "\n").dropLast().allSatisfy {
        $0.contains("file=manifests/invalid/login-adapter.yaml,")
      }, "\(roundabout.standardOutput)")
    let warnings = try Routecfg.run([
      "validate", "Tests/RouteCfgCoreTests/Fixtures/Rules/warnings-unused.yaml", "--format", "github",
    ])
    #expect(warnings.status == 0)
    #expect(warnings.standardOutput.hasPrefix("::warning file="))
  }

  @Test func githubFormatEscapesPropertiesAndMessages() throws {
    let directory = try Routecfg.scratchDirectory("tty").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let name = "odd,name:100%.yaml"
    try "routecfg: 2\n".write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
    let result = try Routecfg.run(["validate", name, "--format", "github"], in: directory)
    let first = try #require(result.standardOutput.split(separator: "\n").first.map(String.init))
    #expect(
      first.hasPrefix("::error file=odd%2Cname%3A100%25.yaml,line=1,col=11::")
    )
    // A manifest cannot start a workflow command of its own: line breaks in a message are escaped.
    try "routecfg: 1\nmodules: {\"A\\n::error::x\": {kind: view, routes: [/a]}}\n".write(
      toFile: directory + "/inject.yaml", atomically: true, encoding: .utf8)
    let injected = try Routecfg.run(["validate", "inject.yaml", "--format", "github"], in: directory)
    for line in injected.standardOutput.split(separator: "\n") {
      #expect(line.hasPrefix("::error file=inject.yaml,") || line.hasPrefix("inject.yaml: "), "\(line)")
    }
    // Nor can a file's name, through the summary line: it is written as './::...', the same file.
    let commandLike = "::warning file=x::pwn.yaml"
    try "routecfg: 1\nmodules:\n  A: {kind: veiw, routes: [/a]}\n".write(
      toFile: directory + "/" + commandLike, atomically: true, encoding: .utf8)
    let named = try Routecfg.run(["validate", commandLike, "--format", "github"], in: directory)
    let lines = named.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(lines)")
    #expect(lines.first?.hasPrefix("::error file=%3A%3Awarning file=x%3A%3Apwn.yaml,") == true)
    #expect(lines.last == "./::warning file=x::pwn.yaml: 1 error")
    // A name's line breaks and tabs stay themselves in `file` (the runner decodes `%0A`), so the
    // annotation names the file that is there; other control characters are written `\u{1B}`.
    let broken = "a\nb\tc\r\u{1B}.yaml"
    try "routecfg: 2\n".write(toFile: directory + "/" + broken, atomically: true, encoding: .utf8)
    let annotated = try Routecfg.run(["validate", broken, "--format", "github"], in: directory)
    #expect(
      annotated.standardOutput.hasPrefix("::error file=a%0Ab\tc%0D\\u{1B}.yaml,line=1,col=11::"),
      "\(annotated.standardOutput)")
    // Spaces that are not U+0020 and format characters a name may hold (a screenshot's U+202F)
    // stay themselves in paths, in `file` and in the summary, which name the real file.
    let spaced = "Screenshot 10.41\u{202F}AM\u{A0}\u{2060}.yaml"
    try "routecfg: 2\n".write(toFile: directory + "/" + spaced, atomically: true, encoding: .utf8)
    let spacedRun = try Routecfg.run(["validate", spaced, "--format", "github"], in: directory)
    let spacedLines = spacedRun.standardOutput.split(separator: "\n").map(String.init)
    #expect(spacedLines.first?.hasPrefix("::error file=\(spaced),line=1,col=11::") == true, "\(spacedLines)")
    #expect(spacedLines.last == "\(spaced): 1 error", "\(spacedLines)")
    let text = try Routecfg.run(["validate", spaced], in: directory)
    #expect(text.standardOutput.hasPrefix("\(spaced):1:11: error: "), "\(text.standardOutput)")
  }

  static func withoutColour(_ text: String) -> String {
    var result = ""
    var index = text.startIndex
    while index < text.endIndex {
      if text[index] == "\u{1B}", let end = text[index...].firstIndex(of: "m") {
        index = text.index(after: end)
      } else {
        result.append(text[index])
        index = text.index(after: index)
      }
    }
    return result
  }
}
