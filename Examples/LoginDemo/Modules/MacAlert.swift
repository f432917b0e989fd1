/// An alert in AppKit's style (`NSAlert`): message and informative text, buttons with actions.
/// `runModal()` shows it, and the demo's user clicks the first button at once.
@MainActor
final class MacAlert: MacAlertInput {
  var messageText = "" {
    didSet { log.record("MacAlert.messageText = \"\(messageText)\"") }
  }
  var informativeText = "" {
    didSet { log.record("MacAlert.informativeText = \"\(informativeText)\"") }
  }
  private var buttons: [(title: String, action: () -> Void)] = []
  private let log: EventLog

  init(log: EventLog) {
    self.log = log
  }

  func addButton(withTitle title: String, action: @escaping () -> Void) {
    log.record("MacAlert.addButton(withTitle: \"\(title)\")")
    buttons.append((title, action))
  }

  func runModal() {
    log.record("MacAlert.runModal()")
    guard let button = buttons.first else { return }
    log.record("MacAlert: the user clicks \"\(button.title)\"")
    button.action()
  }
}
