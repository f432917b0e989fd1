/// manifests/LoginDemo.yaml's scenario, run through this target's generated code: its routes
/// resolve, the generated registry makes the login module, `login()` forwards its value, its
/// error and the alert's OK handler, and the alert this configuration binds receives everything
/// in its own member names (`Configuration.alertEvents`).
public enum LoginDemoScenario {
  /// Runs the scenario, printing what happens; `true` when every expectation holds.
  @MainActor
  public static func run() async -> Bool {
    print("\(Configuration.name)")
    let log = EventLog()
    let registry = LoginDemoRegistry(
      login: {
        LoginViewController(dependencies: $0, authenticator: Authenticator(users: ["ada"]), log: log)
      },
      iosAlert: { IOSAlertController(log: log) },
      macAlert: { MacAlert(log: log) }
    )
    var checks = Checks()
    checkRoutes(registry, &checks)

    let alert = registry.makeRequiredLoginAlert()
    alert.title = "Hello"
    checks.expect(alert.title == "Hello", "RequiredLoginAlert.title reads back what was written to it")
    checks.expect(
      log.events == [Configuration.alertEvents(title: "Hello", message: "")[0]],
      "the bound alert received the title in its own member name")
    log.clear()

    let login = registry.makeLoginViewInput()
    login.username = "ada"
    checks.expect(login.username == "ada", "LoginViewInput.username reads back 'ada'")
    let accepted = try? await login.login()
    checks.expect(accepted == true, "await login() for 'ada' returns true")
    checks.expect(
      log.events == expectedEvents(user: "ada", title: "Welcome", message: "Signed in as ada"),
      "the alert showed 'Welcome' and its OK button ran the login module's handler")
    log.clear()

    login.username = "bob"
    let refused = try? await login.login()
    checks.expect(refused == false, "await login() for 'bob' returns false")
    checks.expect(
      log.events == expectedEvents(user: "bob", title: "Login failed", message: "Unknown user bob"),
      "the alert showed 'Login failed'")
    log.clear()

    login.username = nil
    do {
      _ = try await login.login()
      checks.expect(false, "login() without a username throws LoginError.missingUsername")
    } catch {
      checks.expect(
        error as? LoginError == .missingUsername,
        "login() without a username throws LoginError.missingUsername")
    }
    checks.expect(log.events.isEmpty, "no alert was shown for the failed call")

    print(
      "  \(checks.failures == 0 ? "every expectation holds" : "\(checks.failures) expectation(s) failed")\n")
    return checks.failures == 0
  }

  /// The routes resolve as `routecfg resolve` answers, and the registry opens them.
  @MainActor
  private static func checkRoutes(_ registry: LoginDemoRegistry, _ checks: inout Checks) {
    checks.expect(
      LoginDemoRoute.resolve("logindemo://login") == .route(.login), "logindemo://login resolves to .login")
    checks.expect(
      LoginDemoRoute.resolve("logindemo://signup") == .unmatched, "logindemo://signup matches no route")
    checks.expect(LoginDemoRoute.resolve("https://example.com/login") == nil, "an https URL is not the app's")
    checks.expect(LoginDemoRoute.login.path == "/login", "LoginDemoRoute.login.path is /login")
    checks.expect(
      registry.open(url: "logindemo://login") is LoginViewController,
      "opening logindemo://login makes the login module")
    checks.expect(registry.open(url: "logindemo://signup") == nil, "opening logindemo://signup makes nothing")
  }

  /// What happens when the login module logs `user` in and shows `title` and `message`.
  @MainActor
  private static func expectedEvents(user: String, title: String, message: String) -> [String] {
    ["Login: checking '\(user)'"] + Configuration.alertEvents(title: title, message: message)
      + ["Login: the OK handler ran"]
  }
}
