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
        var next: SenderLoginViewDelegate? { get }
        func make() -> SenderLoginViewDelegate
      SenderNeedLogin: |
        var delegate: SenderNeedLoginDelegate? { get set }
      SenderNeedLoginDelegate: |
        func login(_ screen: SenderNeedLogin)
        var next: SenderNeedLoginDelegate? { get }
        func make() -> SenderNeedLoginDelegate
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
      table.property("next", get: { (home: SenderHomeScreen) -> (any SenderNeedLoginDelegate)? in home.next })
      table.method("make()") { (home: SenderHomeScreen) in home.make() }
    }
    registrations.proxy(for: "SenderLoginView") { SenderLoginViewProxy($0) }
    registrations.proxy(for: "SenderLoginViewDelegate") { SenderLoginViewDelegateProxy($0) }
    registrations.proxy(for: "SenderNeedLogin") { SenderNeedLoginProxy($0) }
    registrations.proxy(for: "SenderNeedLoginDelegate") { SenderNeedLoginDelegateProxy($0) }
    return try Registry(RouteCfg.validate(yaml: manifest, path: "sender.yaml"), registrations: registrations)
  }

  @Test(arguments: [false, true])
  func theSenderLivesWhileTheCallerHoldsItAndNoLonger(closures: Bool) throws {
    try theSenderLivesWhileTheCallerHoldsIt(closures: closures, reaching: .delegate)
  }

  /// The same through a caller's object the provider reached from its delegate: a property's
  /// value (`delegate.next`) or a method's result (`delegate.make()`).
  @Test(arguments: [SenderLoginScreen.Reach.next, .made])
  func theSenderLivesAsLongThroughACallersObjectReachedFromTheDelegate(_ reach: SenderLoginScreen.Reach)
    throws
  {
    try theSenderLivesWhileTheCallerHoldsIt(closures: false, reaching: reach)
  }

  private func theSenderLivesWhileTheCallerHoldsIt(closures: Bool, reaching reach: SenderLoginScreen.Reach)
    throws
  {
    let home = SenderHomeScreen()
    // The caller's object the provider calls: the delegate itself, or one it reaches from it.
    let callee = reach == .delegate ? home : SenderHomeScreen()
    if reach != .delegate { home.nextOne = callee }
    var next: SenderLoginScreen?
    let registry = try Self.registry(SenderLoginScreen.self, closures: closures) {
      defer { next = nil }
      return next ?? SenderLoginScreen()
    }
    weak var released: SenderLoginScreen?
    do {
      let login = SenderLoginScreen()
      login.reach = reach
      released = login
      next = login
      let screen = try registry.destination(for: "SenderNeedLogin", as: (any SenderNeedLogin).self)
      screen.delegate = home
      login.finish()
      login.finish()
    }
    #expect(callee.calls == 2)
    #expect(released == nil, "the sender is kept alive after its callbacks")
    weak var kept: SenderLoginScreen?
    do {
      let login = SenderLoginScreen()
      login.reach = reach
      kept = login
      next = login
      let screen = try registry.destination(for: "SenderNeedLogin", as: (any SenderNeedLogin).self)
      screen.delegate = home
      callee.keeps = true
      login.finish()
      let first = callee.kept
      login.finish()
      // Through the delegate itself each callback passes the same proxy while it is kept; through
      // an object read from it, each read is a new facade, as a generated bridge read again is.
      #expect(first != nil && (reach != .delegate || first === callee.kept), "a new proxy while kept")
    }
    #expect(kept != nil, "a sender the caller keeps was released")
    #expect(callee.kept?.delegate === home)
    callee.kept = nil
    #expect(kept == nil, "the sender outlives the caller's reference")
  }
}

@MainActor protocol SenderLoginView: AnyObject {
  var delegate: (any SenderLoginViewDelegate)? { get set }
}

@MainActor protocol SenderLoginViewDelegate: AnyObject {
  func loginView(_ view: any SenderLoginView)
  var next: (any SenderLoginViewDelegate)? { get }
  func make() -> any SenderLoginViewDelegate
}

@MainActor protocol SenderNeedLogin: AnyObject {
  var delegate: (any SenderNeedLoginDelegate)? { get set }
}

@MainActor protocol SenderNeedLoginDelegate: AnyObject {
  func login(_ screen: any SenderNeedLogin)
  var next: (any SenderNeedLoginDelegate)? { get }
  func make() -> any SenderNeedLoginDelegate
}

/// The provider's screen: it holds its delegate strongly and passes itself to it, or to the
/// delegate's `next`, or to what the delegate's `make()` returns.
@MainActor final class SenderLoginScreen: SenderLoginView {
  enum Reach: Sendable { case delegate, next, made }
  var delegate: (any SenderLoginViewDelegate)?
  var reach = Reach.delegate
  func finish() {
    switch reach {
    case .delegate: delegate?.loginView(self)
    case .next: delegate?.next?.loginView(self)
    case .made: delegate?.make().loginView(self)
    }
  }
}

/// The caller's delegate, which keeps the screen it is passed when `keeps` is set.
@MainActor final class SenderHomeScreen: SenderNeedLoginDelegate {
  var calls = 0
  var kept: (any SenderNeedLogin)?
  var keeps = false
  var nextOne: SenderHomeScreen?
  var next: (any SenderNeedLoginDelegate)? { nextOne }
  func make() -> any SenderNeedLoginDelegate { nextOne ?? self }
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
  var next: (any SenderLoginViewDelegate)? {
    forwardedValueOrReport("next", as: (any SenderLoginViewDelegate)?.self, fallback: nil)
  }
  func make() -> any SenderLoginViewDelegate {
    (forwardOrReport("make()") as? any SenderLoginViewDelegate) ?? self
  }
}

final class SenderNeedLoginProxy: DynamicProtocolProxy, SenderNeedLogin {
  var delegate: (any SenderNeedLoginDelegate)? {
    get { forwardedValueOrReport("delegate", as: (any SenderNeedLoginDelegate)?.self, fallback: nil) }
    set { forwardValueOrReport("delegate", newValue) }
  }
}

final class SenderNeedLoginDelegateProxy: DynamicProtocolProxy, SenderNeedLoginDelegate {
  func login(_ screen: any SenderNeedLogin) { forwardOrReport("login(_:)", screen) }
  var next: (any SenderNeedLoginDelegate)? {
    forwardedValueOrReport("next", as: (any SenderNeedLoginDelegate)?.self, fallback: nil)
  }
  func make() -> any SenderNeedLoginDelegate {
    (forwardOrReport("make()") as? any SenderNeedLoginDelegate) ?? self
  }
}
