import Testing

@testable import RouteCfgLanguageServer

/// Markdown documentation rendered for clients that show plain text.
@Suite("routecfg lsp: plain text documentation")
struct PlainTextTests {
  @Test("code fences, inline code, emphasis, headings and links lose their markup")
  func strips() {
    let markdown = """
      ```swift
      protocol A_B {
        var x: Int { get }  // *kept*
      }
      ```
      - provided by `Detail`
      **view** module `Home`, _new_
      ## Heading
      see [Diagnostics](https://example.com/D.md#rc0601) and [x](x)
      snake_case, a * b, \\*literal\\*
      a last '*catchAll', *one* and __two__, 2*3
      routes '*rest' and '*path', a wildcard '*x', and `*y`
      """
    let expected = """
      protocol A_B {
        var x: Int { get }  // *kept*
      }
      - provided by Detail
      view module Home, new
      Heading
      see Diagnostics (https://example.com/D.md#rc0601) and x
      snake_case, a * b, *literal*
      a last '*catchAll', one and two, 2*3
      routes '*rest' and '*path', a wildcard '*x', and *y
      """
    #expect(PlainText.fromMarkdown(markdown) == expected)
  }

  @Test("the client's first format the server writes wins; plain text when it names neither")
  func preferredKind() {
    #expect(MarkupKind.preferred(.array([.string("plaintext"), .string("markdown")])) == .plaintext)
    #expect(MarkupKind.preferred(.array([.string("html"), .string("markdown")])) == .markdown)
    #expect(MarkupKind.preferred(nil) == .plaintext)
    #expect(MarkupKind.preferred(.array([.string("html")])) == .plaintext)
    #expect(MarkupKind.preferred(.string("markdown")) == .plaintext)
  }
}
