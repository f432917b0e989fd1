// Runs against the code generated for Tests/RouteCfgCodegenTests/Fixtures/ProviderSideSender.yaml.

@MainActor final class LoginScreen: LoginInput {
  static var alive = 0
  init() { Self.alive += 1 }
  isolated deinit { Self.alive -= 1 }
  var name: String { "login" }
  var kept: (any LoginDelegate)?
  func make(_ f: () -> any LoginDelegate) {
    let delegate = f()
    kept = delegate
    delegate.didLogin(self)
  }
  var handler: ((any LoginDelegate) -> Void)? { { [unowned self] in $0.didLogin(self) } }
}

@MainActor final class Watcher: NeedLoginDelegate {
  static var alive = 0
  isolated deinit { Self.alive -= 1 }
  weak var weakSender: (any NeedLogin)?
  var strongSender: (any NeedLogin)?
  let keepsSender: Bool
  init(keepsSender: Bool) {
    self.keepsSender = keepsSender
    Self.alive += 1
  }
  func didFinishLogin(_ sender: any NeedLogin) {
    if keepsSender { strongSender = sender } else { weakSender = sender }
  }
}

final class ListScreen {}

MainActor.assumeIsolated {
  var failures: [String] = []
  let registry = PSRegistry(
    login: { LoginScreen() }, list: { _ in ListScreen() }, audit: { Watcher(keepsSender: false) })
  do {
    let login = registry.makeNeedLogin()
    let watcher = Watcher(keepsSender: false)
    login.make { watcher }
    // Handed over, the sender lives as long as someone holds it: a weak reference alone does not.
    if watcher.weakSender != nil { failures.append("a sender held weakly is kept by the store") }
  }
  if LoginScreen.alive != 0 { failures.append("the provider's object outlived its proxy") }
  let watcher = Watcher(keepsSender: true)
  do {
    let login = registry.makeNeedLogin()
    login.make { watcher }
  }
  // The caller's delegate keeps the sender, and with it the provider's object.
  if LoginScreen.alive != 1 { failures.append("the sender the caller keeps was released") }
  if watcher.strongSender?.name != "login" { failures.append("the sender does not reach the provider") }
  // Passed through a closure, the caller's delegate is handed over, not kept by the store.
  do {
    let login = registry.makeNeedLogin()
    do {
      let passed = Watcher(keepsSender: false)
      login.handler?(passed)
    }
    if Watcher.alive != 1 { failures.append("the delegate passed through a closure is kept") }
  }
  print(failures.isEmpty ? "ok" : "FAIL " + failures.joined(separator: "; "))
}
