// Drives the code generated for Fixtures/ShadowingNames.yaml: it compiles without warnings, the
// module named None resolves to its case (not nil), every parameter round-trips, and a member
// named Swift reaches the caller's object through the bridge.

final class Screen {}

final class Console: Gauge {
  weak var d: (any GaugeReader)?
}

final class Reading: DialReader {
  // swift-format-ignore: AlwaysUseLowerCamelCase
  let Swift = 7
}

@MainActor
func check() {
  let console = Console()
  let registry = ShadowRegistry(
    none: { Screen() }, page: { _, _, _, _, _, _, _, _ in Screen() }, files: { _, _ in Screen() },
    console: { console }, panel: { _ in Screen() })
  let dial = registry.makeDial()
  let reading = Reading()
  dial.d = reading
  let page = ShadowRoute.page(
    path: "a", Reader: 1.5, String: 2, Int: true, value: "v", text: 2.5, value0: 3, query0: "q")
  guard ShadowRoute.resolve("/none") == .route(.none),
    ShadowRoute.resolve("/p/a/2?Reader=1.5&Int=true&value=v&text=2.5&value0=3&query0=q") == .route(page),
    ShadowRoute.resolve(page.path) == .route(page),
    ShadowRoute.resolve("/files/4/x/y") == .route(.files(Double: 4, rest: "x/y")),
    ShadowRoute.files(Double: 4, rest: "x/y").path == "/files/4/x/y",
    ShadowRoute.none.path == "/none",
    registry.open(url: "/none") is Screen,
    console.d?.Swift == 7, dial.d === reading
  else {
    print("wrong")
    return
  }
  print("ok")
}

MainActor.assumeIsolated { check() }
