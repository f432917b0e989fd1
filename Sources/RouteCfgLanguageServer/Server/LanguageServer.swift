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
  /// Ends the session when the client's process (`processId` of `initialize`) is gone.
  let clientProcess: ClientProcessMonitor?
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
  /// Open documents whose root is being looked for again (``lookAgainForRoot(of:)``).
  var rootDiscoveries: Set<String> = []
  /// What the client handles, from `initialize`.
  var client = ClientCapabilities()
  /// Whether the watch for changed files on disk is registered.
  var registeredWatchers = false
  /// The number of requests the server has sent the client.
  var nextOutgoingID = 0
  var waiters: [String: [Int: ModelWaiter]] = [:]
  /// Requests whose answer comes after an `await` (a check to wait for, files to compare with
  /// the disk): `shutdown` answers those still here, before its own response.
  var inFlight: Set<RequestID> = []
  var nextWaiterToken = 0
  var exitCode: Int32?

  init(sink: any MessageSink, cancellations: CancellationRegistry, clientProcess: ClientProcessMonitor? = nil)
  {
    self.sink = sink
    self.cancellations = cancellations
    self.clientProcess = clientProcess
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
    case .response, .invalid, .invalidNotification:
      break
    }
  }

  // MARK: Requests

  private func handleRequest(id: RequestID, method: String, params: JSONValue?) {
    switch lifecycle {
    case .uninitialized where method != "initialize":
      respond(id, .failure(.serverNotInitialized()))
      return
    case .shutDown where method != "exit":
      respond(
        id, .failure(.invalidRequest("the server is shut down; only the 'exit' notification is accepted")))
      return
    default:
      break
    }
    // `exit` sent with an id is a request, which LSP does not define: say how to send it.
    if method == "exit" {
      respond(id, .failure(.invalidRequest("'exit' is a notification: send it without an id")))
      return
    }
    switch method {
    case "initialize": initialize(id: id, params: params)
    case "shutdown": shutdown(id: id)
    case "textDocument/hover":
      documentRequest(id, params) { context, position in HoverProvider.hover(context, at: position) }
    case "textDocument/definition":
      documentRequest(id, params, pointsIntoFiles: true) { context, position in
        NavigationProvider.definition(context, at: position)
      }
    case "textDocument/references":
      let includeDeclaration = params?["context"]?["includeDeclaration"]?.boolValue ?? true
      // A one-off question, asked perhaps right after typing the name: it waits for the check
      // of the current text, as the outline and rename do.
      documentRequest(
        id, params, needsCurrentVersion: true, startsPendingCheck: true, pointsIntoFiles: true
      ) { context, position in
        NavigationProvider.references(context, at: position, includeDeclaration: includeDeclaration)
      }
    case "textDocument/documentHighlight":
      documentRequest(id, params) { context, position in NavigationProvider.highlights(context, at: position)
      }
    case "textDocument/completion":
      documentRequest(id, params) { context, position in CompletionProvider.completion(context, at: position)
      }
    case "textDocument/prepareRename":
      documentRequest(id, params, needsCurrentVersion: true, startsPendingCheck: true) { context, position in
        RenameProvider.prepare(context, at: position)
      }
    case "textDocument/rename":
      guard let newName = params?["newName"]?.stringValue else {
        respond(id, .failure(.invalidParams("'newName' is missing or not a string")))
        return
      }
      documentRequest(
        id, params, needsCurrentVersion: true, startsPendingCheck: true, pointsIntoFiles: true
      ) { context, position in
        RenameProvider.rename(context, at: position, to: newName)
      }
    case "textDocument/codeAction":
      guard let range = LSPRange(params?["range"]) else {
        respond(id, .failure(.invalidParams("'range' is missing or invalid")))
        return
      }
      let only = params?["context"]?["only"]?.arrayValue?.compactMap(\.stringValue)
      let links = options.links
      documentRequest(id, params, needsPosition: false) { context, _ in
        CodeActionProvider.actions(context, range: range, only: only, links: links)
      }
    case "textDocument/documentSymbol":
      documentRequest(id, params, needsPosition: false, needsCurrentVersion: true) { context, _ in
        DocumentSymbolProvider.symbols(context)
      }
    case "completionItem/resolve":
      respond(id, resolveCompletion(params))
    default:
      respond(id, .failure(.methodNotFound(method)))
    }
  }

  private func initialize(id: RequestID, params: JSONValue?) {
    guard lifecycle == .uninitialized else {
      respond(id, .failure(.invalidRequest("'initialize' may be sent once")))
      return
    }
    // The fields the server needs must have their types; optional ones it can do without are
    // read when well formed and otherwise ignored.
    guard let params, params.isObject else {
      respond(id, .failure(.invalidParams("'initialize' takes an object (InitializeParams)")))
      return
    }
    guard let capabilities = params["capabilities"], capabilities.isObject else {
      respond(id, .failure(.invalidParams("'capabilities' must be an object")))
      return
    }
    let processID = params["processId"]
    if let processID, processID.intValue == nil {
      guard case .null = processID else {
        respond(id, .failure(.invalidParams("'processId' must be an integer or null")))
        return
      }
    }
    let offered = capabilities["general"]?["positionEncodings"]?.arrayValue?.compactMap(\.stringValue)
    encoding = PositionEncoding.negotiate(offered)
    client = ClientCapabilities(capabilities)
    options = ServerOptions(params["initializationOptions"])
    for problem in options.problems { logToClient(problem) }
    var folders = Self.folderPaths(params["workspaceFolders"])
    if folders.isEmpty, let root = params["rootUri"]?.stringValue.flatMap(DocumentURI.path) {
      folders.append(FileSystem.realPath(root) ?? root)
    }
    workspaceFolders = folders
    lifecycle = .running
    respond(id, .success(ServerCapabilities.json(encoding: encoding, client: client)))
    if let pid = processID?.intValue, let pid = Int32(exactly: pid) { clientProcess?.watch(pid) }
  }

  private func shutdown(id: RequestID) {
    lifecycle = .shutDown
    for key in projects.keys { projects[key]?.debounce?.cancel() }
    answerWaitersAtShutdown()
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
  /// again when an included file changes outside the editor (a checkout, a generator). Once: a
  /// repeated `initialized` registers nothing more.
  private func watchManifestFiles() {
    guard client.watchesFiles, !registeredWatchers else { return }
    registeredWatchers = true
    let watcher = JSONValue.object([("globPattern", .string("**/*.{yaml,yml}"))])
    let registration = JSONValue.object([
      ("id", .string("routecfg-watched-files")), ("method", .string("workspace/didChangeWatchedFiles")),
      ("registerOptions", .object([("watchers", .array([watcher]))])),
    ])
    sendRequest("client/registerCapability", .object([("registrations", .array([registration]))]))
  }

  /// Sends a request of the server's, with an id no other of its requests has. (The server
  /// acts on no answer: a refused registration leaves files changed on disk unseen.)
  func sendRequest(_ method: String, _ params: JSONValue) {
    nextOutgoingID += 1
    sink.send(
      .object([
        ("jsonrpc", .string("2.0")), ("id", .string("routecfg-\(nextOutgoingID)")),
        ("method", .string(method)), ("params", params),
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
    case "workspace/didChangeWatchedFiles": filesChangedOnDisk(params)
    case "workspace/didChangeWorkspaceFolders": workspaceFoldersChanged(params)
    default:
      // '$/cancelRequest' (handled as it is read), '$/setTrace', 'didSave' and notifications
      // the server does not know need nothing.
      break
    }
  }
}
