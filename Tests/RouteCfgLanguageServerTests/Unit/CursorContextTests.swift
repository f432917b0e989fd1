import RouteCfgCore
import Testing

@testable import RouteCfgLanguageServer

@Suite("LSP: the place of the cursor, read from text that may not parse")
struct CursorContextTests {
  /// The context at `‸`, with its path written `modules.Login.provides.-`.
  static func context(_ text: String) throws -> (
    path: String, slot: CursorContext.Slot, prefix: String, context: CursorContext
  ) {
    let bytes = Array(text.utf8)
    let marker = Array("‸".utf8)
    let index = try #require(
      (0...(bytes.count - marker.count)).first { Array(bytes[$0..<$0 + marker.count]) == marker })
    var clean = bytes
    clean.removeSubrange(index..<index + marker.count)
    let context = try #require(CursorContext.at(offset: index, in: clean, lines: LineIndex(clean)))
    let path = context.path.map { step -> String in
      if case .key(let key) = step { return key }
      return "-"
    }.joined(separator: ".")
    return (path, context.slot, context.prefix, context)
  }

  static let cases: [(String, String, CursorContext.Slot, String)] = [
    ("ro‸", "", .key, "ro"),
    ("routecfg: 1\nmodules:\n  Login:\n    pro‸", "modules.Login", .key, "pro"),
    ("modules:\n  Login:\n    kind: vi‸ew", "modules.Login.kind", .value, "vi"),
    // After an anchor or a tag, the scalar is the word; in one, the property is.
    ("modules:\n  Login:\n    kind: &k vi‸", "modules.Login.kind", .value, "vi"),
    ("modules:\n  Login:\n    kind: !!str  &k vi‸", "modules.Login.kind", .value, "vi"),
    ("modules:\n  Login:\n    kind: &k‸", "modules.Login.kind", .value, "&k"),
    ("modules:\n  Login:\n    provides:\n      - &p Pro‸", "modules.Login.provides.-", .value, "Pro"),
    ("modules:\n  Login: {kind: &k vi‸", "modules.Login.kind", .value, "vi"),
    ("modules:\n  Login: {provides: [A, !!str\n    Pro‸", "modules.Login.provides.-", .value, "Pro"),
    ("modules:\n  Login:\n    provides: [A, Pro‸", "modules.Login.provides.-", .value, "Pro"),
    ("modules:\n  Login:\n    provides:\n      - Pro‸", "modules.Login.provides.-", .value, "Pro"),
    ("modules:\n  Login:\n    provides:\n    - Pro‸", "modules.Login.provides.-", .value, "Pro"),
    ("modules:\n  Login: {kind: view, provides: [A, ‸", "modules.Login.provides.-", .value, ""),
    ("modules:\n  Login: {kind: view, ro‸", "modules.Login", .key, "ro"),
    ("modules:\n  Login: {kind: \"vi‸", "modules.Login.kind", .value, "vi"),
    ("adapters:\n  - adapt: A\n    to: B\n    map:\n      mes‸", "adapters.-.map", .key, "mes"),
    (
      "adapters:\n  - adapt: A\n    to: B\n    map:\n      message: header.ti‸", "adapters.-.map.message",
      .value, "header.ti"
    ),
    ("adapters:\n  - adapt: A\n    t‸", "adapters.-", .key, "t"),
    ("adapters:\n  - a‸", "adapters.-", .value, "a"),
    ("adapters:\n  - {adapt: A, to: B, map: {x: y‸}}", "adapters.-.map.x", .value, "y"),
    ("protocols:\n  P: |\n    var x: Str‸", "protocols.P", .blockScalar, "Str"),
    ("protocols:\n  P: |\n    var x: Int\n\n    func f(a: B‸", "protocols.P", .blockScalar, "B"),
    (
      "protocols:\n  P:\n    inherits: [Q]\n    members: |\n      var x: ‸", "protocols.P.members",
      .blockScalar, ""
    ),
    ("protocols:\n  P: |\n    var x: Int\nmodules:\n  M:\n    ki‸", "modules.M", .key, "ki"),
    ("bindings:\n  Alert: IO‸", "bindings.Alert", .value, "IO"),
    ("variants:\n  macOS:\n    bindings:\n      Alert: ‸", "variants.macOS.bindings.Alert", .value, ""),
    ("modules:\n  # a comment\n  Login:\n\n    ‸", "modules.Login", .key, ""),
    ("modules:\n  Login:\n    routes: [\"/a\", '/b‸", "modules.Login.routes.-", .value, "/b"),
    // Flow collections over several lines (the second is where hover reads a later line's key).
    ("modules:\n  Login: {routes: [/a],\n    kind: vi‸}", "modules.Login.kind", .value, "vi"),
    (
      "modules:\n  Login: {kind: view,\n    provides: [A], routes:‸ [/b]}", "modules.Login.routes", .value,
      ""
    ),
    (
      "modules:\n  Login:\n    provides:\n      [\n        A, # a comment\n        Pro‸\n      ]",
      "modules.Login.provides.-", .value, "Pro"
    ),
    (
      "{\n  \"modules\": {\n    \"Login\": {\n      \"provides\": [\n        \"A\",\n        \"Pro‸\"",
      "modules.Login.provides.-", .value, "Pro"
    ),
  ]

  @Test("paths, slots and prefixes in block and flow style", arguments: cases)
  func contexts(text: String, path: String, slot: CursorContext.Slot, prefix: String) throws {
    let found = try Self.context(text)
    #expect(found.path == path, "\(text)")
    #expect(found.slot == slot, "\(text)")
    #expect(found.prefix == prefix, "\(text)")
  }

  @Test("no context inside a comment, after a space or a tab")
  func comment() {
    for written in ["modules: # no", "modules:\t# no", "# no", "  - Login\t# no"] {
      let text = Array(written.utf8)
      #expect(CursorContext.at(offset: text.count, in: text, lines: LineIndex(text)) == nil, "\(written)")
    }
  }

  /// A word completed inside the indentation before a line's key would change the indentation
  /// or make the key another mapping's ('bindings: view' at column 0 of '    kind: view'); at
  /// the key's first character, and on a blank line, the key is completed as before.
  @Test("no context inside the indentation of a line that holds something")
  func indentation() throws {
    let text = "routecfg: 1\nmodules:\n  Login:\n    kind: view\n"
    let line = Array(text.utf8).firstIndex(of: UInt8(ascii: "k")) ?? 0
    let bytes = Array(text.utf8)
    for column in 0..<4 {
      #expect(
        CursorContext.at(offset: line - 4 + column, in: bytes, lines: LineIndex(bytes)) == nil, "\(column)")
    }
    let atKey = try #require(CursorContext.at(offset: line, in: bytes, lines: LineIndex(bytes)))
    #expect(atKey.slot == .key && atKey.tokenRange == line..<(line + 4))
    let blank = try Self.context("routecfg: 1\nmodules:\n  Login:\n    kind: view\n  ‸  \n")
    #expect(blank.path == "modules" && blank.slot == .key)
    // In a protocol body, a word below the body's indentation would end the block.
    let body = "protocols:\n  P: |\n    var x: Int\n    var y: Int\n"
    let bodyBytes = Array(body.utf8)
    let second = try #require(
      bodyBytes.indices.filter { bodyBytes[$0] == UInt8(ascii: "v") }.dropFirst().first)
    #expect(CursorContext.at(offset: second - 1, in: bodyBytes, lines: LineIndex(bodyBytes)) == nil)
    let inBody = try Self.context("protocols:\n  P: |\n    var x: Int\n    ‸var y: Int\n")
    #expect(inBody.slot == .blockScalar)
  }

  @Test("keys already written and the scalars beside a key are read from the text")
  func siblings() throws {
    let block = try Self.context(
      "adapters:\n  - adapt: Required   # comment\n    to: 'Provided'\n    map:\n      a: b\n      ‸\n      c: d\n  - adapt: Other"
    )
    #expect(block.context.existingKeys == ["a", "c"])
    let mapIndex = try #require(block.context.path.firstIndex(of: .key("map")))
    #expect(block.context.siblingScalars(ofKeyAt: mapIndex)["adapt"] == "Required")
    #expect(block.context.siblingScalars(ofKeyAt: mapIndex)["to"] == "Provided")
    let flow = try Self.context("adapters:\n  - {adapt: Required, to: Provided, map: {a: b, ‸}}")
    #expect(flow.context.existingKeys == ["a"])
    let flowMap = try #require(flow.context.path.firstIndex(of: .key("map")))
    #expect(flow.context.siblingScalars(ofKeyAt: flowMap)["to"] == "Provided")
  }

  @Test(
    "the items already written in the cursor's list are read from it, but the cursor's own",
    arguments: [
      ("modules:\n  M:\n    requires: [A, \"B\", Fo‸o, C]\n    provides: [D]", ["A", "B", "C"]),
      ("modules:\n  M:\n    requires: [A, {x: y}, [z], B‸]", ["A"]),
      ("modules:\n  M:\n    requires: [A,\n      B‸, # C\n      'D'\n    ]\n    provides: [E]", ["A", "D"]),
      // A list nothing closes ends before the next key.
      ("modules:\n  M:\n    requires: [A, B‸\n    provides: [E]", ["A"]),
      (
        "modules:\n  M:\n    requires:\n      - A\n      - 'B' # C\n      - D‸\n      - {x: y}\n    provides: [E]",
        ["A", "B"]
      ),
      ("modules:\n  M:\n    requires:\n    - A\n    - ‸\n    - D\n    provides:\n    - E", ["A", "D"]),
    ])
  func listItems(text: String, items: [String]) throws {
    let found = try Self.context(text)
    #expect(found.path == "modules.M.requires.-", "\(text)")
    #expect(found.context.existingItems == Set(items), "\(text)")
  }
}

extension CursorContext.Slot: CustomTestStringConvertible {
  public var testDescription: String { "\(self)" }
}
