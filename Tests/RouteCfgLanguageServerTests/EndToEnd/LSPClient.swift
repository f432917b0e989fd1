import Foundation
import RouteCfgCore
import Testing

@testable import RouteCfgLanguageServer

/// A language server client for the tests: starts the built `routecfg lsp`, speaks the base
/// protocol over its pipes as an editor does and keeps everything the server sends.
final class LSPClient: @unchecked Sendable {
  /// The repository root, found from this source file.
  static let repository: String = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

  /// `routecfg` in the build folder, next to the test bundle.
  static let executable: URL = {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("routecfg").path),
      directory.path != "/"
    {
      directory = directory.deletingLastPathComponent()
    }
    return directory.appendingPathComponent("routecfg")
  }()

  /// How long a test waits for an answer (generous: the machine may be busy).
  static let timeout: TimeInterval = 120

  let process = Process()
  private let toServer = Pipe()
  private let fromServer = Pipe()
  private let errors = Pipe()
  /// Guards the fields below; signalled when a message arrives or the server's output ends.
  private let condition = NSCondition()
  private var received: [JSONValue] = []
  private var ended = false
  private var errorText: [UInt8] = []
  private var nextID = 1

  init(directory: String = LSPClient.repository) throws {
    process.executableURL = Self.executable
    process.arguments = ["lsp"]
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.standardInput = toServer
    process.standardOutput = fromServer
    process.standardError = errors
    try process.run()
    let output = fromServer.fileHandleForReading.fileDescriptor
    Thread { [self] in readMessages(from: output) }.start()
    let errorDescriptor = errors.fileHandleForReading.fileDescriptor
    Thread { [self] in readErrors(from: errorDescriptor) }.start()
  }

  deinit {
    if process.isRunning { process.terminate() }
  }

  // MARK: Sending

  func sendRaw(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(
          toServer.fileHandleForWriting.fileDescriptor, buffer.baseAddress.map { $0 + offset },
          buffer.count - offset)
        if written <= 0 {
          if written < 0, errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }

  func send(_ message: RouteCfgCore.JSONValue) {
    sendRaw(Self.frame(message))
  }

  static func frame(_ message: RouteCfgCore.JSONValue) -> [UInt8] {
    let body = Array(message.rendered().utf8)
    return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
  }

  /// Sends a request and returns its id.
  @discardableResult
  func sendRequest(_ method: String, _ params: RouteCfgCore.JSONValue) -> Int {
    condition.lock()
    let id = nextID
    nextID += 1
    condition.unlock()
    send(
      .object([
        ("jsonrpc", .string("2.0")), ("id", .int(id)), ("method", .string(method)), ("params", params),
      ]))
    return id
  }

  /// Sends a request and waits for its response (the whole message: `result` or `error`).
  func request(_ method: String, _ params: RouteCfgCore.JSONValue) throws -> RouteCfgCore.JSONValue {
    try response(to: sendRequest(method, params))
  }

  /// The `result` of a request that must succeed.
  func result(_ method: String, _ params: RouteCfgCore.JSONValue) throws -> RouteCfgCore.JSONValue {
    let response = try request(method, params)
    guard let result = response["result"] else {
      Issue.record("\(method) failed: \(response.rendered())")
      return .null
    }
    return result
  }

  func notify(_ method: String, _ params: RouteCfgCore.JSONValue) {
    send(.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]))
  }

  /// Closes the server's input (as a client that goes away does).
  func closeInput() {
    try? toServer.fileHandleForWriting.close()
  }

  // MARK: Receiving

  /// Waits for the response with this id.
  func response(to id: Int) throws -> RouteCfgCore.JSONValue {
    try take(description: "the response to request \(id)") { $0["id"]?.intValue == id && $0["method"] == nil }
  }

  /// Waits for the next error response with this id (`null` for messages whose id could not be read).
  func errorResponse(id: RouteCfgCore.JSONValue) throws -> RouteCfgCore.JSONValue {
    try take(description: "an error response with id \(id.rendered())") {
      $0["error"] != nil && ($0["id"] ?? .null) == id
    }
  }

  /// Waits for the first notification of a method that satisfies `matching`, consuming it and
  /// earlier notifications of that method.
  func notification(
    _ method: String, matching: (RouteCfgCore.JSONValue) -> Bool = { _ in true }
  ) throws -> RouteCfgCore.JSONValue {
    try take(description: "a '\(method)' notification", dropping: { $0["method"]?.stringValue == method }) {
      $0["method"]?.stringValue == method && matching($0["params"] ?? .null)
    }
  }

  /// The diagnostics published for a URI (for a version, when given).
  func diagnostics(for uri: String, version: Int? = nil) throws -> [RouteCfgCore.JSONValue] {
    let message = try notification("textDocument/publishDiagnostics") { params in
      params["uri"]?.stringValue == uri && (version == nil || params["version"]?.intValue == version)
    }
    return message["params"]?["diagnostics"]?.arrayValue ?? []
  }

  /// The outline of a document: the result of `textDocument/documentSymbol`. Its answer comes
  /// after any publication the checks before it made.
  func documentSymbols(_ uri: String) throws -> RouteCfgCore.JSONValue {
    try result("textDocument/documentSymbol", .object([("textDocument", .object([("uri", .string(uri))]))]))
  }

  /// The diagnostics publications for a URI received so far and not taken, in order.
  func pendingPublications(for uri: String) -> [RouteCfgCore.JSONValue] {
    pending().filter {
      $0["method"]?.stringValue == "textDocument/publishDiagnostics"
        && $0["params"]?["uri"]?.stringValue == uri
    }
  }

  /// Every message received so far that has not been taken.
  func pending() -> [RouteCfgCore.JSONValue] {
    condition.lock()
    defer { condition.unlock() }
    return received
  }

  /// Waits for the first message that matches, consuming it (and earlier ones `dropping` matches).
  func take(
    description: String, dropping: (RouteCfgCore.JSONValue) -> Bool = { _ in false },
    _ matches: (RouteCfgCore.JSONValue) -> Bool
  ) throws -> RouteCfgCore.JSONValue {
    let deadline = Date().addingTimeInterval(Self.timeout)
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let index = received.firstIndex(where: matches) {
        let message = received.remove(at: index)
        received = received.enumerated().filter { $0.offset >= index || !dropping($0.element) }.map(\.element)
        return message
      }
      if ended {
        throw ClientError("the server closed its output before \(description)\n\(standardErrorLocked)")
      }
      if !condition.wait(until: deadline) {
        throw ClientError("timed out waiting for \(description)\n\(standardErrorLocked)")
      }
    }
  }

  /// What the server wrote to standard error.
  var standardError: String {
    condition.lock()
    defer { condition.unlock() }
    return standardErrorLocked
  }

  private var standardErrorLocked: String { String(decoding: errorText, as: UTF8.self) }

  /// Waits for the process to end; its exit status.
  func waitForExit() throws -> Int32 {
    let deadline = Date().addingTimeInterval(Self.timeout)
    while process.isRunning {
      if Date() > deadline {
        process.terminate()
        throw ClientError("the server did not exit")
      }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return process.terminationStatus
  }

  private func readMessages(from descriptor: Int32) {
    var decoder = FrameDecoder(maxContentLength: 1 << 30)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      decoder.append(chunk[0..<count])
      while let event = decoder.next() {
        guard case .message(let body) = event, let message = try? JSONParser.parse(body) else {
          condition.lock()
          errorText += Array("client: unreadable message from the server: \(event)\n".utf8)
          condition.unlock()
          continue
        }
        condition.lock()
        received.append(message)
        condition.broadcast()
        condition.unlock()
      }
    }
    condition.lock()
    ended = true
    condition.broadcast()
    condition.unlock()
  }

  private func readErrors(from descriptor: Int32) {
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      condition.lock()
      errorText += chunk[0..<count]
      condition.unlock()
    }
  }
}

struct ClientError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
