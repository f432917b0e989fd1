import RouteCfgCore
import Testing

@testable import RouteCfgCodegen

/// Which protocols generated code makes `@MainActor` (Docs/Codegen.md, "Isolation"), for proxies
/// that hand protocol values across another adapter.
@Suite("Isolation of generated protocols")
struct IsolationAnalysisTests {
  private static func mainActorProtocols(_ yaml: String) throws -> Set<String> {
    let result = try RouteCfg.validate(yaml: yaml, path: "Isolation.yaml")
    let graph = try #require(result.graph, "\(result.diagnostics)")
    return IsolationAnalysis(graph: graph).mainActorProtocols
  }

  /// A service's `NeedStore` over `StoreP` whose members convert between a view's `Listener`
  /// and `NeedListener` (in either adapter direction) makes `@MainActor` wrappers, so its proxy
  /// is `@MainActor`; `StoreP`, which the service provides, stays nonisolated.
  @Test(arguments: ["{adapt: NeedListener, to: Listener}", "{adapt: Listener, to: NeedListener}"])
  func aProxyHandingAViewsProtocolAcrossAnAdapterIsMainActor(listenerAdapter: String) throws {
    let isolated = try Self.mainActorProtocols(
      """
      routecfg: 1
      protocols:
        Listener: "func event()"
        NeedListener: "func event()"
        StoreP: "var listener: Listener? { get set }; func add(_ listener: Listener)"
        NeedStore: "var listener: NeedListener? { get set }; func add(_ listener: NeedListener)"
      modules:
        Store: {kind: service, provides: [StoreP]}
        Screen: {kind: view, provides: [Listener], routes: [/s]}
        Client: {kind: service, requires: [NeedStore], routes: [/c]}
      adapters:
        - {adapt: NeedStore, to: StoreP}
        - \(listenerAdapter)
      """)
    #expect(isolated.contains("NeedStore"))
    #expect(!isolated.contains("StoreP"))
  }

  /// A view's protocol that a member passes through unchanged, beside a service's protocol that
  /// crosses a service adapter, does not make the proxy `@MainActor`.
  @Test func aViewsProtocolPassedThroughUnchangedDoesNotIsolateTheProxy() throws {
    let isolated = try Self.mainActorProtocols(
      """
      routecfg: 1
      protocols:
        ViewP: "func show()"
        Logger: "func log(_ text: String)"
        NeedLogger: "func write(_ text: String)"
        StoreP: "func use(_ logger: Logger, _ view: ViewP)"
        NeedStore: "func use(_ logger: NeedLogger, _ view: ViewP)"
      modules:
        Store: {kind: service, provides: [StoreP, Logger]}
        Screen: {kind: view, provides: [ViewP], routes: [/s]}
        Client: {kind: service, requires: [NeedStore], routes: [/c]}
      adapters:
        - {adapt: NeedStore, to: StoreP}
        - {adapt: NeedLogger, to: Logger, map: {write: log}}
      """)
    #expect(isolated.contains("ViewP"))
    #expect(!isolated.contains("NeedStore"))
  }
}
