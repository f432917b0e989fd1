// Runs against the code generated for Tests/RouteCfgCodegenTests/Fixtures/SenderCallbacks.yaml.

@MainActor final class LoginScreen: LoginView {
  var delegate: (any LoginViewDelegate)?
  func finish() {
    delegate?.loginView(self)
    delegate?.onFinish?(self)
  }
}

@MainActor final class HomeScreen: NeedLoginDelegate {
  var onFinish: ((any NeedLogin) -> Void)?
  var closureCalls = 0
  var calls = 0
  var kept: (any NeedLogin)?
  var keeps = false
  func login(_ screen: any NeedLogin) {
    calls += 1
    if keeps { kept = screen }
  }
}

final class Home {}

/// The other way round: the caller's screen, with the usual weak delegate, passed to the
/// provider's delegate, which sets itself as the screen's delegate.
@MainActor final class WeakHomeScreen: NeedLogin {
  weak var delegate: (any NeedLoginDelegate)?
}

@MainActor final class Coordinator: LoginViewDelegate {
  var onFinish: ((any LoginView) -> Void)?
  func loginView(_ view: any LoginView) { view.delegate = self }
}

MainActor.assumeIsolated {
  var failures: [String] = []
  let home = HomeScreen()
  home.onFinish = { [weak home] _ in home?.closureCalls += 1 }
  // The screen the home reached, held by the home only through its delegate callback.
  weak var released: LoginScreen?
  do {
    let login = LoginScreen()
    released = login
    let screen = SenderRegistry(login: { login }, home: { _ in Home() }).makeNeedLogin()
    screen.delegate = home
    login.finish()
    login.finish()
  }
  if home.calls != 2 || home.closureCalls != 2 {
    failures.append("calls: \(home.calls), \(home.closureCalls)")
  }
  if released != nil { failures.append("the sender is kept alive after its callbacks") }
  // A sender the callee keeps stays alive, and is the same wrapper on each call while kept.
  weak var kept: LoginScreen?
  do {
    let login = LoginScreen()
    kept = login
    let screen = SenderRegistry(login: { login }, home: { _ in Home() }).makeNeedLogin()
    screen.delegate = home
    home.keeps = true
    login.finish()
    let first = home.kept
    login.finish()
    if let first, let second = home.kept, first !== second {
      failures.append("a kept sender changed wrapper")
    }
  }
  if kept == nil { failures.append("a sender the callee keeps was released") }
  home.kept = nil
  if kept != nil { failures.append("the sender outlives the callee's reference") }
  // A delegate the provider sets on the caller's object is kept, though the caller holds it
  // weakly, as long as the object it was set on.
  let coordinator = Coordinator()
  let weakHome = WeakHomeScreen()
  let asDelegate = LoginViewDelegateAsNeedLoginDelegate(coordinator)
  asDelegate.login(weakHome)
  if weakHome.delegate == nil { failures.append("a delegate set through a bridge was lost") }
  _ = asDelegate
  print(failures.isEmpty ? "ok" : "FAIL " + failures.joined(separator: "; "))
}
