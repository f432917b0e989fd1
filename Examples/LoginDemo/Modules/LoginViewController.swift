/// The login module. It asks for an alert only as `RequiredLoginAlert`, in its own words, through
/// the `LoginDependencies` the generated registry hands it, and never names an alert module: the
/// configuration decides who answers.
@MainActor
final class LoginViewController: LoginViewInput {
  var username: String?
  private let dependencies: any LoginDependencies
  private let authenticator: Authenticator
  private let log: EventLog

  init(dependencies: any LoginDependencies, authenticator: Authenticator, log: EventLog) {
    self.dependencies = dependencies
    self.authenticator = authenticator
    self.log = log
  }

  /// Checks the user, then shows the outcome in an alert whose OK button the user taps.
  func login() async throws -> Bool {
    guard let username, !username.isEmpty else { throw LoginError.missingUsername }
    log.record("Login: checking '\(username)'")
    let accepted = await authenticator.accepts(username)
    let alert = dependencies.makeRequiredLoginAlert()
    alert.title = accepted ? "Welcome" : "Login failed"
    alert.message = accepted ? "Signed in as \(username)" : "Unknown user \(username)"
    alert.addAction(title: "OK") { [log] in log.record("Login: the OK handler ran") }
    alert.present()
    return accepted
  }
}
