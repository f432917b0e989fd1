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
    let scratch = try ScratchDirectory()
    try scratch.write("app.yaml", text)
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(root: scratch.path)
    let uri = scratch.uri("app.yaml")
    client.open(uri, text: text)
    _ = try client.diagnostics(for: uri)
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
}
