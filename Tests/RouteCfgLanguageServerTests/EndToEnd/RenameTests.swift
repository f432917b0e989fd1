import Foundation
import RouteCfgCore
import Testing

@testable import RouteCfgLanguageServer

/// Renaming a protocol or a module edits its declaration and every reference, and leaves the
/// manifest as valid as it was.
@Suite("routecfg lsp: rename")
struct RenameTests {
  static func at(_ uri: String, _ line: Int, _ character: Int, newName: String? = nil)
    -> RouteCfgCore.JSONValue
  {
    var params: [(String, RouteCfgCore.JSONValue)] = [
      ("textDocument", .object([("uri", .string(uri))])),
      ("position", LSPPosition(line: line, character: character).json),
    ]
    if let newName { params.append(("newName", .string(newName))) }
    return .object(params)
  }

  /// `text` with the edits of a workspace edit for `uri` applied, last first.
  static func applying(_ edit: RouteCfgCore.JSONValue, uri: String, to text: String) -> String {
    let document = TextDocument(uri: uri, version: 1, text: text, canonicalPath: nil)
    let edits = (edit["changes"]?[uri]?.arrayValue ?? []).compactMap { item -> (Int, Int, String)? in
      guard let range = LSPRange(item["range"]), let newText = item["newText"]?.stringValue else {
        return nil
      }
      return (
        document.offset(of: range.start, encoding: .utf16), document.offset(of: range.end, encoding: .utf16),
        newText
      )
    }
    var bytes = Array(text.utf8)
    for (start, end, newText) in edits.sorted(by: { $0.0 > $1.0 }) {
      bytes.replaceSubrange(start..<end, with: Array(newText.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test("a protocol and a module are renamed everywhere they are named, and the manifest stays valid")
  func renameProtocolAndModule() throws {
    let session = try OpenedManifest("manifests/NoteApp.yaml")
    let (uri, client) = (session.uri, session.client)
    var text = session.text
    #expect(session.capabilities["capabilities"]?["renameProvider"]?["prepareProvider"] == .bool(true))
    // A client that does not prepare renames is offered rename alone, as LSP requires.
    let plain = try LSPClient(directory: session.scratch.path)
    let plainCapabilities = try plain.initialize(textDocument: .object([]))
    #expect(plainCapabilities["capabilities"]?["renameProvider"] == .bool(true))
    #expect(try plain.shutdownAndExit() == 0)
    #expect(session.diagnostics.isEmpty)
    let finder = TextFinder(text)
    // The protocol, from its use as a member type (line 26: 'var delegate: ModuleARequired...').
    let (line, character) = finder.position(of: "ModuleARequiredLoginViewDelegate?", offset: 3)
    let prepared = try client.result("textDocument/prepareRename", Self.at(uri, line, character))
    #expect(prepared["placeholder"]?.stringValue == "ModuleARequiredLoginViewDelegate")
    let edit = try client.result(
      "textDocument/rename", Self.at(uri, line, character, newName: "LoginObserver"))
    #expect(edit["changes"]?[uri]?.arrayValue?.count == 3)
    text = Self.applying(edit, uri: uri, to: text)
    #expect(!text.contains("ModuleARequiredLoginViewDelegate"))
    #expect(text.contains("  LoginObserver: |") && text.contains("  - adapt: LoginObserver"))
    // The module, from the fallback.
    let fallback = TextFinder(text).position(of: "fallback: NotFound", offset: 12)
    let moduleEdit = try client.result(
      "textDocument/rename", Self.at(uri, fallback.line, fallback.character, newName: "Missing"))
    text = Self.applying(moduleEdit, uri: uri, to: text)
    #expect(text.contains("fallback: Missing") && text.contains("  Missing:\n"))
    let result = try RouteCfg.validate(yaml: text, path: "NoteApp.yaml")
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("a file two roots include is renamed in both; an alias's place is edited once")
  func twoRootsAndAnAlias() throws {
    let scratch = try ScratchDirectory()
    let shared =
      "protocols:\n  Svc: |\n    func go()\nmodules:\n  Impl: {kind: service, provides: &p [Svc]}\n"
    try scratch.write("shared.yaml", shared)
    let r1 =
      "routecfg: 1\ninclude: [shared.yaml]\nmodules: {One: {kind: view, requires: [Svc], routes: [/one]}}\n"
    try scratch.write("r1.yaml", r1)
    let r2 =
      "routecfg: 1\ninclude: [shared.yaml]\nmodules: {Two: {kind: view, requires: [Svc], routes: [/two]}}\n"
    try scratch.write("r2.yaml", r2)
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(options: .object([("validationDelay", .int(0))]), root: scratch.path)
    // Both roots open: each is renamed in (a root that is neither open nor the file's own is
    // not searched).
    client.open(scratch.uri("r1.yaml"), text: r1)
    _ = try client.diagnostics(for: scratch.uri("r1.yaml"), version: 1)
    client.open(scratch.uri("r2.yaml"), text: r2)
    _ = try client.diagnostics(for: scratch.uri("r2.yaml"), version: 1)
    let sharedURI = scratch.uri("shared.yaml")
    client.open(sharedURI, text: shared)
    _ = try client.diagnostics(for: sharedURI, version: 1)
    let edit = try client.result("textDocument/rename", Self.at(sharedURI, 1, 3, newName: "Service"))
    let changes = try #require(edit["changes"])
    for name in ["r1.yaml", "r2.yaml"] {
      #expect(changes[scratch.uri(name)]?.arrayValue?.count == 1, "\(name)")
    }
    // The declaration and 'provides: &p [Svc]', once each.
    #expect(changes[sharedURI]?.arrayValue?.count == 2)
    // Started from one root's reference, the other root that includes the declaring file is
    // renamed in too, and its names count: 'Two', a module of r2, is taken.
    let r1URI = scratch.uri("r1.yaml")
    let fromRoot = try client.result("textDocument/rename", Self.at(r1URI, 2, 39, newName: "Service"))
    for name in ["r1.yaml", "r2.yaml"] {
      #expect(fromRoot["changes"]?[scratch.uri(name)]?.arrayValue?.count == 1, "\(name)")
    }
    #expect(fromRoot["changes"]?[sharedURI]?.arrayValue?.count == 2)
    let taken = try client.request("textDocument/rename", Self.at(r1URI, 2, 39, newName: "Two"))
    #expect(taken["error"]?["message"]?.stringValue?.contains("a module of that name exists") == true)
    // A name only r1 declares is renamed in r1 alone: r2's own 'Two' is not in the way.
    let own = try client.result("textDocument/rename", Self.at(r1URI, 2, 11, newName: "Two"))
    guard case .object(let edited)? = own["changes"] else {
      Issue.record("no changes: \(own)")
      return
    }
    #expect(edited.map(\.0) == [r1URI])
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("a rename is refused while the text does not parse, and to YAML's null or a standard type")
  func refusedWhileBroken() throws {
    let session = try OpenedManifest("manifests/NoteApp.yaml")
    let (text, uri, client) = (session.text, session.uri, session.client)
    let module = TextFinder(text).position(of: "fallback: NotFound", offset: 12)
    for newName in ["null", "String"] {
      let refused = try client.request(
        "textDocument/rename", Self.at(uri, module.line, module.character, newName: newName))
      #expect(refused["error"]?["code"]?.intValue == -32803, "\(newName)")
    }
    // Break the YAML on the last line: the last check that parsed is of older text.
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
    client.change(uri, version: 2, [((lines - 1, 0, lines - 1, 0), "broken: [\n")])
    _ = try client.diagnostics(for: uri, version: 2)
    let refused = try client.request(
      "textDocument/rename", Self.at(uri, module.line, module.character, newName: "Missing"))
    #expect(refused["error"]?["code"]?.intValue == -32803)
    #expect(refused["error"]?["message"]?.stringValue?.contains("has changed since its last check") == true)
    // prepareRename says so too, rather than offering a rename that would then be refused.
    let prepared = try client.request(
      "textDocument/prepareRename", Self.at(uri, module.line, module.character))
    #expect(prepared["error"]?["message"]?.stringValue?.contains("has changed since its last check") == true)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("a name written with escapes somewhere is refused by rename and by prepareRename alike, with where")
  func refusedWhereWrittenWithEscapes() throws {
    let text = #"""
      routecfg: 1
      protocols:
        Bar: |
          var a: Int
      modules:
        M: {kind: view, provides: ["B\x61r"], routes: [/]}

      """#
    let session = try OpenedManifest(text: text)
    let (uri, client) = (session.uri, session.client)
    let refused = try client.request("textDocument/rename", Self.at(uri, 2, 3, newName: "Qux"))
    #expect(refused["error"]?["code"]?.intValue == -32803)
    let message = refused["error"]?["message"]?.stringValue ?? ""
    #expect(message.contains("cannot keep") && message.contains("at line 6"), "\(refused)")
    // prepareRename refuses with the same why, so that an editor opens no rename box it would refuse.
    let prepared = try client.request("textDocument/prepareRename", Self.at(uri, 2, 3))
    #expect(prepared["error"]?["code"]?.intValue == -32803)
    #expect(prepared["error"]?["message"]?.stringValue == message, "\(prepared)")
    // Also with the cursor on the escaped spelling itself.
    let (line, character) = TextFinder(text).position(of: #"B\x61r"#, offset: 1)
    for method in ["textDocument/prepareRename", "textDocument/rename"] {
      let params = Self.at(uri, line, character, newName: method == "textDocument/rename" ? "Qux" : nil)
      let answer = try client.request(method, params)
      #expect(answer["error"]?["message"]?.stringValue == message, "\(method): \(answer)")
    }
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("in a document no check has parsed, rename says it does not parse, and prepareRename offers none")
  func refusedBeforeAnyParse() throws {
    let scratch = try ScratchDirectory()
    let text = "routecfg: 1\nprotocols:\n  P: \"func f()\"\nmodules: [\n"
    let uri = scratch.uri("app.yaml")
    let client = try LSPClient(directory: scratch.path)
    _ = try client.initialize(root: scratch.path)
    client.open(uri, text: text)
    _ = try client.diagnostics(for: uri, version: 1)
    let refused = try client.request("textDocument/rename", Self.at(uri, 2, 2, newName: "Q"))
    #expect(refused["error"]?["code"]?.intValue == -32803)
    #expect(refused["error"]?["message"]?.stringValue?.contains("does not parse") == true, "\(refused)")
    // Its names are not known: on a name or a key alike, nothing is offered.
    for (line, character) in [(2, 2), (0, 2)] {
      #expect(try client.result("textDocument/prepareRename", Self.at(uri, line, character)) == .null)
    }
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("a binding in a variant whose name is invalid (RC0205) is renamed too, and references reach it")
  func renameInsideAnUnreadVariant() throws {
    let scratch = try ScratchDirectory()
    let text = """
      routecfg: 1
      protocols:
        AlertInput: "var m: String { get }"
      modules:
        IOS: {kind: view, provides: [AlertInput]}
        Mac: {kind: view, provides: [AlertInput]}
        Home: {kind: view, requires: [AlertInput], routes: [/]}
      bindings: {AlertInput: IOS}
      variants:
        "mac os":
          bindings: {AlertInput: Mac}

      """
    let uri = scratch.uri("app.yaml")
    let client = try LSPClient(directory: scratch.path)
    _ = try client.initialize(root: scratch.path)
    client.open(uri, text: text)
    #expect(try client.diagnostics(for: uri, version: 1).compactMap { $0["code"]?.stringValue } == ["RC0205"])
    let (line, character) = TextFinder(text).position(of: "Mac:", offset: 1)
    let references = try client.result(
      "textDocument/references", LSPClient.referencesAt(uri, line, character))
    #expect(references.arrayValue?.count == 2, "\(references)")
    let edit = try client.result("textDocument/rename", Self.at(uri, line, character, newName: "MacAlert"))
    let renamed = Self.applying(edit, uri: uri, to: text)
    #expect(renamed.contains("bindings: {AlertInput: MacAlert}"), "\(renamed)")
    #expect(!renamed.contains("Mac}"))
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("a name written in another form the manifest reads as the same (decomposed, Kelvin sign) is renamed")
  func renameAcrossUnicodeForms() throws {
    let scratch = try ScratchDirectory()
    // 'CaféP' declared precomposed and named decomposed; 'Key' named once with the Kelvin sign.
    let text = """
      routecfg: 1
      protocols:
        Caf\u{E9}P: "var a: Int { get }"
        Key: "var b: Cafe\u{301}P { get }"
      modules:
        M: {kind: view, provides: [Cafe\u{301}P, \u{212A}ey], routes: [/m]}
      """
    let path = try scratch.write("app.yaml", text)
    let uri = LSPClient.uri(path)
    let client = try LSPClient(directory: scratch.path)
    _ = try client.initialize(root: scratch.path)
    client.open(uri, text: text)
    #expect(try client.diagnostics(for: uri, version: 1).isEmpty)
    for (written, newName) in [("Cafe\u{301}P, ", "Zed"), ("\u{212A}ey]", "Lock")] {
      let (line, character) = TextFinder(text).position(of: written, offset: 1)
      let prepared = try client.result("textDocument/prepareRename", Self.at(uri, line, character))
      #expect(prepared["range"] != nil, "\(written)")
      let edit = try client.result("textDocument/rename", Self.at(uri, line, character, newName: newName))
      let renamed = Self.applying(edit, uri: uri, to: text)
      #expect(edit["changes"]?[uri]?.arrayValue?.count == (newName == "Zed" ? 3 : 2), "\(edit)")
      let result = try RouteCfg.validate(yaml: renamed, path: "app.yaml")
      #expect(result.diagnostics.isEmpty, "\(renamed)")
      #expect(result.graph?.protocols[newName] != nil, "\(renamed)")
    }
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("a name a list repeats, or a binding repeated in another file, is renamed and referenced there too")
  func renameRepeatedEntries() throws {
    let scratch = try ScratchDirectory()
    let text = """
      routecfg: 1
      include: [more.yaml]
      protocols:
        Note: "var a: Int { get }"
        Sub: {inherits: [Note, Note], members: "var b: Int { get }"}
      modules:
        A: {kind: view, provides: [Sub, Note], routes: [/a]}
        B: {kind: view, requires: [Note, Note], routes: [/b]}
      bindings: {Note: A}
      """
    let more = "bindings: {Note: A}\n"
    let path = try scratch.write("app.yaml", text)
    try scratch.write("more.yaml", more)
    let (uri, moreURI) = (LSPClient.uri(path), scratch.uri("more.yaml"))
    let client = try LSPClient(directory: scratch.path)
    _ = try client.initialize(root: scratch.path)
    client.open(uri, text: text)
    let codes = try client.diagnostics(for: uri, version: 1).compactMap { $0["code"]?.stringValue }
    #expect(codes == ["RC0506", "RC0506"], "\(codes)")
    let (line, character) = TextFinder(text).position(of: "Note:", offset: 1)
    var references = Self.at(uri, line, character)
    if case .object(let members) = references {
      references = .object(members + [("context", .object([("includeDeclaration", .bool(true))]))])
    }
    let found = try client.result("textDocument/references", references).arrayValue ?? []
    #expect(found.count == 8, "\(found)")
    let edit = try client.result("textDocument/rename", Self.at(uri, line, character, newName: "Memo"))
    let renamed = Self.applying(edit, uri: uri, to: text)
    #expect(!renamed.contains("Note"), "\(renamed)")
    #expect(Self.applying(edit, uri: moreURI, to: more) == "bindings: {Memo: A}\n")
    #expect(try client.shutdownAndExit() == 0)
    // A client that checks versions gets each file's edits with the version they were made for.
    let versioned = try LSPClient(directory: scratch.path)
    _ = try versioned.initialize(root: scratch.path, versionedEdits: true)
    versioned.open(uri, text: text)
    _ = try versioned.diagnostics(for: uri, version: 1)
    let changes = try versioned.result("textDocument/rename", Self.at(uri, line, character, newName: "Memo"))
    let documents = changes["documentChanges"]?.arrayValue ?? []
    #expect(changes["changes"] == nil)
    #expect(documents.map { $0["textDocument"]?["uri"]?.stringValue } == [uri, moreURI])
    #expect(documents.map { $0["textDocument"]?["version"] } == [.int(1), .null])
    #expect(documents.map { $0["edits"]?.arrayValue?.count } == [7, 1])
    #expect(try versioned.shutdownAndExit() == 0)
  }

  @Test("a name that is taken or invalid is refused with why; members and keys cannot be renamed")
  func refusals() throws {
    let session = try OpenedManifest("manifests/NoteApp.yaml")
    let (text, uri, client) = (session.text, session.uri, session.client)
    let finder = TextFinder(text)
    let module = finder.position(of: "fallback: NotFound", offset: 12)
    let taken = try client.request(
      "textDocument/rename", Self.at(uri, module.line, module.character, newName: "Login"))
    #expect(taken["error"]?["code"]?.intValue == -32803)
    #expect(taken["error"]?["message"]?.stringValue?.contains("a module of that name exists") == true)
    // Names of the other kind are taken too, both ways, and so are the standard types generated
    // code uses ('Array' would be RC1001 in 'routecfg generate').
    let store = finder.position(of: "NoteStoreService:", offset: 2)
    for (position, newName, why) in [
      (module, "NoteDetailInput", "a protocol of that name exists"),
      (store, "NoteList", "a module of that name exists"),
      (store, "Array", "generated code uses"), (store, "Sendable", "generated code uses"),
      (store, "Swift", "generated code qualifies names with"),
    ] {
      let refused = try client.request(
        "textDocument/rename", Self.at(uri, position.line, position.character, newName: newName))
      #expect(refused["error"]?["code"]?.intValue == -32803, "\(newName)")
      #expect(refused["error"]?["message"]?.stringValue?.contains(why) == true, "\(newName): \(refused)")
    }
    // A module may take such a name: generated code names modules in lowerCamelCase.
    let hasher = try client.request(
      "textDocument/rename", Self.at(uri, module.line, module.character, newName: "Hasher"))
    #expect(hasher["error"] == nil, "\(hasher)")
    let invalid = try client.request(
      "textDocument/rename", Self.at(uri, module.line, module.character, newName: "9x"))
    #expect(invalid["error"]?["code"]?.intValue == -32803)
    // A member ('message' in the adapter's map) and a key: nothing to rename there.
    let member = finder.position(of: "message: notifyString", offset: 2)
    #expect(
      try client.result("textDocument/prepareRename", Self.at(uri, member.line, member.character)) == .null)
    let key = finder.position(of: "fallback: NotFound", offset: 2)
    #expect(try client.result("textDocument/prepareRename", Self.at(uri, key.line, key.character)) == .null)
    #expect(try client.shutdownAndExit() == 0)
  }
}
