import Testing

@testable import RouteCfgCodegen

/// The layout printer on its own: what a group does when it fits and when it must break.
@Suite("Layout printer")
struct LayoutTests {
  private func closure(_ body: Layout) -> Layout {
    .group(.concat([.text("run {"), .indent(.concat([.line, body])), .line, .text("}")]))
  }

  @Test("A group that fits is laid out on one line")
  func aGroupThatFitsIsFlat() {
    #expect(LayoutPrinter(width: 100).print(closure(.text("work()"))) == "run { work() }")
  }

  @Test("A group that does not fit breaks at every line it holds")
  func aGroupThatDoesNotFitBreaks() {
    #expect(LayoutPrinter(width: 10).print(closure(.text("work()"))) == "run {\n  work()\n}")
  }

  /// Found by fuzz-generate: `{ _ in // A marker protocol: no members. }` fit in 100 columns, and
  /// the comment swallowed the closing brace.
  @Test("A comment ends its line, so the group around it breaks even when it would fit")
  func aCommentBreaksItsGroup() {
    let printed = LayoutPrinter(width: 100).print(closure(.comment(prefix: "// ", text: "nothing here.")))
    #expect(printed == "run {\n  // nothing here.\n}")
  }
}
