import NoteAppExample
import RouteCfgCore
import RouteCfgRuntime
import Testing

/// The registry is immutable and `Sendable`: URLs resolve and `Sendable` services are made from
/// many tasks at once. (Run these under `swift test --sanitize=thread` too.)
@Suite("Registry across tasks")
struct ConcurrencyTests {
  @MainActor
  static func registry() throws -> Registry {
    try NoteAppWiring.registry(manifestPath: RuntimeFixtures.repository + "/manifests/NoteApp.yaml")
  }

  @Test func urlsResolveFromManyTasks() async throws {
    let registry = try await Self.registry()
    let results = await withTaskGroup(of: (Int, RouteResolution).self) { group in
      for index in 0..<200 {
        group.addTask {
          (index, registry.resolve(index.isMultiple(of: 2) ? "/notes/\(index)" : "/elsewhere/\(index)"))
        }
      }
      var collected: [Int: RouteResolution] = [:]
      for await (index, resolution) in group { collected[index] = resolution }
      return collected
    }
    #expect(results.count == 200)
    for (index, resolution) in results {
      if index.isMultiple(of: 2) {
        guard case .matched(let match) = resolution else {
          Issue.record("/notes/\(index) did not match")
          continue
        }
        #expect(match.module == "NoteDetail")
        #expect(match.parameters["noteId"] == .int(index))
      } else {
        #expect(resolution == .fallback(module: "NotFound"))
      }
    }
  }

  @Test func sendableServicesAreMadeFromAnyIsolation() async throws {
    let registry = try await Self.registry()
    let counts = try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<64 {
        group.addTask {
          let store = try registry.service(for: "NoteStoreService", as: NoteStore.self)
          return store.allNoteIds().count
        }
      }
      var total = 0
      for try await count in group { total += count }
      return total
    }
    #expect(counts == 64 * 2)
  }

  @Test func servicesBehindAnAdapterNeedTheMainActor() async throws {
    let registry = try await Self.registry()
    #expect(throws: RuntimeError.self) {
      _ = try registry.service(for: "NoteListRequiredStore", as: NoteStore.self)
    }
  }

  @Test func viewDestinationsOnTheMainActorFromManyTasks() async throws {
    let registry = try await Self.registry()
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<32 {
        group.addTask { @MainActor in
          let list = NoteListViewController()
          guard let login = try? registry.destination(for: "ModuleARequiredLoginViewInput") else { return }
          try? login.set("message", to: "message \(index)")
          try? login.set("delegate", to: list)
          (login.object as? LoginViewController)?.login()
          #expect(list.events == ["didFinishLogin"])
        }
      }
    }
  }
}
