import Testing

@testable import RouteCfgLanguageServer

/// What completion offers inside a protocol body, and the spaces it adds around YAML values.
@Suite("routecfg lsp: completion places")
struct CompletionPlaceTests {
  @Test(
    "a body line: keywords at a declaration's start, types only where a type goes, nothing in a comment",
    arguments: [
      ("", SwiftLinePlace.declarationStart),
      ("    ", .declarationStart),
      ("    var a: Int; ", .declarationStart),
      ("    var x: ", .type),
      ("    var x:", .type),
      ("    func f(a: ", .type),
      ("    func f(a: [", .type),
      ("    func f(a: [String: ", .type),
      ("    func f() -> ", .type),
      ("    var handler: (", .type),
      ("    var handler: (Int, ", .type),
      ("    func f(a: (Int) -> ", .type),
      ("    func f(", .nothing),
      ("    func f(a: Int, ", .nothing),
      ("    func f(a: Int) ", .afterParameters),
      ("    @MainActor func f() ", .afterParameters),
      ("    func f() async ", .afterAsync),
      ("    func f() -> (Int) ", .nothing),
      ("    func f(a: Int) throws ", .nothing),
      ("    var x: Int ", .nothing),
      ("    var x: Int? ", .nothing),
      ("    var x: [Int] ", .nothing),
      ("    var ", .nothing),
      ("    let ", .nothing),
      ("    var x: Int { ", .accessorStart),
      ("    var x: Int { get ", .afterGet),
      ("    var x: Int { get set ", .nothing),
      ("    var x: Int // shown ", .nothing),
      ("    // var x: ", .nothing),
      ("    var x: Int /* note ", .nothing),
      ("    var x: /* note */ ", .type),
    ])
  func bodyLine(before: String, place: SwiftLinePlace) {
    #expect(SwiftLinePlace(before) == place, "\(before)")
  }

  @Test("include paths: quoted when YAML would read them otherwise; the paths a text writes, escapes read")
  func includePathText() {
    #expect(YAMLPathText.written("a/b.yaml", insideQuote: nil) == "a/b.yaml")
    #expect(YAMLPathText.written("x #1.yaml", insideQuote: nil) == "\"x #1.yaml\"")
    #expect(YAMLPathText.written("q\"x.yaml", insideQuote: nil) == "\"q\\\"x.yaml\"")
    #expect(YAMLPathText.written("it's.yaml", insideQuote: UInt8(ascii: "'")) == "it''s.yaml")
    let text = """
      include:
        - 'a''b.yaml'
        - "q\\"x.yaml"   # note
        - sub/x y.yaml # plain, with a space
      other: [sub/z w.yaml, 'it''s.yaml', "", c.yaml]
      """
    #expect(
      YAMLPathText.phrases(in: text) == [
        "a'b.yaml", "q\"x.yaml", "sub/x y.yaml", "sub/z w.yaml", "it's.yaml", "", "c.yaml",
      ])
  }

  @Test("a space after a bare ':' or a list item's '-', and before a '#' that follows at once; none inside")
  func yamlSpacing() {
    func spaced(_ text: String, _ range: Range<Int>, _ inserted: String) -> String {
      let bytes = Array(text.utf8)
      let edit = YAMLSpacing(bytes, range).around(inserted)
      return String(
        decoding: bytes[..<range.lowerBound] + Array(edit.utf8) + bytes[range.upperBound...], as: UTF8.self)
    }
    #expect(spaced("kind:", 5..<5, "view") == "kind: view")
    #expect(spaced("{kind:}", 6..<6, "view") == "{kind: view}")
    #expect(spaced("message: notify", 8..<15, "header") == "message: header")
    #expect(spaced("kind: ", 6..<6, "view") == "kind: view")
    #expect(spaced("kind: # todo", 6..<6, "view") == "kind: view # todo")
    #expect(spaced("kind:# todo", 5..<5, "view") == "kind: view # todo")
    #expect(spaced("  sc# x", 2..<4, "scheme: ") == "  scheme: # x")
    #expect(spaced("to: Det", 4..<7, "DetailInput") == "to: DetailInput")
    // After a block list item's '-', also a nested one; not after a '-' inside a word.
    #expect(spaced("  -", 3..<3, "AlertInput") == "  - AlertInput")
    #expect(spaced("x:\n  - -", 8..<8, "A") == "x:\n  - - A")
    #expect(spaced("  - Alert-", 10..<10, "Input") == "  - Alert-Input")
    #expect(spaced("routes: /a-", 11..<11, "b") == "routes: /a-b")
    // In flow style, a '#' with a closing bracket after it on the line is part of the scalar.
    #expect(YAMLSpacing(Array("{kind: vi#x}".utf8), 7..<9, inFlow: true).around("view") == "view")
    #expect(YAMLSpacing(Array("[Re# note".utf8), 1..<3, inFlow: true).around("Req") == "Req ")
  }
}
