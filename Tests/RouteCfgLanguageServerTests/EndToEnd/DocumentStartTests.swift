import RouteCfgCore
import Testing

@testable import RouteCfgLanguageServer

/// What comes before a manifest's root on its first line, a byte-order mark or a `---` with the
/// root after it (`--- {routecfg: 1, ...}`), leaves completion and a key's hover as they are
/// without it.
@Suite("routecfg lsp: the document's start")
struct DocumentStartTests {
  @Test(
    "completion and key hover on the first line after '---' or a byte-order mark",
    arguments: [
      "--- {routecfg: 1, modules: {A: {kind: vi, routes: [/]}}}\n",
      "---\t{routecfg: 1,\n  modules: {A: {kind: vi, routes: [/]}}}\n",
      "# the app\n%YAML 1.2\n--- {routecfg: 1, modules: {A: {kind: vi, routes: [/]}}}\n",
      "\u{FEFF}{routecfg: 1, modules: {A: {kind: vi, routes: [/]}}}\n",
      "\u{FEFF}routecfg: 1\nmodules: {A: {kind: vi, routes: [/]}}\n",
    ])
  func firstLine(text: String) throws {
    let (scratch, client, uri) = try Self.opened(text)
    defer { withExtendedLifetime(scratch) {} }
    let finder = TextFinder(text)
    let kind = finder.position(of: "kind: vi", offset: 8)
    let completion = try client.result(
      "textDocument/completion", LSPClient.at(uri, kind.line, kind.character))
    let labels = completion["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue }
    #expect(labels == ["service", "view"], "\(completion)")
    for (key, expected) in [("routecfg", "`routecfg`:"), ("kind", "`kind`: 'view'")] {
      let place = finder.position(of: key, offset: 1)
      let hover = try client.result("textDocument/hover", LSPClient.at(uri, place.line, place.character))
      #expect(hover["contents"]?["value"]?.stringValue?.hasPrefix(expected) == true, "\(key): \(hover)")
    }
    #expect(try client.shutdownAndExit() == 0)
  }

  /// A client with `text` open alone, as `app.yaml` of a workspace (the directory, kept while
  /// the caller holds it), once its first check is done.
  private static func opened(_ text: String) throws -> (
    scratch: ScratchDirectory, client: LSPClient, uri: String
  ) {
    let scratch = try ScratchDirectory()
    try scratch.write("app.yaml", text)
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(root: scratch.path)
    let uri = scratch.uri("app.yaml")
    client.open(uri, text: text)
    _ = try client.diagnostics(for: uri)
    return (scratch, client, uri)
  }

  /// Completion's items at `position` of `text` opened alone, with their edits' ranges.
  private static func completion(_ text: String, at position: (line: Int, character: Int)) throws
    -> [(label: String, range: RouteCfgCore.JSONValue?)]
  {
    let (scratch, client, uri) = try Self.opened(text)
    defer { withExtendedLifetime(scratch) {} }
    let result = try client.result(
      "textDocument/completion", LSPClient.at(uri, position.line, position.character))
    #expect(try client.shutdownAndExit() == 0)
    return (result["items"]?.arrayValue ?? []).compactMap { item in
      item["label"]?.stringValue.map { ($0, item["textEdit"]?["range"]) }
    }
  }

  @Test("a tab between the tokens of a manifest written as JSON is white space, as a space is")
  func tabsInJSON() throws {
    let text = "{\n\t\"routecfg\": 1,\n\t\"modules\": {\"A\": {\"kind\":\t\"vi\", \"routes\": [\"/\"]}}\n}\n"
    let kind = TextFinder(text).position(of: "\"vi\"", offset: 3)
    #expect(try Self.completion(text, at: kind).map(\.label) == ["service", "view"])
  }

  @Test(
    "nothing is offered on a directive, a document marker, or right before an opening bracket",
    arguments: [
      ("%YAML 1.2\n---\n{routecfg: 1, modules: {}}\n", 0, 0),
      ("%YAML 1.2\n---\n{routecfg: 1, modules: {}}\n", 1, 0),
      ("{routecfg: 1, modules: {}}\n", 0, 0), ("routecfg: 1\nadapters: [\n  {adapt: R, to: P}\n]\n", 2, 2),
    ])
  func nothingOverStructure(text: String, line: Int, character: Int) throws {
    #expect(try Self.completion(text, at: (line, character)).isEmpty)
  }

  @Test("a parameter's type is completed as one word: the '?' or brackets around it stay")
  func parameterTypeWord() throws {
    let text =
      "routecfg: 1\nmodules:\n  M:\n    kind: view\n    parameters: {q: Strin?, r: \"[Strin: Int]\"}\n"
    let finder = TextFinder(text)
    for written in ["Strin?", "Strin:"] {
      let place = finder.position(of: written, offset: 5)
      let start = place.character - 5
      let item = try #require(try Self.completion(text, at: place).first { $0.label == "String" })
      #expect(item.range?["start"]?["character"]?.intValue == start, "\(written)")
      #expect(item.range?["end"]?["character"]?.intValue == start + 5, "\(written)")
    }
  }
}
