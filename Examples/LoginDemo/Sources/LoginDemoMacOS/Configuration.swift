/// The `macOS` variant (routecfg-plugin.json): `RequiredLoginAlert` is bound to `MacAlert`, and
/// the adapter renames `title` to `messageText`, `message` to `informativeText`,
/// `addAction(title:handler:)` to `addButton(withTitle:action:)` and `present` to `runModal`.
enum Configuration {
  static let name = "LoginDemoMacOS: the macOS variant (MacAlert answers RequiredLoginAlert)"

  /// What the bound alert records when the login module shows `title` and `message` and adds
  /// an OK action.
  static func alertEvents(title: String, message: String) -> [String] {
    [
      "MacAlert.messageText = \"\(title)\"",
      "MacAlert.informativeText = \"\(message)\"",
      "MacAlert.addButton(withTitle: \"OK\")",
      "MacAlert.runModal()",
      "MacAlert: the user clicks \"OK\"",
    ]
  }
}
