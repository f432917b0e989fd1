// The login module, as its own team writes it: it knows only its provided protocols.

/// What the login screen tells whoever is interested.
@MainActor
public protocol ProvidedLoginViewDelegate: AnyObject {
  func didLogin()
}

/// The login screen's own interface.
@MainActor
public protocol ProvidedLoginViewInput: AnyObject {
  var notifyString: String? { get set }
  var delegate: (any ProvidedLoginViewDelegate)? { get set }
}

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
