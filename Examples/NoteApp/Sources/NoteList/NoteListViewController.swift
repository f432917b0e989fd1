import NoteListInterface

/// The note list. It asks for a login screen and a store in its own words
/// (`ModuleARequiredLoginViewInput`, `NoteListRequiredStore`), through its dependencies; the app
/// decides who answers.
@MainActor
public final class NoteListViewController: ModuleARequiredLoginViewDelegate {
  private let dependencies: any NoteListDependencies
  public private(set) var isLoggedIn = false

  public init(dependencies: any NoteListDependencies) {
    self.dependencies = dependencies
  }

  /// Shows a login screen with a message, listening for the login to finish.
  public func showLogin() -> any ModuleARequiredLoginViewInput {
    let login = dependencies.makeModuleARequiredLoginViewInput()
    login.message = "Please log in to see your notes"
    login.delegate = self
    return login
  }

  public func didFinishLogin() {
    isLoggedIn = true
    print("NoteList: login finished")
  }

  /// The notes' texts, from the store.
  public func notes() -> [String] {
    let store = dependencies.makeNoteListRequiredStore()
    return store.noteIds().compactMap { store.note(id: $0) }
  }
}
