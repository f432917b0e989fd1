// Runs against the code generated for Tests/RouteCfgCodegenTests/Fixtures/ProxyReadBack.yaml.

@MainActor final class Panel: Screen { var title = "" }
@MainActor final class Box: Holder {
  var screen: (any Screen)?
  var screens: [any Screen] = []
}
final class User {}

MainActor.assumeIsolated {
  var failures: [String] = []
  let panel = Panel()
  let box = Box()
  let registry = ReadBackRegistry(panel: { panel }, box: { box }, user: { _ in User() })
  let holder = registry.makeNeedHolder()
  let screen = registry.makeNeedScreen()
  holder.screen = screen
  if box.screen !== panel { failures.append("the provider got a wrapper, not its own object") }
  if holder.screen !== screen { failures.append("the caller's proxy read back as another object") }
  if holder.screen !== holder.screen { failures.append("two reads gave two objects") }
  holder.screens = [screen]
  if holder.screens.first !== screen {
    failures.append("the caller's proxy read back from an array as another object")
  }
  screen.heading = "x"
  if panel.title != "x" { failures.append("the proxy read back does not reach the provider") }
  // Once the caller lets its proxy go, a read gives a new one, which reaches the same object.
  weak var released: (any NeedScreen)?
  do {
    let other = registry.makeNeedScreen()
    released = other
    holder.screen = other
  }
  if released != nil { failures.append("the store keeps the caller's proxy alive") }
  holder.screen?.heading = "y"
  if panel.title != "y" { failures.append("a new proxy does not reach the provider") }
  print(failures.isEmpty ? "ok" : "FAIL " + failures.joined(separator: "; "))
}
