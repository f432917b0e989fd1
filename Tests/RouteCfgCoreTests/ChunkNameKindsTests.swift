import Testing

@testable import RouteCfgCore

@Suite("Type name kinds by chunk")
struct ChunkNameKindsTests {
  private final class Chunk {}

  @Test func eachKindComesBackForItsSlotInItsChunk() throws {
    let (first, second) = (Chunk(), Chunk())
    let slot = { (chunk: Chunk, index: Int) in TypeNameSlot(names: ObjectIdentifier(chunk), index: index) }
    var kinds = ChunkNameKinds()
    #expect(kinds.kind(at: slot(first, 3)) == nil)
    kinds.record(.protocol(7), at: slot(first, 3))
    kinds.record(.wellKnown, at: slot(second, 0))
    kinds.record(.protocolMetatype(536_870_000), at: slot(first, 0))
    kinds.record(.external(nearProtocol: "Input"), at: slot(second, 9))
    kinds.record(.neverHashable(nearProtocol: nil), at: slot(first, 1))
    // Switching between the chunks keeps what each recorded.
    guard case .protocol(7)? = kinds.kind(at: slot(first, 3)) else { Issue.record("protocol"); return }
    guard case .wellKnown? = kinds.kind(at: slot(second, 0)) else { Issue.record("well known"); return }
    guard case .protocolMetatype(536_870_000)? = kinds.kind(at: slot(first, 0)) else {
      Issue.record("metatype")
      return
    }
    guard case .external(let near)? = kinds.kind(at: slot(second, 9)), near == "Input" else {
      Issue.record("external")
      return
    }
    guard case .neverHashable(nil)? = kinds.kind(at: slot(first, 1)) else {
      Issue.record("never hashable")
      return
    }
    // Slots between those recorded, and past them, have none.
    #expect(kinds.kind(at: slot(first, 2)) == nil)
    #expect(kinds.kind(at: slot(second, 5)) == nil)
    #expect(kinds.kind(at: slot(second, 40)) == nil)
  }

  @Test func everyReferenceToAMisspeltNameIsReportedWhereItIsWritten() throws {
    // The name is classified once for its chunk; each place it is written still gets its warning.
    let text = """
      routecfg: 1
      protocols:
        Input: |
          var a: Inptu { get }
          func b(x: Inptu) -> [Inptu]
        Other: |
          var c: Inptu.Type { get }
          var d: Input { get }
      modules:
        M: {kind: view, provides: [Input, Other]}
      """
    let result = try RouteCfg.validate(yaml: text, path: "app.yaml")
    let places = result.diagnostics.filter { $0.code == .nearMissType }.map {
      "\($0.location.start.line):\($0.location.start.column)"
    }
    #expect(places == ["4:12", "5:15", "5:26", "7:12"])
    let messages = result.diagnostics.filter { $0.code == .nearMissType }.map(\.message)
    #expect(messages.filter { $0.contains("did you mean 'Input'?") }.count == 3)
    #expect(messages.last?.contains("did you mean 'Input.Type'?") == true)
  }
}
