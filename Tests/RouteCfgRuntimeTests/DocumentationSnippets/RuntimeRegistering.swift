// Docs/Runtime.md, "Registering": the complete wiring of manifests/NoteApp.yaml, compiled here
// and used by the other snippets of that page.
import NoteAppExample
import RouteCfgCore
import RouteCfgRuntime

@MainActor
func makeRegistry() throws -> Registry {
  var registrations = Registrations()

  // A factory per module. Views are made on the main actor.
  registrations.view("Login", LoginViewController.self) { _ in LoginViewController() }
  registrations.view("NoteList", NoteListViewController.self) { _ in NoteListViewController() }
  registrations.view("NoteDetail", NoteDetailViewController.self) { context in
    NoteDetailViewController(noteId: context.parameter("noteId") ?? 0, query: context.parameter("query"))
  }
  registrations.view("NoteEditor", NoteEditorViewController.self) { context in
    NoteEditorViewController(noteId: context.parameter("noteId"))
  }
  registrations.view("NotFound", NotFoundViewController.self) { context in
    NotFoundViewController(path: context.parameter("path"))
  }
  // Services whose types are Sendable can also be made from any isolation.
  registrations.service("NoteStore", NoteStore.self) { _ in NoteStore() }

  // A member table per destination type, by the names the manifest gives the members.
  registrations.members(of: LoginViewController.self) { table in
    table.property("notifyString", \.notifyString)  // writable key path: settable
    table.property("delegate", \.delegate)
  }
  registrations.members(of: NoteListViewController.self) { table in
    table.method("didFinishLogin()") { list in list.didFinishLogin() }
  }
  registrations.members(of: NoteDetailViewController.self) { table in
    table.property("noteId", \.noteId)  // read-only key path
    table.property("title", \.title)
    table.method("highlight(range:animated:)") { (page, range: String, animated: Bool) in
      page.highlight(range: range, animated: animated)
    }
  }
  registrations.members(of: NoteEditorViewController.self) { table in
    table.property("noteId", \.noteId)
    // Closures instead of a key path: the same entry, about twice as fast to forward through.
    table.property("draft", get: { editor in editor.draft }, set: { editor, draft in editor.draft = draft })
    table.method("save()") { editor in try editor.save() }
  }
  registrations.members(of: NoteStore.self) { table in
    table.method("allNoteIds()") { store in store.allNoteIds() }
    table.method("note(id:)") { (store, id: Int) in store.note(id: id) }
    table.method("delete(id:)") { (store, id: Int) in try store.delete(id: id) }
  }

  // A proxy per protocol whose values cross an adapter: the delegate, in both directions.
  registrations.proxy(for: "ProvidedLoginViewDelegate") { LoginDelegateProxy($0) }
  registrations.proxy(for: "ModuleARequiredLoginViewDelegate") { NoteListDelegateProxy($0) }

  let manifest = try RouteCfg.load(path: "manifests/NoteApp.yaml")  // throws its diagnostics
  return try Registry(manifest, registrations: registrations)  // throws every mismatch
}

/// The login screen's delegate, forwarding to whoever set it through the note list's protocol.
final class LoginDelegateProxy: DynamicProtocolProxy, ProvidedLoginViewDelegate {
  func didLogin() { forwardOrReport("didLogin()") }
}

/// The opposite crossing: a delegate the login screen set itself, seen as the note list's.
final class NoteListDelegateProxy: DynamicProtocolProxy, ModuleARequiredLoginViewDelegate {
  func didFinishLogin() { forwardOrReport("didFinishLogin()") }
}

/// The note store seen through the note list's protocol, over the adapter's dynamic members.
final class NoteListStoreProxy: DynamicProtocolProxy, @MainActor NoteListRequiredStore {
  @MainActor func noteIds() -> [Int] { forwardOrReport("noteIds()", as: [Int].self) ?? [] }
  @MainActor func note(id: Int) -> String? { forwardOrReport("note(id:)", id, as: String.self) }
}
