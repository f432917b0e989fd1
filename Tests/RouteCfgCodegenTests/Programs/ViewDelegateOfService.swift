// Runs against the code generated for Tests/RouteCfgCodegenTests/Fixtures/ViewDelegateOfService.yaml.

/// The service: it tells its delegate how many texts it has saved.
nonisolated final class NoteStore: StoreService {
  weak var delegate: (any StoreDelegate)?
  var texts: [String] = []

  func save(text: String) {
    texts.append(text)
    delegate?.didSave(count: texts.count)
  }
}

// A view that is the delegate of a service it requires conforms on the main actor, and marks
// each method `@MainActor`: Swift takes the methods that implement a `nonisolated` protocol's
// requirements as nonisolated otherwise, even in a `@MainActor` class.
@MainActor final class Panel: @MainActor NeedStoreDelegate {
  let store: any NeedStore
  var saved = 0

  init(dependencies: any PanelDependencies) {
    store = dependencies.makeNeedStore()
    store.delegate = self
  }

  @MainActor func didStore(count: Int) {
    saved = count
  }
}

func check(_ condition: Bool, _ what: String) {
  if !condition { print("failed: \(what)") }
}

let registry = NotesRegistry(store: { NoteStore() }, panel: { Panel(dependencies: $0) })
guard let panel = registry.open(url: "/panel") as? Panel else { fatalError("no panel") }
panel.store.store(text: "first")
panel.store.store(text: "second")
check(panel.saved == 2, "the service's callbacks reach the view")
check(panel.store.delegate === panel, "the delegate reads back as the view")
print("ok")
