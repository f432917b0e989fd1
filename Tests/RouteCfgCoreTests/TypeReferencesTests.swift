import RouteCfgCore
import Testing

private typealias Harness = MemberParserHarness

/// The members of a body share one array of type references: each must see exactly its own,
/// whichever parser read it and whatever did not parse around it.
@Suite("Type references shared by a body's members")
struct TypeReferencesTests {
  /// Each member's reference names, in order.
  private func names(_ members: [MemberDecl]) -> [[String]] {
    members.map { $0.typeReferences.map(\.value) }
  }

  @Test func membersReadByTheOnePassParserSeeTheirOwn() {
    let (members, diagnostics) = Harness.members(
      "var a: Int\nfunc f(x: [String: Note]) -> Bar?\nlet b: Baz; func g()\nvar c: (Foo) -> Void")
    #expect(diagnostics.isEmpty)
    #expect(names(members) == [["Int"], ["String", "Note", "Bar"], ["Baz"], [], ["Foo", "Void"]])
  }

  @Test func aDeclarationThatDoesNotParseLeavesNoReferences() {
    // The second and fourth lines fail after writing types; the general parser reads from the
    // second line on, so both parsers' members are checked.
    let (members, diagnostics) = Harness.members(
      "var a: Alpha\nvar b: Beta Gamma\nfunc f(x: Delta) -> Epsilon\nvar c: [Zeta\nlet d: Eta")
    #expect(diagnostics.count == 2)
    #expect(members.map(\.name) == ["a", "f", "d"])
    #expect(names(members) == [["Alpha"], ["Delta", "Epsilon"], ["Eta"]])
    #expect(members[2].typeReferences.first?.location.start == TextPoint(line: 5, column: 8))
  }

  @Test func aBodyReadByBothParsersKeepsEachPartsReferences() {
    // A name in backticks sends the rest of the body to the general parser.
    let (members, diagnostics) = Harness.members(
      "var a: One\nfunc f(x: Two) -> Three\nvar `b`: Four\nvar c: [Five: Six]")
    #expect(diagnostics.isEmpty)
    #expect(names(members) == [["One"], ["Two", "Three"], ["Four"], ["Five", "Six"]])
    #expect(members[3].typeReferences.map(\.location.start.column) == [9, 15])
  }

  @Test func sharedReferencesCompareAndPrintAsTheirOwnArray() throws {
    let (members, _) = Harness.members("var a: Int\nvar b: Note")
    let note = try #require(members.last).typeReferences
    let alone = TypeReferences(Array(note))
    #expect(note == alone)
    #expect(note.hashValue == alone.hashValue)
    #expect(note.description == Array(note).description)
    #expect(note.count == 1 && note.startIndex == 0 && note[0].value == "Note")
    #expect(members[0].typeReferences != note)
    #expect(TypeReferences([]).isEmpty)
  }
}
