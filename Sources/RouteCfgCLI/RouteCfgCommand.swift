import ArgumentParser
import RouteCfgCore

/// `routecfg`: validates routing manifests and resolves URLs against them.
public struct RouteCfgCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "routecfg",
    abstract: "Validate and query declarative routing manifests for modular Swift apps.",
    discussion: """
      A manifest (YAML) declares the protocols modules provide and require, the adapters \
      between them and the URL routes modules answer. See Docs/ for the format; \
      'routecfg explain CODE' explains a diagnostic code.

      Exit status: 0 when there is no error, 1 when the input has errors or a URL resolves \
      nowhere, 64 for command-line misuse, 74 when the output cannot be written.
      """,
    subcommands: [
      ValidateCommand.self, ResolveCommand.self, RoutesCommand.self, GraphCommand.self, GenerateCommand.self,
      ExplainCommand.self, SchemaCommand.self, LSPCommand.self,
    ]
  )

  /// `--version`, an option of `routecfg` alone: the parser's own flag (from the configuration's
  /// `version`) is listed and accepted by every command too, where `routecfg validate app.yaml
  /// --version` printed the version and exited 0 without validating (``unknownCommand(in:)``
  /// refuses it after a command).
  @Flag(name: .long, help: "Show the version.")
  var version = false

  public init() {}

  /// `routecfg --version` prints the version; `routecfg` alone is misuse: the usage goes to
  /// standard error and the exit status is 64.
  public func run() throws {
    if version {
      Output.standard(RouteCfgVersion.current + "\n")
      return
    }
    Output.error(Self.helpMessage() + "\n")
    let names = Self.configuration.subcommands.compactMap { $0.configuration.commandName }
    throw UsageError("name a command: \(names.joined(separator: ", ")) (see 'routecfg --help')")
  }

  /// Parses the process arguments and runs the chosen command; exits with its status. Errors are
  /// printed as `error: ...` on standard error, the compiler convention `validate` uses too;
  /// misuse exits 64.
  public static func runFromCommandLine() {
    var arguments = Array(CommandLine.arguments.dropFirst())
    // `--help validate` asks for validate's help, as `help validate` does (the parser would show
    // the top-level help).
    if arguments.count > 1, ["--help", "-h"].contains(arguments[0]) { arguments[0] = "help" }
    // `validate FILE...`, run on every save, skips the parser (``ValidateRun``).
    if let plain = ValidateRun.plain(arguments) {
      do {
        try plain.run()
      } catch {
        Output.error("error: \(TextFormatter.printableLines("\(error)"))\n")
        exit(withError: UsageError.exitCode)
      }
    }
    if let unknown = unknownCommand(in: arguments) {
      Output.error("error: \(TextFormatter.printableLines(unknown.description))\n")
      exit(withError: UsageError.exitCode)
    }
    do {
      var command = try parseAsRoot(arguments)
      try command.run()
    } catch let error as UsageError {
      Output.error("error: \(TextFormatter.printableLines(error.description))\n")
      exit(withError: UsageError.exitCode)
    } catch {
      let status = exitCode(for: error)
      // Help, written as every other output is: a write that fails exits 74.
      guard status != .success else {
        let help = fullMessage(for: error)
        Output.standard(help + "\n")
        Output.exit(0)
      }
      var message = fullMessage(for: error)
      if message.hasPrefix("Error: ") { message = "error: " + message.dropFirst("Error: ".count) }
      // The parser's message quotes the arguments as given, which may hold control characters.
      Output.error(
        TextFormatter.printableLines(
          message + (message.hasSuffix("\n") ? "" : "\n") + dashedFileHint(in: arguments)))
      exit(withError: status)
    }
  }

  /// When the arguments the parser rejected name a manifest whose name starts with `-`
  /// (`-draft.yaml`, read as options), the way to name it: after `--`. Empty otherwise.
  static func dashedFileHint(in arguments: [String]) -> String {
    let beforeSeparator = arguments.prefix { $0 != "--" }
    guard
      let file = beforeSeparator.dropFirst().first(where: { argument in
        argument.hasPrefix("-") && !argument.hasPrefix("--")
          && [".yaml", ".yml", ".json"].contains { argument.lowercased().hasSuffix($0) }
      }), let command = arguments.first
    else { return "" }
    return "hint: a file whose name starts with '-' is named after '--': 'routecfg \(command) -- \(file)'\n"
  }

  /// A first argument that names no command (`routecfg frobnicate`, also with `--help` after it),
  /// as a usage error with the closest command.
  /// `routecfg help frobnicate` (also written `--help frobnicate`), `routecfg --version extra` and
  /// `routecfg validate app.yaml --version` are misuse too (the parser would print the top-level
  /// help or the version and exit 0, or ignore the option).
  static func unknownCommand(in arguments: [String]) -> UsageError? {
    guard var first = arguments.first else { return nil }
    if first == "--version", arguments.count > 1 {
      let extra = TextFormatter.printable(TextFormatter.brief(arguments[1], limit: 40))
      return UsageError("unexpected argument '\(extra)' after --version")
    }
    let names = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
    // The parser reads a command's parent options after the command too, so this would be
    // ignored, and a check in CI that meant to fail would pass.
    if names.contains(first), arguments.dropFirst().prefix(while: { $0 != "--" }).contains("--version") {
      return UsageError(
        "'--version' is an option of 'routecfg' alone, not of '\(first)': run 'routecfg --version'")
    }
    if first == "help", arguments.count > 1 { first = arguments[1] }
    guard !first.hasPrefix("-") else { return nil }
    guard !names.contains(first) else { return nil }
    let shown = TextFormatter.printable(TextFormatter.brief(first, limit: 40))
    let hint = closestName(to: first, among: names).map { "did you mean '\($0)'? " } ?? ""
    return UsageError(
      "unknown command '\(shown)'; \(hint)the commands are \(names.dropLast().joined(separator: ", "))")
  }
}
