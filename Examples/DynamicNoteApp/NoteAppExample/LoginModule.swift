// The login module, as its own team writes it: it knows only its provided protocols (generated
// from the manifest into Generated/).

/// The login screen.
@MainActor
public final class LoginViewController: ProvidedLoginViewInput {
  /// Shown above the login form.
  public var notifyString: String?
  /// Told when the user has logged in; held weakly, as delegates are.
  public weak var delegate: (any ProvidedLoginViewDelegate)?

  public init() {}

  /// The user taps "Log in".
  public func login() {
    delegate?.didLogin()
  }
}
