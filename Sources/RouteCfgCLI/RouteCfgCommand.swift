import ArgumentParser
import RouteCfgCore

/// `routecfg`: validates routing manifests and resolves URLs against them.
public struct RouteCfgCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "routecfg",
    abstract: "Validate and query declarative routing manifests for modular Swift apps.",
    discussion: """
      A manifest (YAML) declares the protocols modules provide and require, the adapters \
      between them and the URL routes modules answer. See Docs/ for the format and every \
      diagnostic code.

      Exit status: 0 when there is no error, 1 when the input has errors or a URL resolves \
      nowhere, 64 for command-line misuse.
      """,
    version: RouteCfgVersion.current,
    subcommands: [
      ValidateCommand.self, ResolveCommand.self, GraphCommand.self, SchemaCommand.self, LSPCommand.self,
    ]
  )

  public init() {}

  /// `routecfg` alone is misuse: the usage goes to standard error and the exit status is 64.
  public func run() throws {
    Output.error(Self.helpMessage() + "\n")
    throw UsageError("name a command: validate, resolve, graph or schema (see 'routecfg --help')")
  }

  /// Parses the process arguments and runs the chosen command; exits with its status.
  public static func runFromCommandLine() {
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch let error as UsageError {
      Output.error("error: \(error.description)\n")
      exit(withError: UsageError.exitCode)
    } catch {
      exit(withError: error)
    }
  }
}
