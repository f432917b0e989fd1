import Foundation
import RouteCfgCore
import Testing

@testable import RouteCfgLanguageServer

/// What a broken or hostile client sends: the server answers what it can, skips what it cannot
/// read and keeps serving.
@Suite("routecfg lsp: hostile input")
struct HostileInputTests {
  /// Checks that the server still answers a request.
  static func stillServes(_ client: LSPClient) throws {
    let response = try client.request("textDocument/hover", LSPClient.at("file:///nowhere.yaml", 0, 0))
    #expect(response["result"] == .null, "\(response.rendered())")
  }

  static func framed(_ body: String) -> [UInt8] {
    let bytes = Array(body.utf8)
    return Array("Content-Length: \(bytes.count)\r\n\r\n".utf8) + bytes
  }

  @Test(
    "invalid JSON is a ParseError with id null; a message that is not JSON-RPC is an InvalidRequest; params neither object nor array InvalidParams"
  )
  func invalidMessages() throws {
    let client = try LSPClient()
    try client.initialize()
    let bodies: [(String, Int, RouteCfgCore.JSONValue)] = [
      ("{\"jsonrpc\": \"2.0\", \"id\": 7, \"method\": ", -32700, .null),
      ("{\"jsonrpc\": \"2.0\", \"id\": 7, \"method\": \"x\"} trailing", -32700, .null),
      ("\u{1}", -32700, .null),
      (String(repeating: "[", count: 5_000), -32700, .null),
      ("{\"a\": \"\\ud800\", \"b\": 1e999999}", -32600, .null),
      ("[1, 2]", -32600, .null),
      ("\"text\"", -32600, .null),
      ("{\"id\": 8, \"method\": \"textDocument/hover\"}", -32600, .int(8)),
      ("{\"jsonrpc\": \"2.0\", \"id\": 9, \"method\": 5}", -32600, .int(9)),
      ("{\"jsonrpc\": \"2.0\", \"id\": {\"a\": 1}, \"method\": \"x\"}", -32600, .null),
      (
        "{\"jsonrpc\": \"2.0\", \"id\": 10, \"method\": \"textDocument/hover\", \"params\": 3}", -32602,
        .int(10)
      ),
      ("{\"jsonrpc\": \"2.0\", \"id\": 11, \"method\": \"shutdown\", \"params\": \"str\"}", -32602, .int(11)),
    ]
    for (body, code, id) in bodies {
      client.sendRaw(Self.framed(body))
      let error = try client.errorResponse(id: id)
      #expect(error["error"]?["code"]?.intValue == code, "\(body.prefix(60))")
    }
    // Wrong parameters of a known method.
    let missing = try client.request("textDocument/hover", .object([("textDocument", .object([]))]))
    #expect(missing["error"]?["code"]?.intValue == -32602)
    // A field of the wrong type is not called missing.
    let number = try client.request(
      "textDocument/hover",
      .object([
        ("textDocument", .object([("uri", .int(5))])), ("position", LSPPosition(line: 0, character: 0).json),
      ]))
    #expect(number["error"]?["message"]?.stringValue == "'textDocument.uri' is missing or not a string")
    let name = try client.request(
      "textDocument/rename",
      .object([("textDocument", .object([("uri", .string("file:///x.yaml"))])), ("newName", .int(5))]))
    #expect(name["error"]?["message"]?.stringValue == "'newName' is missing or not a string")
    let negative = try client.request("textDocument/hover", LSPClient.at("file:///x.yaml", -1, 0))
    #expect(negative["error"]?["code"]?.intValue == -32602)
    // Notifications with nonsense parameters are ignored, and logged.
    client.notify("textDocument/didOpen", .object([("textDocument", .int(3))]))
    client.notify(
      "textDocument/didChange", .object([("textDocument", .object([("uri", .string("file:///no.yaml"))]))]))
    client.notify("textDocument/didChange", .object([("contentChanges", .array([]))]))
    // A second didOpen of an open document: the new text wins, and it is logged.
    client.open("untitled:Twice", text: "routecfg: 1\n")
    client.open("untitled:Twice", text: "routecfg: 1\nmodules: {}\n")
    client.notify("textDocument/didClose", .array([]))
    client.notify(
      "textDocument/didClose", .object([("textDocument", .object([("uri", .string("file:///closed.yaml"))]))])
    )
    client.notify("workspace/didChangeWatchedFiles", .object([("changes", .string("x"))]))
    // A notification whose params are neither an object nor an array is logged, not answered
    // (JSON-RPC answers no notification).
    client.sendRaw(Self.framed("{\"jsonrpc\": \"2.0\", \"method\": \"textDocument/didOpen\", \"params\": 5}"))
    try Self.stillServes(client)
    #expect(!client.pending().contains { $0["error"] != nil })
    // A refusal of a request of the server's is logged too.
    client.sendRaw(
      Self.framed(
        "{\"jsonrpc\": \"2.0\", \"id\": \"routecfg-9\", \"error\": {\"code\": -32601, \"message\": \"no\"}}"))
    try Self.stillServes(client)
    #expect(try client.shutdownAndExit() == 0)
    for logged in [
      "answered a message that is not JSON with ParseError", "answered an invalid message with error",
      "the client answered request \"routecfg-9\" with an error: no",
      "ignored textDocument/didOpen without a string 'uri' and 'text'",
      "ignored textDocument/didChange of file:///no.yaml, which is not open",
      "ignored textDocument/didChange without a string 'uri'",
      "textDocument/didOpen of untitled:Twice, which is open already",
      "ignored textDocument/didClose without a string 'uri'",
      "ignored textDocument/didClose of file:///closed.yaml, which is not open",
      "workspace/didChangeWatchedFiles without a 'changes' list",
    ] {
      #expect(client.standardError.contains(logged), "\(logged)")
    }
  }

  @Test("unreadable header blocks are skipped and the next message is read")
  func garbageFraming() throws {
    let client = try LSPClient()
    try client.initialize()
    let garbage: [[UInt8]] = [
      Array("Content-Lenght: 12\r\n\r\n".utf8),
      Array("Content-Length: twelve\r\n\r\n".utf8),
      Array("Content-Length: -5\r\n\r\n".utf8),
      Array("no colon here\r\n\r\n".utf8),
      Array("\r\n\r\n\n\n".utf8),
      Array("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"shutdown\"}\r\n\r\n".utf8),
      // More than a header block may hold, without a line break: skipped up to the next header.
      [UInt8](repeating: 0x41, count: 20_000),
      [0xFF, 0xFE, 0x00, 0x80],
    ]
    for bytes in garbage {
      client.sendRaw(bytes)
      try Self.stillServes(client)
    }
    // A message sent a byte at a time, and two in one write.
    let hover = LSPClient.frame(
      .object([
        ("jsonrpc", .string("2.0")), ("id", .int(500)), ("method", .string("textDocument/hover")),
        ("params", LSPClient.at("file:///x.yaml", 0, 0)),
      ]))
    for byte in hover { client.sendRaw([byte]) }
    #expect(try client.response(to: 500)["result"] == .null)
    let shutdownBody = Self.framed("{\"jsonrpc\": \"2.0\", \"id\": 501, \"method\": \"shutdown\"}")
    client.sendRaw(hover + shutdownBody)
    #expect(try client.response(to: 501)["result"] == .null)
    client.notify("exit", .null)
    #expect(try client.waitForExit() == 0)
    #expect(client.standardError.contains("skipped unreadable input"))
  }

  @Test("a message over the size limit is skipped as it streams past and answered with an error")
  func hugeMessage() throws {
    let client = try LSPClient()
    try client.initialize()
    let length = MessageReader.maxContentLength + 1
    client.sendRaw(Array("Content-Length: \(length)\r\n\r\n".utf8))
    let chunk = [UInt8](repeating: 0x20, count: 1 << 20)
    var sent = 0
    while sent < length {
      let count = min(chunk.count, length - sent)
      client.sendRaw(Array(chunk[0..<count]))
      sent += count
    }
    let error = try client.errorResponse(id: .null)
    #expect(error["error"]?["code"]?.intValue == -32600)
    try Self.stillServes(client)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("a large document (5 MB) is opened, checked and closed")
  func largeDocument() throws {
    let scratch = try ScratchDirectory()
    var text = "routecfg: 1\nmodules:\n"
    for index in 0..<60_000 { text += "  M\(index): {kind: service}   # padding padding padding\n" }
    #expect(text.utf8.count > 3_000_000)
    let uri = scratch.uri("big.yaml")
    let client = try LSPClient(directory: scratch.path)
    try client.initialize()
    client.open(uri, text: text)
    let diagnostics = try client.diagnostics(for: uri)
    // Every module is unreachable: a warning each, capped per file with a last line saying so.
    #expect(diagnostics.count == DiagnosticPublisher.maxPerFile + 1)
    #expect(diagnostics.last?["message"]?.stringValue?.contains("59000 more problems") == true)
    try Self.stillServes(client)
    #expect(try client.shutdownAndExit() == 0)
  }
}
