// Runs against the code generated for
// Tests/RouteCfgCodegenTests/Fixtures/ProviderSideDelegateAdapter.yaml.

@MainActor final class LoginScreen: LoginInput {
  weak var delegate: (any LoginDelegate)?
  var watchers: [any LoginDelegate] = []
  var named: [String: any LoginDelegate] = [:]
  func finish() {
    delegate?.didLogin()
    for watcher in watchers { watcher.didLogin() }
    for watcher in named.values { watcher.didLogin() }
  }
  func isDelegate(_ candidate: any LoginDelegate) -> Bool { candidate === delegate }
}

@MainActor final class ListScreen: NeedLoginDelegate {
  static var alive = 0
  var login: (any NeedLogin)?
  var logins = 0
  init() { Self.alive += 1 }
  isolated deinit { Self.alive -= 1 }
  func didFinishLogin() { logins += 1 }
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
