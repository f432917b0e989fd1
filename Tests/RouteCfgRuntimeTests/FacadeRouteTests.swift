import RouteCfgCore
import RouteCfgRuntime
import RouteCfgTesting
import Testing

/// A facade keeps each property and method name a caller uses, resolved once: the first few are
/// found by comparing names, any more through a hashed table. Every name must reach its own
/// target member, in any order of first use, whichever table holds it and whichever kind of
/// registration carries it; mistakes are reported on every access, not only the first.
@Suite("Facade routes")
@MainActor
struct FacadeRouteTests {
  /// More members of each kind than the facade compares by name (eight), so some live in each
  /// table.
  nonisolated static let count = 12
  /// Orders of first use: in turn, reversed, and mixed.
  nonisolated static let orders = [
    Array(0..<count), Array((0..<count).reversed()), [9, 0, 11, 3, 8, 1, 10, 2, 7, 4, 6, 5],
  ]

  static var yaml: String {
    let required = (0..<count).map { "var p\($0): Int { get set }\\nfunc m\($0)(value: Int) -> Int" }
      .joined(separator: "\\n")
    let provided = (0..<count).map { "var q\($0): Int { get set }\\nfunc n\($0)(_ value: Int) -> Int" }
      .joined(separator: "\\n")
    let map = (0..<count).map { "p\($0): q\($0), m\($0): n\($0)" }.joined(separator: ", ")
    return """
      routecfg: 1
      protocols:
        Wide: "\(required)"
        Slots: "\(provided)"
      modules:
        Board: {kind: view, provides: [Slots], routes: [/board]}
        Client: {kind: view, requires: [Wide], routes: [/]}
      adapters:
        - {adapt: Wide, to: Slots, map: {\(map)}}
      """
  }

  func wide() throws -> Destination {
    let manifest = try RouteCfg.validate(yaml: Self.yaml, path: "wide.yaml")
    var registrations = Registrations()
    registrations.view("Board", Board.self) { _ in Board() }
    registrations.view("Client", Client.self) { _ in Client() }
    registrations.members(of: Board.self) { table in
      for index in 0..<Self.count {
        // Half by key path, half with closures: both kinds of registration behind each table.
        if index.isMultiple(of: 2) {
          table.property("q\(index)", get: { $0.slots[index] }, set: { $0.slots[index] = $1 })
        } else {
          table.property("q\(index)", \.slots[index])
        }
        table.method("n\(index)(_:)") { (board, value: Int) in board.slots[index] + value }
      }
    }
    return try Registry(manifest, registrations: registrations).destination(for: "Wide")
  }

  @Test(arguments: orders)
  func everyPropertyReachesItsOwnMember(order: [Int]) throws {
    let facade = try wide()
    let board = try #require(facade.object as? Board)
    for index in order { try facade.set("p\(index)", to: 100 + index) }
    #expect(board.slots == (0..<Self.count).map { 100 + $0 })
    // Read back in another order, then write and read again: routes found in both tables.
    for index in order.reversed() { #expect(try facade.get("p\(index)") as? Int == 100 + index) }
    for index in order {
      try facade.set("p\(index)", to: index * index)
      #expect(try facade.get("p\(index)") as? Int == index * index)
    }
    #expect(board.slots == (0..<Self.count).map { $0 * $0 })
  }

  @Test(arguments: orders)
  func everyMethodReachesItsOwnMemberByBaseAndFullName(order: [Int]) throws {
    let facade = try wide()
    let board = try #require(facade.object as? Board)
    board.slots = (0..<Self.count).map { $0 * 10 }
    for _ in 0..<2 {
      for index in order {
        #expect(try facade.call("m\(index)", 1) as? Int == index * 10 + 1)
        #expect(try facade.call("m\(index)(value:)", 2) as? Int == index * 10 + 2)
      }
    }
  }

  @Test func methodMistakesAreReportedOnEveryCall() throws {
    let facade = try wide()
    for index in 0..<Self.count { _ = try facade.call("m\(index)", 0) }
    for _ in 0..<2 {
      for name in ["m0", "m11"] {
        #expect(throws: RuntimeError.argumentCount(member: "\(name)(value:)", expected: 1, actual: 2)) {
          try facade.call(name, 1, 2)
        }
        #expect(
          throws: RuntimeError.typeMismatch(member: "\(name)(value:)", expected: "Int", actual: "String")
        ) {
          try facade.call(name, "one")
        }
      }
      #expect(
        throws: RuntimeError.unknownMember(
          protocolName: "Wide", member: "m0(count:)", suggestion: "")
      ) {
        try facade.call("m0(count:)", 1)
      }
    }
  }

  /// A method whose argument changes protocol on the way is not one whose values pass as they
  /// are: the target receives a facade of its own protocol over the caller's object.
  @Test func argumentsThatCrossAnAdapterAreConvertedOnEveryCall() throws {
    let harness = try ManifestHarness(
      yaml: """
        routecfg: 1
        protocols:
          Listener: "func heard(text: String)"
          Ear: "func received(text: String)"
          Speaker: "func connect(listener: Listener)"
          Hub: "func attach(ear: Ear)"
        modules:
          HubModule: {kind: view, provides: [Hub], routes: [/hub]}
          Client: {kind: view, requires: [Speaker], routes: [/]}
        adapters:
          - {adapt: Speaker, to: Hub, map: {connect: attach}}
          - {adapt: Ear, to: Listener, map: {received: heard}}
        """)
    let mocks = try harness.mockRegistry()
    let speaker = try mocks.registry.destination(for: "Speaker")
    let hub = try #require(mocks.mock("HubModule"))
    var received: [Any?] = []
    try hub.stub("attach(ear:)") { arguments in
      received.append(arguments.first ?? nil)
      return nil
    }
    let listener = RecordingMock(module: "Listener")
    for _ in 0..<2 { try speaker.call("connect", listener) }
    #expect(received.count == 2)
    for (index, ear) in received.enumerated() {
      let proxy = try #require(ear as? DynamicProtocolProxy, "the hub receives an Ear, not the listener")
      try proxy.forward("received(text:)", "call \(index)")
    }
    #expect(
      listener.records == [.call("heard(text:)", ["\"call 0\""]), .call("heard(text:)", ["\"call 1\""])])
  }

  @Test func mistakesAreReportedUnderTheCallersNameInEitherTable() throws {
    let facade = try wide()
    for index in 0..<Self.count { _ = try facade.get("p\(index)") }
    for name in ["p0", "p11"] {
      #expect(throws: RuntimeError.typeMismatch(member: name, expected: "Int", actual: "String")) {
        try facade.set(name, to: "seven")
      }
    }
    #expect(throws: RuntimeError.unknownMember(protocolName: "Wide", member: "p12", suggestion: "p1")) {
      try facade.get("p12")
    }
  }
}

@MainActor
final class Board {
  var slots = Array(repeating: 0, count: FacadeRouteTests.count)
}

@MainActor
final class Client {}
