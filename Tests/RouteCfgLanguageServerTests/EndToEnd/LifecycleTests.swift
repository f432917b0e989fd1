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
    for method in ["textDocument/rename", "$/somethingNew", "custom/thing"] {
      let response = try client.request(method, .object([]))
      #expect(response["error"]?["code"]?.intValue == -32601, "\(method)")
      #expect(response["error"]?["message"]?.stringValue?.contains(method) == true)
    }
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("after shutdown every request is InvalidRequest; exit ends with 0")
  func afterShutdown() throws {
    let client = try LSPClient()
    try client.initialize()
    #expect(try client.request("shutdown", .null)["result"] == .null)
    for method in ["textDocument/hover", "shutdown", "initialize"] {
      let response = try client.request(method, LSPClient.at("file:///tmp/x.yaml", 0, 0))
      #expect(response["error"]?["code"]?.intValue == -32600, "\(method)")
    }
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
}
