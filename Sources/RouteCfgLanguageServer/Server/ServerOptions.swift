import RouteCfgCore

/// Settings a client passes in `initializationOptions`.
struct ServerOptions: Sendable {
  /// Quiet time after a change before the manifest is validated again. The server waits at
  /// least half as long as the last validation took (up to half a second), so that a large
  /// manifest is not validated after every keystroke of a burst of typing.
  var validationDelay: Duration = .milliseconds(150)
  var links = DiagnosticLinks.bundled(
    executable: FileSystem.executablePath() ?? CommandLine.arguments.first ?? "")

  /// Reads `{"validationDelay": 150, "diagnosticsDocumentation": "https://..."}`; other keys and
  /// wrong types are ignored.
  init(_ json: JSONValue? = nil) {
    if let milliseconds = json?["validationDelay"]?.intValue, (0...10_000).contains(milliseconds) {
      validationDelay = .milliseconds(milliseconds)
    }
    if let base = json?["diagnosticsDocumentation"]?.stringValue, !base.isEmpty {
      links = DiagnosticLinks(base: base)
    }
  }
}

/// The answer to `initialize`: what the server does.
enum ServerCapabilities {
  static func json(encoding: PositionEncoding, client: ClientCapabilities) -> JSONValue {
    .object([
      (
        "capabilities",
        .object([
          ("positionEncoding", .string(encoding.rawValue)),
          (
            "textDocumentSync",
            .object([
              ("openClose", .bool(true)),
              // Incremental: editors send the changed ranges only.
              ("change", .int(2)),
              ("save", .object([("includeText", .bool(false))])),
            ])
          ),
          ("hoverProvider", .bool(true)),
          ("definitionProvider", .bool(true)),
          ("referencesProvider", .bool(true)),
          ("documentHighlightProvider", .bool(true)),
          ("documentSymbolProvider", .bool(true)),
          // Code action options may only be given to a client that takes code action objects.
          (
            "codeActionProvider",
            client.takesCodeActionLiterals
              ? .object([("codeActionKinds", .array([.string("quickfix")]))]) : .bool(true)
          ),
          // Rename options may only be given to a client that prepares renames (LSP 3.17).
          (
            "renameProvider",
            client.preparesRename ? .object([("prepareProvider", .bool(true))]) : .bool(true)
          ),
          (
            "completionProvider",
            .object([
              ("triggerCharacters", .array([" ", ":", "[", ",", "."].map { .string($0) })),
              ("resolveProvider", .bool(true)),
            ])
          ),
          (
            "workspace",
            .object([
              (
                "workspaceFolders",
                .object([("supported", .bool(true)), ("changeNotifications", .bool(true))])
              )
            ])
          ),
        ])
      ),
      (
        "serverInfo", .object([("name", .string("routecfg")), ("version", .string(RouteCfgVersion.current))])
      ),
    ])
  }
}
