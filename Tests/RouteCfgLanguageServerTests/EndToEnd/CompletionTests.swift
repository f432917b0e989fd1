import Foundation
import RouteCfgCore
import Testing

@testable import RouteCfgLanguageServer

/// Completion while a manifest is being typed: the text usually does not parse, so the place is
/// read from the text and the names come from the last analysis that read it.
@Suite("routecfg lsp: completion")
struct CompletionTests {
  /// Replaces `old` with `new` in Tour.yaml; `‸` in `new` marks the cursor.
  struct Edit {
    let old: String
    let new: String
  }

  /// Sends the edited text and asks for completion at the cursor; the items' labels.
  static func complete(_ session: TourSession, version: Int, _ edit: Edit, line after: Int = -1) throws -> (
    labels: [String], result: RouteCfgCore.JSONValue
  ) {
    let original = TourSession.text
    let start = try #require(
      original.range(
        of: edit.old, range: original.index(original.startIndex, offsetBy: 0)..<original.endIndex))
    var text = original
    text.replaceSubrange(start, with: edit.new)
    let marker = try #require(text.range(of: "‸"))
    let before = text[..<marker.lowerBound]
    let line = before.filter { $0 == "\n" }.count
    let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
    let character = before[lineStart...].utf16.count
    text.removeSubrange(marker)
    session.client.change(session.uri, version: version, [(nil, text)])
    let result = try session.client.result(
      "textDocument/completion", LSPClient.at(session.uri, line, character))
    let labels = result["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
    return (labels, result)
  }

  /// `line` (with `‸` at the cursor) after a completion item's edit of it.
  static func applying(_ edit: RouteCfgCore.JSONValue, to line: String) -> String {
    let written = Array(line.replacingOccurrences(of: "‸", with: "").utf16)
    let start = edit["range"]?["start"]?["character"]?.intValue ?? 0
    let end = edit["range"]?["end"]?["character"]?.intValue ?? 0
    return String(decoding: written[..<start], as: UTF16.self) + (edit["newText"]?.stringValue ?? "")
      + String(decoding: written[end...], as: UTF16.self)
  }

  /// A client with `app.yaml` open in a scratch directory, which lives as long as this does.
  struct OpenApp {
    let scratch: ScratchDirectory
    let client: LSPClient
    let uri: String
  }

  /// A client with `app.yaml` (`text`) open in a scratch directory that also holds `files`.
  static func openApp(_ text: String, besides files: [String]) throws -> OpenApp {
    let scratch = try ScratchDirectory()
    for name in files { try scratch.write(name, "modules: {}\n") }
    try scratch.write("app.yaml", text)
    let uri = scratch.uri("app.yaml")
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(root: scratch.path)
    client.open(uri, text: text)
    _ = try client.diagnostics(for: uri)
    return OpenApp(scratch: scratch, client: client, uri: uri)
  }

  @Test("keys come from the schema, without those already written")
  func keys() throws {
    let session = try TourSession(options: .object([("validationDelay", .int(10_000))]))
    var version = 1
    func labels(_ old: String, _ new: String) throws -> [String] {
      version += 1
      return try Self.complete(session, version: version, Edit(old: old, new: new)).labels
    }
    let root = try labels("fallback: Missing\n", "fallback: Missing\nsc‸\n")
    #expect(root.contains("scheme"))
    #expect(!root.contains("app") && !root.contains("routecfg") && !root.contains("fallback"))
    let module = try labels("    routes: [/]\n", "    routes: [/]\n    p‸\n")
    #expect(module == ["parameters", "provides"])
    let item = try session.client.result(
      "textDocument/completion", LSPClient.at(session.uri, session.finder.line(of: "    routes: [/]") + 1, 5))
    let first = try #require(item["items"]?.arrayValue?.first)
    #expect(first["textEdit"]?["newText"]?.stringValue == "parameters: ")
    #expect(
      first["documentation"]?["value"]?.stringValue?.contains("Configuration supplied by the caller") == true)
    let adapter = try labels("    to: DetailInput\n", "    to: DetailInput\n    ‸\n")
    #expect(adapter.isEmpty, "adapt, to and map are all written")
    let newAdapter = try labels(
      "      present: show(animated:)\n", "      present: show(animated:)\n  - a‸\n")
    #expect(newAdapter == ["adapt", "map"])
    let flow = try labels("  Missing: {kind: view}", "  Missing: {kind: view, r‸}")
    #expect(flow == ["parameters", "provides", "requires", "routes"])
    // Keys written after the cursor in a flow mapping are left out too, whatever their quotes.
    let flowAfter = try labels(
      "  Missing: {kind: view}", "  Missing: {kind: view, ‸, \"provides\": [DetailInput], routes: [/x]}")
    #expect(flowAfter == ["parameters", "requires"])
    // Inside quotes, the key alone: its closing quote stays, and the colon goes after it.
    version += 1
    let (quoted, quotedResult) = try Self.complete(
      session, version: version, Edit(old: "  Missing: {kind: view}", new: "  Missing: {kind: view, \"ro‸\"}")
    )
    #expect(quoted.contains("routes"))
    // Quoted keys after a quoted cursor, as a JSON-style manifest writes them.
    version += 1
    let (json, _) = try Self.complete(
      session, version: version,
      Edit(
        old: "  Missing: {kind: view}", new: "  Missing: {\"kind\": \"view\", \"r‸\", \"routes\": [\"/x\"]}"))
    #expect(json == ["parameters", "provides", "requires"])
    let newTexts = quotedResult["items"]?.arrayValue?.compactMap { $0["textEdit"]?["newText"]?.stringValue }
    #expect(newTexts == quoted, "each key alone, as its label")
    let kinds = try labels("  Missing: {kind: view}", "  Missing: {kind: ‸}")
    #expect(kinds == ["service", "view"])
    // Before a comment at the start of a line, a key is inserted at the cursor: the comment's
    // text (even one that reads like a key) is never replaced.
    for comment in ["# hello world", "# NoteApp: a comment"] {
      version += 1
      let (labels, result) = try Self.complete(
        session, version: version, Edit(old: "fallback: Missing\n", new: "fallback: Missing\n‸\(comment)\n"))
      #expect(labels.contains("scheme"), "\(comment)")
      for item in result["items"]?.arrayValue ?? [] {
        let range = item["textEdit"]?["range"]
        #expect(range?["start"] == range?["end"], "\(comment): \(item)")
        #expect(item["textEdit"]?["newText"]?.stringValue?.hasSuffix(": ") == true, "\(comment): \(item)")
      }
    }
    // A line past the end of the text is no place: nothing is offered there (an item's edit
    // must contain the position asked about).
    let lineCount = TourSession.text.split(separator: "\n", omittingEmptySubsequences: false).count
    let pastEnd = try session.client.result(
      "textDocument/completion", LSPClient.at(session.uri, lineCount + 5, 0))
    #expect(pastEnd["items"]?.arrayValue?.isEmpty == true, "\(pastEnd)")
    try session.finish()
  }

  @Test("protocol and module names where references go, from the last analysis while the text does not parse")
  func names() throws {
    let session = try TourSession(options: .object([("validationDelay", .int(10_000))]))
    var version = 1
    func complete(_ old: String, _ new: String) throws -> (labels: [String], result: RouteCfgCore.JSONValue) {
      version += 1
      return try Self.complete(session, version: version, Edit(old: old, new: new))
    }
    let (flow, flowResult) = try complete("provides: [DetailInput]", "provides: [DetailInput, Al‸")
    #expect(flow.first == "AlertInput")
    let edit = try #require(flowResult["items"]?.arrayValue?.first?["textEdit"])
    let line = session.finder.line(of: "provides: [DetailInput]")
    #expect(
      edit["range"]
        == LSPRange(start: .init(line: line, character: 28), end: .init(line: line, character: 30)).json)
    let block = try complete(
      "requires: [RequiredScreen, AlertInput]", "requires:\n      - Req‸\n      - AlertInput")
    #expect(block.labels == ["RequiredScreen"])
    let adapt = try complete("adapt: RequiredScreen", "adapt: ‸")
    #expect(adapt.labels.first == "RequiredScreen", "required and not provided: first")
    let inherits = try complete("inherits: [ScreenInput]", "inherits: [‸]")
    #expect(!inherits.labels.contains("DetailInput"), "a protocol does not inherit itself")
    #expect(inherits.labels.contains("ScreenInput"))
    let binding = try complete("  AlertInput: IOSAlert", "  AlertInput: ‸")
    #expect(binding.labels == ["IOSAlert", "MacAlert", "Detail", "Home", "Missing"], "providers first")
    let bindingKey = try complete("  AlertInput: IOSAlert", "  AlertInput: IOSAlert\n  Req‸")
    #expect(bindingKey.labels == ["RequiredScreen"])
    #expect(
      bindingKey.result["items"]?.arrayValue?.first?["textEdit"]?["newText"]?.stringValue
        == "RequiredScreen: ")
    // A protocol bound already is no key to write again (RC0109).
    let boundKey = try complete("  AlertInput: IOSAlert", "  AlertInput: IOSAlert\n  ‸")
    #expect(!boundKey.labels.contains("AlertInput") && boundKey.labels.contains("DetailInput"))
    let fallback = try complete("fallback: Missing", "fallback: Mi‸")
    #expect(fallback.labels == ["Missing"])
    try session.finish()
  }

  /// After a dot, properties only: every step of a key path is one (a method there is RC0608).
  @Test("a key path's next step offers properties, not methods")
  func keyPathStepsAreProperties() throws {
    let session = try TourSession(options: .object([("validationDelay", .int(10))]))
    let original = TourSession.text
    let from = try #require(original.range(of: "    var title: String? { get set }\n"))
    let to = try #require(original.range(of: "caption: header.title"))
    let span = String(original[from.lowerBound..<to.upperBound])
    let withMethod = span.replacingOccurrences(
      of: "    var title: String? { get set }\n",
      with: "    var title: String? { get set }\n    func reset()\n")
    // Checked with the method first, so that completion knows it.
    session.client.change(
      session.uri, version: 2, [(nil, original.replacingOccurrences(of: span, with: withMethod))])
    _ = try session.client.diagnostics(for: session.uri, version: 2)
    let steps = try Self.complete(
      session, version: 3,
      Edit(
        old: span,
        new: withMethod.replacingOccurrences(of: "caption: header.title", with: "caption: header.‸")))
    #expect(steps.labels == ["title"])
    try session.finish()
  }

  @Test("inside an adapter's map: members of 'adapt' on the left, of 'to' on the right, with key paths")
  func adapterMembers() throws {
    let session = try TourSession(options: .object([("validationDelay", .int(10_000))]))
    let newAdapter = """
        - adapt: DetailInput
          to: ScreenInput
          map:
            ‸
      """
    let left = try Self.complete(
      session, version: 2,
      Edit(
        old: "      present: show(animated:)\n", new: "      present: show(animated:)\n" + newAdapter + "\n"))
    #expect(left.labels == ["header", "show", "subtitle"])
    let leftItem = try #require(left.result["items"]?.arrayValue?.first)
    #expect(leftItem["detail"]?.stringValue == "var header: HeaderInput? { get }")
    #expect(leftItem["documentation"]?["value"]?.stringValue == "inherited from `ScreenInput`")
    #expect(leftItem["textEdit"]?["newText"]?.stringValue == "header: ")
    let written = try Self.complete(
      session, version: 3,
      Edit(old: "      caption: header.title", new: "      caption: header.title\n      ‸"))
    #expect(written.labels.isEmpty, "both members of RequiredScreen are mapped")
    let right = try Self.complete(session, version: 4, Edit(old: "caption: header.title", new: "caption: ‸"))
    #expect(right.labels == ["header", "subtitle", "show"], "properties first for a property")
    let keyPath = try Self.complete(
      session, version: 5, Edit(old: "caption: header.title", new: "caption: header.t‸"))
    #expect(keyPath.labels == ["title"])
    let item = try #require(keyPath.result["items"]?.arrayValue?.first)
    let line = session.finder.line(of: "caption: header.title")
    #expect(item["textEdit"]?["range"]?["start"] == LSPPosition(line: line, character: 22).json)
    let flow = try Self.complete(
      session, version: 6,
      Edit(
        old: "      present: show(animated:)\n",
        new: "      present: show(animated:)\n  - {adapt: DetailInput, to: ScreenInput, map: {sh‸}}\n"))
    #expect(flow.labels == ["show"])
    try session.finish()
  }

  @Test("Swift text: keywords at a member's start, protocols and standard types where a type goes")
  func swiftText() throws {
    let session = try TourSession(options: .object([("validationDelay", .int(10_000))]))
    let keywords = try Self.complete(
      session, version: 2,
      Edit(old: "    func alert(message: String)", new: "    func alert(message: String)\n    f‸"))
    #expect(keywords.labels == ["func"])
    #expect(keywords.result["items"]?.arrayValue?.first?["textEdit"]?["newText"]?.stringValue == "func ")
    let types = try Self.complete(
      session, version: 3, Edit(old: "    func alert(message: String)", new: "    func alert(message: Hea‸)"))
    #expect(types.labels.first == "HeaderInput")
    let standard = try Self.complete(session, version: 4, Edit(old: "      id: Int", new: "      id: In‸"))
    #expect(standard.labels.contains("Int") && standard.labels.contains("Int64"))
    // After a complete type, in a comment and where a label goes, nothing is offered.
    for (version, line) in [
      "    func alert(message: String) ‸", "    func alert(message: String) // s‸", "    func alert(‸",
      "    var count: Int ‸",
    ].enumerated() {
      let after = try Self.complete(
        session, version: 5 + version, Edit(old: "    func alert(message: String)", new: line))
      #expect(after.labels == (version == 0 ? ["async", "throws"] : []), "\(line)")
    }
    // A keyword retyped in place keeps the one space after it.
    let inPlace = try Self.complete(
      session, version: 20,
      Edit(old: "    func alert(message: String)", new: "    func alert(message: String)\n    v‸ar x: Int"))
    let item = try #require(inPlace.result["items"]?.arrayValue?.first { $0["label"]?.stringValue == "var" })
    #expect(Self.applying(try #require(item["textEdit"]), to: "    var x: Int") == "    var x: Int")
    try session.finish()
  }

  @Test("a value completed right after ':' or right before '#' keeps the line valid YAML")
  func yamlSpacing() throws {
    let session = try TourSession(options: .object([("validationDelay", .int(10_000))]))
    for (version, (line, expected)) in [
      ("  Missing: {kind:‸}", "  Missing: {kind: view}"),
      ("  Missing:\n    kind:‸\n", "  Missing:\n    kind: view\n"),
      ("  Missing:\n    kind: ‸# todo\n", "  Missing:\n    kind: view # todo\n"),
    ].enumerated() {
      let (_, result) = try Self.complete(
        session, version: 2 + version, Edit(old: "  Missing: {kind: view}", new: line))
      let item = try #require(result["items"]?.arrayValue?.first { $0["label"]?.stringValue == "view" })
      let newText = try #require(item["textEdit"]?["newText"]?.stringValue)
      let marker = try #require(line.range(of: "‸"))
      #expect(line.replacingCharacters(in: marker, with: newText) == expected)
    }
    // A word typed right before '#' is replaced up to it, as in flow style: the comment stays.
    for (version, line) in ["    kind: vi‸# todo", "    kind: v‸i# todo", "    provides: [Re‸# note"]
      .enumerated()
    {
      let (_, result) = try Self.complete(
        session, version: 10 + version, Edit(old: "  Missing: {kind: view}", new: "  Missing:\n\(line)\n"))
      let item = try #require(result["items"]?.arrayValue?.first, "\(line)")
      let edit = try #require(item["textEdit"], "\(line)")
      let label = item["label"]?.stringValue ?? ""
      let after = Self.applying(edit, to: line)
      let comment = line.hasSuffix("# todo") ? " # todo" : " # note"
      #expect(after.hasSuffix(label + comment), "\(line) became \(after)")
    }
    // Inside quotes, which editors close as they open them, the closing quote stays.
    for (version, (line, expected)) in [
      ("  Missing: {kind: \"vi‸\"}", "  Missing: {kind: \"view\"}"),
      ("  Missing: {kind: 'v‸i'}", "  Missing: {kind: 'view'}"),
      (
        "  Missing: {kind: view, provides: [\"Aler‸\"]}",
        "  Missing: {kind: view, provides: [\"AlertInput\"]}"
      ),
      // A quote with '' inside: the closing one is the last.
      ("  Missing: {kind: 'v‸i''s'}", "  Missing: {kind: 'view'}"),
      // A quote nothing closes on the line (typed before a word): the word alone.
      (
        "  Missing: {kind: view, provides: [\"Aler‸, Other]}",
        "  Missing: {kind: view, provides: [\"AlertInput, Other]}"
      ),
    ].enumerated() {
      let (_, result) = try Self.complete(
        session, version: 20 + version, Edit(old: "  Missing: {kind: view}", new: line))
      let item = try #require(
        result["items"]?.arrayValue?.first { expected.contains($0["label"]?.stringValue ?? "-") }, "\(line)")
      let edit = try #require(item["textEdit"], "\(line)")
      let after = Self.applying(edit, to: line)
      #expect(after == expected, "\(line) became \(after)")
    }
    // Outside a quoted value (after its closing quote, or before its opening one) there is
    // nothing to complete: an edit there would write over a quote, or leave out the cursor.
    for (version, line) in [
      "  Missing: {kind: view, provides: [\"AlertInput\"‸]}",
      "  Missing: {kind: view, provides: [\"AlertInput\"‸, \"Other\"]}",
      "  Missing: {kind: view, provides: [‸\"AlertInput\"]}",
      "  Missing:\n    kind: ‸\"view\"",
    ].enumerated() {
      let (labels, _) = try Self.complete(
        session, version: 40 + version, Edit(old: "  Missing: {kind: view}", new: line))
      #expect(labels.isEmpty, "\(line) offered \(labels)")
    }
    try session.finish()
  }

  @Test("after an anchor or a tag the value is completed, the property kept; inside one, nothing is")
  func nodeProperties() throws {
    let session = try TourSession(options: .object([("validationDelay", .int(10_000))]))
    for (version, (line, expected)) in [
      ("  Missing:\n    kind: &k vi‸", "  Missing:\n    kind: &k view"),
      ("  Missing:\n    kind: !!str vi‸ew", "  Missing:\n    kind: !!str view"),
      ("  Missing: {kind: &k vi‸}", "  Missing: {kind: &k view}"),
      (
        "  Missing: {kind: view, provides: [!!str &a Aler‸]}",
        "  Missing: {kind: view, provides: [!!str &a AlertInput]}"
      ),
    ].enumerated() {
      let (_, result) = try Self.complete(
        session, version: 2 + version, Edit(old: "  Missing: {kind: view}", new: line))
      let item = try #require(
        result["items"]?.arrayValue?.first { expected.contains($0["label"]?.stringValue ?? "-") }, "\(line)")
      let edit = try #require(item["textEdit"], "\(line)")
      let written = line.split(separator: "\n").last.map(String.init) ?? line
      let after = Self.applying(edit, to: written)
      #expect(expected.hasSuffix(after), "\(line) became \(after)")
    }
    let (labels, _) = try Self.complete(
      session, version: 20, Edit(old: "  Missing: {kind: view}", new: "  Missing:\n    kind: &vi‸"))
    #expect(labels.isEmpty, "inside an anchor: \(labels)")
    let (afterAlias, _) = try Self.complete(
      session, version: 21, Edit(old: "  Missing: {kind: view}", new: "  Missing:\n    kind: *vi‸"))
    #expect(afterAlias.isEmpty, "after an alias: \(afterAlias)")
    try session.finish()
  }

  @Test func anEditRangeHoldsTheCursorAndNoQuote() {
    let bytes = Array(#"p: ["P"]"#.utf8)
    // Inside the quotes: fine; the closing quote in the range, or the cursor outside it: not.
    #expect(CompletionProvider.keepsTheLineValid(replacing: 5..<6, cursor: 6, in: bytes))
    #expect(!CompletionProvider.keepsTheLineValid(replacing: 5..<7, cursor: 7, in: bytes))
    #expect(!CompletionProvider.keepsTheLineValid(replacing: 5..<6, cursor: 4, in: bytes))
    // Empty, right before an opening quote: not; between an editor's two closing quotes: fine.
    #expect(!CompletionProvider.keepsTheLineValid(replacing: 4..<4, cursor: 4, in: bytes))
    let empty = Array(#"p: [""]"#.utf8)
    #expect(CompletionProvider.keepsTheLineValid(replacing: 5..<5, cursor: 5, in: empty))
  }

  @Test("completionItem/resolve adds the protocol's declaration")
  func resolve() throws {
    let session = try TourSession()
    let result = try session.ask("textDocument/completion", "provides: [DetailInput]", offset: 11)
    let item = try #require(result["items"]?.arrayValue?.first { $0["label"]?.stringValue == "DetailInput" })
    #expect(item["documentation"] == nil)
    let resolved = try session.client.result("completionItem/resolve", item)
    #expect(
      resolved["documentation"]?["value"]?.stringValue?.contains("protocol DetailInput: ScreenInput") == true)
    try session.finish()
  }

  @Test("completionItem/resolve answers a completion item, and InvalidParams for anything else")
  func resolveValidatesParameters() throws {
    let client = try LSPClient()
    try client.initialize()
    for params in [RouteCfgCore.JSONValue.null, .array([]), .object([]), .object([("label", .int(5))])] {
      let response = try client.request("completionItem/resolve", params)
      #expect(response["error"]?["code"]?.intValue == -32602, "\(params.rendered())")
    }
    let item = RouteCfgCore.JSONValue.object([
      ("label", .string("Unknown")), ("data", .object([("uri", .string("file:///nowhere.yaml"))])),
    ])
    #expect(try client.result("completionItem/resolve", item) == item)
    #expect(try client.shutdownAndExit() == 0)
  }

  /// A client naming `plaintext` gets it as `MarkupContent`; one naming no format (Emacs's eglot)
  /// gets a plain string, the only documentation a client that checks the kinds it declared takes.
  @Test(
    "documentation is plain text for a client that asks for it, and a string for one that names no format",
    arguments: [
      (
        RouteCfgCore.JSONValue.object([
          (
            "completion",
            .object([
              (
                "completionItem",
                .object([("documentationFormat", .array([.string("plaintext"), .string("markdown")]))])
              )
            ])
          )
        ]), true
      ),
      (
        .object([("completion", .object([("completionItem", .object([("snippetSupport", .bool(false))]))]))]),
        false
      ),
    ])
  func plainTextDocumentation(textDocument: RouteCfgCore.JSONValue, asMarkupContent: Bool) throws {
    let session = try TourSession(textDocument: textDocument)
    func text(_ documentation: RouteCfgCore.JSONValue?) -> String? {
      if asMarkupContent {
        guard documentation?["kind"]?.stringValue == "plaintext" else { return nil }
        return documentation?["value"]?.stringValue
      }
      return documentation?.stringValue
    }
    let result = try session.ask("textDocument/completion", "provides: [DetailInput]", offset: 11)
    let item = try #require(result["items"]?.arrayValue?.first { $0["label"]?.stringValue == "DetailInput" })
    let resolved = try session.client.result("completionItem/resolve", item)
    let resolvedText = try #require(text(resolved["documentation"]))
    #expect(resolvedText.contains("protocol DetailInput: ScreenInput {"))
    #expect(resolvedText.contains("provided by Detail"))
    #expect(!resolvedText.contains("```") && !resolvedText.contains("`"))
    let keys = try session.ask("textDocument/completion", "    kind: view", offset: 4)
    let documented = keys["items"]?.arrayValue?.compactMap { $0["documentation"] } ?? []
    #expect(!documented.isEmpty && documented.allSatisfy { text($0) != nil })
    try session.finish()
  }

  @Test("include entries complete with the manifest files below the document")
  func includePaths() throws {
    let app = try Self.openApp(
      "routecfg: 1\ninclude: []\n", besides: ["Feature/feature.yaml", "Feature/Deep/deep.yml", "notes.txt"])
    let result = try app.client.result("textDocument/completion", LSPClient.at(app.uri, 1, 10))
    let labels = result["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue }
    #expect(labels == ["Feature/Deep/deep.yml", "Feature/feature.yaml"])
    #expect(try app.client.shutdownAndExit() == 0)
  }

  @Test("paths YAML would read otherwise are inserted quoted; a listed path with spaces is not offered")
  func includePathsQuoted() throws {
    let app = try Self.openApp(
      "routecfg: 1\ninclude:\n  - \"sub/x y.yaml\"\n  - \n  - \"\"\n",
      besides: ["x #1.yaml", "a: b.yaml", "[r].yaml", "sub/x y.yaml", "plain.yaml"])
    let (client, uri) = (app.client, app.uri)
    func edits(_ line: Int, _ character: Int) throws -> [String: String] {
      let result = try client.result("textDocument/completion", LSPClient.at(uri, line, character))
      var found: [String: String] = [:]
      for item in result["items"]?.arrayValue ?? [] {
        guard let label = item["label"]?.stringValue else { continue }
        found[label] = item["textEdit"]?["newText"]?.stringValue
      }
      return found
    }
    #expect(
      try edits(3, 4) == [
        "x #1.yaml": "\"x #1.yaml\"", "a: b.yaml": "\"a: b.yaml\"", "[r].yaml": "\"[r].yaml\"",
        "plain.yaml": "plain.yaml",
      ])
    // Inside quotes already: the path as it is.
    #expect(try edits(4, 5)["a: b.yaml"] == "a: b.yaml")
    #expect(try app.client.shutdownAndExit() == 0)
  }

  @Test("a file loaded through another file is not offered, also once the root's repeat of it is deleted")
  func includePathsLoadedElsewhere() throws {
    // The root names b.yaml after a.yaml has loaded it (RC0304); the user deletes that entry.
    let app = try Self.openApp("routecfg: 1\ninclude: [a.yaml, b.yaml]\n", besides: ["b.yaml", "c.yaml"])
    try app.scratch.write("a.yaml", "include: [b.yaml]\n")
    let (client, uri) = (app.client, app.uri)
    client.change(uri, version: 2, [(range: (1, 9, 1, 25), text: "[a.yaml, b.yaml]")])
    _ = try client.diagnostics(for: uri, version: 2)
    client.change(uri, version: 3, [(range: (1, 17, 1, 23), text: "")])
    let result = try client.result("textDocument/completion", LSPClient.at(uri, 1, 17))
    #expect(result["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } == ["c.yaml"], "\(result)")
    #expect(try app.client.shutdownAndExit() == 0)
  }

  @Test("files the root already includes are left out, but offered again while the list is retyped")
  func includePathsWhileRetyping() throws {
    let app = try Self.openApp(
      "routecfg: 1\ninclude: [Feature/feature.yaml, ]\n",
      besides: ["Feature/feature.yaml", "Login/login.yaml"])
    let (client, uri) = (app.client, app.uri)
    func labels() throws -> [String]? {
      let result = try client.result("textDocument/completion", LSPClient.at(uri, 1, 31))
      return result["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue }
    }
    #expect(try labels() == ["Login/login.yaml"])
    // Typed on, asked before the text is checked again: what the list names is still left out.
    client.change(uri, version: 2, [(range: (1, 31, 1, 31), text: " ")])
    let typing = try client.result("textDocument/completion", LSPClient.at(uri, 1, 32))
    #expect(typing["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } == ["Login/login.yaml"])
    // A file just written in the list, before any check, is not offered again.
    client.change(uri, version: 3, [(range: (1, 32, 1, 32), text: "Login/login.yaml, ")])
    let written = try client.result("textDocument/completion", LSPClient.at(uri, 1, 50))
    #expect(written["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } == [])
    // The list, retyped, does not parse: the files it no longer names are offered again.
    client.change(uri, version: 4, [(range: (1, 9, 1, 52), text: "[")])
    _ = try client.diagnostics(for: uri, version: 4)
    let retyped = try client.result("textDocument/completion", LSPClient.at(uri, 1, 10))
    #expect(
      retyped["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue }
        == ["Feature/feature.yaml", "Login/login.yaml"])
    #expect(try app.client.shutdownAndExit() == 0)
  }

  @Test(
    "a block list's items are left out as a flow list's are",
    arguments: [
      ("routecfg: 1\ninclude:\n  - a.yaml\n  - \n", 3, 4),
      ("routecfg: 1\ninclude:\n- a.yaml\n- \n", 3, 2),
      ("routecfg: 1\ninclude:\n  - \n  - a.yaml\n", 2, 4),
    ])
  func includePathsInABlockList(text: String, line: Int, character: Int) throws {
    let app = try Self.openApp(text, besides: ["a.yaml", "b.yaml"])
    let result = try app.client.result("textDocument/completion", LSPClient.at(app.uri, line, character))
    #expect(result["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } == ["b.yaml"])
    #expect(try app.client.shutdownAndExit() == 0)
  }

  @Test("a file named inside another file's name, or in a comment's words, is still offered")
  func includePathsMatchWholeNames() throws {
    let app = try Self.openApp(
      "routecfg: 1\n# see data.yaml\ninclude: [Login/login.yaml, ]\n",
      besides: ["Login/login.yaml", "login.yaml", "a.yaml"])
    let result = try app.client.result("textDocument/completion", LSPClient.at(app.uri, 2, 28))
    #expect(result["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } == ["a.yaml", "login.yaml"])
    #expect(try app.client.shutdownAndExit() == 0)
  }

  @Test("an included file is offered the top-level keys it may hold, not those of the root")
  func includedFileKeys() throws {
    let scratch = try ScratchDirectory()
    try scratch.write("app.yaml", "routecfg: 1\ninclude: [part.yaml]\n")
    let text = "modules: {}\n"
    try scratch.write("part.yaml", text)
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(root: scratch.path)
    client.open(scratch.uri("part.yaml"), text: text)
    _ = try client.diagnostics(for: scratch.uri("part.yaml"))
    let result = try client.result("textDocument/completion", LSPClient.at(scratch.uri("part.yaml"), 1, 0))
    let labels = result["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue }
    #expect(labels == ["adapters", "bindings", "include", "protocols", "routecfg"])
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("a long list is cut and marked incomplete, so that the editor asks again as more is typed")
  func longLists() throws {
    let scratch = try ScratchDirectory()
    var text = "routecfg: 1\nprotocols:\n"
    for index in 0..<1_500 { text += "  P\(index): \"\"\n" }
    text += "modules:\n  Home: {kind: view, routes: [/], provides: []}\n"
    let uri = scratch.uri("app.yaml")
    let client = try LSPClient(directory: scratch.path)
    try client.initialize()
    client.open(uri, text: text)
    _ = try client.diagnostics(for: uri)
    let (line, character) = TextFinder(text).position(of: "provides: [", offset: 11)
    let all = try client.result("textDocument/completion", LSPClient.at(uri, line, character))
    #expect(all["isIncomplete"]?.boolValue == true)
    #expect(all["items"]?.arrayValue?.count == CompletionProvider.maxItems)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("an escaped quote and a ' #' inside a quoted flow scalar do not start a comment")
  func escapedQuoteBeforeHash() throws {
    let session = try TourSession(options: .object([("validationDelay", .int(10_000))]))
    for (version, text) in [
      "  Missing: {routes: [\"/a\\\" #b\"], kind: vi‸}", "  Missing: {routes: ['/a'' #b'], kind: vi‸}",
    ].enumerated() {
      let (labels, _) = try Self.complete(
        session, version: 2 + version, Edit(old: "  Missing: {kind: view}", new: text))
      #expect(labels == ["service", "view"], "\(text)")
    }
    try session.finish()
  }

  @Test("a key path's next step right after the '.' inside quotes")
  func keyPathStepInsideQuotes() throws {
    let session = try TourSession(options: .object([("validationDelay", .int(10_000))]))
    for (version, value) in ["\"header.‸\"", "'header.‸'"].enumerated() {
      let line = "      caption: \(value)"
      let (labels, result) = try Self.complete(
        session, version: 2 + version, Edit(old: "      caption: header.title", new: line))
      #expect(labels == ["title"], "\(line)")
      let edit = try #require(result["items"]?.arrayValue?.first?["textEdit"], "\(line)")
      #expect(Self.applying(edit, to: line) == line.replacingOccurrences(of: "‸", with: "title"))
    }
    try session.finish()
  }

  /// The item named `label` at the cursor of `Missing`'s entry written as `text`, applied to the
  /// cursor's line.
  static func completedLine(
    _ session: TourSession, version: Int, _ text: String, label: String
  ) throws -> String {
    let (_, result) = try complete(session, version: version, Edit(old: "  Missing: {kind: view}", new: text))
    let item = try #require(
      result["items"]?.arrayValue?.first { $0["label"]?.stringValue == label }, "\(text)")
    let edit = try #require(item["textEdit"], "\(text)")
    let line = try #require(text.split(separator: "\n").first { $0.contains("‸") })
    return applying(edit, to: String(line))
  }

  @Test("an item completed right after a block list's '-' gets a space before it")
  func afterAListDash() throws {
    let session = try TourSession(options: .object([("validationDelay", .int(10_000))]))
    for (version, text) in [
      "  Missing:\n    kind: view\n    provides:\n      -‸",
      "  Missing:\n    kind: view\n    provides:\n      -‸ ",
    ].enumerated() {
      let line = try Self.completedLine(session, version: 2 + version, text, label: "AlertInput")
      #expect(line.hasPrefix("      - AlertInput"), "\(line)")
    }
    try session.finish()
  }

  @Test("a key typed after an opening quote with no closing quote yet is completed alone")
  func keyInsideAnUnclosedQuote() throws {
    let session = try TourSession(options: .object([("validationDelay", .int(10_000))]))
    for (version, quote) in ["\"", "'"].enumerated() {
      let line = try Self.completedLine(
        session, version: 2 + version, "  Missing:\n    kind: view\n    \(quote)ro‸", label: "routes")
      #expect(line == "    \(quote)routes")
    }
    try session.finish()
  }

  @Test("a '#' glued to a word in flow style is part of the scalar: no space is inserted before it")
  func flowHashGluedToTheWord() throws {
    let session = try TourSession(options: .object([("validationDelay", .int(10_000))]))
    for (version, (text, label, expected)) in [
      ("  Missing: {kind: vi‸#x, routes: [/a]}", "view", "  Missing: {kind: view#x, routes: [/a]}"),
      ("  Missing: {routes: [/a], kind: vi‸#x}", "view", "  Missing: {routes: [/a], kind: view#x}"),
      (
        "  Missing: {kind: view, provides: [Aler‸#x]}", "AlertInput",
        "  Missing: {kind: view, provides: [AlertInput#x]}"
      ),
    ].enumerated() {
      let line = try Self.completedLine(session, version: 2 + version, text, label: label)
      #expect(line == expected, "\(text)")
    }
    // A key would end with ': ' before the '#', which would then start a comment: none is offered.
    let (labels, _) = try Self.complete(
      session, version: 9, Edit(old: "  Missing: {kind: view}", new: "  Missing: {kind: view, ro‸#x}"))
    #expect(labels.isEmpty, "\(labels)")
    try session.finish()
  }

  @Test("a flow mapping over several lines keeps its closing brace, and its earlier lines' keys are left out")
  func multiLineFlowMapping() throws {
    let session = try TourSession(options: .object([("validationDelay", .int(10_000))]))
    for (version, (text, label, expected)) in [
      ("  Missing: {routes: [/a],\n      kind: vi‸}", "view", "      kind: view}"),
      ("  Missing: {kind: view, routes: [/a],\n      pro‸}", "provides", "      provides: }"),
      ("  Missing: {kind: view, routes: [/a],\n      ‸}", "parameters", "      parameters: }"),
    ].enumerated() {
      let line = try Self.completedLine(session, version: 2 + version, text, label: label)
      #expect(line == expected, "\(text)")
    }
    let (labels, _) = try Self.complete(
      session, version: 10,
      Edit(old: "  Missing: {kind: view}", new: "  Missing: {kind: view, routes: [/a],\n      ‸}"))
    #expect(labels == ["parameters", "provides", "requires"])
    // Keys written on the lines after the cursor's are left out too, in YAML and in JSON style.
    for (version, text) in [
      "  Missing: {kind: view,\n      ‸,\n      routes: [/a]}",
      "  Missing: {\n    \"kind\": \"view\",\n    \"‸\",\n    \"routes\": [\"/a\"]\n  }",
      // The key being typed before its ',': the next line's key is the next entry.
      "  Missing: {\n    \"kind\": \"view\",\n    \"‸\"\n    \"routes\": [\"/a\"]\n  }",
      "  Missing: {kind: view,\n      ‸\n      routes: [/a]}",
    ].enumerated() {
      let (labels, _) = try Self.complete(
        session, version: 11 + version, Edit(old: "  Missing: {kind: view}", new: text))
      #expect(labels == ["parameters", "provides", "requires"], "\(text)")
    }
    try session.finish()
  }

  @Test("items of a flow list written over several lines: continued, one a line, JSON style")
  func multiLineFlowList() throws {
    let session = try TourSession(options: .object([("validationDelay", .int(10_000))]))
    for (version, text) in [
      "  Missing: {kind: view, provides: [DetailInput,\n      Aler‸]}",
      "  Missing:\n    kind: view\n    provides:\n      [\n        DetailInput,\n        Aler‸\n      ]",
      "  Missing: {\n    \"kind\": \"view\",\n    \"provides\": [\n      \"DetailInput\",\n      \"Aler‸\"\n    ]\n  }",
    ].enumerated() {
      let (labels, _) = try Self.complete(
        session, version: 2 + version, Edit(old: "  Missing: {kind: view}", new: text))
      #expect(labels == ["AlertInput"], "\(text)")
    }
    try session.finish()
  }

  @Test("a list of protocols leaves out the names it holds already, but the one being typed")
  func namesAlreadyListed() throws {
    let session = try TourSession(options: .object([("validationDelay", .int(10_000))]))
    let requires = "requires: [RequiredScreen, AlertInput]"
    for (version, (old, new, expected)) in [
      // Flow style on one line, the names before the cursor and after it.
      (requires, "requires: [RequiredScreen, AlertInput, ‸]", ["DetailInput", "HeaderInput", "ScreenInput"]),
      (
        requires, "requires: [‸, AlertInput]",
        ["DetailInput", "HeaderInput", "RequiredScreen", "ScreenInput"]
      ),
      (requires, "requires: [AlertInput, Aler‸]", []),
      // The item being typed is no name already listed.
      (requires, "requires: [RequiredScreen, Aler‸]", ["AlertInput"]),
      (
        "  IOSAlert: {kind: view, provides: [AlertInput]}",
        "  IOSAlert: {kind: view, provides: [AlertInput, Aler‸]}", []
      ),
      // Flow style over several lines, and as JSON writes it.
      (
        requires, "requires: [RequiredScreen,\n      ‸]",
        ["AlertInput", "DetailInput", "HeaderInput", "ScreenInput"]
      ),
      (
        requires,
        "requires:\n      [\n        RequiredScreen,\n        ‸, # next\n        AlertInput\n      ]",
        ["DetailInput", "HeaderInput", "ScreenInput"]
      ),
      (
        requires, "\"requires\": [\n      \"RequiredScreen\",\n      \"‸\"\n    ]",
        ["AlertInput", "DetailInput", "HeaderInput", "ScreenInput"]
      ),
      // The item being typed before its ',': the next line's item is the next one.
      (
        requires, "\"requires\": [\n      \"‸\"\n      \"AlertInput\"\n    ]",
        ["DetailInput", "HeaderInput", "RequiredScreen", "ScreenInput"]
      ),
      // Block style, indented or at the key's own indentation.
      (
        requires, "requires:\n      - RequiredScreen\n      - ‸\n      - AlertInput",
        ["DetailInput", "HeaderInput", "ScreenInput"]
      ),
      (requires, "requires:\n    - AlertInput\n    - Aler‸", []),
      // A protocol inherits neither a protocol listed already nor itself.
      (
        "inherits: [ScreenInput]", "inherits: [ScreenInput, ‸]",
        ["AlertInput", "HeaderInput", "RequiredScreen"]
      ),
      (
        "inherits: [ScreenInput]", "inherits:\n      - ScreenInput\n      - ‸",
        ["AlertInput", "HeaderInput", "RequiredScreen"]
      ),
    ].enumerated() {
      let (labels, _) = try Self.complete(session, version: 2 + version, Edit(old: old, new: new))
      #expect(labels == expected, "\(new)")
    }
    try session.finish()
  }

  /// A URL that matches no route goes to the fallback and supplies nothing (RC0808).
  @Test("'fallback' offers the modules whose parameters are all optional, or that have none")
  func fallbackModules() throws {
    let session = try TourSession(options: .object([("validationDelay", .int(10))]))
    let original = TourSession.text
    let from = try #require(original.range(of: "fallback: Missing"))
    let to = try #require(original.range(of: "  MacAlert: {kind: view, provides: [AlertInput]}"))
    let span = String(original[from.lowerBound..<to.upperBound])
    let withParameters =
      span
      .replacingOccurrences(
        of: "  IOSAlert: {kind: view, provides: [AlertInput]}",
        with:
          "  IOSAlert: {kind: view, provides: [AlertInput], parameters: {style: String?, tint: \"[Int]?\"}}"
      )
      .replacingOccurrences(
        of: "  MacAlert: {kind: view, provides: [AlertInput]}",
        with: "  MacAlert: {kind: view, provides: [AlertInput], parameters: {style: String?, tint: Int}}")
    // Checked with the parameters first, so that completion knows them.
    session.client.change(
      session.uri, version: 2, [(nil, original.replacingOccurrences(of: span, with: withParameters))])
    _ = try session.client.diagnostics(for: session.uri, version: 2)
    let fallback = try Self.complete(
      session, version: 3,
      Edit(old: span, new: withParameters.replacingOccurrences(of: "fallback: Missing", with: "fallback: ‸")))
    // Detail's 'id: Int' and MacAlert's 'tint: Int' are not optional.
    #expect(fallback.labels == ["Home", "IOSAlert", "Missing"])
    try session.finish()
  }
}
