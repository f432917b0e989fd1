import Foundation
import RouteCfgCore
import Testing

@testable import RouteCfgLanguageServer

/// Go to definition, references, highlights, hover and the outline on a manifest that uses
/// every kind of reference.
@Suite("routecfg lsp: navigation and hover")
struct NavigationTests {
  /// (where the cursor is, offset into it, where the declaration's name starts, offset into it).
  static let definitions: [(String, Int, String, Int)] = [
    ("inherits: [ScreenInput]", 12, "ScreenInput: |", 0),
    ("var header: HeaderInput?", 14, "HeaderInput: |", 0),
    ("provides: [DetailInput]", 12, "DetailInput:", 0),
    ("owner: AlertInput?", 8, "AlertInput: |", 0),
    ("requires: [RequiredScreen", 12, "RequiredScreen: |", 0),
    ("adapt: RequiredScreen", 8, "RequiredScreen: |", 0),
    ("to: DetailInput", 5, "DetailInput:", 0),
    ("caption: header.title", 2, "var caption", 4),
    ("caption: header.title", 10, "var header", 4),
    ("caption: header.title", 18, "var title", 4),
    ("present: show(animated:)", 2, "func present", 5),
    ("present: show(animated:)", 11, "func show", 5),
    ("  AlertInput: IOSAlert", 4, "AlertInput: |", 0),
    ("  AlertInput: IOSAlert", 15, "IOSAlert: {", 0),
    ("AlertInput: MacAlert", 14, "MacAlert: {", 0),
    ("fallback: Missing", 11, "Missing: {", 0),
  ]

  @Test("definition reaches the declaration of every protocol, module and member reference")
  func definitions() throws {
    let session = try TourSession()
    for (needle, offset, declaration, declarationOffset) in Self.definitions {
      let result = try session.ask("textDocument/definition", needle, offset: offset)
      let location = result.arrayValue?.first
      #expect(location?["uri"]?.stringValue == session.uri, "\(needle) +\(offset)")
      #expect(
        location?["range"]?["start"] == session.position(declaration, offset: declarationOffset),
        "\(needle) +\(offset) should reach \(declaration)")
    }
    // Nothing to go to on a key or a route, nor on a name in a YAML or Swift comment.
    #expect(try session.ask("textDocument/definition", "kind: view", offset: 1) == .null)
    #expect(try session.ask("textDocument/definition", "(AlertInput", offset: 1) == .null)
    #expect(try session.ask("textDocument/definition", "title of the HeaderInput", offset: 17) == .null)
    try session.finish()
  }

  @Test("a word before a colon inside a quoted value is no key: hover does not explain one")
  func noKeyInsideQuotes() throws {
    let text = """
      routecfg: 1
      protocols:
        Store: "func note(id: Int, title: String) -> Bool"
      modules:
        S: {kind: service, provides: [Store], "routes": [/s]}

      """
    let session = try OpenedManifest(text: text)
    let (uri, client) = (session.uri, session.client)
    let inQuotes = try client.result("textDocument/hover", LSPClient.at(uri, 2, 31))  // 'title'
    #expect(inQuotes["contents"]?["value"]?.stringValue?.contains("`title`:") != true, "\(inQuotes)")
    let quotedKey = try client.result("textDocument/hover", LSPClient.at(uri, 4, 43))  // '"routes"'
    #expect(quotedKey["contents"]?["value"]?.stringValue?.hasPrefix("`routes`:") == true, "\(quotedKey)")
    #expect(try session.client.shutdownAndExit() == 0)
  }

  @Test("references and the outline of a manifest written as JSON on one long line land on the names")
  func oneLongLine() throws {
    // Thousands of bytes on one line, with characters of 2, 3 and 4 bytes (2 UTF-16 units) before
    // the places: found from the line's checkpoints, not by a walk from its start.
    var protocols = [#""Shared":"var id: Int { get }""#]
    var modules: [String] = []
    for index in 0..<60 {
      protocols.append(#""Réglage\#(index)":"var é\#(index): String // 😀 한""#)
      let requires = index == 0 ? "" : #","requires":["Shared"]"#
      let provides = index == 0 ? #"["Réglage0","Shared"]"# : #"["Réglage\#(index)"]"#
      modules.append(
        #""M\#(index)":{"kind":"view","provides":\#(provides)\#(requires),"routes":["/m\#(index)"]}"#)
    }
    let text =
      #"{"routecfg":1,"protocols":{"# + protocols.joined(separator: ",") + #"},"modules":{"#
      + modules.joined(separator: ",") + "}}\n"
    let session = try OpenedManifest(text: text)
    let (uri, client) = (session.uri, session.client)
    #expect(session.diagnostics.isEmpty, "\(session.diagnostics)")
    let utf16 = Array(text.utf16)
    func written(_ range: RouteCfgCore.JSONValue?) -> String {
      guard let start = range?["start"]?["character"]?.intValue,
        let end = range?["end"]?["character"]?.intValue
      else { return "" }
      return String(decoding: utf16[start..<end], as: UTF16.self)
    }
    let last = text.utf16.distance(
      from: text.utf16.startIndex, to: try #require(text.range(of: "Shared", options: .backwards)).lowerBound)
    let references = try client.result(
      "textDocument/references", LSPClient.referencesAt(uri, 0, last + 1))
    let places = references.arrayValue ?? []
    #expect(places.count == 61, "\(references.rendered())")
    #expect(places.allSatisfy { written($0["range"]) == "Shared" }, "\(places.map { written($0["range"]) })")
    let symbols = try client.documentSymbols(uri)
    let names = (symbols.arrayValue ?? []).flatMap { $0["children"]?.arrayValue ?? [] }
    let selected = names.map { written($0["selectionRange"]) }
    // A quoted key is selected without its quotes: the name, as references give it.
    #expect(selected.contains("Réglage59") && selected.contains("M59"), "\(selected)")
    #expect(!selected.contains { $0.hasPrefix("\"") }, "\(selected)")
    // Go to definition and hover land on the name too, without the quotes it is declared in.
    let definition = try client.result("textDocument/definition", LSPClient.at(uri, 0, last + 1))
    #expect(written(definition.arrayValue?.first?["range"]) == "Shared", "\(definition)")
    let hover = try client.result("textDocument/hover", LSPClient.at(uri, 0, last + 1))
    #expect(written(hover["range"]) == "Shared", "\(hover)")
    #expect(try session.client.shutdownAndExit() == 0)
  }

  @Test("a YAML alias of a name leads where the name does: definition, hover, references")
  func aliases() throws {
    let text = """
      routecfg: 1
      protocols:
        Foo: "func foo()"
      modules:
        P: {kind: view, provides: [&p Foo], routes: [/p]}
        Q: {kind: view, requires: [*p], routes: [/q]}

      """
    let session = try OpenedManifest(text: text)
    let (uri, client) = (session.uri, session.client)
    #expect(session.diagnostics.isEmpty)
    let alias = LSPClient.at(uri, 5, 30)  // the 'p' of '*p'
    let definition = try client.result("textDocument/definition", alias)
    #expect(definition.arrayValue?.first?["range"]?["start"] == LSPPosition(line: 2, character: 2).json)
    let hover = try client.result("textDocument/hover", alias)
    #expect(hover["contents"]?["value"]?.stringValue?.contains("protocol Foo") == true)
    #expect(hover["range"]?["start"] == LSPPosition(line: 5, character: 29).json)
    let references = try client.result(
      "textDocument/references", LSPClient.referencesAt(uri, 5, 30))
    // The declaration and the anchored name, each once: the alias is that name, not another place.
    #expect(references.arrayValue?.count == 2)
    // Rename keeps to names as written: the alias's text is not a name.
    #expect(try client.result("textDocument/prepareRename", alias) == .null)
    #expect(try session.client.shutdownAndExit() == 0)
  }

  @Test("a quoted name's references and highlights are the name, without its quotes, as rename edits it")
  func quotedNames() throws {
    let text = """
      routecfg: 1
      protocols:
        "Bar": ""
      modules:
        P: {kind: view, provides: ["Bar"], routes: [/p]}

      """
    let session = try OpenedManifest(text: text)
    let (uri, client) = (session.uri, session.client)
    let references = try client.result(
      "textDocument/references", LSPClient.referencesAt(uri, 4, 31))
    #expect(
      references.arrayValue?.map { $0["range"]?["start"] } == [
        LSPPosition(line: 2, character: 3).json, LSPPosition(line: 4, character: 30).json,
      ])
    let highlights = try client.result("textDocument/documentHighlight", LSPClient.at(uri, 2, 4))
    #expect(
      highlights.arrayValue?.map { $0["range"]?["end"] } == [
        LSPPosition(line: 2, character: 6).json, LSPPosition(line: 4, character: 33).json,
      ])
    #expect(try session.client.shutdownAndExit() == 0)
  }

  @Test("a name written with escapes in quotes is referred to inside its quotes, as one without escapes")
  func escapedQuotedNames() throws {
    let text = """
      routecfg: 1
      protocols:
        Bar: ""
      modules:
        P: {kind: view, provides: ["\\u0042ar"], routes: [/p]}

      """
    let session = try OpenedManifest(text: text)
    let (uri, client) = (session.uri, session.client)
    let references = try client.result("textDocument/references", LSPClient.referencesAt(uri, 2, 3))
    let ranges = references.arrayValue?.map { [$0["range"]?["start"], $0["range"]?["end"]] }
    #expect(
      ranges == [
        [LSPPosition(line: 2, character: 2).json, LSPPosition(line: 2, character: 5).json],
        [LSPPosition(line: 4, character: 30).json, LSPPosition(line: 4, character: 38).json],
      ], "\(references)")
    #expect(try session.client.shutdownAndExit() == 0)
  }

  @Test("a member named in quotes in a map (as JSON writes it) is referred to without its quotes")
  func quotedMemberNames() throws {
    let text = """
      routecfg: 1
      protocols:
        Foo: |
          var x: Int { get }
        Req: |
          var x: Int { get }
      modules:
        A: {kind: view, provides: [Foo], routes: [/a]}
        B: {kind: view, requires: [Req], routes: [/b]}
      adapters:
        - adapt: Req
          to: Foo
          map:
            "x": 'x'

      """
    let session = try OpenedManifest(text: text)
    let (uri, client) = (session.uri, session.client)
    let references = try client.result(
      "textDocument/references", LSPClient.referencesAt(uri, 3, 8))
    #expect(
      references.arrayValue?.map { [$0["range"]?["start"], $0["range"]?["end"]] } == [
        [LSPPosition(line: 3, character: 8).json, LSPPosition(line: 3, character: 9).json],
        [LSPPosition(line: 13, character: 12).json, LSPPosition(line: 13, character: 13).json],
      ])
    let highlights = try client.result("textDocument/documentHighlight", LSPClient.at(uri, 5, 8))
    #expect(
      highlights.arrayValue?.map { $0["range"]?["start"] } == [
        LSPPosition(line: 5, character: 8).json, LSPPosition(line: 13, character: 7).json,
      ])
    #expect(try session.client.shutdownAndExit() == 0)
  }

  @Test("references and highlights list every place a name is written")
  func referencesAndHighlights() throws {
    let session = try TourSession()
    let references = try session.ask("textDocument/references", "AlertInput: |", offset: 3)
    let starts = references.arrayValue?.compactMap { $0["range"]?["start"] } ?? []
    let expected = [
      session.position("AlertInput: |"), session.position("owner: AlertInput?", offset: 7),
      session.position("requires: [RequiredScreen, AlertInput]", offset: 27),
      session.position("provides: [AlertInput]", offset: 11),
      session.position("provides: [AlertInput]", offset: 11, after: session.finder.line(of: "IOSAlert: {")),
      session.position("  AlertInput: IOSAlert", offset: 2), session.position("AlertInput: MacAlert"),
    ]
    #expect(starts.count == expected.count)
    #expect(Set(starts.map { $0.rendered() }) == Set(expected.map { $0.rendered() }))
    let withoutDeclaration = try session.client.result(
      "textDocument/references",
      .object([
        ("textDocument", .object([("uri", .string(session.uri))])),
        ("position", session.position("AlertInput: |", offset: 3)),
        ("context", .object([("includeDeclaration", .bool(false))])),
      ]))
    #expect(withoutDeclaration.arrayValue?.count == expected.count - 1)
    // Members: the declaration and the 'map' entry that names it.
    let member = try session.ask("textDocument/references", "var caption", offset: 5)
    #expect(member.arrayValue?.count == 2)
    let highlights = try session.ask("textDocument/documentHighlight", "to: DetailInput", offset: 6)
    let kinds = highlights.arrayValue?.compactMap { $0["kind"]?.intValue }.sorted()
    #expect(kinds == [2, 2, 3], "two reads (provides, to) and the declaration")
    try session.finish()
  }

  @Test("hover on a required protocol only an inheriting module provides says it answers no requirement")
  func hoverOnAProtocolOnlyInherited() throws {
    let text = """
      routecfg: 1
      protocols:
        Base: "func a()"
        Child: {inherits: [Base], members: "func b()"}
      modules:
        D: {kind: view, provides: [Child], routes: [/d]}
        C: {kind: view, requires: [Base], routes: [/c]}

      """
    let session = try OpenedManifest(text: text)
    #expect(session.diagnostics.contains { $0["code"]?.stringValue == "RC0701" })
    let (line, character) = TextFinder(text).position(of: "Base]", offset: 1)
    let hover = try session.client.result("textDocument/hover", LSPClient.at(session.uri, line, character))
    let value = hover["contents"]?["value"]?.stringValue ?? ""
    #expect(value.contains("provided by `D` (as `Child`), which answers no `requires` of it"), "\(value)")
    #expect(try session.client.shutdownAndExit() == 0)
  }

  @Test("hover shows protocols with inherited members, modules, both sides of a map entry, keys")
  func hover() throws {
    let session = try TourSession()
    func text(_ needle: String, _ offset: Int) throws -> String {
      try session.ask("textDocument/hover", needle, offset: offset)["contents"]?["value"]?.stringValue ?? ""
    }
    let detail = try text("provides: [DetailInput]", 12)
    #expect(detail.contains("protocol DetailInput: ScreenInput {"))
    #expect(
      detail.contains(
        "  var subtitle: String { get set }\n  // inherited from ScreenInput\n  var header: HeaderInput? { get }"
      ))
    #expect(detail.contains("func show(animated: Bool) -> Bool"))
    #expect(detail.contains("provided by `Detail`"))
    #expect(detail.contains("adapter from `RequiredScreen`"))
    // No module lists ScreenInput, and none requires it: the module providing DetailInput, which
    // inherits it, makes it.
    let screen = try text("inherits: [ScreenInput]", 12)
    #expect(screen.contains("provided by `Detail` (as `DetailInput`)"), "\(screen)")
    #expect(!screen.contains("answers no `requires`"), "\(screen)")
    let requiresKey = try text("requires: [RequiredScreen", 3)
    #expect(requiresKey == "`requires`: Protocols this module needs, in its own words.")
    let module = try text("  Home:", 3)
    #expect(module.contains("**view** module `Home`"))
    #expect(module.contains("requires `RequiredScreen`, `AlertInput`"))
    #expect(module.contains("routes `/`"))
    let detailModule = try text("  Detail:", 3)
    #expect(detailModule.contains("parameters `id: Int`, `owner: AlertInput?`"))
    let fallback = try text("  Missing: {", 3)
    #expect(fallback.contains("the fallback for unmatched URLs"))
    for offset in [2, 12] {
      let entry = try text("caption: header.title", offset)
      #expect(entry.contains("// RequiredScreen (required)\nvar caption: String? { get set }"))
      #expect(
        entry.contains("// DetailInput (provided, key path header.title)\nvar title: String? { get set }"))
    }
    let method = try text("present: show(animated:)", 12)
    #expect(method.contains("func present(animated: Bool) -> Bool"))
    #expect(method.contains("func show(animated: Bool) -> Bool"))
    let key = try session.ask("textDocument/hover", "    kind: view", offset: 5)
    #expect(
      key["contents"]?["value"]?.stringValue?.contains(
        "'view' (made and used on the main actor) or 'service'") == true)
    #expect(key["range"]?["start"] == session.position("    kind: view", offset: 4))
    // In a flow mapping too, as in a manifest written as JSON.
    let flowKey = try session.ask("textDocument/hover", "{kind: view, provides: [AlertInput]}", offset: 2)
    #expect(flowKey["contents"]?["value"]?.stringValue?.hasPrefix("`kind`: 'view'") == true, "\(flowKey)")
    let provides = try session.ask("textDocument/hover", "provides: [AlertInput]}", offset: 3)
    #expect(provides["contents"]?["value"]?.stringValue?.hasPrefix("`provides`:") == true, "\(provides)")
    #expect(try session.ask("textDocument/hover", "# A manifest", offset: 3) == .null)
    try session.finish()
  }

  @Test(
    "hover is plain text for a client that asks for it, or names no format",
    arguments: [
      RouteCfgCore.JSONValue.object([("hover", .object([("contentFormat", .array([.string("plaintext")]))]))]
      ),
      .object([]),
    ])
  func plainTextHover(textDocument: RouteCfgCore.JSONValue) throws {
    let session = try TourSession(textDocument: textDocument)
    let module = try session.ask("textDocument/hover", "  Home:", offset: 3)
    #expect(module["contents"]?["kind"]?.stringValue == "plaintext")
    let text = module["contents"]?["value"]?.stringValue ?? ""
    #expect(text.contains("view module Home"))
    #expect(text.contains("requires RequiredScreen, AlertInput"))
    let detail = try session.ask("textDocument/hover", "provides: [DetailInput]", offset: 12)
    let declaration = detail["contents"]?["value"]?.stringValue ?? ""
    #expect(declaration.hasPrefix("protocol DetailInput: ScreenInput {"))
    #expect(!declaration.contains("`"))
    try session.finish()
  }

  @Test("without hierarchical symbol support the outline is a flat list with container names")
  func flatDocumentSymbols() throws {
    let session = try TourSession(textDocument: .object([]))
    let symbols = try session.client.documentSymbols(session.uri)
    let list = symbols.arrayValue ?? []
    #expect(list.allSatisfy { $0["children"] == nil && $0["location"]?["uri"]?.stringValue == session.uri })
    func named(_ name: String) -> RouteCfgCore.JSONValue? { list.first { $0["name"]?.stringValue == name } }
    #expect(named("protocols")?["containerName"] == nil)
    #expect(named("ScreenInput")?["containerName"]?.stringValue == "protocols")
    #expect(named("show(animated:)")?["containerName"]?.stringValue == "ScreenInput")
    #expect(named("/detail/:id")?["containerName"]?.stringValue == "Detail")
    #expect(
      named("Detail")?["location"]?["range"]?["start"] == session.position("  Detail:", offset: 2))
    try session.finish()
  }

  @Test("the outline asked for right after an edit is the outline of the edited text")
  func documentSymbolsAfterAnEdit() throws {
    let scratch = try ScratchDirectory()
    let text = "routecfg: 1\nmodules:\n  Home: {kind: view, routes: [/]}\n"
    let uri = scratch.uri("app.yaml")
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(options: .object([("validationDelay", .int(500))]), root: scratch.path)
    client.open(uri, text: text)
    _ = try client.diagnostics(for: uri, version: 1)
    let request: RouteCfgCore.JSONValue = .object([("textDocument", .object([("uri", .string(uri))]))])
    func modules() throws -> [String] {
      let top = try client.result("textDocument/documentSymbol", request).arrayValue ?? []
      let modules = top.first { $0["name"]?.stringValue == "modules" }?["children"]?.arrayValue ?? []
      return modules.compactMap { $0["name"]?.stringValue }
    }
    #expect(try modules() == ["Home"])
    // Well inside the half-second delay before the edit is checked.
    client.change(uri, version: 2, [((3, 0, 3, 0), "  Settings: {kind: view, routes: [/settings]}\n")])
    #expect(try modules() == ["Home", "Settings"])
    // References to a name typed just now count.
    client.change(uri, version: 3, [((4, 0, 4, 0), "  Other: {kind: view, routes: [/o]}\n")])
    let references = try client.result(
      "textDocument/references", LSPClient.referencesAt(uri, 4, 3))
    #expect(references.arrayValue?.count == 1)
    // Broken YAML is analysed too (it just has no new outline): the request does not wait forever.
    client.change(uri, version: 4, [((5, 0, 5, 0), "  Broken: [\n")])
    _ = try client.result("textDocument/documentSymbol", request)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("while the text does not parse, references and the outline leave out places changed since")
  func deletedPlacesWhileUnparsed() throws {
    let scratch = try ScratchDirectory()
    let text =
      "routecfg: 1\nprotocols:\n  Pro: |\n    func f()\nmodules:\n  A:\n    kind: view\n    provides: [Pro]\n"
      + "    routes: [/a]\n  B:\n    kind: view\n    requires: [Pro]\n    routes: [/b]\n"
    let uri = scratch.uri("app.yaml")
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(options: .object([("validationDelay", .int(0))]), root: scratch.path)
    client.open(uri, text: text)
    _ = try client.diagnostics(for: uri, version: 1)
    // Module B goes and a flow mapping is started in its place: the text does not parse.
    client.change(uri, version: 2, [((9, 0, 13, 0), ""), ((9, 0, 9, 0), "  C: {kind: [")])
    let references = try client.result(
      "textDocument/references", LSPClient.referencesAt(uri, 2, 2))
    #expect(references.arrayValue?.compactMap { $0["range"]?["start"]?["line"]?.intValue } == [2, 7])
    let top =
      try client.documentSymbols(uri).arrayValue ?? []
    let modules = top.first { $0["name"]?.stringValue == "modules" }?["children"]?.arrayValue ?? []
    #expect(modules.compactMap { $0["name"]?.stringValue } == ["A"])
    // A name written over in part (`[PXo]`) is no longer a place of the name either.
    client.change(uri, version: 3, [((7, 16, 7, 17), "X")])
    let afterOverwrite = try client.result(
      "textDocument/references", LSPClient.referencesAt(uri, 2, 2))
    #expect(afterOverwrite.arrayValue?.compactMap { $0["range"]?["start"]?["line"]?.intValue } == [2])
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("while the text does not parse, a name made part of a longer word is no place of the name")
  func extendedPlacesWhileUnparsed() throws {
    let scratch = try ScratchDirectory()
    let text =
      "routecfg: 1\nprotocols:\n  Pro: |\n    func f()\nmodules:\n  A: {kind: view, provides: [Pro], routes: [/a]}\n"
      + "  B: {kind: view, requires: [Pro], routes: [/b]}\n"
    let uri = scratch.uri("app.yaml")
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(options: .object([("validationDelay", .int(0))]), root: scratch.path)
    client.open(uri, text: text)
    _ = try client.diagnostics(for: uri, version: 1)
    // The text stops parsing, then `Pro` in A's list becomes `Pros`, and the declaration `XPro`.
    client.change(uri, version: 2, [((7, 0, 7, 0), "junk: [\n"), ((5, 32, 5, 32), "s"), ((2, 2, 2, 2), "X")])
    let references = try client.result("textDocument/references", LSPClient.referencesAt(uri, 6, 30))
    #expect(
      references.arrayValue?.compactMap { $0["range"]?["start"]?["line"]?.intValue } == [6], "\(references)")
    #expect(try client.shutdownAndExit() == 0)
  }

  /// The outline of `text` opened as a manifest, the client, to shut down, and its directory,
  /// kept while the server runs.
  private static func outline(
    of text: String
  ) throws -> (LSPClient, [RouteCfgCore.JSONValue], ScratchDirectory) {
    let scratch = try ScratchDirectory()
    let uri = scratch.uri("app.yaml")
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(root: scratch.path)
    client.open(uri, text: text)
    _ = try client.diagnostics(for: uri, version: 1)
    let request = RouteCfgCore.JSONValue.object([("textDocument", .object([("uri", .string(uri))]))])
    return (client, try client.result("textDocument/documentSymbol", request).arrayValue ?? [], scratch)
  }

  /// Every selection lies within its symbol's range (editors reject the outline otherwise), also
  /// for an adapter whose `adapt` is an alias of a node written before it.
  @Test("an adapter whose 'adapt' is an alias selects its own item")
  func aliasedAdapterSelection() throws {
    let text = """
      routecfg: 1
      protocols:
        &req Required: "var caption: String? { get set }"
        Provided: "var title: String? { get set }"
      modules:
        Screen: {kind: view, provides: [Provided]}
        Home: {kind: view, requires: [Required], routes: [/]}
      adapters:
        - adapt: *req
          to: Provided
          map: {caption: title}

      """
    let (client, top, scratch) = try Self.outline(of: text)
    defer { withExtendedLifetime(scratch) {} }
    let adapter = try #require(
      top.first { $0["name"]?.stringValue == "adapters" }?["children"]?.arrayValue?.first)
    func line(_ value: RouteCfgCore.JSONValue?) -> Int { value?["line"]?.intValue ?? -1 }
    #expect(line(adapter["selectionRange"]?["start"]) == 8, "\(adapter)")
    #expect(line(adapter["range"]?["start"]) <= line(adapter["selectionRange"]?["start"]))
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("a protocol whose body is an alias covers its entry, and its members are listed at the anchor")
  func aliasedProtocolBody() throws {
    let text = """
      routecfg: 1
      protocols:
        A: &body |
          var x: Int
        B: *body
      modules:
        M: {kind: view, provides: [A, B], routes: [/m]}

      """
    let (client, top, scratch) = try Self.outline(of: text)
    defer { withExtendedLifetime(scratch) {} }
    let protocols = top.first { $0["name"]?.stringValue == "protocols" }?["children"]?.arrayValue ?? []
    let (a, b) = (try #require(protocols.first), try #require(protocols.last))
    #expect(a["children"]?.arrayValue?.count == 1, "\(a)")
    #expect(b["children"]?.arrayValue?.isEmpty ?? true, "\(b)")
    func point(_ value: RouteCfgCore.JSONValue?) -> [Int] {
      [value?["line"]?.intValue ?? -1, value?["character"]?.intValue ?? -1]
    }
    #expect(point(b["range"]?["start"]) == [4, 2] && point(b["range"]?["end"]) == [4, 10], "\(b)")
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("a binding whose key is an alias covers its own entry and selects the alias")
  func aliasedEntryKeys() throws {
    let text = """
      routecfg: 1
      protocols:
        &p P: |
          var a: Int
        &q Q: "var b: Int"
      modules:
        &m M: {kind: view, provides: [P, Q], routes: [/]}
      adapters:
        - {adapt: Q, to: P, map: {b: a}}
      bindings:
        *p : M
        *q : *m

      """
    let (client, top, scratch) = try Self.outline(of: text)
    defer { withExtendedLifetime(scratch) {} }
    func place(_ value: RouteCfgCore.JSONValue?) -> [Int] {
      [
        value?["start"]?["line"]?.intValue ?? -1, value?["start"]?["character"]?.intValue ?? -1,
        value?["end"]?["line"]?.intValue ?? -1, value?["end"]?["character"]?.intValue ?? -1,
      ]
    }
    let bindings = top.first { $0["name"]?.stringValue == "bindings" }?["children"]?.arrayValue ?? []
    #expect(bindings.map { $0["name"]?.stringValue } == ["P → M", "Q → M"])
    #expect(bindings.map { place($0["range"]) } == [[10, 2, 10, 8], [11, 2, 11, 9]], "\(bindings)")
    #expect(
      bindings.map { place($0["selectionRange"]) } == [[10, 2, 10, 4], [11, 2, 11, 4]], "\(bindings)")
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("the outline lists protocols with their members, modules with routes, adapters with map entries")
  func documentSymbols() throws {
    let session = try TourSession()
    let symbols = try session.client.documentSymbols(session.uri)
    let top = symbols.arrayValue ?? []
    #expect(
      top.compactMap { $0["name"]?.stringValue }
        == ["routecfg", "app", "fallback", "protocols", "modules", "adapters", "bindings", "variants"])
    func children(_ symbol: RouteCfgCore.JSONValue?) -> [RouteCfgCore.JSONValue] {
      symbol?["children"]?.arrayValue ?? []
    }
    func named(_ name: String, in list: [RouteCfgCore.JSONValue]) -> RouteCfgCore.JSONValue? {
      list.first { $0["name"]?.stringValue == name }
    }
    let protocols = children(named("protocols", in: top))
    #expect(
      protocols.compactMap { $0["name"]?.stringValue } == [
        "HeaderInput", "ScreenInput", "DetailInput", "RequiredScreen", "AlertInput",
      ])
    let screen = named("ScreenInput", in: protocols)
    #expect(children(screen).compactMap { $0["name"]?.stringValue } == ["header", "show(animated:)"])
    #expect(children(screen).compactMap { $0["kind"]?.intValue } == [7, 6])
    // A member's range is its declaration's line, its selection only the name.
    let show = try #require(named("show(animated:)", in: children(screen)))
    let declaration = "    func show(animated: Bool) -> Bool"
    #expect(show["selectionRange"]?["start"] == session.position(declaration, offset: 9))
    #expect(show["range"]?["start"] == session.position(declaration, offset: 4))
    #expect(show["range"]?["end"] == session.position(declaration, offset: declaration.utf16.count))
    #expect(named("DetailInput", in: protocols)?["detail"]?.stringValue == "protocol: ScreenInput")
    let modules = children(named("modules", in: top))
    #expect(modules.compactMap { $0["kind"]?.intValue }.allSatisfy { $0 == 2 })
    #expect(children(named("Detail", in: modules)).compactMap { $0["name"]?.stringValue } == ["/detail/:id"])
    let adapter = children(named("adapters", in: top)).first
    #expect(adapter?["name"]?.stringValue == "RequiredScreen → DetailInput")
    #expect(
      children(adapter).compactMap { $0["name"]?.stringValue } == [
        "caption → header.title", "present → show(animated:)",
      ])
    // An adapter's selection is the adapted protocol's name, inside the item's range.
    #expect(adapter?["selectionRange"]?["start"] == session.position("  - adapt: RequiredScreen", offset: 11))
    #expect(adapter?["selectionRange"]?["end"] == session.position("  - adapt: RequiredScreen", offset: 25))
    let variant = children(named("variants", in: top)).first
    #expect(children(variant).compactMap { $0["name"]?.stringValue } == ["AlertInput → MacAlert"])
    // The module's range covers its whole entry, its selection only the name.
    let detail = try #require(named("Detail", in: modules))
    #expect(detail["selectionRange"]?["start"] == session.position("  Detail:", offset: 2))
    #expect(
      (detail["range"]?["end"]?["line"]?.intValue ?? 0) >= session.finder.line(of: "routes: [\"/detail"))
    try session.finish()
  }
}
