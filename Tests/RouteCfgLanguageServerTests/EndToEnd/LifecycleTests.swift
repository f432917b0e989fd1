import Foundation
import RouteCfgCore
import Testing

@testable import RouteCfgLanguageServer

/// The protocol's lifecycle, end to end: initialize, capabilities, shutdown and exit, errors for
/// requests at the wrong time and for unknown methods.
@Suite("routecfg lsp: lifecycle")
struct LifecycleTests {
  @Test("initialize answers the capabilities and negotiates the position encoding")
  func initializeNegotiatesEncoding() throws {
    let cases: [([String]?, String)] = [
      (nil, "utf-16"), (["utf-8", "utf-16"], "utf-8"), (["utf-32"], "utf-32"),
      (["latin-1", "utf-16"], "utf-16"),
      (["utf-16", "utf-8"], "utf-16"),
    ]
    for (offered, expected) in cases {
      let client = try LSPClient()
      let result = try client.initialize(encodings: offered)
      let capabilities = try #require(result["capabilities"])
      #expect(capabilities["positionEncoding"]?.stringValue == expected, "offered \(offered ?? [])")
      #expect(capabilities["textDocumentSync"]?["change"]?.intValue == 2)
      for provider in [
        "hoverProvider", "definitionProvider", "referencesProvider", "documentHighlightProvider",
      ] {
        #expect(capabilities[provider]?.boolValue == true, "\(provider)")
      }
      #expect(capabilities["completionProvider"]?["resolveProvider"]?.boolValue == true)
      #expect(result["serverInfo"]?["name"]?.stringValue == "routecfg")
      #expect(try client.shutdownAndExit() == 0)
    }
  }

  @Test("requests before initialize fail with ServerNotInitialized; notifications are dropped")
  func beforeInitialize() throws {
    let client = try LSPClient()
    client.open("file:///tmp/never.yaml", text: "routecfg: 1\n")
    let response = try client.request("textDocument/hover", LSPClient.at("file:///tmp/never.yaml", 0, 0))
    #expect(response["error"]?["code"]?.intValue == -32002)
    try client.initialize()
    let again = try client.request("initialize", .object([("capabilities", .object([]))]))
    #expect(again["error"]?["code"]?.intValue == -32600)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("unknown methods: MethodNotFound for requests ($/ ones too), notifications ignored")
  func unknownMethods() throws {
    let client = try LSPClient()
    try client.initialize()
    client.notify("workspace/somethingNew", .object([]))
    client.notify("$/somethingNew", .object([]))
    for method in ["textDocument/formatting", "$/somethingNew", "custom/thing"] {
      let response = try client.request(method, .object([]))
      #expect(response["error"]?["code"]?.intValue == -32601, "\(method)")
      #expect(response["error"]?["message"]?.stringValue?.contains(method) == true)
    }
    // So is one that sends the `exit` notification as a request before shutting down.
    #expect(try client.request("exit", .null)["error"]?["code"]?.intValue == -32600)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("after shutdown every request is InvalidRequest; exit ends with 0")
  func afterShutdown() throws {
    let client = try LSPClient()
    try client.initialize()
    #expect(try client.request("shutdown", .null)["result"] == .null)
    for method in ["textDocument/hover", "shutdown", "initialize", "exit"] {
      let response = try client.request(method, LSPClient.at("file:///tmp/x.yaml", 0, 0))
      #expect(response["error"]?["code"]?.intValue == -32600, "\(method)")
    }
    // `exit` with an id is a request, which LSP does not define: the answer says how to send it.
    let exitRequest = try client.request("exit", .null)
    #expect(
      exitRequest["error"]?["message"]?.stringValue == "'exit' is a notification: send it without an id")
    client.notify("exit", .null)
    #expect(try client.waitForExit() == 0)
  }

  @Test("exit without shutdown ends with 1, and so does a client that closes the pipe")
  func exitWithoutShutdown() throws {
    let client = try LSPClient()
    try client.initialize()
    client.notify("exit", .null)
    #expect(try client.waitForExit() == 1)

    let leaving = try LSPClient()
    try leaving.initialize()
    leaving.closeInput()
    #expect(try leaving.waitForExit() == 1)
  }

  @Test("a client that sends shutdown and then closes the pipe ends the server with 0")
  func closingAfterShutdown() throws {
    let client = try LSPClient()
    try client.initialize()
    #expect(try client.request("shutdown", .null)["result"] == .null)
    client.closeInput()
    #expect(try client.waitForExit() == 0)
  }

  @Test("routecfg lsp --help describes the server")
  func help() throws {
    let process = Process()
    process.executableURL = LSPClient.executable
    process.arguments = ["lsp", "--help"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(text.contains("LSP 3.17"))
    #expect(text.contains("Docs/Editors.md"))
  }

  @Test("initialize with malformed parameters is InvalidParams and leaves the server uninitialized")
  func initializeValidatesParameters() throws {
    let client = try LSPClient()
    let malformed: [RouteCfgCore.JSONValue?] = [
      nil, .array([]), .object([("processId", .null)]), .object([("capabilities", .int(5))]),
      .object([("capabilities", .array([]))]),
      .object([("capabilities", .object([])), ("processId", .string("x"))]),
      .object([("capabilities", .object([])), ("processId", .double(1.5))]),
    ]
    for params in malformed {
      var message: [(String, RouteCfgCore.JSONValue)] = [
        ("jsonrpc", .string("2.0")), ("id", .int(50)), ("method", .string("initialize")),
      ]
      if let params { message.append(("params", params)) }
      client.send(.object(message))
      let response = try client.response(to: 50)
      #expect(response["error"]?["code"]?.intValue == -32602, "\(params?.rendered() ?? "no params")")
      let hover = try client.request("textDocument/hover", LSPClient.at("file:///tmp/x.yaml", 0, 0))
      #expect(hover["error"]?["code"]?.intValue == -32002)
    }
    // Optional fields of the wrong type are ignored.
    let lenient = try client.request(
      "initialize",
      .object([
        ("processId", .null), ("capabilities", .object([("general", .int(1))])), ("rootUri", .int(5)),
        ("workspaceFolders", .string("x")), ("initializationOptions", .int(3)), ("trace", .int(1)),
      ]))
    #expect(lenient["result"]?["capabilities"]?["positionEncoding"]?.stringValue == "utf-16")
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("a repeated 'initialized' registers the watch for changed files once")
  func initializedOnce() throws {
    let client = try LSPClient()
    try client.initialize(watchesFiles: true)
    client.notify("initialized", .object([]))
    client.notify("initialized", .object([]))
    // Messages are handled in order: the registrations come before the answer to 'shutdown'.
    #expect(try client.request("shutdown", .null)["result"] == .null)
    let registrations = client.pending().filter {
      $0["method"]?.stringValue == "client/registerCapability"
    }
    #expect(registrations.count == 1)
    #expect(registrations.first?["id"]?.stringValue == "routecfg-1")
    client.notify("exit", .null)
    #expect(try client.waitForExit() == 0)
  }

  @Test("a client process id of no running process is not watched, one that ends later ends the server")
  func clientProcessMonitor() throws {
    let ended = Process()
    ended.executableURL = URL(fileURLWithPath: "/bin/sh")
    ended.arguments = ["-c", "exit 0"]
    try ended.run()
    ended.waitUntilExit()
    let unknown = try LSPClient()
    try unknown.initialize(processID: ended.processIdentifier)
    #expect(try unknown.request("textDocument/documentSymbol", .object([]))["error"] != nil)
    #expect(unknown.process.isRunning)
    #expect(try unknown.shutdownAndExit() == 0)
    #expect(unknown.standardError.contains("is not running: not watched"))

    let editor = Process()
    editor.executableURL = URL(fileURLWithPath: "/bin/sh")
    editor.arguments = ["-c", "exec sleep 60"]
    try editor.run()
    let client = try LSPClient()
    try client.initialize(processID: editor.processIdentifier)
    #expect(try client.request("textDocument/documentSymbol", .object([]))["error"] != nil)
    #expect(client.process.isRunning)
    // SIGKILL: the test runner's threads may block SIGTERM, and a spawned process inherits that.
    kill(editor.processIdentifier, SIGKILL)
    editor.waitUntilExit()
    // Checked every few seconds: the server ends without 'exit' and with its input still open.
    #expect(try client.waitForExit() == 1)
    #expect(client.standardError.contains("ended: exiting"))
  }
}
