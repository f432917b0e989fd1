import RouteCfgCore

/// Settings a client passes in `initializationOptions`.
struct ServerOptions: Sendable {
  /// Quiet time after a change before the manifest is validated again. The server waits at
  /// least half as long as the last validation took (up to half a second), so that a large
  /// manifest is not validated after every keystroke of a burst of typing.
  var validationDelay: Duration = .milliseconds(150)
  /// The page the setting `diagnosticsDocumentation` names; `nil` for the one that comes with
  /// the binary.
  private var documentationBase: String?

  /// Where each diagnostic's code links to: the page the settings name, or the one that comes
  /// with the binary.
  var links: DiagnosticLinks { documentationBase.map { DiagnosticLinks(base: $0) } ?? Self.bundledLinks }

  /// The page that comes with the binary, looked for (and, for a binary without it, written into
  /// the cache) once, when a link is first needed and the settings name no page.
  private static let bundledLinks = DiagnosticLinks.bundled(
    executable: FileSystem.executablePath() ?? CommandLine.arguments.first ?? "")

  /// What was wrong with the settings given, each said once (the server logs them): a value
  /// that is ignored, or a link's `#fragment` that is left out.
  private(set) var problems: [String] = []

  /// Reads `{"validationDelay": 150, "diagnosticsDocumentation": "https://..."}`; other keys are
  /// ignored, and so are values of the wrong type or range, with a problem for each.
  init(_ json: JSONValue? = nil) {
    if let value = json?["validationDelay"] {
      if let milliseconds = value.intValue, (0...10_000).contains(milliseconds) {
        validationDelay = .milliseconds(milliseconds)
      } else {
        problems.append(
          "ignored the setting validationDelay \(value.rendered()): it takes whole milliseconds from 0 to 10000; "
            + "the server waits 150")
      }
    }
    if let value = json?["diagnosticsDocumentation"] {
      if let base = Self.documentationAddress(value.stringValue) {
        if base.count < value.stringValue?.count ?? 0 {
          problems.append(
            "the setting diagnosticsDocumentation is used without its '#' part: codes add their own")
        }
        documentationBase = base
      } else {
        problems.append(
          "ignored the setting diagnosticsDocumentation \(value.rendered()): it takes the address of a page, "
            + "such as 'https://github.com/OWNER/REPO/blob/main/Docs/Diagnostics.md'")
      }
    }
  }

  /// A page's address from the setting, without a fragment (the link adds the code's); `nil` when
  /// it is not a URI (no scheme, or spaces or control characters in it).
  private static func documentationAddress(_ text: String?) -> String? {
    guard let text, let colon = text.firstIndex(of: ":"), text.first?.isLetter == true,
      text[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }),
      !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 })
    else { return nil }
    let base = text.prefix { $0 != "#" }
    return base.isEmpty ? nil : String(base)
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
