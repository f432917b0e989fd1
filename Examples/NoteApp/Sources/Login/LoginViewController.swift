import LoginInterface

/// The login screen. It offers its own interface, `ProvidedLoginViewInput`, and calls its own
/// delegate protocol; it knows nothing of the note list that shows it.
@MainActor
public final class LoginViewController: ProvidedLoginViewInput {
  public var notifyString: String?
  public weak var delegate: (any ProvidedLoginViewDelegate)?

  public init() {}

  /// The user logged in: tell the delegate.
  public func logIn() {
    print("Login: showing \"\(notifyString ?? "")\", then logging in")
    delegate?.didLogin()
  }
}
