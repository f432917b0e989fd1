import GeneratedNoteApp

// The NoteApp's modules for the generated-code rows of the benchmark: in a module of their own,
// as an app's modules are, so that callers reach them only through the generated protocols.

/// The login screen.
@MainActor
public final class BenchLoginViewController: ProvidedLoginViewInput {
  public var notifyString: String?
  public weak var delegate: (any ProvidedLoginViewDelegate)?

  public init() {}
}

/// The note store.
public final class BenchNoteStore: NoteStoreService {
  private let notes = [1: "Groceries", 42: "The answer"]

  public init() {}

  public func allNoteIds() -> [Int] { notes.keys.sorted() }
  public func note(id: Int) -> String? { notes[id] }
  public func delete(id: Int) throws {}
}

/// A module object that provides nothing.
@MainActor
public final class BenchScreen {
  public init() {}
}

/// The registry of the benchmark: every module made by its factory.
@MainActor
public func makeBenchRegistry() -> NoteAppRegistry {
  NoteAppRegistry(
    login: { BenchLoginViewController() },
    noteList: { _ in BenchScreen() },
    noteDetail: { _, _ in preconditionFailure("the benchmark does not open note details") },
    noteEditor: { _ in preconditionFailure("the benchmark does not open editors") },
    noteStore: { BenchNoteStore() },
    notFound: { _ in BenchScreen() }
  )
}
