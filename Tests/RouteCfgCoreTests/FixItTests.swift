import Foundation
import RouteCfgCore
import Testing

/// Did-you-mean diagnostics carry the edit that writes the suggestion in place of the misspelt
/// name; applying every fix-it of a manifest makes the problems they belong to go away.
@Suite("Fix-its")
struct FixItTests {
  /// `text` with every fix-it applied (columns count Unicode scalars, as diagnostics do).
  static func applying(_ fixIts: [FixIt], to text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
    // From the last to the first, so that earlier positions stay valid.
    for fixIt in fixIts.sorted(by: { $0.location.start > $1.location.start }) {
      guard let end = fixIt.location.end, end.line == fixIt.location.start.line else {
        Issue.record("a fix-it spans lines: \(fixIt)")
        continue
      }
      let line = Int(end.line) - 1
      let range = (Int(fixIt.location.start.column) - 1)..<(Int(end.column) - 1)
      lines[line].replaceSubrange(range, with: Array(fixIt.replacement.unicodeScalars))
    }
    return lines.map { String(String.UnicodeScalarView($0)) }.joined(separator: "\n")
  }

  @Test func applyingTheFixItsOfMisspeltNamesFixesThem() throws {
    let path = FixturePaths.repository + "/manifests/invalid/typos.yaml"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let result = try RouteCfg.validate(yaml: text, path: "typos.yaml")
    let fixIts = result.diagnostics.flatMap(\.fixIts)
    #expect(
      fixIts.map(\.title) == [
        "Replace 'knd' with 'kind'", "Replace 'provide' with 'provides'", "Replace 'veiw' with 'view'",
        "Replace 'NoteInptu' with 'NoteInput'", "Replace 'NotFund' with 'NotFound'",
      ])
    let fixed = try RouteCfg.validate(yaml: Self.applying(fixIts, to: text), path: "typos.yaml")
    #expect(fixed.diagnostics.isEmpty, "\(fixed.diagnostics.map(\.message))")
  }

  @Test func aScalarWhereAListBelongsIsWrappedInBrackets() throws {
    let text = """
      routecfg: 1
      protocols:
        Base: "var id: Int"
        NoteInput: {inherits: Base, members: "var title: String"}
        Extra: "var id: Int"
      modules:
        Notes: {kind: view, provides: NoteInput, routes: /notes/é}
        Home:
          kind: view
          requires: NoteInput, Extra
          routes: ["/"]
        Other:
          kind: view
          provides: "Extra"
          routes: /a[b]
      """
    let result = try RouteCfg.validate(yaml: text, path: "lists.yaml")
    // The last is the pattern `/a[b]`, read as the list of it, as written.
    #expect(
      result.diagnostics.map(\.code) == Array(repeating: .wrongShape, count: 6) + [.invalidRoutePattern],
      "\(result.diagnostics.map(\.message))")
    let fixIts = result.diagnostics.flatMap(\.fixIts)
    // A quoted scalar and one holding brackets get the message's advice but no edit.
    #expect(
      fixIts.map(\.title) == [
        "Write 'Base' as a list", "Write 'NoteInput' as a list", "Write '/notes/é' as a list",
        "Write 'NoteInput, Extra' as a list",
      ])
    let fixed = Self.applying(fixIts, to: text)
    #expect(fixed.contains("provides: [NoteInput], routes: [/notes/é]}"))
    #expect(fixed.contains("requires: [NoteInput, Extra]"))
    let again = try RouteCfg.validate(yaml: fixed, path: "lists.yaml")
    // What is left is Other's, which had no edit.
    #expect(!again.diagnostics.isEmpty)
    #expect(again.diagnostics.allSatisfy { $0.location.line >= 12 }, "\(again.diagnostics.map(\.message))")
  }

  @Test func aScalarReachedThroughAnAliasOrWhereMappingsBelongGetsNoBrackets() throws {
    // `*n` is placed at its anchor, inside another key's list: an edit there would change it.
    let text = """
      routecfg: 1
      protocols:
        P: "var a: Int"
      modules:
        A: {kind: view, provides: [&n P], routes: [/a]}
        B: {kind: view, requires: *n, routes: [/b]}
      adapters: P
      """
    let result = try RouteCfg.validate(yaml: text, path: "alias.yaml")
    #expect(
      result.diagnostics.map(\.code) == [.wrongShape, .wrongShape], "\(result.diagnostics.map(\.message))")
    #expect(result.diagnostics.allSatisfy { $0.fixIts.isEmpty })
  }

  @Test func adapterMembersKeyPathsRouteParametersAndTypesAreFixed() throws {
    let text = """
      routecfg: 1
      protocols:
        Header: "var title: String { get }"
        Provided: |
          var header: Header { get }
          func didLogin()
        Required: |
          var caption: String { get }
          func finish()
          var peer: Requred? { get }
      modules:
        Login: {kind: view, provides: [Provided], parameters: {noteId: Int}, routes: ["/n/:noteID"]}
        List: {kind: view, requires: [Required], routes: [/]}
      adapters:
        - adapt: Required
          to: Provided
          map: {capton: header.titel, finish: didLogn, peer: header}
      """
    let result = try RouteCfg.validate(yaml: text, path: "app.yaml")
    #expect(
      Set(result.diagnostics.flatMap(\.fixIts).map(\.title)) == [
        "Replace 'Requred' with 'Required'", "Replace 'noteID' with 'noteId'",
        "Replace 'capton' with 'caption'", "Replace 'header.titel' with 'header.title'",
        "Replace 'didLogn' with 'didLogin'",
      ])
    let fixed = Self.applying(result.diagnostics.flatMap(\.fixIts), to: text)
    #expect(fixed.contains("map: {caption: header.title, finish: didLogin, peer: header}"))
    #expect(fixed.contains("routes: [\"/n/:noteId\"]"))
    #expect(fixed.contains("var peer: Required? { get }"))
  }

  @Test func aNameInABlockScalarHasNoFixItAndAnEscapedSigilIsKept() throws {
    let text = """
      routecfg: 1
      modules:
        A:
          kind: |
            veiw
          parameters: {noteId: Int}
          routes: ["/g/\\x3anoteld"]
      """
    let result = try RouteCfg.validate(yaml: text, path: "a.yaml")
    let kind = try #require(result.diagnostics.first { $0.code == .invalidValue })
    // The block's range holds its header and line breaks: no edit could replace just the name.
    #expect(kind.fixIts.isEmpty)
    let route = try #require(result.diagnostics.first { $0.code == .unknownRouteParameter })
    #expect(Self.applying(route.fixIts, to: text).contains(#"routes: ["/g/\x3anoteId"]"#))
  }

  @Test func aQuotedNameIsReplacedInsideItsQuotes() throws {
    // A JSON manifest: every name is quoted, and the manifest must stay JSON.
    let json = """
      {"routecfg": 1, "protocols": {"P": "var a: Int { get }"},
       "modules": {"M": {"kind": "view", "provides": ["Pp"], "routes": ["/m"]}, "N": {"kind": "vieww", "routes": ["/n"]}}}
      """
    let jsonResult = try RouteCfg.validate(yaml: json, path: "app.json")
    let jsonFixes = jsonResult.diagnostics.flatMap(\.fixIts)
    #expect(jsonFixes.map(\.title).sorted() == ["Replace 'Pp' with 'P'", "Replace 'vieww' with 'view'"])
    let fixedJSON = Self.applying(jsonFixes, to: json)
    #expect(
      fixedJSON.contains(#""provides": ["P"]"#) && fixedJSON.contains(#""N": {"kind": "view", "routes"#))
    #expect(try RouteCfg.validate(yaml: fixedJSON, path: "app.json").diagnostics.isEmpty)
    // Single quotes too; a name written with escapes gets no fix, its text not being the name.
    let yaml = """
      routecfg: 1
      fallback: 'Nul'
      modules:
        "Null": {kind: view}
        A: {kind: "vie\\x77w", routes: [/a]}
      """
    let yamlResult = try RouteCfg.validate(yaml: yaml, path: "app.yaml")
    let fallback = try #require(yamlResult.diagnostics.first { $0.code == .unknownModule })
    #expect(Self.applying(fallback.fixIts, to: yaml).contains("fallback: 'Null'"))
    let kind = try #require(yamlResult.diagnostics.first { $0.code == .invalidValue })
    #expect(kind.fixIts.isEmpty)
  }

  /// A name whose last character is written as an escape: its range ends after the escape, so
  /// it is seen to be written with escapes and gets no edit (which would cut into the escape).
  @Test func aNameEndingInAnEscapeGetsNoEditAndItsRangeCoversTheEscape() throws {
    let text = #"""
      routecfg: 1
      protocols:
        Input: "var y: Delega\u0074"
        Delegate: ""
      modules:
        A: {kind: view, provides: [Input, Delegate], routes: ["/a/:i\x64"], parameters: {ix: Int?}}
      """#
    let result = try RouteCfg.validate(yaml: text, path: "app.yaml")
    let type = try #require(result.diagnostics.first { $0.code == .nearMissType })
    #expect(type.location.start == TextPoint(line: 3, column: 18))
    #expect(type.location.end == TextPoint(line: 3, column: 30), "the closing quote, after the escape")
    #expect(type.fixIts.isEmpty)
    let parameter = try #require(result.diagnostics.first { $0.code == .unknownRouteParameter })
    #expect(parameter.fixIts.isEmpty)
  }

  @Test func aSuggestionYAMLWouldReadAsNullIsNotWrittenUnquoted() throws {
    // `fallback: Null` would be a null value (RC0206): no fix, the message still suggests it.
    let text = "routecfg: 1\nfallback: Nul\nmodules:\n  \"Null\": {kind: view}\n"
    let result = try RouteCfg.validate(yaml: text, path: "app.yaml")
    let fallback = try #require(result.diagnostics.first { $0.code == .unknownModule })
    #expect(fallback.message.contains("did you mean 'Null'"))
    #expect(fallback.fixIts.isEmpty)
    // Inside a member body or a route pattern, `Null` and `null` are no YAML null: fixed there.
    let inside = """
      routecfg: 1
      protocols:
        "Null": "var x: Nul { get }"
      modules:
        M: {kind: view, provides: ["Null"], parameters: {"null": Int}, routes: ["/p/:nul"]}
      """
    let insideResult = try RouteCfg.validate(yaml: inside, path: "app.yaml")
    let fixed = Self.applying(insideResult.diagnostics.flatMap(\.fixIts), to: inside)
    #expect(fixed.contains(#""var x: Null { get }""#) && fixed.contains(#"routes: ["/p/:null"]"#), "\(fixed)")
  }

  @Test func aSuggestionNeverRepeatsAnEntryOfTheSameListOrMap() throws {
    // Writing the suggestion would list 'NoteInput' twice (RC0506), map 'title' twice (RC0611)
    // or make 'Note' inherit itself (RC0505).
    let text = """
      routecfg: 1
      protocols:
        NoteInput: "let noteId: Int"
        Base: "func a()"
        Output: |
          func show(message: String)
          var title: String { get }
        Shower: |
          func display(text: String)
          var heading: String { get }
        Child: {members: "func b()", inherits: [Base, Bse]}
        Note: {members: "func n()", inherits: [Notes]}
      modules:
        Notes: {kind: view, provides: [NoteInput, NoteInpt, Child], requires: [Output, Outpt], routes: [/]}
        Other: {kind: service, provides: [Shower]}
      adapters:
        - adapt: Output
          to: Shower
          map: {show(message:): display, shw(message:): display, title: heading, titel: heading}
        - adapt: Base
          to: Shower
          map: {a: [display, display], b: display}
      """
    let result = try RouteCfg.validate(yaml: text, path: "app.yaml")
    #expect(result.diagnostics.allSatisfy { $0.fixIts.isEmpty }, "\(result.diagnostics.flatMap(\.fixIts))")
    #expect(!result.diagnostics.contains { $0.message.contains("did you mean") })
    let unknown = result.diagnostics.filter {
      $0.code == .unknownProtocol || $0.code == .unknownAdapterMember
    }
    #expect(unknown.count == 7, "\(result.diagnostics.map(\.message))")
    // Alone in its list, the same misspelling is still corrected.
    let alone = try RouteCfg.validate(
      yaml:
        "routecfg: 1\nprotocols: {NoteInput: 'let noteId: Int'}\nmodules:\n  Notes: {kind: view, provides: [NoteInpt]}\n",
      path: "alone.yaml")
    #expect(alone.diagnostics.flatMap(\.fixIts).map(\.title) == ["Replace 'NoteInpt' with 'NoteInput'"])
  }

  @Test func aFixItReplacesAnAnchoredValueAndKeepsItsAnchor() throws {
    let text = """
      routecfg: 1
      protocols:
        Note: ""
      modules:
        M: {kind: &k vieww, provides: [&p Nte], routes: [/m]}
        O: {kind: *k, provides: [*p], routes: [/o]}
      """
    let result = try RouteCfg.validate(yaml: text, path: "app.yaml")
    // The alias '*p' is the anchored node: O's diagnostic carries the same fix-it as M's.
    var fixIts: [FixIt] = []
    for fixIt in result.diagnostics.flatMap(\.fixIts) where !fixIts.contains(fixIt) { fixIts.append(fixIt) }
    #expect(fixIts.count == 2)
    let fixed = Self.applying(fixIts, to: text)
    #expect(fixed.contains("M: {kind: &k view, provides: [&p Note], routes: [/m]}"), "\(fixed)")
    let revalidated = try RouteCfg.validate(yaml: fixed, path: "app.yaml")
    #expect(revalidated.diagnostics.isEmpty, "\(revalidated.diagnostics.map(\.message))")
  }

  @Test func aNameWithoutASuggestionHasNoFixIt() throws {
    let result = try RouteCfg.validate(
      yaml: "routecfg: 1\nmodules:\n  A: {kind: view, requires: [Elsewhere], routes: [/]}\n", path: "a.yaml")
    #expect(result.diagnostics.map(\.code) == [.unknownProtocol])
    #expect(result.diagnostics.allSatisfy { $0.fixIts.isEmpty })
  }
}
