import RouteCfgCore
import Testing

@testable import RouteCfgRuntime

/// A caller's object handed across an adapter (a delegate set, an argument, inside an array) is
/// wrapped in a proxy that the facade keeps alive, since the provider may hold it weakly: one per
/// caller object, forgotten once that object is gone, as generated bridges are kept.
@Suite("Proxies handed over through a facade")
@MainActor
struct HandedOverProxyTests {
  static let yaml = """
    routecfg: 1
    protocols:
      ProvidedObserver: "func ping()"
      RequiredObserver: "func pong()"
      OtherObserver: "func pang()"
      ProvidedBoard: |
        var observer: ProvidedObserver? { get set }
        func attach(_ observer: ProvidedObserver)
        func attachAll(_ observers: [ProvidedObserver])
        func attachOther(_ observer: ProvidedObserver)
      RequiredBoard: |
        var observer: RequiredObserver? { get set }
        func attach(_ observer: RequiredObserver)
        func attachAll(_ observers: [RequiredObserver])
        func attachOther(_ observer: OtherObserver)
    modules:
      Board: {kind: view, provides: [ProvidedBoard], routes: [/board]}
      Host: {kind: view, requires: [RequiredBoard], routes: [/host]}
    adapters:
      - {adapt: RequiredBoard, to: ProvidedBoard}
      - {adapt: RequiredObserver, to: ProvidedObserver, map: {pong: ping}}
      - {adapt: OtherObserver, to: ProvidedObserver, map: {pang: ping}}
    """

  func board() throws -> (destination: Destination, board: WeakBoard) {
    let manifest = try RouteCfg.validate(yaml: Self.yaml, path: "board.yaml")
    var registrations = Registrations()
    registrations.view("Board", WeakBoard.self) { _ in WeakBoard() }
    registrations.view("Host", PongCounter.self) { _ in PongCounter() }
    registrations.members(of: WeakBoard.self) { table in
      table.property("observer", \.observer)
      table.method("attach(_:)") { (board, observer: any ProvidedObserver) in board.attach(observer) }
      table.method("attachAll(_:)") { (board, observers: [any ProvidedObserver]) in board.attachAll(observers)
      }
      table.method("attachOther(_:)") { (board, observer: any ProvidedObserver) in
        board.attachAll([observer])
      }
    }
    registrations.members(of: PongCounter.self) { table in
      table.method("pong()") { $0.pong() }
      table.method("pang()") { $0.pang() }
    }
    // The board's own observers.
    registrations.members(of: PingCounter.self) { table in table.method("ping()") { $0.ping() } }
    registrations.proxy(for: "ProvidedObserver") { ProvidedObserverProxy($0) }
    registrations.proxy(for: "RequiredObserver") { RequiredObserverProxy($0) }
    let destination = try Registry(manifest, registrations: registrations).destination(for: "RequiredBoard")
    return (destination, try #require(destination.object as? WeakBoard))
  }

  static func kept(by destination: Destination) throws -> Int {
    try #require(destination.members as? AdaptedMembers).handedOverCount
  }

  @Test func anArgumentAndTheElementsOfAnArrayStayAliveForAProviderThatHoldsThemWeakly() throws {
    let (destination, board) = try board()
    let caller = PongCounter()
    try destination.call("attach(_:)", caller)
    board.attached?.ping()
    #expect(caller.pongs == 1, "the proxy passed as an argument was released at once")
    let others = [PongCounter(), PongCounter()]
    try destination.call("attachAll(_:)", others)
    for observer in board.all { observer.value?.ping() }
    #expect(others.map(\.pongs) == [1, 1])
    // The same caller object gets the same proxy, however it is handed over.
    try destination.set("observer", to: caller)
    #expect(board.observer === board.attached)
    #expect(try Self.kept(by: destination) == 3)
  }

  /// The other way: the provider's own delegate, read by the caller, comes in a proxy that is
  /// remembered while the caller holds it (as generated proxies are, SPEC §6 `===`).
  @Test func theProvidersOwnObjectReadsAsTheSameProxyAndBackAsItself() throws {
    let (destination, board) = try board()
    let own = PingCounter()
    board.observer = own
    let read = try #require(try destination.get("observer") as? any RequiredObserver)
    for _ in 0..<3 {
      #expect(try destination.get("observer") as? any RequiredObserver === read)
    }
    read.pong()
    #expect(own.pings == 1)
    try destination.set("observer", to: read)
    #expect(board.observer === own, "the proxy set back reaches the provider as its own object")
    #expect(try destination.get("observer") as? any RequiredObserver === read)
    #expect(try Self.kept(by: destination) == 1)
  }

  /// One object handed over as two protocols, each through its own adapter to the same one:
  /// each crossing keeps its proxy, so each reaches the member its adapter names.
  @Test func oneObjectHandedOverAsTwoProtocolsKeepsAProxyPerAdapter() throws {
    let (destination, board) = try board()
    let caller = PongCounter()
    try destination.call("attach(_:)", caller)
    try destination.call("attachOther(_:)", caller)
    board.attached?.ping()
    board.all.first?.value?.ping()
    #expect(caller.pongs == 1 && caller.pangs == 1, "pongs \(caller.pongs), pangs \(caller.pangs)")
  }

  /// `nil` where the caller declares a protocol, not an optional, is refused as the caller
  /// declared it, though the provider's side would take it; a value that does not convert is
  /// reported with the caller's type too, not the provider's.
  @Test func valuesAreRefusedAsTheCallerDeclaresProtocolTypes() throws {
    let (destination, board) = try board()
    #expect(
      throws: RuntimeError.typeMismatch(member: "attach(_:)", expected: "RequiredObserver", actual: "nil")
    ) { try destination.call("attach(_:)", nil) }
    do {
      try destination.call("attachAll(_:)", [PongCounter(), nil] as [PongCounter?])
      Issue.record("an array holding nil was passed as [RequiredObserver]")
    } catch RuntimeError.typeMismatch(let member, let expected, _) {
      #expect(member == "attachAll(_:)" && expected == "[RequiredObserver]", "\(expected)")
    }
    #expect(board.attached == nil && board.all.isEmpty)
    // A delegate property is optional: nil clears it.
    try destination.set("observer", to: nil)
  }

  @Test func reassigningADelegateKeepsOneProxyPerLiveCaller() throws {
    let (destination, board) = try board()
    let kept = PongCounter()
    for _ in 0..<1_000 {
      try destination.set("observer", to: kept)
      try destination.set("observer", to: nil)
    }
    #expect(try Self.kept(by: destination) == 1)
    for _ in 0..<1_000 { try destination.set("observer", to: PongCounter()) }
    // Callers that are gone are forgotten each time the store doubles.
    #expect(try Self.kept(by: destination) < 16)
    try destination.set("observer", to: kept)
    board.observer?.ping()
    #expect(kept.pongs == 1)
  }
}

@MainActor
final class WeakBoard {
  weak var observer: (any ProvidedObserver)?
  weak var attached: (any ProvidedObserver)?
  var all: [WeakObserver] = []

  func attach(_ observer: any ProvidedObserver) { attached = observer }
  func attachAll(_ observers: [any ProvidedObserver]) { all = observers.map { WeakObserver(value: $0) } }
}

@MainActor
struct WeakObserver {
  weak var value: (any ProvidedObserver)?
}

@MainActor
protocol ProvidedObserver: AnyObject {
  func ping()
}

final class ProvidedObserverProxy: DynamicProtocolProxy, ProvidedObserver {
  func ping() { forwardOrReport("ping()") }
}

@MainActor
protocol RequiredObserver: AnyObject {
  func pong()
}

final class RequiredObserverProxy: DynamicProtocolProxy, RequiredObserver {
  func pong() { forwardOrReport("pong()") }
}

@MainActor
final class PongCounter {
  var pongs = 0
  var pangs = 0
  func pong() { pongs += 1 }
  func pang() { pangs += 1 }
}

@MainActor
final class PingCounter: ProvidedObserver {
  var pings = 0
  func ping() { pings += 1 }
}
