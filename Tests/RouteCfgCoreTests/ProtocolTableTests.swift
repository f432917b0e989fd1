import RouteCfgCore
import Testing

/// A protocol's members in the validated graph: own ones first, then inherited ones, each with
/// the protocol that declares it, including in bodies whose size the parser estimates.
@Suite("Protocol table")
struct ProtocolTableTests {
  static let inheritance = """
    routecfg: 1
    protocols:
      Named: |
        var name: String { get }
      Identified: |
        var id: Int { get }
      Detail: |
        func show(); func hide()
        // More members than lines, and a comment line:
        func move(to x: Int, y: Int)
      DetailView:
        inherits: [Detail, Named, Identified]
        members: |
          var title: String? { get set }
    modules:
      Screen: {kind: view, provides: [DetailView], routes: [/detail]}
    """

  @Test func ownMembersComeFirstThenEachInheritedOneWithItsDeclaringProtocol() throws {
    let graph = try #require(
      try RouteCfg.validate(yaml: Self.inheritance, path: "inheritance.yaml").graph)
    let view = try #require(graph.protocols["DetailView"])
    #expect(view.members.map(\.fullName) == ["title", "show()", "hide()", "move(to:y:)", "name", "id"])
    #expect(Array(view.origins) == ["DetailView", "Detail", "Detail", "Detail", "Named", "Identified"])
    #expect(view.origins.count == view.members.count)
    let detail = try #require(graph.protocols["Detail"])
    #expect(detail.members.map(\.fullName) == ["show()", "hide()", "move(to:y:)"])
    #expect(Array(detail.origins) == ["Detail", "Detail", "Detail"])
  }

  @Test func aRepeatedInheritedMemberNamesBothOrigins() throws {
    let yaml = """
      routecfg: 1
      protocols:
        Named: |
          var name: String { get }
        Identified: |
          var id: Int { get }
          var name: String? { get }
        DetailView:
          inherits: [Named, Identified]
          members: |
            var title: String? { get set }
      modules:
        Screen: {kind: view, provides: [DetailView], routes: [/detail]}
      """
    let result = try RouteCfg.validate(yaml: yaml, path: "inheritance.yaml")
    let duplicate = try #require(result.diagnostics.first { $0.code == .duplicateMember })
    #expect(duplicate.message.contains("from 'Named' and from 'Identified'"))
  }
}
