import Foundation
import RouteCfgCore
import RouteCfgLanguageServer
import RouteCfgSynthetic

// routecfg-lsp-bench: how the language server keeps up with typing in a large manifest.
// Build and run in release mode:
//
//   swift build -c release
//   swift run -c release --package-path Benchmarks routecfg-lsp-bench [--modules 5000] [--rounds 3]
//       [--keystrokes 60] [--interval 40]
//
// Each round starts `routecfg lsp`, opens a synthetic manifest, types `--keystrokes` characters
// (one incremental change every `--interval` milliseconds, as fast typing goes) with a hover after
// every keystroke and a completion after every fifth, then waits for the diagnostics of the last
// version. Rounds alternate with `routecfg validate` of the same file, the reference: what a
// whole check of the file costs from the command line. Medians over rounds, with min and max.

struct Options {
  var modules = 5_000
  var rounds = 3
  var keystrokes = 60
  var interval = 40
  /// The `routecfg` binary to run, built by the main package.
  var routecfg = ".build/release/routecfg"

  init(_ arguments: [String]) {
    var iterator = arguments.dropFirst().makeIterator()
    while let argument = iterator.next() {
      if argument == "--routecfg", let path = iterator.next() {
        routecfg = path
        continue
      }
      let value = iterator.next().flatMap(Int.init)
      switch (argument, value) {
      case ("--modules", let value?): modules = value
      case ("--rounds", let value?): rounds = value
      case ("--keystrokes", let value?): keystrokes = value
      case ("--interval", let value?): interval = value
      default:
        FileHandle.standardError.write(
          Data(
            "usage: routecfg-lsp-bench [--modules N] [--rounds N] [--keystrokes N] [--interval MS] [--routecfg PATH]\n"
              .utf8))
        exit(64)
      }
    }
  }
}

/// Milliseconds since an arbitrary start.
func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e6 }

/// A language server process and the messages it sends, with their arrival times.
final class Server: @unchecked Sendable {
  let process = Process()
  let input = Pipe()
  let output = Pipe()
  let condition = NSCondition()
  var messages: [(time: Double, message: JSONValue)] = []
  var nextID = 1

  init(executable: String) throws {
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["lsp"]
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let descriptor = output.fileHandleForReading.fileDescriptor
    Thread { [self] in read(descriptor) }.start()
  }

  func send(_ message: JSONValue) {
    let body = Array(message.rendered().utf8)
    let frame = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    frame.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(
          input.fileHandleForWriting.fileDescriptor, buffer.baseAddress.map { $0 + offset },
          buffer.count - offset)
        if written <= 0 { return }
        offset += written
      }
    }
  }

  @discardableResult
  func request(_ method: String, _ params: JSONValue) -> Int {
    let id = nextID
    nextID += 1
    send(
      .object([
        ("jsonrpc", .string("2.0")), ("id", .int(id)), ("method", .string(method)), ("params", params),
      ]))
    return id
  }

  func notify(_ method: String, _ params: JSONValue) {
    send(.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]))
  }

  /// Waits for the first message after `index` that matches; its arrival time and position.
  func wait(from index: Int = 0, _ matches: (JSONValue) -> Bool) -> (
    time: Double, index: Int, message: JSONValue
  ) {
    condition.lock()
    defer { condition.unlock() }
    var next = index
    while true {
      while next < messages.count {
        if matches(messages[next].message) { return (messages[next].time, next, messages[next].message) }
        next += 1
      }
      condition.wait()
    }
  }

  private func read(_ descriptor: Int32) {
    var buffer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      buffer.append(contentsOf: chunk[0..<count])
      while let separator = buffer.firstRange(of: Array("\r\n\r\n".utf8)) {
        let header = String(decoding: buffer[..<separator.lowerBound], as: UTF8.self)
        guard
          let length = header.split(separator: ":").last.flatMap({
            Int($0.trimmingCharacters(in: .whitespaces))
          }),
          buffer.count >= separator.upperBound + length
        else { break }
        let body = Array(buffer[separator.upperBound..<separator.upperBound + length])
        buffer.removeSubrange(0..<separator.upperBound + length)
        guard let message = try? JSONParser.parse(body) else { continue }
        condition.lock()
        messages.append((now(), message))
        condition.broadcast()
        condition.unlock()
      }
    }
  }
}

func position(_ uri: String, _ line: Int, _ character: Int) -> JSONValue {
  .object([
    ("textDocument", .object([("uri", .string(uri))])),
    ("position", .object([("line", .int(line)), ("character", .int(character))])),
  ])
}

struct RoundResult {
  var firstDiagnostics = 0.0
  var hover: [Double] = []
  var completion: [Double] = []
  var settle = 0.0
  var analyses = 0
  var symbols = 0.0
  var symbolBytes = 0
}

/// One editing session against a fresh server.
func session(executable: String, path: String, text: String, options: Options) throws -> RoundResult {
  var result = RoundResult()
  let server = try Server(executable: executable)
  let uri = "file://" + path
  server.request("initialize", .object([("processId", .null), ("capabilities", .object([]))]))
  server.notify("initialized", .object([]))
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
  // Type on a new comment line in the middle of the modules; hover a reference further down.
  let modulesLine = lines.firstIndex(of: "modules:") ?? 0
  let typingLine = modulesLine + (lines.count - modulesLine) / 3
  let hoverLine = (typingLine + 1..<lines.count).first { lines[$0].contains("provides: [") } ?? typingLine + 1
  let hoverCharacter =
    (lines[hoverLine].firstIndex(of: "[").map {
      lines[hoverLine].distance(from: lines[hoverLine].startIndex, to: $0)
    } ?? 0) + 2
  let opened = now()
  server.notify(
    "textDocument/didOpen",
    .object([
      (
        "textDocument",
        .object([
          ("uri", .string(uri)), ("languageId", .string("yaml")), ("version", .int(1)),
          ("text", .string(text)),
        ])
      )
    ]))
  let first = server.wait { $0["method"]?.stringValue == "textDocument/publishDiagnostics" }
  result.firstDiagnostics = first.time - opened
  server.notify(
    "textDocument/didChange",
    .object([
      ("textDocument", .object([("uri", .string(uri)), ("version", .int(2))])),
      (
        "contentChanges",
        .array([
          .object([
            (
              "range",
              .object([
                ("start", .object([("line", .int(typingLine)), ("character", .int(0))])),
                ("end", .object([("line", .int(typingLine)), ("character", .int(0))])),
              ])
            ),
            ("text", .string("  # \n")),
          ])
        ])
      ),
    ]))
  let typingStart = now()
  var requests: [(id: Int, sent: Double, completion: Bool)] = []
  for keystroke in 0..<options.keystrokes {
    let version = keystroke + 3
    let character = 4 + keystroke
    server.notify(
      "textDocument/didChange",
      .object([
        ("textDocument", .object([("uri", .string(uri)), ("version", .int(version))])),
        (
          "contentChanges",
          .array([
            .object([
              (
                "range",
                .object([
                  ("start", .object([("line", .int(typingLine)), ("character", .int(character))])),
                  ("end", .object([("line", .int(typingLine)), ("character", .int(character))])),
                ])
              ),
              ("text", .string(keystroke.isMultiple(of: 6) ? " " : "x")),
            ])
          ])
        ),
      ]))
    let sent = now()
    requests.append(
      (server.request("textDocument/hover", position(uri, hoverLine + 1, hoverCharacter)), sent, false))
    if keystroke.isMultiple(of: 5) {
      requests.append(
        (server.request("textDocument/completion", position(uri, hoverLine + 1, hoverCharacter)), sent, true))
    }
    Thread.sleep(forTimeInterval: Double(options.interval) / 1000)
  }
  let lastKeystroke = now()
  let finalVersion = options.keystrokes + 2
  for request in requests {
    let answer = server.wait { $0["id"]?.intValue == request.id }
    if request.completion {
      result.completion.append(answer.time - request.sent)
    } else {
      result.hover.append(answer.time - request.sent)
    }
  }
  let settled = server.wait {
    $0["method"]?.stringValue == "textDocument/publishDiagnostics"
      && $0["params"]?["version"]?.intValue == finalVersion
  }
  result.settle = settled.time - lastKeystroke
  server.condition.lock()
  result.analyses =
    server.messages.filter {
      $0.time >= typingStart && $0.message["method"]?.stringValue == "textDocument/publishDiagnostics"
    }.count
  server.condition.unlock()
  let symbolsSent = now()
  let symbolsID = server.request(
    "textDocument/documentSymbol", .object([("textDocument", .object([("uri", .string(uri))]))]))
  let symbols = server.wait { $0["id"]?.intValue == symbolsID }
  result.symbols = symbols.time - symbolsSent
  result.symbolBytes = symbols.message.rendered().utf8.count
  server.request("shutdown", .null)
  server.notify("exit", .null)
  server.process.waitUntilExit()
  return result
}

func validateProcess(executable: String, path: String) throws -> Double {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = ["validate", path]
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  let start = now()
  try process.run()
  process.waitUntilExit()
  return now() - start
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

func percentile(_ values: [Double], _ fraction: Double) -> Double {
  let sorted = values.sorted()
  return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
}

func row(_ name: String, _ values: [Double], unit: String = "ms") -> String {
  let text = String(
    format: "%8.1f %@  (min %.1f, max %.1f)", median(values), unit, values.min() ?? 0, values.max() ?? 0)
  return name.padding(toLength: 52, withPad: " ", startingAt: 0) + text
}

let options = Options(CommandLine.arguments)
let executable = options.routecfg
let text = SyntheticManifest.yaml(moduleCount: options.modules)
let path = FileManager.default.temporaryDirectory.appendingPathComponent(
  "routecfg-lsp-bench-\(getpid()).yaml"
).path
try text.write(toFile: path, atomically: true, encoding: .utf8)
defer { try? FileManager.default.removeItem(atPath: path) }
print(
  "routecfg-lsp-bench: \(options.modules) modules (\(text.utf8.count / 1_000) KB), \(options.keystrokes) keystrokes "
    + "every \(options.interval) ms, \(options.rounds) rounds")

var validate: [Double] = []
var results: [RoundResult] = []
for _ in 0..<options.rounds {
  validate.append(try validateProcess(executable: executable, path: path))
  results.append(try session(executable: executable, path: path, text: text, options: options))
}
let hovers = results.flatMap(\.hover)
let completions = results.flatMap(\.completion)
print(row("routecfg validate process (reference)", validate))
print(row("didOpen → first diagnostics", results.map(\.firstDiagnostics)))
print(row("hover during typing: median of rounds", results.map { median($0.hover) }))
print(row("hover during typing: 95th percentile of rounds", results.map { percentile($0.hover, 0.95) }))
print(row("hover during typing: worst of rounds", results.map { $0.hover.max() ?? 0 }))
print(row("completion during typing: median of rounds", results.map { median($0.completion) }))
print(row("completion during typing: worst of rounds", results.map { $0.completion.max() ?? 0 }))
print(row("last keystroke → diagnostics of the last version", results.map(\.settle)))
print(row("analyses published while typing", results.map { Double($0.analyses) }, unit: "  "))
print(
  row(
    "first diagnostics / validate process", zip(results, validate).map { $0.firstDiagnostics / $1 },
    unit: "× "))
print(row("settle / validate process", zip(results, validate).map { $0.settle / $1 }, unit: "× "))
print(row("documentSymbol (outline) round trip", results.map(\.symbols)))
print(row("documentSymbol answer size", results.map { Double($0.symbolBytes) / 1e6 }, unit: "MB"))
print(
  "all \(hovers.count) hovers: median \(String(format: "%.1f", median(hovers))) ms, max \(String(format: "%.1f", hovers.max() ?? 0)) ms; "
    + "all \(completions.count) completions: median \(String(format: "%.1f", median(completions))) ms")
