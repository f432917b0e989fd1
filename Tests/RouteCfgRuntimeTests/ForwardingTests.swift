import RouteCfgCore
import RouteCfgRuntime
import Testing

/// Forwarding through an adapter: key paths through protocol-typed properties, renamed methods
/// with arguments, read-only members, and type mismatches reported as errors.
@Suite("Forwarding through adapters")
@MainActor
struct ForwardingTests {
  static let yaml = """
    routecfg: 1
    protocols:
      RequiredCard: |
        var title: String? { get set }
        var size: Int { get }
        func refresh(force: Bool, times: Int) -> Int
      ProvidedCard: |
        var header: CardHeader? { get set }
        var dimension: Int { get }
        func reload(hard: Bool, count: Int) -> Int
      CardHeader: |
        var title: String? { get set }
    modules:
      Card: {kind: view, provides: [ProvidedCard], routes: [/card]}
      Host: {kind: view, requires: [RequiredCard], routes: [/host]}
    adapters:
      - adapt: RequiredCard
        to: ProvidedCard
        map: { title: header.title, size: dimension, refresh: reload }
    """

  func registry() throws -> Registry {
    let manifest = try RouteCfg.validate(yaml: Self.yaml, path: "card.yaml")
    var registrations = Registrations()
    registrations.view("Card", CardView.self) { _ in CardView() }
    registrations.view("Host", HostView.self) { _ in HostView() }
    registrations.members(of: CardView.self) { table in
      table.property("header", \.header)
      table.property("dimension", \.dimension)
      table.method("reload(hard:count:)") { (card, hard: Bool, count: Int) in
        card.reload(hard: hard, count: count)
      }
    }
    registrations.members(of: CardHeader.self) { table in table.property("title", \.title) }
    return try Registry(manifest, registrations: registrations)
  }

  @Test func keyPathsReachThroughProtocolTypedProperties() throws {
    let card = try registry().destination(for: "RequiredCard")
    let view = try #require(card.object as? CardView)
    #expect(try card.get("title") == nil, "a nil step reads as nil")
    #expect(throws: RuntimeError.nilStep(member: "title", step: "header")) {
      try card.set("title", to: "Hello")
    }
    view.header = CardHeader()
    try card.set("title", to: "Hello")
    #expect(view.header?.title == "Hello")
    #expect(try card.get("title") as? String == "Hello")
  }

  /// Behind an adapter the Swift value is the protocol's proxy, whatever type is asked for.
  @Test func aSwiftValueBehindAnAdapterNeedsTheProtocolsProxy() throws {
    #expect(throws: RuntimeError.noProxy(protocolName: "RequiredCard")) {
      _ = try registry().destination(for: "RequiredCard", as: CardView.self)
    }
  }

  @Test func renamedMembersAndMethodArgumentsForward() throws {
    let card = try registry().destination(for: "RequiredCard")
    let view = try #require(card.object as? CardView)
    #expect(try card.get("size") as? Int == 3)
    #expect(try card.call("refresh(force:times:)", true, 4) as? Int == 8)
    #expect(view.reloads == [(true, 4)].map { "\($0.0)-\($0.1)" })
  }

  @Test func mistakesAreErrorsNotTraps() throws {
    let card = try registry().destination(for: "RequiredCard")
    (card.object as? CardView)?.header = CardHeader()
    #expect(throws: RuntimeError.typeMismatch(member: "title", expected: "String?", actual: "Int")) {
      try card.set("title", to: 42)
    }
    #expect(throws: RuntimeError.readOnly(protocolName: "RequiredCard", member: "size")) {
      try card.set("size", to: 1)
    }
    #expect(
      throws: RuntimeError.unknownMember(protocolName: "RequiredCard", member: "titel", suggestion: "title")
    ) {
      try card.get("titel")
    }
    // A member used as the other kind is named as what it is, not called unknown.
    #expect(throws: RuntimeError.memberKind(protocolName: "RequiredCard", member: "title", isProperty: true))
    {
      try card.call("title")
    }
    #expect(
      throws: RuntimeError.memberKind(
        protocolName: "RequiredCard", member: "refresh(force:times:)", isProperty: false)
    ) {
      try card.get("refresh")
    }
    #expect(
      RuntimeError.memberKind(protocolName: "RequiredCard", member: "title", isProperty: true).description
        == "'RequiredCard.title' is a property, not a method: read it with get or set it with set, not call")
    #expect(throws: RuntimeError.argumentCount(member: "refresh(force:times:)", expected: 2, actual: 1)) {
      try card.call("refresh", true)
    }
    #expect(
      throws: RuntimeError.typeMismatch(member: "refresh(force:times:)", expected: "Int", actual: "String")
    ) {
      try card.call("refresh", true, "four")
    }
    // A name the manifest does not declare is called that, with the name meant.
    #expect(throws: RuntimeError.unknownProtocol(protocolName: "Missing", suggestion: "")) {
      try registry().destination(for: "Missing")
    }
    #expect(throws: RuntimeError.unknownProtocol(protocolName: "RequiredCrad", suggestion: "RequiredCard")) {
      try registry().destination(for: "RequiredCrad")
    }
  }

  @Test func parametersAreCheckedAgainstTheManifest() throws {
    let manifest = try RouteCfg.validate(
      yaml: """
        routecfg: 1
        protocols:
          PageInput: "let id: Int"
        modules:
          Page:
            kind: view
            provides: [PageInput]
            parameters: {id: Int, note: String?}
            routes: ["/pages/:id"]
        """, path: "page.yaml")
    var registrations = Registrations()
    registrations.view("Page", Page.self) { context in Page(id: context.parameter("id") ?? -1) }
    registrations.members(of: Page.self) { table in table.property("id", \.id) }
    let registry = try Registry(manifest, registrations: registrations)
    #expect(try registry.destination(for: "PageInput", parameters: ["id": 5]).get("id") as? Int == 5)
    #expect(throws: RuntimeError.missingParameter(module: "Page", parameter: "id", type: "Int")) {
      try registry.destination(for: "PageInput")
    }
    #expect(throws: RuntimeError.unknownParameter(module: "Page", parameter: "size")) {
      try registry.destination(for: "PageInput", parameters: ["id": 1, "size": 2])
    }
    #expect(throws: RuntimeError.typeMismatch(member: "Page.id", expected: "Int", actual: "String")) {
      try registry.destination(for: "PageInput", parameters: ["id": "one"])
    }
    let opened = try registry.open("/pages/9")
    #expect((opened.object as? Page)?.id == 9)
    #expect(opened.parameters == ["id": .int(9)])
  }
}

@MainActor
final class CardView {
  var header: CardHeader?
  var dimension: Int { 3 }
  var reloads: [String] = []

  func reload(hard: Bool, count: Int) -> Int {
    reloads.append("\(hard)-\(count)")
    return count * 2
  }
}

@MainActor
final class CardHeader {
  var title: String?
}

@MainActor
final class HostView {}

@MainActor
final class Page {
  let id: Int
  init(id: Int) { self.id = id }
}

/// Dictionaries of protocol values cross an adapter value by value, as arrays do (SPEC:
/// "optionals, arrays and dictionaries compare element-wise").
@Suite("Forwarding dictionaries")
@MainActor
struct DictionaryForwardingTests {
  @Test func dictionaryValuesCrossTheAdapterBothWays() throws {
    let manifest = try RouteCfg.validate(
      yaml: """
        routecfg: 1
        protocols:
          PD: "func didLogin()"
          RD: "func didFinishLogin()"
          Prov: "var handlers: [String: PD] { get set }"
          Req: "var handlers: [String: RD] { get set }"
        modules:
          P: {kind: view, provides: [Prov], routes: [/p]}
          R: {kind: view, requires: [Req], routes: [/r]}
        adapters:
          - {adapt: Req, to: Prov}
          - {adapt: RD, to: PD, map: {didFinishLogin: didLogin}}
        """, path: "dict.yaml")
    var registrations = Registrations()
    registrations.view("P", HandlerStore.self) { _ in HandlerStore() }
    registrations.view("R", FinishListener.self) { _ in FinishListener() }
    registrations.members(of: HandlerStore.self) { table in table.property("handlers", \.handlers) }
    registrations.members(of: FinishListener.self) { table in
      table.method("didFinishLogin()") { $0.didFinishLogin() }
    }
    registrations.proxy(for: "PD") { PDProxy($0) }
    registrations.proxy(for: "RD") { RDProxy($0) }
    let registry = try Registry(manifest, registrations: registrations)
    let destination = try registry.destination(for: "Req")
    let store = try #require(destination.object as? HandlerStore)
    #expect((try destination.get("handlers") as? [String: any RD])?.isEmpty == true)

    let listener = FinishListener()
    try destination.set("handlers", to: ["login": listener] as [String: any RD])
    let handed = try #require(store.handlers["login"])
    handed.didLogin()
    #expect(listener.finished == 1)
    // Read back, the caller gets its own object, not a proxy of a proxy.
    let readBack = try #require(try destination.get("handlers") as? [String: any RD])
    #expect(readBack["login"] === listener)
  }
}

@MainActor private protocol PD: AnyObject { func didLogin() }
@MainActor private protocol RD: AnyObject { func didFinishLogin() }
@MainActor private final class HandlerStore { var handlers: [String: any PD] = [:] }
@MainActor private final class FinishListener: RD {
  var finished = 0
  func didFinishLogin() { finished += 1 }
}
private final class PDProxy: DynamicProtocolProxy, PD { func didLogin() { forwardOrReport("didLogin()") } }
private final class RDProxy: DynamicProtocolProxy, RD {
  func didFinishLogin() { forwardOrReport("didFinishLogin()") }
}

/// A proxy registered for a protocol it does not conform to is found where a value first
/// crosses to that protocol, and the error names the proxy, not the caller's value.
@Suite("Proxies that do not conform")
@MainActor
struct NonConformingProxyTests {
  static let yaml = """
    routecfg: 1
    protocols:
      PD: "func didLogin()"
      RD: "func didFinishLogin()"
      Prov: |
        var delegate: PD? { get set }
        func listen(to listener: PD)
      Req: |
        var delegate: RD? { get set }
        func listen(to listener: RD)
    modules:
      P: {kind: view, provides: [Prov], routes: [/p]}
      R: {kind: view, requires: [Req], routes: [/r]}
    adapters:
      - {adapt: Req, to: Prov}
      - {adapt: RD, to: PD, map: {didFinishLogin: didLogin}}
    """

  private func destination(
    proxyForPD: @escaping @MainActor (any DynamicMembers) -> AnyObject,
    proxyForRD: @escaping @MainActor (any DynamicMembers) -> AnyObject = { RDProxy($0) }
  ) throws -> Destination {
    var registrations = Registrations()
    registrations.view("P", DelegateHolder.self) { _ in DelegateHolder() }
    registrations.view("R", FinishListener.self) { _ in FinishListener() }
    registrations.members(of: DelegateHolder.self) { table in
      table.property("delegate", \.delegate)
      table.method("listen(to:)") { (holder: DelegateHolder, listener: any PD) in holder.listen(to: listener)
      }
    }
    registrations.members(of: FinishListener.self) { table in
      table.method("didFinishLogin()") { $0.didFinishLogin() }
    }
    registrations.members(of: LoginReporter.self) { table in table.method("didLogin()") { $0.didLogin() } }
    registrations.proxy(for: "PD", make: proxyForPD)
    registrations.proxy(for: "RD", make: proxyForRD)
    let manifest = try RouteCfg.validate(yaml: Self.yaml, path: "proxies.yaml")
    return try Registry(manifest, registrations: registrations).destination(for: "Req")
  }

  @Test func aProxyOfAnotherProtocolIsNamed() throws {
    // The proxies swapped: the one registered for `PD` makes an `RDProxy`.
    let destination = try destination { RDProxy($0) }
    let listener = FinishListener()
    let expected = RuntimeError.proxyDoesNotConform(
      protocolName: "PD", proxyType: "RDProxy", member: "delegate")
    #expect(throws: expected) { try destination.set("delegate", to: listener) }
    #expect(
      expected.description
        == "'delegate' takes a 'PD', but the proxy registered for 'PD' makes a 'RDProxy', which does not "
        + "conform to 'PD'; register a proxy that conforms to 'PD' with proxy(for: \"PD\")")
    #expect(
      throws: RuntimeError.proxyDoesNotConform(
        protocolName: "PD", proxyType: "RDProxy", member: "listen(to:)")
    ) {
      try destination.call("listen(to:)", listener)
    }
    // The caller's own value of the wrong type is still the caller's mistake.
    do {
      try destination.set("delegate", to: DelegateHolder())
      Issue.record("a holder was taken as a delegate")
    } catch RuntimeError.typeMismatch {}
  }

  /// Read back as the caller's protocol, a delegate the provider set is wrapped in the proxy
  /// registered for that protocol: one that does not conform is named, not the type asked for.
  @Test func aProxyOfAnotherProtocolReadBackIsNamed() throws {
    let destination = try destination(proxyForPD: { PDProxy($0) }, proxyForRD: { PDProxy($0) })
    let reporter = LoginReporter()
    try #require(destination.object as? DelegateHolder).delegate = reporter
    #expect(
      throws: RuntimeError.proxyDoesNotConform(protocolName: "RD", proxyType: "PDProxy", member: "delegate")
    ) { _ = try destination.get("delegate", as: (any RD)?.self) }
    // Asked for as another type, the mismatch is the caller's.
    #expect(throws: RuntimeError.readMismatch(member: "delegate", requested: "String", actual: "PDProxy")) {
      _ = try destination.get("delegate", as: String.self)
    }
    withExtendedLifetime(reporter) {}
  }

  @Test func theUntypedProxyIsNamedWithTheWayToRegisterTypedOnes() throws {
    let destination = try destination { DynamicProtocolProxy($0) }
    let error = RuntimeError.proxyDoesNotConform(
      protocolName: "PD", proxyType: "DynamicProtocolProxy", member: "delegate")
    #expect(throws: error) { try destination.set("delegate", to: FinishListener()) }
    #expect(error.description.contains("which forwards by name and conforms to no protocol"))
    #expect(error.description.contains("registerProtocols(into:)"))
  }

  @Test func aConformingProxyCrosses() throws {
    let destination = try destination { PDProxy($0) }
    let listener = FinishListener()
    try destination.set("delegate", to: listener)
    let holder = try #require(destination.object as? DelegateHolder)
    holder.delegate?.didLogin()
    #expect(listener.finished == 1)
  }
}

@MainActor private final class LoginReporter: PD { func didLogin() {} }
@MainActor private final class DelegateHolder {
  weak var delegate: (any PD)?
  var listeners: [any PD] = []
  func listen(to listener: any PD) { listeners.append(listener) }
}

/// A value the caller gives through an adapter is checked against the caller's declaration, not
/// only against the target's after converting: `nil` for a `String` is refused, though the
/// target would take a `String?`, and the error names the caller's type.
@Suite("Values checked as the caller declares them")
@MainActor
struct CallerDeclaredTypeTests {
  static let yaml = """
    routecfg: 1
    protocols:
      RequiredScreen: |
        var name: String? { get set }
        func show(message: String, repeat: Int) -> String?
        func count(ids: [Int?], tag: String) -> Int
      ScreenInput: |
        var label: String? { get set }
        func render(text: String?, times: Int) -> String
        func tally(ids: [Int?], tag: String?) -> Int
    modules:
      Screen: {kind: view, provides: [ScreenInput], routes: [/screen]}
      Host: {kind: view, requires: [RequiredScreen], routes: [/host]}
    adapters:
      - {adapt: RequiredScreen, to: ScreenInput, map: {name: label, show: render, count: tally}}
    """

  @Test func nilForANonOptionalIsRefused() throws {
    let manifest = try RouteCfg.validate(yaml: Self.yaml, path: "screen.yaml")
    var registrations = Registrations()
    registrations.view("Screen", Screen.self) { _ in Screen() }
    registrations.view("Host", HostView.self) { _ in HostView() }
    registrations.members(of: Screen.self) { table in
      table.property("label", \.label)
      table.method("render(text:times:)") { (screen, text: String?, times: Int) in
        screen.render(text: text, times: times)
      }
      table.method("tally(ids:tag:)") { (_, ids: [Int?], _: String?) in ids.count }
    }
    let screen = try Registry(manifest, registrations: registrations).destination(for: "RequiredScreen")
    let object = try #require(screen.object as? Screen)
    #expect(
      throws: RuntimeError.typeMismatch(member: "show(message:repeat:)", expected: "String", actual: "nil")
    ) { try screen.call("show(message:repeat:)", nil, 1) }
    #expect(
      throws: RuntimeError.typeMismatch(member: "show(message:repeat:)", expected: "String", actual: "Int")
    ) { try screen.call("show", 5, 1) }
    #expect(throws: RuntimeError.typeMismatch(member: "name", expected: "String?", actual: "Int")) {
      try screen.set("name", to: 5)
    }
    #expect(object.rendered.isEmpty && object.label == nil)
    #expect(try screen.call("show", "hi", 2) as? String == "hihi")
    // Values Swift casts to the declared type pass, as they do where the types are the same.
    #expect(try screen.call("count", [1, 2] as [Int], "t") as? Int == 2)
    #expect(try screen.call("count", [1, nil, 3] as [Int?], "t") as? Int == 3)
    // The argument refused is the one named, with the type the caller declared for it.
    #expect(
      throws: RuntimeError.typeMismatch(member: "count(ids:tag:)", expected: "String", actual: "[Int]")
    ) { try screen.call("count", [1, 2] as [Int], [3] as [Int]) }
    try screen.set("name", to: "Main")
    #expect(object.label == "Main")
  }
}

@MainActor private final class Screen {
  var label: String?
  var rendered: [String?] = []
  func render(text: String?, times: Int) -> String {
    rendered.append(text)
    return String(repeating: text ?? "-", count: times)
  }
}
