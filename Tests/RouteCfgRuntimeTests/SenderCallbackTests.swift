import RouteCfgCore
import RouteCfgRuntime
import Testing

/// A provider's delegate callback that passes its sender (`loginView(self)`) through an
/// adapter to the caller's delegate (`login(_ screen:)`): the proxy made for the sender holds
/// it while the caller holds the proxy, and no longer (the generated code's `SenderCallbacks`
/// fixture, with the protocols named apart, registered with the dynamic runtime by hand).
@Suite("A delegate callback's sender through the dynamic runtime")
@MainActor
struct SenderCallbackTests {
  static let manifest = """
    routecfg: 1
    protocols:
      SenderLoginView: |
        var delegate: SenderLoginViewDelegate? { get set }
      SenderLoginViewDelegate: |
        func loginView(_ view: SenderLoginView)
      SenderNeedLogin: |
        var delegate: SenderNeedLoginDelegate? { get set }
      SenderNeedLoginDelegate: |
        func login(_ screen: SenderNeedLogin)
    modules:
      Login: { kind: view, provides: [SenderLoginView], routes: [/login] }
      Home: { kind: view, requires: [SenderNeedLogin], routes: [/] }
    adapters:
      - { adapt: SenderNeedLogin, to: SenderLoginView }
      - { adapt: SenderNeedLoginDelegate, to: SenderLoginViewDelegate, map: { login: loginView } }
    """

  /// A registry whose `Login` module is made by `login` and whose members are registered by key
  /// path or with closures.
  static func registry<Screen: SenderLoginView>(
    _ type: Screen.Type, closures: Bool, login: @escaping () -> Screen
  )
    throws -> Registry
  {
    var registrations = Registrations()
    registrations.view("Login", Screen.self) { _ in login() }
    registrations.view("Home", SenderHome.self) { _ in SenderHome() }
    registrations.members(of: Screen.self) { table in
      if closures {
        table.property("delegate", get: { $0.delegate }, set: { screen, value in screen.delegate = value })
      } else {
        table.property("delegate", \.delegate)
      }
    }
    registrations.members(of: SenderHomeScreen.self) { table in
      table.method("login(_:)") { (home, screen: any SenderNeedLogin) in home.login(screen) }
    }
    registrations.proxy(for: "SenderLoginView") { SenderLoginViewProxy($0) }
    registrations.proxy(for: "SenderLoginViewDelegate") { SenderLoginViewDelegateProxy($0) }
    registrations.proxy(for: "SenderNeedLogin") { SenderNeedLoginProxy($0) }
    registrations.proxy(for: "SenderNeedLoginDelegate") { SenderNeedLoginDelegateProxy($0) }
    return try Registry(RouteCfg.validate(yaml: manifest, path: "sender.yaml"), registrations: registrations)
  }

  @Test(arguments: [false, true])
  func theSenderLivesWhileTheCallerHoldsItAndNoLonger(closures: Bool) throws {
    let home = SenderHomeScreen()
    var next: SenderLoginScreen?
    let registry = try Self.registry(SenderLoginScreen.self, closures: closures) {
      defer { next = nil }
      return next ?? SenderLoginScreen()
    }
    weak var released: SenderLoginScreen?
    do {
      let login = SenderLoginScreen()
      released = login
      next = login
      let screen = try registry.destination(for: "SenderNeedLogin", as: (any SenderNeedLogin).self)
      screen.delegate = home
      login.finish()
      login.finish()
    }
    #expect(home.calls == 2)
    #expect(released == nil, "the sender is kept alive after its callbacks")
    weak var kept: SenderLoginScreen?
    do {
      let login = SenderLoginScreen()
      kept = login
      next = login
      let screen = try registry.destination(for: "SenderNeedLogin", as: (any SenderNeedLogin).self)
      screen.delegate = home
      home.keeps = true
      login.finish()
      let first = home.kept
      login.finish()
      #expect(first != nil && first === home.kept, "each callback passes the same proxy while it is kept")
    }
    #expect(kept != nil, "a sender the caller keeps was released")
    #expect(home.kept?.delegate === home)
    home.kept = nil
    #expect(kept == nil, "the sender outlives the caller's reference")
  }
}

@MainActor protocol SenderLoginView: AnyObject {
  var delegate: (any SenderLoginViewDelegate)? { get set }
}

@MainActor protocol SenderLoginViewDelegate: AnyObject {
  func loginView(_ view: any SenderLoginView)
}

@MainActor protocol SenderNeedLogin: AnyObject {
  var delegate: (any SenderNeedLoginDelegate)? { get set }
}

@MainActor protocol SenderNeedLoginDelegate: AnyObject {
  func login(_ screen: any SenderNeedLogin)
}

/// The provider's screen: it holds its delegate strongly and passes itself to it.
@MainActor final class SenderLoginScreen: SenderLoginView {
  var delegate: (any SenderLoginViewDelegate)?
  func finish() { delegate?.loginView(self) }
}

/// The caller's delegate, which keeps the screen it is passed when `keeps` is set.
@MainActor final class SenderHomeScreen: SenderNeedLoginDelegate {
  var calls = 0
  var kept: (any SenderNeedLogin)?
  var keeps = false
  func login(_ screen: any SenderNeedLogin) {
    calls += 1
    if keeps { kept = screen }
  }
}

final class SenderHome {}

final class SenderLoginViewProxy: DynamicProtocolProxy, SenderLoginView {
  var delegate: (any SenderLoginViewDelegate)? {
    get { forwardedValueOrReport("delegate", as: (any SenderLoginViewDelegate)?.self, fallback: nil) }
    set { forwardValueOrReport("delegate", newValue) }
  }
}

final class SenderLoginViewDelegateProxy: DynamicProtocolProxy, SenderLoginViewDelegate {
  func loginView(_ view: any SenderLoginView) { forwardOrReport("loginView(_:)", view) }
}

final class SenderNeedLoginProxy: DynamicProtocolProxy, SenderNeedLogin {
  var delegate: (any SenderNeedLoginDelegate)? {
    get { forwardedValueOrReport("delegate", as: (any SenderNeedLoginDelegate)?.self, fallback: nil) }
    set { forwardValueOrReport("delegate", newValue) }
  }
}

final class SenderNeedLoginDelegateProxy: DynamicProtocolProxy, SenderNeedLoginDelegate {
  func login(_ screen: any SenderNeedLogin) { forwardOrReport("login(_:)", screen) }
}
