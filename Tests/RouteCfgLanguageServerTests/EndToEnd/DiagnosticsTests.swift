import Foundation
import RouteCfgCore
import Testing

@testable import RouteCfgLanguageServer

/// Diagnostics published as documents are opened and changed: codes, ranges, links, notes,
/// versions, positions in every encoding, the unsaved buffer over the file on disk.
@Suite("routecfg lsp: diagnostics")
struct DiagnosticsTests {
  static let invalidPath = LSPClient.repository + "/manifests/invalid/login-adapter.yaml"

  @Test("an invalid manifest gets every diagnostic with its code, range, link and notes")
  func openInvalidManifest() throws {
    let text = try String(contentsOfFile: Self.invalidPath, encoding: .utf8)
    let uri = LSPClient.uri(Self.invalidPath)
    let client = try LSPClient()
    try client.initialize()
    client.open(uri, text: text)
    let diagnostics = try client.diagnostics(for: uri, version: 1)
    #expect(diagnostics.compactMap { $0["code"]?.stringValue } == ["RC0606", "RC0601"])
    let finder = TextFinder(text)
    let typo = try #require(diagnostics.first { $0["code"]?.stringValue == "RC0601" })
    let (line, character) = finder.position(of: "mesage")
    #expect(
      typo["range"]
        == LSPRange(
          start: .init(line: line, character: character), end: .init(line: line, character: character + 6)
        ).json)
    #expect(typo["severity"]?.intValue == 1)
    #expect(typo["source"]?.stringValue == "routecfg")
    #expect(typo["message"]?.stringValue?.contains("did you mean 'message'?") == true)
    // The link is the Diagnostics.md of the checkout the binary was built in.
    let link = try #require(typo["codeDescription"]?["href"]?.stringValue)
    #expect(
      link == LSPClient.uri(LSPClient.repository + "/Docs/Diagnostics.md") + "#rc0601-unknownadaptermember")
    let missingAdapter = try #require(diagnostics.first { $0["code"]?.stringValue == "RC0606" })
    let note = try #require(missingAdapter["relatedInformation"]?.arrayValue?.first)
    #expect(note["message"]?.stringValue == "'delegate' is declared here")
    #expect(note["location"]?["uri"]?.stringValue == uri)
    let declared = finder.position(of: "var delegate: ModuleARequiredLoginViewDelegate?", offset: 4)
    #expect(
      note["location"]?["range"]?["start"]
        == LSPPosition(line: declared.line, character: declared.character).json)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("a client that takes no related information or links gets the notes at the end of the message")
  func notesInTheMessage() throws {
    let text = try String(contentsOfFile: Self.invalidPath, encoding: .utf8)
    let uri = LSPClient.uri(Self.invalidPath)
    let client = try LSPClient()
    try client.initialize(textDocument: .object([]))
    client.open(uri, text: text)
    let diagnostics = try client.diagnostics(for: uri, version: 1)
    // Codes, but no links to their documentation: the client did not declare codeDescriptionSupport.
    #expect(diagnostics.allSatisfy { $0["code"] != nil && $0["codeDescription"] == nil })
    let missingAdapter = try #require(diagnostics.first { $0["code"]?.stringValue == "RC0606" })
    #expect(missingAdapter["relatedInformation"] == nil)
    let declared = TextFinder(text).position(of: "var delegate: ModuleARequiredLoginViewDelegate?", offset: 4)
    let message = try #require(missingAdapter["message"]?.stringValue)
    #expect(
      message.contains(
        "add one ('- adapt: ModuleARequiredLoginViewDelegate' with 'to: ProvidedLoginViewDelegate' and a 'map')"
          + "\nlogin-adapter.yaml:\(declared.line + 1):\(declared.character + 1): note: 'delegate' is declared here"
      ),
      "\(message)")
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("every change is checked: fixing the error clears it, breaking the YAML reports a syntax error")
  func changes() throws {
    let text = try String(contentsOfFile: Self.invalidPath, encoding: .utf8)
    let uri = LSPClient.uri(Self.invalidPath)
    let client = try LSPClient()
    try client.initialize(options: .object([("validationDelay", .int(10))]))
    client.open(uri, text: text)
    _ = try client.diagnostics(for: uri, version: 1)
    // Incremental: insert the missing 's' of 'mesage'.
    let (line, character) = TextFinder(text).position(of: "mesage", offset: 3)
    client.change(uri, version: 2, [((line, character, line, character), "s")])
    let fixed = try client.diagnostics(for: uri, version: 2)
    #expect(!fixed.contains { $0["code"]?.stringValue == "RC0601" })
    #expect(
      fixed.contains { $0["code"]?.stringValue == "RC0605" },
      "the read-only target shows once the name is right")
    // Half-typed YAML: an unclosed flow sequence.
    let provides = TextFinder(text).position(of: "provides: [ProvidedLoginViewInput]")
    client.change(uri, version: 3, [((provides.line, 0, provides.line + 1, 0), "    provides: [Provided\n")])
    let broken = try client.diagnostics(for: uri, version: 3)
    #expect(broken.map { $0["code"]?.stringValue } == ["RC0105"])
    // The whole text at once brings the original back.
    client.change(uri, version: 4, [(nil, text)])
    let whole = try client.diagnostics(for: uri, version: 4)
    #expect(whole.compactMap { $0["code"]?.stringValue } == ["RC0606", "RC0601"])
    // Closing the document clears what was published.
    client.close(uri)
    #expect(try client.diagnostics(for: uri).isEmpty)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("a change with a malformed range is rejected whole: the text and version stay, the client hears why")
  func malformedChangeRejected() throws {
    let scratch = try ScratchDirectory()
    let uri = scratch.uri("app.yaml")
    let text = "routecfg: 1\nmodules:\n  A:\n    kind: viw\n    routes: [\"/\"]\n"
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(options: .object([("validationDelay", .int(0))]))
    client.open(uri, text: text)
    #expect(try client.diagnostics(for: uri, version: 1).compactMap { $0["code"]?.stringValue } == ["RC0207"])
    let start = LSPPosition(line: 0, character: 0).json
    let malformedRanges: [RouteCfgCore.JSONValue] = [
      .object([("start", LSPPosition(line: -1, character: 0).json), ("end", start)]),
      .object([("start", start)]), .null, .string("0:0"),
      // An end before its start.
      .object([("start", LSPPosition(line: 1, character: 2).json), ("end", start)]),
    ]
    for (index, range) in malformedRanges.enumerated() {
      // A good change first: the notification is rejected whole, as one that does not decode.
      client.notify(
        "textDocument/didChange",
        .object([
          ("textDocument", .object([("uri", .string(uri)), ("version", .int(2 + index))])),
          (
            "contentChanges",
            .array([
              .object([
                ("range", .object([("start", start), ("end", start)])), ("text", .string("# edit\n")),
              ]),
              .object([("range", range), ("text", .string("whole: replacement\n"))]),
            ])
          ),
        ]))
      let log = try client.notification("window/logMessage")
      #expect(log["params"]?["type"]?.intValue == 1)
      #expect(
        log["params"]?["message"]?.stringValue?.contains(
          index == malformedRanges.count - 1
            ? "content change 1 has a 'range' that ends before it starts"
            : "content change 1 has a malformed 'range'") == true,
        "\(range.rendered())")
    }
    // The text is still version 1's: an edit against it lands where the editor means it.
    let (line, character) = TextFinder(text).position(of: "viw", offset: 2)
    client.change(uri, version: 19, [((line, character, line, character), "e")])
    #expect(try client.diagnostics(for: uri, version: 19).isEmpty)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("the unsaved buffer wins over the file on disk")
  func unsavedBufferWins() throws {
    let scratch = try ScratchDirectory()
    let valid = "routecfg: 1\nmodules:\n  Home: {kind: view, routes: [/]}\n"
    try scratch.write("app.yaml", valid)
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(root: scratch.path)
    client.open(
      scratch.uri("app.yaml"), text: valid.replacingOccurrences(of: "kind: view", with: "kind: viw"))
    let diagnostics = try client.diagnostics(for: scratch.uri("app.yaml"))
    #expect(diagnostics.compactMap { $0["code"]?.stringValue } == ["RC0207"])
    #expect(diagnostics.first?["message"]?.stringValue?.contains("did you mean 'view'?") == true)
    #expect(try client.shutdownAndExit() == 0)
  }

  /// The length of `text` in the units of a position encoding.
  private static func units(of text: String, in encoding: String) -> Int {
    switch encoding {
    case "utf-8": return text.utf8.count
    case "utf-16": return text.utf16.count
    default: return text.unicodeScalars.count
    }
  }

  /// A line with an emoji (two UTF-16 units, four UTF-8 bytes, one scalar) and Korean (three
  /// UTF-8 bytes each) before the error.
  @Test(
    "positions are counted in the negotiated encoding on non-ASCII lines",
    arguments: ["utf-8", "utf-16", "utf-32"])
  func nonASCIIPositions(encoding: String) throws {
    let scratch = try ScratchDirectory()
    let text = """
      routecfg: 1
      modules:
        Home: {kind: view, routes: [/], requires: ["\u{1F600}한글", Unknwn]}

      """
    let uri = scratch.uri("app.yaml")
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(encodings: [encoding])
    client.open(uri, text: text)
    let diagnostics = try client.diagnostics(for: uri)
    let unknown = try #require(diagnostics.first { $0["message"]?.stringValue?.contains("Unknwn") == true })
    let prefix = "  Home: {kind: view, routes: [/], requires: [\"\u{1F600}한글\", "
    let expected = Self.units(of: prefix, in: encoding)
    #expect(unknown["range"]?["start"] == LSPPosition(line: 2, character: expected).json)
    #expect(unknown["range"]?["end"] == LSPPosition(line: 2, character: expected + 6).json)
    #expect(try client.shutdownAndExit() == 0)
  }

  /// A file that is not open and not UTF-8 is still placed in the editor's units: its bytes
  /// are kept for the purpose. The bad byte is one character, as an editor decodes it: a stray
  /// continuation byte, a sequence cut short, a lead byte UTF-8 never uses.
  @Test(
    "a diagnostic in an included file that is not UTF-8 is placed in the negotiated encoding",
    arguments: ["utf-8", "utf-16", "utf-32"], [[UInt8(0x80)], [0xE2], [0xC0, 0x80]])
  func positionsInAFileThatIsNotUTF8(encoding: String, bad: [UInt8]) throws {
    let scratch = try ScratchDirectory()
    try scratch.write("app.yaml", "routecfg: 1\ninclude: [inc/bad.yaml]\n")
    let prefix = "  C: {kind: view, routes: [\"/\u{1F600}\u{E9}"
    let bytes = Array("modules:\n\(prefix)".utf8) + bad + Array("A\"]}\n".utf8)
    let directory = scratch.path + "/inc"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    #expect(FileManager.default.createFile(atPath: directory + "/bad.yaml", contents: Data(bytes)))
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(encodings: [encoding], root: scratch.path)
    client.open(scratch.uri("app.yaml"), text: "routecfg: 1\ninclude: [inc/bad.yaml]\n")
    let diagnostics = try client.diagnostics(for: scratch.uri("inc/bad.yaml"))
    let invalid = try #require(diagnostics.first)
    #expect(invalid["code"]?.stringValue == "RC0103")
    let expected = Self.units(of: prefix, in: encoding)
    #expect(invalid["range"]?["start"] == LSPPosition(line: 1, character: expected).json)
    #expect(invalid["range"]?["end"] == LSPPosition(line: 1, character: expected + 1).json)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("a syntax error in an included file that starts with a byte order mark is placed after it")
  func positionsInAnUnparsedFileWithAByteOrderMark() throws {
    let scratch = try ScratchDirectory()
    try scratch.write("app.yaml", "routecfg: 1\ninclude: [bom.yaml]\n")
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a: b: c\n".utf8)
    #expect(FileManager.default.createFile(atPath: scratch.path + "/bom.yaml", contents: Data(bytes)))
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(encodings: ["utf-8"], root: scratch.path)
    client.open(scratch.uri("app.yaml"), text: "routecfg: 1\ninclude: [bom.yaml]\n")
    let syntax = try #require(try client.diagnostics(for: scratch.uri("bom.yaml")).first)
    #expect(syntax["code"]?.stringValue == "RC0105")
    #expect(syntax["range"]?["start"] == LSPPosition(line: 0, character: 4).json)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("incremental edits after astral characters land where the editor means them")
  func incrementalEditsAfterAstralCharacters() throws {
    let scratch = try ScratchDirectory()
    let text = "routecfg: 1\n# \u{1F600}\u{1F600} notes\nmodules: {Home: {kind: view, routes: [/]}}\n"
    let uri = scratch.uri("app.yaml")
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(options: .object([("validationDelay", .int(0))]))
    client.open(uri, text: text)
    #expect(try client.diagnostics(for: uri, version: 1).isEmpty)
    // Replace "notes" (UTF-16 characters 7..<12 of line 1, after two surrogate pairs) with a
    // line break and a key: the edit only parses when both ends are placed right.
    client.change(uri, version: 2, [((1, 7, 1, 12), "x\napp: 1nvalid")])
    let diagnostics = try client.diagnostics(for: uri, version: 2)
    #expect(diagnostics.compactMap { $0["code"]?.stringValue } == ["RC0205"])
    #expect(diagnostics.first?["range"]?["start"] == LSPPosition(line: 2, character: 5).json)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test(
    "YAML that is not a manifest (no top-level 'routecfg:') gets an empty diagnostics list and no answers")
  func otherYAML() throws {
    let scratch = try ScratchDirectory()
    let workflow = "name: CI\non: [push]\njobs:\n  build:\n    runs-on: ubuntu-latest\n"
    let uri = scratch.uri("ci.yml")
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(options: .object([("validationDelay", .int(0))]))
    client.open(uri, text: workflow)
    #expect(try client.diagnostics(for: uri, version: 1).isEmpty)
    #expect(try client.result("textDocument/completion", LSPClient.at(uri, 0, 2)) == .null)
    #expect(try client.result("textDocument/hover", LSPClient.at(uri, 2, 1)) == .null)
    // Once it declares the format, it is a manifest.
    client.change(uri, version: 2, [((0, 0, 0, 0), "routecfg: 1\n")])
    let diagnostics = try client.diagnostics(for: uri, version: 2)
    #expect(diagnostics.compactMap { $0["code"]?.stringValue } == ["RC0201", "RC0201", "RC0201"])
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test(
    "a routecfg key written where no line starts with it is a manifest's, as YAML reads it",
    arguments: [
      "--- {routecfg: 1, modules: {M: {kind: screen}}}\n", "&a routecfg: 1\nmodules: {M: {kind: screen}}\n",
      "\"route\\x63fg\": 1\nmodules: {M: {kind: screen}}\n",
    ])
  func formatDeclaredAsYAMLReadsIt(text: String) throws {
    let scratch = try ScratchDirectory()
    let uri = scratch.uri("app.yaml")
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(options: .object([("validationDelay", .int(0))]))
    client.open(uri, text: text)
    let codes = try client.diagnostics(for: uri, version: 1).compactMap { $0["code"]?.stringValue }
    #expect(codes.contains("RC0207"), "\(codes)")
    let outline = RouteCfgCore.JSONValue.object([("textDocument", .object([("uri", .string(uri))]))])
    #expect(try client.result("textDocument/documentSymbol", outline).arrayValue?.isEmpty == false)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("a manifest written as JSON (a quoted routecfg key in a flow mapping) is checked")
  func manifestWrittenAsJSON() throws {
    let scratch = try ScratchDirectory()
    let text = """
      {
        "routecfg": 1,
        "protocols": {"P": "func f()"},
        "modules": {"A": {"kind": "view", "provides": ["P"], "routes": ["/a"]},
                    "B": {"kind": "view", "requires": ["Q"], "routes": ["/b"]}}
      }

      """
    let uri = scratch.uri("app.json.yaml")
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(options: .object([("validationDelay", .int(0))]))
    client.open(uri, text: text)
    let diagnostics = try client.diagnostics(for: uri, version: 1)
    #expect(diagnostics.compactMap { $0["code"]?.stringValue } == ["RC0503"])
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("the documentation link follows the diagnosticsDocumentation option")
  func documentationOption() throws {
    let text = try String(contentsOfFile: Self.invalidPath, encoding: .utf8)
    let uri = LSPClient.uri(Self.invalidPath)
    let client = try LSPClient()
    try client.initialize(
      options: .object([("diagnosticsDocumentation", .string("https://example.com/d.html"))]))
    client.open(uri, text: text)
    let diagnostics = try client.diagnostics(for: uri)
    #expect(
      diagnostics.first?["codeDescription"]?["href"]?.stringValue
        == "https://example.com/d.html#rc0606-missingadapter")
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("settings of the wrong type or range, and a link with its own '#', are logged; the link drops it")
  func oddSettingsAreLogged() throws {
    let text = try String(contentsOfFile: Self.invalidPath, encoding: .utf8)
    let uri = LSPClient.uri(Self.invalidPath)
    let client = try LSPClient()
    try client.initialize(
      options: .object([
        ("validationDelay", .string("abc")),
        ("diagnosticsDocumentation", .string("https://example.com/d.md#old")),
      ]))
    let delay = try client.notification("window/logMessage")
    #expect(
      delay["params"]?["message"]?.stringValue?.contains("ignored the setting validationDelay \"abc\"")
        == true,
      "\(delay.rendered())")
    let fragment = try client.notification("window/logMessage")
    #expect(fragment["params"]?["message"]?.stringValue?.contains("without its '#' part") == true)
    client.open(uri, text: text)
    let diagnostics = try client.diagnostics(for: uri)
    #expect(
      diagnostics.first?["codeDescription"]?["href"]?.stringValue
        == "https://example.com/d.md#rc0606-missingadapter")
    #expect(try client.shutdownAndExit() == 0)
    // Not an address: ignored, and the bundled page stays.
    let second = try LSPClient()
    try second.initialize(options: .object([("diagnosticsDocumentation", .string("not a url"))]))
    let ignored = try second.notification("window/logMessage")
    #expect(
      ignored["params"]?["message"]?.stringValue?.contains("ignored the setting diagnosticsDocumentation")
        == true)
    #expect(try second.shutdownAndExit() == 0)
  }

  @Test("a change without an integer version is applied, numbered by the server, and logged")
  func changeWithoutAVersion() throws {
    let session = try OpenedManifest(text: "routecfg: 1\nmodules:\n  A: {kind: vieww, routes: [/a]}\n")
    let (uri, client) = (session.uri, session.client)
    client.notify(
      "textDocument/didChange",
      .object([
        ("textDocument", .object([("uri", .string(uri)), ("version", .null)])),
        (
          "contentChanges",
          .array([.object([("text", .string("routecfg: 1\nmodules:\n  A: {kind: view, routes: [/a]}\n"))])])
        ),
      ]))
    let log = try client.notification("window/logMessage")
    #expect(
      log["params"]?["message"]?.stringValue?.contains("has no integer 'version'") == true,
      "\(log.rendered())")
    #expect(try client.diagnostics(for: uri, version: 2).isEmpty)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("a change with no content changes still moves the document to its version")
  func changeWithoutContentChanges() throws {
    let text = "routecfg: 1\nmodules:\n  A: {kind: vieww, routes: [/a]}\n"
    let scratch = try ScratchDirectory()
    try scratch.write("m.yaml", text)
    let uri = scratch.uri("m.yaml")
    let client = try LSPClient(directory: scratch.path)
    _ = try client.initialize(root: scratch.path, versionedEdits: true)
    client.open(uri, text: text)
    _ = try client.diagnostics(for: uri, version: 1)
    client.notify(
      "textDocument/didChange",
      .object([
        ("textDocument", .object([("uri", .string(uri)), ("version", .int(2))])),
        ("contentChanges", .array([])),
      ]))
    // The same text, checked again as version 2; a rename's edits carry version 2.
    #expect(try client.diagnostics(for: uri, version: 2).count == 1)
    let rename = try client.result(
      "textDocument/rename",
      .object([
        ("textDocument", .object([("uri", .string(uri))])),
        ("position", .object([("line", .int(2)), ("character", .int(2))])), ("newName", .string("B")),
      ]))
    let changes = rename["documentChanges"]?.arrayValue ?? []
    #expect(changes.first?["textDocument"]?["version"]?.intValue == 2, "\(rename.rendered())")
    #expect(try client.shutdownAndExit() == 0)
  }
}
