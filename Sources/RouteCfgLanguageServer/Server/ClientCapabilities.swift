import RouteCfgCore

/// What the client said it handles in `initialize`, where the server's answers depend on it.
struct ClientCapabilities: Sendable {
  /// The format of hover contents.
  var hoverFormat = MarkupKind.plaintext
  /// The format of completion items' documentation; `nil` when the client names neither kind,
  /// which then gets a plain string.
  var completionDocumentationFormat: MarkupKind? = nil
  /// Whether `documentSymbol` may answer the outline as a tree (`DocumentSymbol[]`); otherwise a
  /// flat `SymbolInformation[]` with container names.
  var hierarchicalDocumentSymbols = false
  /// Whether the server may ask to be told of changed files on disk
  /// (`workspace/didChangeWatchedFiles` with dynamic registration).
  var watchesFiles = false
  /// Whether the client asks `textDocument/prepareRename` before a rename (the server may only
  /// offer it then).
  var preparesRename = false
  /// Whether the client takes `CodeAction` objects (`codeActionLiteralSupport`); the server may
  /// only describe its code actions' kinds then.
  var takesCodeActionLiterals = false
  /// Whether workspace edits may be `documentChanges`, each file's edits with the version of the
  /// text they were made for, which the client checks before it applies them.
  var takesVersionedEdits = false
  /// Whether diagnostics may carry `relatedInformation` (their notes, each at its place);
  /// otherwise the notes are written at the end of the message.
  var takesRelatedInformation = false
  /// Whether diagnostics may carry a link to their code's documentation (`codeDescription`).
  var takesCodeDescriptions = false

  init() {}

  /// Reads `InitializeParams.capabilities`; missing or wrongly typed entries keep the defaults.
  init(_ json: JSONValue?) {
    let textDocument = json?["textDocument"]
    hoverFormat = MarkupKind.preferred(textDocument?["hover"]?["contentFormat"])
    completionDocumentationFormat = MarkupKind.named(
      textDocument?["completion"]?["completionItem"]?["documentationFormat"])
    hierarchicalDocumentSymbols =
      textDocument?["documentSymbol"]?["hierarchicalDocumentSymbolSupport"]?.boolValue ?? false
    watchesFiles = json?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.boolValue ?? false
    preparesRename = textDocument?["rename"]?["prepareSupport"]?.boolValue ?? false
    takesVersionedEdits = json?["workspace"]?["workspaceEdit"]?["documentChanges"]?.boolValue ?? false
    let publishDiagnostics = textDocument?["publishDiagnostics"]
    takesRelatedInformation = publishDiagnostics?["relatedInformation"]?.boolValue ?? false
    takesCodeDescriptions = publishDiagnostics?["codeDescriptionSupport"]?.boolValue ?? false
    // An object (`{"codeActionKind": ...}`); `null` or another value declares nothing.
    if case .object = textDocument?["codeAction"]?["codeActionLiteralSupport"] {
      takesCodeActionLiterals = true
    }
  }
}

/// LSP `MarkupKind`: how a client shows documentation.
enum MarkupKind: String, Sendable {
  case plaintext
  case markdown

  /// The first kind of the client's list (its order of preference) that the server writes;
  /// plain text when the client names neither, since LSP lets a server send Markdown only to a
  /// client that says it renders it (and clients that check, such as pytest-lsp's, reject it).
  static func preferred(_ offered: JSONValue?) -> MarkupKind {
    named(offered) ?? .plaintext
  }

  /// The first kind of the client's list that the server writes, if any.
  static func named(_ offered: JSONValue?) -> MarkupKind? {
    for name in offered?.arrayValue ?? [] {
      if let kind = name.stringValue.flatMap(MarkupKind.init(rawValue:)) { return kind }
    }
    return nil
  }

  /// A completion item's `documentation` for Markdown text: `MarkupContent` of `kind`, or a
  /// plain string when the client named no kind (a client that checks `MarkupContent` against
  /// the kinds it declared, as pytest-lsp does, takes no other).
  static func documentation(markdown: String, in kind: MarkupKind?) -> JSONValue {
    guard let kind else { return .string(PlainText.fromMarkdown(markdown)) }
    return kind.content(markdown: markdown)
  }

  /// A `MarkupContent` of this kind for Markdown text (rendered as plain text when asked).
  func content(markdown: String) -> JSONValue {
    let value = self == .markdown ? markdown : PlainText.fromMarkdown(markdown)
    return .object([("kind", .string(rawValue)), ("value", .string(value))])
  }
}
