import Foundation
import Testing

/// `routecfg lsp`'s command line: the arguments LSP 3.17 says servers accept.
@Suite("routecfg lsp command line")
struct LSPCommandTests {
  /// Runs `routecfg lsp` with the arguments and an input that ends at once (a client that goes
  /// away before `initialize`: exit status 1).
  private func lsp(_ arguments: [String]) throws -> CommandResult {
    try Routecfg.run(["lsp"] + arguments, input: FileHandle.nullDevice)
  }

  @Test(arguments: [
    ["--stdio"], ["--clientProcessId=1"], ["--clientProcessId", "1"], ["--stdio", "--clientProcessId=1"],
    ["--clientProcessId=1", "--stdio"],
  ])
  func acceptsTheStandardArguments(_ arguments: [String]) throws {
    let result = try lsp(arguments)
    #expect(result.status == 1, "\(arguments): \(result.standardError)")
    #expect(!result.standardError.contains("error:"), "\(arguments)")
  }

  @Test(arguments: [
    (["--pipe=/tmp/routecfg.sock"], "--pipe"), (["--socket=5000"], "--socket"), (["--port=5000"], "--port"),
    (["--node-ipc"], "--node-ipc"), (["--socket", "5000", "--stdio"], "--socket"),
  ])
  func refusesOtherTransports(_ arguments: [String], option: String) throws {
    let result = try lsp(arguments)
    #expect(result.status == 64)
    #expect(result.standardOutput.isEmpty)
    #expect(
      result.standardError.hasPrefix(
        "error: \(option) is not supported: routecfg lsp talks over standard input and output only"),
      "\(result.standardError)")
  }

  @Test(arguments: [
    ["--clientProcessId=abc"], ["--clientProcessId=0"], ["--clientProcessId"], ["--stdio=yes"],
  ])
  func refusesMalformedArguments(_ arguments: [String]) throws {
    let result = try lsp(arguments)
    #expect(result.status == 64, "\(arguments)")
    #expect(result.standardError.hasPrefix("error: "), "\(result.standardError)")
  }

  @Test func aClientProcessIdOfNoRunningProcessIsNotWatched() throws {
    let pid = try Self.pidOfEndedProcess()
    // The session runs to its 'exit' (status 0): the id of no running process did not end it.
    let input = Pipe()
    let messages = [
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"capabilities":{}}}"#,
      #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#, #"{"jsonrpc":"2.0","method":"exit"}"#,
    ]
    for message in messages {
      input.fileHandleForWriting.write(Data("Content-Length: \(message.utf8.count)\r\n\r\n\(message)".utf8))
    }
    try input.fileHandleForWriting.close()
    let result = try Routecfg.run(["lsp", "--clientProcessId=\(pid)"], input: input.fileHandleForReading)
    #expect(result.status == 0)
    #expect(result.standardError.contains("the client's process \(pid) is not running: not watched"))
  }

  @Test func helpNamesTheOptions() throws {
    let help = try Routecfg.run(["lsp", "--help"])
    #expect(help.status == 0)
    for option in ["--stdio", "--clientProcessId <pid>", "--pipe", "--socket"] {
      #expect(help.standardOutput.contains(option), "\(option)")
    }
  }

  /// The id of a process that has ended and been reaped.
  static func pidOfEndedProcess() throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exit 0"]
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
  }
}
