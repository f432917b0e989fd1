import Dispatch
import RouteCfgCore

/// The language server: the lifecycle, the open documents, the projects being validated and the
/// dispatch of every message. Messages are handled one at a time, in order; analyses and
/// requests run off the actor and report back, so that a long validation never holds up typing.
actor LanguageServer {
  enum Lifecycle {
    case uninitialized
    case running
    case shutDown
  }

  let sink: any MessageSink
  let cancellations: CancellationRegistry
  let schema = SchemaNavigator()
  /// Analyses run here, one at a time (each is a whole load and validation).
  let analysisQueue = DispatchQueue(label: "routecfg.lsp.analysis", qos: .userInitiated)

  var lifecycle = Lifecycle.uninitialized
  var encoding = PositionEncoding.utf16
  var options = ServerOptions()
  /// Paths of the client's workspace folders.
  var workspaceFolders: [String] = []
  /// Open documents by URI.
  var documents: [String: TextDocument] = [:]
  var projects: [String: Project] = [:]
  /// The project of each open document; absent while its root is being looked for.
  var owners: [String: String] = [:]
  /// The last model that read each open document as YAML: hover, completion and navigation
  /// answer from it while a newer text is being validated or does not parse.
  var analysisModels: [String: ManifestModel] = [:]
  /// Documents that have had an analysis since they were opened.
  var analysedDocuments: Set<String> = []
  /// Whether the client lets the server ask to be told of changed files on disk
  /// (`workspace/didChangeWatchedFiles` with dynamic registration).
  var canWatchFiles = false
  var waiters: [String: [Int: ModelWaiter]] = [:]
  var nextWaiterToken = 0
  var exitCode: Int32?

  init(sink: any MessageSink, cancellations: CancellationRegistry) {
    self.sink = sink
    self.cancellations = cancellations
  }

  /// Handles messages until `exit` (or the end of input); returns the exit status: 0 after
  /// `shutdown`, 1 otherwise.
  func run(_ messages: AsyncStream<IncomingMessage>) async -> Int32 {
    for await message in messages {
      handle(message)
      if let exitCode { return exitCode }
    }
    return lifecycle == .shutDown ? 0 : 1
  }

  func handle(_ message: IncomingMessage) {
    switch message {
    case .request(let id, let method, let params):
      handleRequest(id: id, method: method, params: params)
    case .notification(let method, let params):
      handleNotification(method: method, params: params)
    case .response, .invalid:
      break
    }
  }

  // MARK: Requests

  private func handleRequest(id: RequestID, method: String, params: JSONValue?) {
    switch lifecycle {
    case .uninitialized where method != "initialize":
      respond(id, .failure(.serverNotInitialized()))
      return
    case .shutDown:
      respond(id, .failure(.invalidRequest("the server is shut down; only 'exit' is accepted")))
      return
    default:
      break
    }
    switch method {
    case "initialize": initialize(id: id, params: params)
    case "shutdown": shutdown(id: id)
    case "textDocument/hover":
      documentRequest(id, params) { context, position in HoverProvider.hover(context, at: position) }
    case "textDocument/definition":
      documentRequest(id, params) { context, position in NavigationProvider.definition(context, at: position)
      }
    case "textDocument/references":
      let includeDeclaration = params?["context"]?["includeDeclaration"]?.boolValue ?? true
      documentRequest(id, params) { context, position in
        NavigationProvider.references(context, at: position, includeDeclaration: includeDeclaration)
      }
    case "textDocument/documentHighlight":
      documentRequest(id, params) { context, position in NavigationProvider.highlights(context, at: position)
      }
    case "textDocument/completion":
      documentRequest(id, params) { context, position in CompletionProvider.completion(context, at: position)
      }
    case "textDocument/documentSymbol":
      documentRequest(id, params, needsPosition: false) { context, _ in
        DocumentSymbolProvider.symbols(context)
      }
    case "completionItem/resolve":
      respond(id, .success(resolveCompletion(params)))
    default:
      respond(id, .failure(.methodNotFound(method)))
    }
  }

  private func initialize(id: RequestID, params: JSONValue?) {
    guard lifecycle == .uninitialized else {
      respond(id, .failure(.invalidRequest("'initialize' may be sent once")))
      return
    }
    let offered = params?["capabilities"]?["general"]?["positionEncodings"]?.arrayValue?.compactMap(
      \.stringValue)
    encoding = PositionEncoding.negotiate(offered)
    options = ServerOptions(params?["initializationOptions"])
    var folders = (params?["workspaceFolders"]?.arrayValue ?? []).compactMap {
      $0["uri"]?.stringValue.flatMap(DocumentURI.path)
    }
    if folders.isEmpty, let root = params?["rootUri"]?.stringValue.flatMap(DocumentURI.path) {
      folders.append(root)
    }
    workspaceFolders = folders.map { FileSystem.realPath($0) ?? $0 }
    canWatchFiles =
      params?["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.boolValue
      ?? false
    lifecycle = .running
    respond(id, .success(ServerCapabilities.json(encoding: encoding)))
  }

  private func shutdown(id: RequestID) {
    lifecycle = .shutDown
    for key in projects.keys { projects[key]?.debounce?.cancel() }
    respond(id, .success(.null))
  }

  /// Sends a response, or the cancellation error when the client cancelled the request.
  nonisolated func respond(_ id: RequestID, _ result: Result<JSONValue, ResponseError>) {
    if cancellations.isCancelled(id) {
      sink.send(OutgoingMessage.error(id: id, .requestCancelled()))
    } else {
      switch result {
      case .success(let value): sink.send(OutgoingMessage.response(id: id, result: value))
      case .failure(let error): sink.send(OutgoingMessage.error(id: id, error))
      }
    }
    cancellations.finish(id)
  }

  /// Asks the client to report changes to YAML files on disk, so that a manifest is checked
  /// again when an included file changes outside the editor (a checkout, a generator).
  private func watchManifestFiles() {
    guard canWatchFiles else { return }
    let watcher = JSONValue.object([("globPattern", .string("**/*.{yaml,yml}"))])
    let registration = JSONValue.object([
      ("id", .string("routecfg-watched-files")), ("method", .string("workspace/didChangeWatchedFiles")),
      ("registerOptions", .object([("watchers", .array([watcher]))])),
    ])
    sink.send(
      .object([
        ("jsonrpc", .string("2.0")), ("id", .string("routecfg-register-1")),
        ("method", .string("client/registerCapability")),
        ("params", .object([("registrations", .array([registration]))])),
      ]))
  }

  // MARK: Notifications

  private func handleNotification(method: String, params: JSONValue?) {
    if method == "exit" {
      exitCode = lifecycle == .shutDown ? 0 : 1
      return
    }
    // Before 'initialize' every notification but 'exit' is dropped; after 'shutdown' too.
    guard lifecycle == .running else { return }
    switch method {
    case "textDocument/didOpen": didOpen(params)
    case "textDocument/didChange": didChange(params)
    case "textDocument/didClose": didClose(params)
    case "initialized": watchManifestFiles()
    case "workspace/didChangeWatchedFiles": revalidateAll()
    default:
      // '$/cancelRequest' (handled as it is read), '$/setTrace', 'didSave' and notifications
      // the server does not know need nothing.
      break
    }
  }
}
