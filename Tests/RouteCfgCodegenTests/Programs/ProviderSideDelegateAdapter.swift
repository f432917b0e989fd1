// Runs against the code generated for
// Tests/RouteCfgCodegenTests/Fixtures/ProviderSideDelegateAdapter.yaml.

@MainActor final class LoginScreen: LoginInput {
  static var alive = 0
  static weak var last: LoginScreen?
  init() {
    Self.alive += 1
    Self.last = self
  }
  isolated deinit { Self.alive -= 1 }
  weak var delegate: (any LoginDelegate)?
  var watchers: [any LoginDelegate] = []
  var named: [String: any LoginDelegate] = [:]
  func finish() {
    delegate?.didLogin()
    for watcher in watchers { watcher.didLogin() }
    for watcher in named.values { watcher.didLogin() }
  }
  func isDelegate(_ candidate: any LoginDelegate) -> Bool { candidate === delegate }
  func addWatcher(_ watcher: any LoginDelegate) { watchers.append(watcher) }
  func assign(_ delegate: (any LoginDelegate)?) { self.delegate = delegate }
  var handler: ((any LoginDelegate) -> Void)? { { $0.didLogin() } }
  func send() { delegate?.sent(self) }
}

@MainActor final class ListScreen: NeedLoginDelegate {
  static var alive = 0
  var login: (any NeedLogin)?
  var logins = 0
  init() { Self.alive += 1 }
  isolated deinit { Self.alive -= 1 }
  func didFinishLogin() { logins += 1 }
  var sender: (any NeedLogin)?
  func sent(_ sender: any NeedLogin) { self.sender = sender }
}

MainActor.assumeIsolated {
  var failures: [String] = []
  let registry = ProviderSideRegistry(login: { LoginScreen() }, list: { _ in ListScreen() })
  do {
    let list = ListScreen()
    let login = registry.makeNeedLogin()
    list.login = login
    login.delegate = list
    login.watchers = [list]
    login.named = ["list": list]
    if login.delegate !== list { failures.append("the delegate read back as another object") }
    if !login.isDelegate(list) { failures.append("the delegate set and the same object passed differ") }
    if login.watchers.first !== list { failures.append("a watcher read back as another object") }
    if login.named["list"] !== list { failures.append("a named watcher read back as another object") }
    login.finish()
    if list.logins != 3 {
      failures.append("the provider's calls reached the caller \(list.logins) times, not 3")
    }
  }
  // The caller holds its proxy; the proxy's store holds the wrappers; they hold the caller weakly.
  if ListScreen.alive != 0 { failures.append("the caller is kept alive through its own proxy") }
  // Passed as an argument, the caller's object is held as when it is set: a provider that keeps
  // it (addWatcher) does not keep the caller alive, one that holds it weakly (assign) reaches it.
  do {
    let list = ListScreen()
    let login = registry.makeNeedLogin()
    list.login = login
    login.addWatcher(list)
    login.assign(list)
    if !login.isDelegate(list) { failures.append("the object passed twice is two wrappers") }
    login.finish()
    if list.logins != 2 {
      failures.append("the provider's calls reached the caller passed \(list.logins) times, not 2")
    }
  }
  if ListScreen.alive != 0 { failures.append("the caller passed as an argument is kept alive") }
  // Through a closure, the caller's object is handed over: the provider does not keep it, so
  // neither does anything else.
  do {
    let list = ListScreen()
    let login = registry.makeNeedLogin()
    list.login = login
    login.handler?(list)
    if list.logins != 1 { failures.append("the provider's closure did not reach the caller") }
  }
  if ListScreen.alive != 0 { failures.append("the caller passed through a closure is kept alive") }
  // The provider's object passed to the caller's delegate is handed over: the caller that keeps
  // the sender keeps the provider's object alive, as it would without an adapter.
  do {
    let before = LoginScreen.alive
    let list = ListScreen()
    do {
      let login = registry.makeNeedLogin()
      login.delegate = list
      LoginScreen.last?.send()
    }
    if list.sender == nil { failures.append("the provider's sender did not reach the caller") }
    if LoginScreen.alive != before + 1 { failures.append("the sender the caller keeps was released") }
  }
  // A caller that is gone reads back as nil, and is left out of the collections.
  let login = registry.makeNeedLogin()
  do {
    let gone = ListScreen()
    login.delegate = gone
    login.watchers = [gone]
    login.named = ["gone": gone]
  }
  if login.delegate != nil { failures.append("a released delegate read back") }
  if !login.watchers.isEmpty || !login.named.isEmpty { failures.append("a released watcher read back") }
  login.finish()
  print(failures.isEmpty ? "ok" : "FAIL " + failures.joined(separator: "; "))
}
