import ArgumentParser
import RouteCfgLanguageServer

/// `routecfg lsp`.
struct LSPCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lsp",
    abstract: "Run the language server for manifests (LSP 3.17, JSON-RPC over standard input and output).",
    discussion: """
      Editors start this command and talk to it over its standard input and output; it is not \
      meant to be typed. It checks manifests as they are edited (the unsaved text wins over the \
      file on disk, included files are found from the root manifest) and reports every \
      diagnostic of routecfg validate with its code and a link to its documentation, and offers \
      go to definition, references, hover, completion, an outline, rename and quick fixes. Logs \
      go to standard error. See Docs/Editors.md for VS Code, Neovim and Helix.

      The options are the ones LSP 3.17 names for servers' command lines: --stdio (the only \
      transport, also without the option) and --clientProcessId (the server exits when that \
      process ends; one not running when the server starts, as a process of another container \
      looks, is logged and not watched). --pipe, --socket, --port and --node-ipc are refused.

      Exit status: 0 when the client sent 'shutdown' first (then 'exit', or it closed the pipe), \
      1 when 'exit' or the end of input came without 'shutdown' or the client's process ended, \
      64 for command-line misuse.
      """
  )

  @Flag(help: "Talk over standard input and output (the default and only transport).")
  var stdio = false

  @Option(
    name: .customLong("clientProcessId"),
    help: ArgumentHelp("The editor's process id: the server exits when that process ends.", valueName: "pid"))
  var clientProcessID: Int32?

  /// The help of the transports LSP names that the server does not speak.
  private static let unsupported = "Not supported: the server talks over standard input and output only."

  @Option(help: ArgumentHelp(unsupported, valueName: "name")) var pipe: String?
  @Option(help: ArgumentHelp(unsupported, valueName: "port")) var socket: String?
  @Option(help: ArgumentHelp(unsupported, valueName: "port")) var port: String?
  @Flag(name: .customLong("node-ipc"), help: ArgumentHelp(unsupported)) var nodeIPC = false

  func validate() throws {
    let refused = [
      ("--pipe", pipe != nil), ("--socket", socket != nil), ("--port", port != nil), ("--node-ipc", nodeIPC),
    ]
    if let (option, _) = refused.first(where: \.1) {
      throw ValidationError(
        "\(option) is not supported: routecfg lsp talks over standard input and output only (--stdio, the default)."
      )
    }
    if let clientProcessID, clientProcessID <= 0 {
      throw ValidationError("--clientProcessId is a process id: a number above 0.")
    }
  }

  func run() throws {
    Output.exit(LanguageServerMain.run(clientProcessID: clientProcessID))
  }
}
