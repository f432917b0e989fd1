import RouteCfgCore
import RouteCfgRuntime
import Testing

/// A caller's proxy of a provider's object, set on another adapted object, reaches that provider
/// as the object it wraps and reads back as the caller's own proxy (`===`) while the caller holds
/// it (the generated code's `ProxyReadBack` fixture, with the protocols named apart, registered
/// with the dynamic runtime by hand).
@Suite("A caller's proxy set on another adapted object reads back as itself, through the dynamic runtime")
@MainActor
struct ProxyReadBackTests {
  static let manifest = """
    routecfg: 1
    protocols:
      BackScreen: |
        var title: String { get set }
      BackNeedScreen: |
        var heading: String { get set }
      BackHolder: |
        var screen: BackScreen? { get set }
        var all: [BackScreen] { get set }
        var named: [String: BackScreen] { get set }
      BackNeedHolder: |
        var screen: BackNeedScreen? { get set }
        var all: [BackNeedScreen] { get set }
        var named: [String: BackNeedScreen] { get set }
    modules:
      Panel: { kind: view, provides: [BackScreen] }
      Box: { kind: view, provides: [BackHolder] }
      User: { kind: view, requires: [BackNeedScreen, BackNeedHolder], routes: [/u] }
    adapters:
      - { adapt: BackNeedScreen, to: BackScreen, map: { heading: title } }
      - { adapt: BackNeedHolder, to: BackHolder }
    """

  static func registry(panel: BackPanel, box: BackBox) throws -> Registry {
    var registrations = Registrations()
    registrations.view("Panel", BackPanel.self) { _ in panel }
    registrations.view("Box", BackBox.self) { _ in box }
    registrations.view("User", BackUser.self) { _ in BackUser() }
    registrations.members(of: BackPanel.self) { table in
      table.property("title", get: { $0.title }, set: { panel, value in panel.title = value })
    }
    registrations.members(of: BackCallerScreen.self) { table in
      table.property("heading", get: { $0.heading }, set: { screen, value in screen.heading = value })
    }
    registrations.members(of: BackBox.self) { table in
      table.property("screen", get: { $0.screen }, set: { box, value in box.screen = value })
      table.property("all", get: { $0.all }, set: { box, value in box.all = value })
      table.property("named", get: { $0.named }, set: { box, value in box.named = value })
    }
    registrations.proxy(for: "BackScreen") { BackScreenProxy($0) }
    registrations.proxy(for: "BackNeedScreen") { BackNeedScreenProxy($0) }
    registrations.proxy(for: "BackHolder") { BackHolderProxy($0) }
    registrations.proxy(for: "BackNeedHolder") { BackNeedHolderProxy($0) }
    return try Registry(
      RouteCfg.validate(yaml: Self.manifest, path: "readback.yaml"), registrations: registrations)
  }

  @Test func theCallersProxyReadsBackAsItself() throws {
    let panel = BackPanel()
    let box = BackBox()
    let registry = try Self.registry(panel: panel, box: box)
    let holder = try registry.destination(for: "BackNeedHolder", as: (any BackNeedHolder).self)
    let screen = try registry.destination(for: "BackNeedScreen", as: (any BackNeedScreen).self)
    holder.screen = screen
    #expect(box.screen === panel, "the provider got a wrapper, not its own object")
    #expect(holder.screen === screen, "the caller's proxy read back as another object")
    #expect(holder.screen === holder.screen)
    weak var released: (any BackNeedScreen)?
    do {
      let other = try registry.destination(for: "BackNeedScreen", as: (any BackNeedScreen).self)
      released = other
      holder.screen = other
    }
    #expect(released == nil, "the facade keeps the caller's proxy alive")
    holder.screen?.heading = "y"
    #expect(panel.title == "y")
  }

  /// The same by name: a `Destination` set on another adapted object reaches the provider as the
  /// object it stands for, and reads back as that destination while the caller holds it.
  @Test func aDestinationSetByNameReadsBackAsItself() throws {
    let panel = BackPanel()
    let box = BackBox()
    let registry = try Self.registry(panel: panel, box: box)
    let holder = try registry.destination(for: "BackNeedHolder")
    let screen = try registry.destination(for: "BackNeedScreen")
    try holder.set("screen", to: screen)
    #expect(box.screen === panel, "the provider got a wrapper, not its own object")
    #expect(try holder.get("screen") as AnyObject === screen)
    try holder.set("all", to: [screen])
    #expect(box.all.count == 1 && box.all.first === panel)
    // Without an adapter on either side, the destination is the module's object, also inside an
    // optional, an array or a dictionary.
    box.screen = nil
    let direct = try registry.destination(for: "BackHolder")
    let panelScreen = try registry.destination(for: "BackScreen")
    try direct.set("screen", to: panelScreen)
    #expect(box.screen === panel)
    box.screen = nil
    try direct.set("screen", to: Optional(panelScreen) as Any)
    #expect(box.screen === panel)
    try direct.set("all", to: [panelScreen])
    #expect(box.all.count == 1 && box.all.first === panel)
    try direct.set("named", to: ["p": panelScreen])
    #expect(box.named["p"] === panel)
  }

  /// The caller's own objects in an array or a dictionary handed to the provider, one of them
  /// released since: it is left out when the collection is read back, and the others stay.
  @Test func aReleasedCallersObjectIsLeftOutOfACollectionReadBack() throws {
    let registry = try Self.registry(panel: BackPanel(), box: BackBox())
    let holder = try registry.destination(for: "BackNeedHolder", as: (any BackNeedHolder).self)
    let kept = BackCallerScreen()
    do {
      let gone = BackCallerScreen()
      holder.all = [gone, kept]
      holder.named = ["gone": gone, "kept": kept]
      #expect(holder.all.count == 2)
    }
    #expect(holder.all.count == 1 && holder.all.first === kept, "\(holder.all)")
    #expect(Array(holder.named.keys) == ["kept"] && holder.named["kept"] === kept)
  }
}

@MainActor protocol BackScreen: AnyObject {
  var title: String { get set }
}

@MainActor protocol BackNeedScreen: AnyObject {
  var heading: String { get set }
}

@MainActor protocol BackHolder: AnyObject {
  var screen: (any BackScreen)? { get set }
  var all: [any BackScreen] { get set }
  var named: [String: any BackScreen] { get set }
}

@MainActor protocol BackNeedHolder: AnyObject {
  var screen: (any BackNeedScreen)? { get set }
  var all: [any BackNeedScreen] { get set }
  var named: [String: any BackNeedScreen] { get set }
}

@MainActor final class BackPanel: BackScreen { var title = "" }
@MainActor final class BackBox: BackHolder {
  var screen: (any BackScreen)?
  var all: [any BackScreen] = []
  var named: [String: any BackScreen] = [:]
}

/// A screen of the caller's own, handed to the provider through the reverse adapter.
@MainActor final class BackCallerScreen: BackNeedScreen { var heading = "" }
final class BackUser {}

final class BackScreenProxy: DynamicProtocolProxy, BackScreen {
  var title: String {
    get { forwardedValueOrReport("title", as: String.self, fallback: "") }
    set { forwardValueOrReport("title", newValue) }
  }
}

final class BackNeedScreenProxy: DynamicProtocolProxy, BackNeedScreen {
  var heading: String {
    get { forwardedValueOrReport("heading", as: String.self, fallback: "") }
    set { forwardValueOrReport("heading", newValue) }
  }
}

final class BackHolderProxy: DynamicProtocolProxy, BackHolder {
  var screen: (any BackScreen)? {
    get { forwardedValueOrReport("screen", as: (any BackScreen)?.self, fallback: nil) }
    set { forwardValueOrReport("screen", newValue) }
  }
  var all: [any BackScreen] {
    get { forwardedValueOrReport("all", as: [any BackScreen].self, fallback: []) }
    set { forwardValueOrReport("all", newValue) }
  }
  var named: [String: any BackScreen] {
    get { forwardedValueOrReport("named", as: [String: any BackScreen].self, fallback: [:]) }
    set { forwardValueOrReport("named", newValue) }
  }
}

final class BackNeedHolderProxy: DynamicProtocolProxy, BackNeedHolder {
  var screen: (any BackNeedScreen)? {
    get { forwardedValueOrReport("screen", as: (any BackNeedScreen)?.self, fallback: nil) }
    set { forwardValueOrReport("screen", newValue) }
  }
  var all: [any BackNeedScreen] {
    get { forwardedValueOrReport("all", as: [any BackNeedScreen].self, fallback: []) }
    set { forwardValueOrReport("all", newValue) }
  }
  var named: [String: any BackNeedScreen] {
    get { forwardedValueOrReport("named", as: [String: any BackNeedScreen].self, fallback: [:]) }
    set { forwardValueOrReport("named", newValue) }
  }
}
