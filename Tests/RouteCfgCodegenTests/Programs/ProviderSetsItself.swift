// Runs against the code generated for Tests/RouteCfgCodegenTests/Fixtures/ProviderSetsItself.yaml.

/// A provider that holds its delegate strongly and sets itself as the delegate's screen.
@MainActor final class LoginScreen: LoginView {
  var delegate: (any LoginViewDelegate)? {
    didSet { delegate?.screen = self }
  }
  let title = "Log in"
}

/// The caller's delegate, holding the screen weakly (or strongly) as its own code chooses.
@MainActor final class HomeDelegate: NeedLoginDelegate {
  weak var weakScreen: (any NeedLogin)?
  var strongScreen: (any NeedLogin)?
  var holdsStrongly = false
  var added: [any NeedLogin] = []
  var screen: (any NeedLogin)? {
    get { holdsStrongly ? strongScreen : weakScreen }
    set { if holdsStrongly { strongScreen = newValue } else { weakScreen = newValue } }
  }
  func screens() -> [any NeedLogin] { screen.map { [$0] } ?? [] }
  func add(_ screen: any NeedLogin) { added.append(screen) }
}

final class Home {}

MainActor.assumeIsolated {
  var failures: [String] = []
  for holdsStrongly in [false, true] {
    let home = HomeDelegate()
    home.holdsStrongly = holdsStrongly
    weak var released: LoginScreen?
    var destination: (any NeedLogin)?
    do {
      let login = LoginScreen()
      released = login
      let screen = BackRegistry(login: { login }, home: { _ in Home() }).makeNeedLogin()
      destination = screen
      screen.delegate = home
      // The caller reaches the provider through the screen it was given, however it holds it.
      if home.screen?.heading != "Log in" {
        failures.append("holds strongly \(holdsStrongly): the screen set by the provider was lost")
      }
      // Read back by the provider, the caller's screen is the provider itself.
      if login.delegate?.screen !== login {
        failures.append("holds strongly \(holdsStrongly): the screen read back is not the provider")
      }
      if let first = login.delegate?.screens().first, first !== login {
        failures.append("holds strongly \(holdsStrongly): a screen in a result is not the provider")
      }
      // The same object set again is the same wrapper.
      let first = home.screen
      login.delegate = login.delegate
      if let first, let second = home.screen, first !== second {
        failures.append("holds strongly \(holdsStrongly): the provider set again changed wrapper")
      }
    }
    // While the caller holds the destination, the provider is alive and reachable.
    if released == nil || home.screen?.heading != "Log in" {
      failures.append(
        "holds strongly \(holdsStrongly): the provider was released while its destination is held")
    }
    // Once the destination is gone, nothing of the adapter's keeps the provider alive: the
    // wrapper the caller's delegate got holds it weakly, as a bridge holds the caller's objects.
    destination = nil
    if released != nil {
      failures.append(
        "holds strongly \(holdsStrongly): a provider that set itself on the caller's delegate is kept alive")
    }
    _ = destination
  }
  print(failures.isEmpty ? "ok" : "FAIL " + failures.joined(separator: "; "))
}
