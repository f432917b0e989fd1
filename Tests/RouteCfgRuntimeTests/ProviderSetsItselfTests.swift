import RouteCfgCore
import RouteCfgRuntime
import Testing

/// A provider that holds its delegate strongly and sets itself on it (`delegate.screen = self`)
/// through an adapter: the proxy the caller's delegate gets holds the provider weakly and the
/// facade keeps it, so the provider is reachable while it lives and released with its
/// destination (Docs/Runtime.md; generated code holds it strongly, Docs/Codegen.md).
@Suite("A provider that sets itself on the caller's delegate, through the dynamic runtime")
@MainActor
struct ProviderSetsItselfTests {
  static let manifest = """
    routecfg: 1
    protocols:
      BackLoginView: |
        var delegate: BackLoginViewDelegate? { get set }
        var title: String { get }
      BackLoginViewDelegate: |
        var screen: BackLoginView? { get set }
      BackNeedLogin: |
        var delegate: BackNeedLoginDelegate? { get set }
        var heading: String { get }
      BackNeedLoginDelegate: |
        var screen: BackNeedLogin? { get set }
    modules:
      Login: { kind: view, provides: [BackLoginView], routes: [/login] }
      Home: { kind: view, requires: [BackNeedLogin], routes: [/] }
    adapters:
      - { adapt: BackNeedLogin, to: BackLoginView, map: { heading: title } }
      - { adapt: BackNeedLoginDelegate, to: BackLoginViewDelegate }
    """

  static func registry(login: @escaping () -> BackLoginScreen) throws -> Registry {
    var registrations = Registrations()
    registrations.view("Login", BackLoginScreen.self) { _ in login() }
    registrations.view("Home", BackHome.self) { _ in BackHome() }
    registrations.members(of: BackLoginScreen.self) { table in
      table.property("delegate", get: { $0.delegate }, set: { screen, value in screen.delegate = value })
      table.property("title", get: { $0.title })
    }
    registrations.members(of: BackHomeDelegate.self) { table in
      table.property("screen", get: { $0.screen }, set: { home, value in home.screen = value })
    }
    registrations.proxy(for: "BackLoginView") { BackLoginViewProxy($0) }
    registrations.proxy(for: "BackLoginViewDelegate") { BackLoginViewDelegateProxy($0) }
    registrations.proxy(for: "BackNeedLogin") { BackNeedLoginProxy($0) }
    registrations.proxy(for: "BackNeedLoginDelegate") { BackNeedLoginDelegateProxy($0) }
    return try Registry(RouteCfg.validate(yaml: manifest, path: "back.yaml"), registrations: registrations)
  }

  @Test(
    "reachable while it lives, however the caller holds it, and released with its destination",
    arguments: [false, true])
  func providerSetsItself(callerHoldsStrongly: Bool) throws {
    let home = BackHomeDelegate()
    home.holdsStrongly = callerHoldsStrongly
    weak var released: BackLoginScreen?
    var destination: (any BackNeedLogin)?
    // The factory hands the screen over without keeping it (a factory that captured it would
    // keep it alive through the registrations every proxy holds).
    var next: BackLoginScreen?
    let registry = try Self.registry {
      defer { next = nil }
      return next ?? BackLoginScreen()
    }
    do {
      let login = BackLoginScreen()
      released = login
      next = login
      let screen = try registry.destination(for: "BackNeedLogin", as: (any BackNeedLogin).self)
      destination = screen
      screen.delegate = home
      #expect(home.screen?.heading == "Log in", "the screen set by the provider was lost")
      #expect(login.delegate?.screen === login, "the screen read back is not the provider")
    }
    #expect(released != nil && home.screen?.heading == "Log in", "released while its destination is held")
    destination = nil
    #expect(released == nil, "a provider that set itself on the caller's delegate is kept alive")
    _ = destination
  }
}

@MainActor protocol BackLoginView: AnyObject {
  var delegate: (any BackLoginViewDelegate)? { get set }
  var title: String { get }
}

@MainActor protocol BackLoginViewDelegate: AnyObject {
  var screen: (any BackLoginView)? { get set }
}

@MainActor protocol BackNeedLogin: AnyObject {
  var delegate: (any BackNeedLoginDelegate)? { get set }
  var heading: String { get }
}

@MainActor protocol BackNeedLoginDelegate: AnyObject {
  var screen: (any BackNeedLogin)? { get set }
}

/// The provider: it holds its delegate strongly and sets itself as the delegate's screen.
@MainActor final class BackLoginScreen: BackLoginView {
  var delegate: (any BackLoginViewDelegate)? {
    didSet { delegate?.screen = self }
  }
  let title = "Log in"
}

/// The caller's delegate, holding the screen weakly or strongly.
@MainActor final class BackHomeDelegate: BackNeedLoginDelegate {
  weak var weakScreen: (any BackNeedLogin)?
  var strongScreen: (any BackNeedLogin)?
  var holdsStrongly = false
  var screen: (any BackNeedLogin)? {
    get { holdsStrongly ? strongScreen : weakScreen }
    set { if holdsStrongly { strongScreen = newValue } else { weakScreen = newValue } }
  }
}

final class BackHome {}

final class BackLoginViewProxy: DynamicProtocolProxy, BackLoginView {
  var delegate: (any BackLoginViewDelegate)? {
    get { forwardedValueOrReport("delegate", as: (any BackLoginViewDelegate)?.self, fallback: nil) }
    set { forwardValueOrReport("delegate", newValue) }
  }
  var title: String { forwardedValueOrReport("title", as: String.self, fallback: "") }
}

final class BackLoginViewDelegateProxy: DynamicProtocolProxy, BackLoginViewDelegate {
  var screen: (any BackLoginView)? {
    get { forwardedValueOrReport("screen", as: (any BackLoginView)?.self, fallback: nil) }
    set { forwardValueOrReport("screen", newValue) }
  }
}

final class BackNeedLoginProxy: DynamicProtocolProxy, BackNeedLogin {
  var delegate: (any BackNeedLoginDelegate)? {
    get { forwardedValueOrReport("delegate", as: (any BackNeedLoginDelegate)?.self, fallback: nil) }
    set { forwardValueOrReport("delegate", newValue) }
  }
  var heading: String { forwardedValueOrReport("heading", as: String.self, fallback: "") }
}

final class BackNeedLoginDelegateProxy: DynamicProtocolProxy, BackNeedLoginDelegate {
  var screen: (any BackNeedLogin)? {
    get { forwardedValueOrReport("screen", as: (any BackNeedLogin)?.self, fallback: nil) }
    set { forwardValueOrReport("screen", newValue) }
  }
}
