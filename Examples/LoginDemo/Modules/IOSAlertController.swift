/// An alert in UIKit's style (`UIAlertController`): a title, a message and actions with
/// handlers. `present()` shows it, and the demo's user taps the first action at once.
@MainActor
final class IOSAlertController: IOSAlertInput {
  var title = "" {
    didSet { log.record("IOSAlertController.title = \"\(title)\"") }
  }
  var message = "" {
    didSet { log.record("IOSAlertController.message = \"\(message)\"") }
  }
  private var actions: [(title: String, handler: () -> Void)] = []
  private let log: EventLog

  init(log: EventLog) {
    self.log = log
  }

  func addAction(title: String, handler: @escaping () -> Void) {
    log.record("IOSAlertController.addAction(title: \"\(title)\")")
    actions.append((title, handler))
  }

  func present() {
    log.record("IOSAlertController.present()")
    guard let action = actions.first else { return }
    log.record("IOSAlertController: the user taps \"\(action.title)\"")
    action.handler()
  }
}
