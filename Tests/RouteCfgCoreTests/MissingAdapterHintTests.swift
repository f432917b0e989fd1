import RouteCfgCore
import Testing

/// RC0606's hint names the adapter the same way round wherever the values flow: the protocol of
/// the required side first, as the adapter between the members' protocols is written.
@Suite("Missing adapter hints")
struct MissingAdapterHintTests {
  @Test func everyFlowNamesTheRequiredSideFirst() throws {
    let result = try RouteCfg.validate(
      yaml: """
        routecfg: 1
        protocols:
          RD: |
            func ping()
          PD: |
            func ping()
          RI: |
            func f(cb: (RD) -> Void)
            func g(x: RD)
            func h() -> RD
            var k: ((RD) -> Void) -> Void { get }
          PI: |
            func f(cb: (PD) -> Void)
            func g(x: PD)
            func h() -> PD
            var k: ((PD) -> Void) -> Void { get }
        modules:
          P: {kind: view, provides: [PI, PD]}
          C: {kind: view, requires: [RI], provides: [RD], routes: [/c]}
        adapters:
          - adapt: RI
            to: PI
        """,
      path: "hints.yaml")
    let hints = result.diagnostics.filter { $0.code == .missingAdapter }.map(\.message)
    #expect(hints.count == 4)
    for hint in hints {
      #expect(hint.hasSuffix("add one ('- adapt: RD' with 'to: PD' and a 'map')"), "\(hint)")
    }
  }
}
