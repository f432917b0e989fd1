import Testing

@testable import RouteCfgLanguageServer

/// LSP 3.17: a `DocumentSymbol`'s name "must not be an empty string or a string only consisting
/// of white spaces"; a manifest can still write such a route or include (`routes: [" "]`).
@Suite("LSP: outline names")
struct SymbolNameTests {
  @Test func emptyAndBlankNamesAreShownSoThatClientsTakeThem() {
    #expect(DocumentSymbolProvider.shownName("") == "(empty)")
    #expect(DocumentSymbolProvider.shownName(" ") == "' '")
    #expect(DocumentSymbolProvider.shownName("\t") == "'\\t'")
    #expect(DocumentSymbolProvider.shownName(" \u{3000}") == "' \\u{3000}'")
    #expect(DocumentSymbolProvider.shownName(" /a ") == " /a ")
    #expect(DocumentSymbolProvider.shownName("Login") == "Login")
  }
}
