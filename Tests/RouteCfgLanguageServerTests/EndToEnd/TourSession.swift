import Foundation
import RouteCfgCore
import Testing

@testable import RouteCfgLanguageServer

/// A server with Fixtures/Tour.yaml open and analysed: every kind of reference in one manifest.
struct TourSession {
  static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Tour.yaml").path
  static let text: String = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""

  let client: LSPClient
  let uri = LSPClient.uri(TourSession.path)
  let finder = TextFinder(TourSession.text)

  init(
    encodings: [String]? = nil, options: RouteCfgCore.JSONValue? = nil,
    textDocument: RouteCfgCore.JSONValue = LSPClient.editorTextDocumentCapabilities
  ) throws {
    client = try LSPClient()
    try client.initialize(encodings: encodings, options: options, textDocument: textDocument)
    client.open(uri, text: Self.text)
    let diagnostics = try client.diagnostics(for: uri, version: 1)
    #expect(diagnostics.isEmpty, "\(diagnostics.map { $0.rendered() })")
  }

  /// The result of a position request at `needle` (plus `offset` characters).
  func ask(_ method: String, _ needle: String, offset: Int = 0, after: Int = -1) throws
    -> RouteCfgCore.JSONValue
  {
    let (line, character) = finder.position(of: needle, offset: offset, after: after)
    return try client.result(method, LSPClient.at(uri, line, character))
  }

  /// The position of `needle` (plus `offset`) as JSON.
  func position(_ needle: String, offset: Int = 0, after: Int = -1) -> RouteCfgCore.JSONValue {
    let (line, character) = finder.position(of: needle, offset: offset, after: after)
    return LSPPosition(line: line, character: character).json
  }

  func finish() throws {
    #expect(try client.shutdownAndExit() == 0)
  }
}
