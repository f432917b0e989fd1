import NoteAppExample
import RouteCfgRuntime

// The seed's scenario: the note list shows a login screen it only knows as
// 'ModuleARequiredLoginViewInput', sets its message, and hears 'didFinishLogin' when the login
// screen calls 'didLogin()' on its own delegate.
//
//   swift run noteapp-demo [path/to/NoteApp.yaml]

@MainActor
func demo(manifest: String) throws {
  let registry = try NoteAppWiring.registry(manifestPath: manifest)
  let noteList = NoteListViewController()

  let login = try registry.destination(for: "ModuleARequiredLoginViewInput")
  print("'ModuleARequiredLoginViewInput' is answered by module \(login.module)")
  try login.set("message", to: "Please log in to read this note")
  try login.set("delegate", to: noteList)

  guard let screen = login.object as? LoginViewController else { return }
  print("the login screen shows: \(screen.notifyString ?? "nothing")")
  screen.login()
  print("the note list heard: \(noteList.events.joined(separator: ", "))")
  print(
    "reading the delegate back gives the note list: \((try login.get("delegate") as AnyObject) === noteList)")

  let opened = try registry.open("noteapp://notes/42?query=answer")
  print("noteapp://notes/42?query=answer opens \(opened.module) via \(opened.route ?? "the fallback")")
}

let arguments = CommandLine.arguments
let manifest = arguments.count > 1 ? arguments[1] : "manifests/NoteApp.yaml"
do {
  try MainActor.assumeIsolated { try demo(manifest: manifest) }
} catch {
  print("error: \(error)")
}
