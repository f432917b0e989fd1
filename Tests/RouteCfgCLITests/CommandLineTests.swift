import Foundation
import Testing

/// Misuse of the command line is one kind of error everywhere: `error: ...` on standard error,
/// nothing on standard output, exit status 64.
@Suite("Command-line misuse")
struct CommandLineTests {
  @Test(arguments: [["frobnicate"], ["frobnicate", "--help"], ["frobnicate", "manifests/NoteApp.yaml"]])
  func anUnknownCommandIsAUsageError(_ arguments: [String]) throws {
    let result = try Routecfg.run(arguments)
    #expect(result.status == 64)
    #expect(result.standardOutput.isEmpty)
    #expect(
      result.standardError.hasPrefix("error: unknown command 'frobnicate'; the commands are validate, "))
  }

  @Test func aMisspeltCommandGetsASuggestion() throws {
    let result = try Routecfg.run(["valdate", "manifests/NoteApp.yaml"])
    #expect(result.status == 64)
    #expect(result.standardError.hasPrefix("error: unknown command 'valdate'; did you mean 'validate'?"))
    let help = try Routecfg.run(["explian", "--help"])
    #expect(help.status == 64)
    #expect(help.standardError.contains("did you mean 'explain'?"))
  }

  /// `help` or `--help` with an unknown command, and `--version` with anything after it, are
  /// misuse too.
  @Test func helpForAnUnknownCommandAndVersionWithArgumentsAreUsageErrors() throws {
    for helpFirst in [["help", "valdate"], ["--help", "valdate"], ["-h", "valdate"]] {
      let help = try Routecfg.run(helpFirst)
      #expect(help.status == 64, "\(helpFirst)")
      #expect(help.standardOutput.isEmpty)
      #expect(help.standardError.hasPrefix("error: unknown command 'valdate'; did you mean 'validate'?"))
    }
    let version = try Routecfg.run(["--version", "extra"])
    #expect(version.status == 64)
    #expect(version.standardOutput.isEmpty)
    #expect(version.standardError == "error: unexpected argument 'extra' after --version\n")
    // After a command it is not that command's option: a check in CI must not pass by printing
    // the version (nor run as if it were not written).
    for arguments in [
      ["validate", "manifests/invalid/login-adapter.yaml", "--version"], ["explain", "--version"],
    ] {
      let misplaced = try Routecfg.run(arguments)
      #expect(misplaced.status == 64, "\(arguments)")
      #expect(misplaced.standardOutput.isEmpty)
      #expect(misplaced.standardError.hasPrefix("error: '--version' is an option of 'routecfg' alone"))
    }
    let help = try Routecfg.run(["help", "validate"])
    #expect(!help.standardOutput.contains("--version"))
  }

  /// A manifest whose name starts with '-' is read as options; the error says to put it after '--'.
  @Test(arguments: [["validate", "-draft.yaml"], ["validate", "manifests/NoteApp.yaml", "-draft.yaml"]])
  func aFileNamedLikeAnOptionGetsTheSeparatorHint(_ arguments: [String]) throws {
    let result = try Routecfg.run(arguments)
    #expect(result.status == 64)
    #expect(
      result.standardError.hasSuffix(
        "hint: a file whose name starts with '-' is named after '--': 'routecfg validate -- -draft.yaml'\n"),
      "\(result.standardError)")
    // Not for other misuse.
    let other = try Routecfg.run(["validate", "--format", "bogus", "manifests/NoteApp.yaml"])
    #expect(!other.standardError.contains("hint:"))
  }

  @Test func argumentParserErrorsUseTheSamePrefix() throws {
    for arguments in [["validate"], ["validate", "--format", "xml", "x.yaml"], ["resolve", "--frob"]] {
      let result = try Routecfg.run(arguments)
      #expect(result.status == 64)
      #expect(result.standardError.hasPrefix("error: "), "\(result.standardError)")
      #expect(!result.standardError.contains("Error:"))
    }
  }

  @Test func helpAndVersionStillWork() throws {
    for asked in [["help", "validate"], ["--help", "validate"], ["-h", "validate"]] {
      let help = try Routecfg.run(asked)
      #expect(help.status == 0)
      #expect(help.standardOutput.contains("USAGE: routecfg validate"), "\(asked)")
    }
    let version = try Routecfg.run(["--version"])
    #expect(version.status == 0)
    #expect(!version.standardOutput.isEmpty)
  }

  /// Help that cannot be written (a full disk) exits 74, as every other output does.
  @Test(arguments: [["--help"], ["validate", "--help"], ["help", "generate"]])
  func helpThatCannotBeWrittenExits74(_ arguments: [String]) throws {
    guard let (status, message) = try Routecfg.runWritingToAFullDisk(arguments) else { return }  // Linux only
    #expect(status == 74)
    #expect(message == "error: cannot write to standard output: No space left on device\n")
  }

}
