import RouteCfgCore
import RouteCfgRuntime

/// A registry whose every module is a ``RecordingMock``, for testing wiring without the modules.
@MainActor
public final class MockRegistry {
  /// The registry, used like a real one.
  public let registry: Registry
  private let made: MadeMocks

  init(
    graph: AppGraph, members: ManifestMembers, variant: String?, customize: (inout Registrations) -> Void
  ) throws {
    let made = MadeMocks()
    var registrations = Registrations()
    registrations.reserveCapacity(modules: graph.moduleNames.count)
    for module in graph.moduleNames {
      registrations.standIn(module, RecordingMock.self) { context in
        let mock = RecordingMock(
          module: context.module, parameters: context.parameters, manifestMembers: members)
        made.add(mock)
        return mock
      }
    }
    registrations.proxyForEveryDeclaredProtocol { DynamicProtocolProxy($0) }
    customize(&registrations)
    self.made = made
    self.registry = try Registry(graph: graph, registrations: registrations, variant: variant)
  }

  /// The most recently made mock of a module.
  public func mock(_ module: String) -> RecordingMock? { made.mocks.last { $0.module == module } }

  /// Every mock made, in order.
  public var mocks: [RecordingMock] { made.mocks }
}

/// The mocks a registry's factories have made.
@MainActor
final class MadeMocks {
  private(set) var mocks: [RecordingMock] = []

  func add(_ mock: RecordingMock) { mocks.append(mock) }
}
