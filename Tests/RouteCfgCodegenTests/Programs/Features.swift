// Drives the code generated for Fixtures/Features.yaml: every adapter feature forwarded
// statically, and routes with every value type. Prints "ok" lines; exits 1 on a failure.

import Foundation

@MainActor
enum Checks {
  static var failures = 0
}

@MainActor
func check(_ condition: Bool, _ message: String, line: Int = #line) {
  if condition {
    print("ok: \(message)")
  } else {
    print("FAIL (line \(line)): \(message)")
    Checks.failures += 1
  }
}

@MainActor
final class Header: HeaderInput {
  var title = ""
  var subtitle: String?
  var watchers: [any PanelObserver] = []
  var watchersByName: [String: any PanelObserver] = [:]
  var picked: [String?] = []
  var onPick: (any PanelObserver) -> Void { { [weak self] in self?.picked.append($0.panelName()) } }
}

@MainActor
final class Panel: PanelInput {
  let id: Int
  let header = Header() as any HeaderInput
  var footer: (any HeaderInput)?
  var observers: [any PanelObserver] = []
  weak var delegate: (any PanelObserver)?
  var onSelect: ((any PanelObserver) -> Void)?
  var handlers: [String: any PanelObserver] = [:]
  var makeObserver: (() -> any PanelObserver)?
  var registered: [any PanelObserver] = []
  var shown: [String] = []

  init(id: Int) { self.id = id }

  func show(message text: String, animated: Bool) throws -> Bool {
    struct Refused: Error {}
    if text.isEmpty { throw Refused() }
    shown.append(text)
    return animated
  }

  func load(page: Int) async throws -> [String] { ["page \(page)"] }

  func register(observer: any PanelObserver) { registered.append(observer) }

  func firstObserver() -> (any PanelObserver)? { registered.first }
}

/// The panel's own observer, which the screen only sees through the generated proxy.
@MainActor
final class PanelLog: PanelObserver {
  var counts: [Int] = []
  func panelDidChange(count: Int) { counts.append(count) }
  func panelName() -> String? { "log" }
  func panelValue() throws -> Int { 42 }
}

@MainActor
final class Watcher: ScreenWatcher {
  let name: String
  var counts: [Int] = []

  init(_ name: String) { self.name = name }

  func screenDidChange(count: Int) { counts.append(count) }
  func screenName() -> String? { name }
  func screenValue() throws -> Int { name.count }
}

nonisolated final class Store: StoreService {
  var onChange: ((Int) -> Void)?
  func fetch(id: Int, completion: (String?) -> Void) { completion(id == 1 ? "one" : nil) }
  func size() async -> Int { 2 }

  // Runs on its caller's actor, as the requirement does: `done` is not Sendable.
  nonisolated(nonsending) func load(done: @escaping () -> Void) async {
    done()
  }
}

@MainActor
final class Screen {
  let dependencies: any ScreenDependencies
  init(_ dependencies: any ScreenDependencies) { self.dependencies = dependencies }
}

@MainActor
final class Files {
  let path: String?
  init(path: String?) { self.path = path }
}

@MainActor
final class Missing {}

/// Keeps the callbacks its module is made with: they must reach the factory escaping.
@MainActor
final class ConfirmView: Dialog {
  let onDone: () -> Void
  let onCancel: (() -> Void)?

  init(onDone: @escaping () -> Void, onCancel: (() -> Void)?) {
    self.onDone = onDone
    self.onCancel = onCancel
  }

  func confirm() { onDone() }
  func cancel() { onCancel?() }
}

@MainActor
func run() async {
  let registry = FeaturesRegistry(
    panel: { id, _, _, _ in Panel(id: id) },
    screen: { Screen($0) },
    files: { Files(path: $0) },
    store: { Store() },
    missing: { Missing() },
    confirm: { ConfirmView(onDone: $0, onCancel: $1) }
  )
  guard let screenObject = registry.open(.screen) as? Screen else {
    check(false, "open(.screen) makes the screen")
    return
  }
  let screen = screenObject.dependencies.makeScreenInput(id: 5)
  guard let panel = (screen as? PanelInputAsScreenInput)?.base as? Panel else {
    check(false, "the screen input is the panel behind the generated proxy")
    return
  }

  // Key paths, optional steps.
  screen.title = "Title"
  check(panel.header.title == "Title", "title: header.title writes through the key path")
  (panel.header as? Header)?.subtitle = "Sub"
  check(screen.subtitle == "Sub" && screen.title == "Title", "reads follow the key path")
  check(screen.footerTitle == nil, "an optional step that is nil reads as nil")
  check(
    screen.footerWatchers == nil && screen.footerWatchersByName == nil && screen.footerPick == nil,
    "an optional step that is nil reads as nil before an array, a dictionary and a closure")
  let footer = Header()
  footer.title = "Foot"
  panel.footer = footer
  check(screen.footerTitle == "Foot", "an optional step reads through when present")
  let footerLog = PanelLog()
  footer.watchers = [footerLog]
  footer.watchersByName = ["log": footerLog]
  screen.footerWatchers?.first?.screenDidChange(count: 5)
  screen.footerWatchersByName?["log"]?.screenDidChange(count: 6)
  check(
    screen.footerWatchers?.count == 1 && footerLog.counts == [5, 6],
    "an optional step before an array and a dictionary of protocol values converts each element")
  screen.footerPick?(Watcher("picked"))
  check(footer.picked == ["picked"], "an optional step before a closure converts its argument")

  // Arrays of protocol values, both ways, with identity.
  let first = Watcher("first")
  let second = Watcher("second")
  screen.watchers = [first, second]
  panel.observers.forEach { $0.panelDidChange(count: 3) }
  check(first.counts == [3] && second.counts == [3], "array elements are bridged to the panel")
  check(screen.watchers.count == 2 && screen.watchers[0] === first, "array elements read back as themselves")
  panel.observers.append(PanelLog())
  check(screen.watchers.last?.screenName() == "log", "the panel's own elements read through proxies")

  // A delegate, weakly held, identity.
  screen.watcher = first
  panel.delegate?.panelDidChange(count: 7)
  check(first.counts == [3, 7], "the delegate is bridged")
  check(screen.watcher === first, "the delegate reads back as itself")

  // A delegate the panel set itself: every read gives the same proxy while the caller holds one,
  // and the proxy the caller read and set back reads back as itself (SPEC §6: `===`).
  let own = PanelLog()
  panel.delegate = own
  let read = screen.watcher
  check(read != nil && screen.watcher === read, "the panel's own delegate reads as the same proxy each time")
  screen.watcher = read
  check(panel.delegate === own, "the proxy set back reaches the panel as the panel's own object")
  check(screen.watcher === read, "the proxy set back reads back as itself")
  let readElements = screen.watchers
  check(
    zip(readElements, screen.watchers).allSatisfy { $0 === $1 },
    "the panel's own elements read as the same proxies")

  // Closures whose parameters and results are protocol values.
  var picked: [String?] = []
  screen.onPick = { picked.append($0.screenName()) }
  panel.onSelect?(PanelLog())
  check(picked == ["log"], "a closure set through the screen receives the panel's values as ScreenWatcher")
  panel.onSelect = { observer in observer.panelDidChange(count: 11) }
  screen.onPick?(second)
  check(second.counts == [3, 11], "a closure read back passes ScreenWatcher values to the panel's closure")
  screen.makeWatcher = { second }
  check(panel.makeObserver.map { (try? $0().panelValue()) == 6 } == true, "closure results are bridged")
  check(screen.makeWatcher.map { $0() === second } == true, "closure results read back as themselves")

  // Dictionaries of protocol values.
  screen.watchersByName = ["a": first]
  panel.handlers["a"]?.panelDidChange(count: 13)
  check(first.counts.last == 13 && screen.watchersByName["a"] === first, "dictionary values cross both ways")

  // A caller's object released since it was set stands for nothing: an array or a dictionary read
  // back leaves it out, as the dynamic runtime does.
  do {
    var gone: Watcher? = Watcher("gone")
    if let added = gone {
      screen.watchers = [first, added]
      screen.watchersByName = ["a": first, "gone": added]
    }
    gone = nil
    check(
      screen.watchers.count == 1 && screen.watchers.first === first,
      "a released element is left out of an array read back")
    check(
      screen.watchersByName.count == 1 && screen.watchersByName["a"] === first,
      "a released value is left out of a dictionary read back")
  }

  // Renamed methods with their arguments; throws and async.
  do {
    check(
      try screen.display(text: "hello", animated: true),
      "display(text:animated:) reaches show(message:animated:)")
    check(panel.shown == ["hello"], "arguments are passed to the renamed parameters")
    _ = try screen.display(text: "", animated: false)
    check(false, "errors are rethrown")
  } catch {
    check(true, "errors are rethrown")
  }
  let pages = (try? await screen.load(page: 2)) ?? []
  check(pages == ["page 2"], "async throwing methods forward")

  // Arguments of protocol types, results of protocol types, released bridges.
  screen.add(watcher: first)
  check(screen.firstWatcher() === first, "a registered watcher comes back as itself")
  do {
    let temporary = Watcher("temporary")
    screen.add(watcher: temporary)
  }
  let released = panel.registered[1]
  check(released.panelName() == nil, "a released bridge answers nil for an optional result")
  released.panelDidChange(count: 1)
  check(true, "a released bridge ignores a Void call")
  do {
    _ = try released.panelValue()
    check(false, "a released bridge throws from a throwing method")
  } catch let error as FeaturesReleasedObjectError {
    check(error.protocolName == "ScreenWatcher", "a released bridge throws FeaturesReleasedObjectError")
  } catch {
    check(false, "unexpected error \(error)")
  }

  // A service adapter, from any isolation.
  let cache = screenObject.dependencies.makeCacheRequired()
  var fetched: [String?] = []
  cache.get(key: 1, done: { fetched.append($0) })
  cache.get(key: 2, done: { fetched.append($0) })
  check(fetched == ["one", nil], "get(key:done:) reaches fetch(id:completion:) with its closure")
  var changes: [Int] = []
  cache.changed = { changes.append($0) }
  (cache as? StoreServiceAsCacheRequired)?.base.onChange?(4)
  check(changes == [4], "a closure property crosses a service adapter")
  let size = await cache.size()
  check(size == 2, "async methods forward on services")
  var loaded = false
  await cache.load(done: { loaded = true })
  check(loaded, "an async method taking a non-Sendable closure runs on its caller's actor")

  // Closure parameters, kept by the module's object.
  var answers: [String] = []
  let dialog = registry.makeDialog(onDone: { answers.append("done") }, onCancel: { answers.append("cancel") })
  dialog.confirm()
  dialog.cancel()
  screenObject.dependencies.makeDialog(onDone: { answers.append("done from dependencies") }).confirm()
  check(
    answers == ["done", "cancel", "done from dependencies"],
    "closure parameters reach the factory, which keeps them: \(answers)")

  // Routes with every value type.
  let routes: [FeaturesRoute] = [
    .panel(id: 1), .panel(id: -2, mode: "edit"), .panel(id: 3, ratio: 0.5),
    .panel(id: 4, ratio: 1e-7, flag: true),
    .panel(id: 5, mode: "a b/ü", ratio: -2.5, flag: false), .screen, .files(path: "a/b c/d"), .files(),
    .files(path: "x"),
    // As many pieces as a URL holds segments, and more: then the value is one segment, `/` encoded.
    .files(path: Array(repeating: "p", count: 255).joined(separator: "/")),
    .files(path: Array(repeating: "p", count: 300).joined(separator: "/")),
  ]
  for route in routes {
    check(FeaturesRoute.resolve(route.path) == .route(route), "\(route) → \(route.path) resolves back")
  }
  check(
    FeaturesRoute.resolve("features://panels/7/ratio/2e3?flag=true")
      == .route(.panel(id: 7, ratio: 2000, flag: true)), "typed values from the path and the query")
  check(
    FeaturesRoute.resolve("/panels/7?flag=yes") == .unmatched, "a query value that does not convert fails")
  check(FeaturesRoute.resolve("/panels/7/..") == .unmatched, "a '..' segment never matches")
  check(FeaturesRoute.resolve("/files/%2E%2E") == .unmatched, "an encoded '..' segment never matches")
  check(FeaturesRoute.resolve("/files/a%2Fb") == .route(.files(path: "a/b")), "%2F stays inside its segment")
  check(registry.open(url: "/nothing") is Missing, "the fallback takes unmatched URLs")
  let empty = FeaturesRoute.panel(id: 1, mode: "")
  check(empty.path == "/panels/1?mode=", "an empty string cannot be a segment: it goes to the query")
  check(FeaturesRoute.resolve(empty.path) == .route(empty), "and reads back from there")
}

await run()
if Checks.failures > 0 {
  print("\(Checks.failures) failure(s)")
  exit(1)
}
