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
      go to definition, references, hover, completion and an outline. Logs go to standard error. \
      See Docs/Editors.md for VS Code, Neovim and Helix.

      Exit status: 0 when the client sent 'shutdown' before 'exit', 1 when it did not (or closed \
      the pipe first), 64 for command-line misuse.
      """
  )

  func run() throws {
    Output.exit(LanguageServerMain.run())
  }
}
