import RouteCfgCore
import Testing

/// The member pairings the validator hands to the runtime and to code generation: full names
/// and paths spelled when read, for renamed, implicit, key-path and reverse pairings.
@Suite("Member pairings")
struct MemberPairingTests {
  static let manifest = """
    routecfg: 1
    protocols:
      Header: |
        var title: String { get set }
      Editor: |
        var header: Header { get }
        func save(note id: Int, _ force: Bool) -> Bool
        func close()
        var delegate: EditorDelegate? { get set }
      EditorDelegate: |
        func editorDidFinish(saved: Bool)
        func editorDidFail(code: Int)
      Editing: |
        var caption: String { get set }
        func store(note id: Int, _ force: Bool) -> Bool
        func close()
        var delegate: EditingDelegate? { get set }
      EditingDelegate: |
        func didFinish(saved: Bool)
        func editorDidFail(code: Int)
      Lookalike1: |
        func store(note id: Int, force: Bool) -> Bool
        func caption()
      Lookalike2: |
        func store(note id: Int) -> Bool
        var close: Int { get }
      Lookalike3: |
        var store: Int { get }
    modules:
      EditorModule: {kind: service, provides: [Editor]}
      Client: {kind: service, requires: [Editing]}
      Lookalikes: {kind: service, provides: [Lookalike1, Lookalike2, Lookalike3]}
    adapters:
      - adapt: Editing
        to: Editor
        map:
          caption: header.title
          store(note:_:): save
      - adapt: EditingDelegate
        to: EditorDelegate
        map:
          didFinish: editorDidFinish
    """

  static func adapters() throws -> [String: AdapterInfo] {
    let result = try RouteCfg.validate(yaml: manifest, path: "pairings.yaml")
    #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty)
    let graph = try #require(result.graph)
    return Dictionary(uniqueKeysWithValues: graph.adapters.map { ($0.adapt, $0) })
  }

  static func spelled(_ pairings: [MemberPairing]) -> [String] {
    pairings.map {
      "\($0.member) -> \($0.path.joined(separator: "."))\($0.crossesAdapter ? " (crosses)" : "")"
    }
  }

  @Test func forwardPairingsSpellFullNamesAndPaths() throws {
    let editing = try #require(try Self.adapters()["Editing"])
    #expect(
      Self.spelled(editing.forward) == [
        "caption -> header.title", "store(note:_:) -> save", "close() -> close",
        "delegate -> delegate (crosses)",
      ])
  }

  @Test func reversePairingsNameTheRequiredMembers() throws {
    let delegate = try #require(try Self.adapters()["EditingDelegate"])
    #expect(delegate.isUsedInReverse)
    #expect(
      Self.spelled(delegate.forward) == [
        "didFinish(saved:) -> editorDidFinish", "editorDidFail(code:) -> editorDidFail",
      ])
    #expect(
      Self.spelled(delegate.reverse) == [
        "editorDidFinish(saved:) -> didFinish", "editorDidFail(code:) -> editorDidFail",
      ])
  }

  @Test func equalPairingsHashAlikeAndDifferentOnesDiffer() throws {
    let adapters = try Self.adapters()
    let again = try Self.adapters()
    let forward = try #require(adapters["Editing"]).forward
    let forwardAgain = try #require(again["Editing"]).forward
    #expect(forward == forwardAgain)
    #expect(Set(forward).count == forward.count)
    let reverse = try #require(adapters["EditingDelegate"]).reverse
    #expect(Set(forward + reverse + forward).count == forward.count + reverse.count)
    #expect(forward.map(\.hashValue) == forwardAgain.map(\.hashValue))
    #expect(forward[0] != forward[1])
  }

  @Test func aPairingPairsTheMemberOfItsFullNameOnly() throws {
    let result = try RouteCfg.validate(yaml: Self.manifest, path: "pairings.yaml")
    let graph = try #require(result.graph)
    let forward = try #require(graph.adapters.first { $0.adapt == "Editing" }).forward
    let editing = try #require(graph.protocols["Editing"]).members
    for member in editing {
      #expect(forward.filter { $0.pairs(member) }.map(\.member) == [member.fullName])
    }
    // Same base names, other labels or kinds.
    let others = ["Lookalike1", "Lookalike2", "Lookalike3"].flatMap { graph.protocols[$0]?.members ?? [] }
    #expect(others.count == 5)
    for member in others {
      #expect(!forward.contains { $0.pairs(member) }, "\(member.fullName)")
    }
  }

  @Test func printingAPairingShowsItsFullNameAndPath() throws {
    let forward = try #require(try Self.adapters()["Editing"]).forward
    #expect(
      String(describing: forward[1])
        == #"MemberPairing(member: "store(note:_:)", path: ["save"], crossesAdapter: false)"#)
    #expect(String(describing: forward[0]).contains(#"path: ["header", "title"]"#))
  }
}
