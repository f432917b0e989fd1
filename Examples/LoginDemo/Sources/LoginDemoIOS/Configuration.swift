/// The base configuration: `RequiredLoginAlert` is bound to `IOSAlert`, whose members have the
/// same names.
enum Configuration {
  static let name = "LoginDemoIOS: the base configuration (IOSAlert answers RequiredLoginAlert)"

  /// What the bound alert records when the login module shows `title` and `message` and adds
  /// an OK action.
  static func alertEvents(title: String, message: String) -> [String] {
    [
      "IOSAlertController.title = \"\(title)\"",
      "IOSAlertController.message = \"\(message)\"",
      "IOSAlertController.addAction(title: \"OK\")",
      "IOSAlertController.present()",
      "IOSAlertController: the user taps \"OK\"",
    ]
  }
}
