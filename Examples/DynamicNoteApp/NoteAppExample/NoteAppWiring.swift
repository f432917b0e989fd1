import RouteCfgCore
import RouteCfgRuntime

/// The app context: wires `manifests/NoteApp.yaml` to the classes above. Only this file knows
/// both the login module and the note list.
@MainActor
public enum NoteAppWiring {
  /// Registrations for every module of the manifest.
  public static func registrations() -> Registrations {
    var registrations = Registrations()
    registrations.view("Login", LoginViewController.self) { _ in LoginViewController() }
    registrations.members(of: LoginViewController.self) { table in
      table.property("notifyString", \.notifyString)
      table.property("delegate", \.delegate)
    }

    registrations.view("NoteList", NoteListViewController.self) { _ in NoteListViewController() }
    // The note list is handed to the login screen as its delegate, so its members are needed.
    registrations.members(of: NoteListViewController.self) { table in
      table.method("didFinishLogin()") { list in list.didFinishLogin() }
    }

    registrations.view("NoteDetail", NoteDetailViewController.self) { context in
      NoteDetailViewController(noteId: context.parameter("noteId") ?? 0, query: context.parameter("query"))
    }
    registrations.members(of: NoteDetailViewController.self) { table in
      table.property("noteId", \.noteId)
      table.property("title", \.title)
      table.method("highlight(range:animated:)") { (page, range: String, animated: Bool) in
        page.highlight(range: range, animated: animated)
      }
    }

    registrations.view("NoteEditor", NoteEditorViewController.self) { context in
      NoteEditorViewController(noteId: context.parameter("noteId"))
    }
    registrations.members(of: NoteEditorViewController.self) { table in
      table.property("noteId", \.noteId)
      table.property("draft", \.draft)
      table.method("save()") { editor in try editor.save() }
    }

    registrations.service("NoteStore", NoteStore.self) { _ in NoteStore() }
    registrations.members(of: NoteStore.self) { table in
      table.method("allNoteIds()") { store in store.allNoteIds() }
      table.method("note(id:)") { (store, id: Int) in store.note(id: id) }
      table.method("delete(id:)") { (store, id: Int) in try store.delete(id: id) }
    }

    registrations.view("NotFound", NotFoundViewController.self) { context in
      NotFoundViewController(path: context.parameter("path"))
    }

    // Any login-screen delegate, such as one the login module sets up itself, read back through
    // the note list's protocol.
    registrations.members(of: (any ProvidedLoginViewDelegate).self, as: "ProvidedLoginViewDelegate") {
      table in
      table.method("didLogin()") { delegate in delegate.didLogin() }
    }

    registrations.proxy(for: "ProvidedLoginViewDelegate") { LoginDelegateProxy($0) }
    registrations.proxy(for: "ModuleARequiredLoginViewDelegate") { NoteListDelegateProxy($0) }
    return registrations
  }

  /// The same modules wired by the code `routecfg generate --dynamic` wrote into Generated/:
  /// typed factories, and every protocol's member table and proxy registered by one call, with
  /// nothing written by hand.
  public static func generatedRegistrations() -> Registrations {
    let registry = NoteAppRegistry(
      login: { LoginViewController() },
      noteList: { _ in NoteListViewController() },
      noteDetail: { NoteDetailViewController(noteId: $0, query: $1) },
      noteEditor: { NoteEditorViewController(noteId: $0) },
      noteStore: { NoteStore() },
      notFound: { NotFoundViewController(path: $0) }
    )
    var registrations = Registrations()
    registry.registerDynamic(into: &registrations)
    return registrations
  }

  /// The registry for a manifest's text or file, with every module registered.
  public static func registry(manifestPath: String) throws -> Registry {
    let manifest = try RouteCfg.load(path: manifestPath)
    return try Registry(manifest, registrations: registrations())
  }
}

/// Hands the login screen a `ProvidedLoginViewDelegate` that forwards to whoever set the delegate
/// through the note list's protocol.
final class LoginDelegateProxy: DynamicProtocolProxy, ProvidedLoginViewDelegate {
  func didLogin() { forwardOrReport("didLogin()") }
}

/// The opposite crossing: a login screen's own delegate, read back through the note list's
/// protocol.
final class NoteListDelegateProxy: DynamicProtocolProxy, ModuleARequiredLoginViewDelegate {
  func didFinishLogin() { forwardOrReport("didFinishLogin()") }
}
