import RouteCfgCore
import RouteCfgTesting
import Testing

@testable import RouteCfgRuntime

/// Facades resolve each member name once and keep the answer: later reads, writes and calls must
/// still give every error the first one would have given.
@Suite("Members resolved once")
@MainActor
struct ResolvedMemberTests {
  static let yaml = """
    routecfg: 1
    protocols:
      RequiredCounter: |
        var count: Int { get }
        var label: String? { get set }
      ProvidedCounter: |
        var total: Int { get }
        var caption: String? { get set }
    modules:
      Counter: {kind: view, provides: [ProvidedCounter], routes: [/counter]}
      Host: {kind: view, requires: [RequiredCounter], routes: [/host]}
    adapters:
      - adapt: RequiredCounter
        to: ProvidedCounter
        map: { count: total, label: caption }
    """

  func registry() throws -> Registry {
    let manifest = try RouteCfg.validate(yaml: Self.yaml, path: "counter.yaml")
    var registrations = Registrations()
    registrations.view("Counter", CounterView.self) { _ in CounterView() }
    registrations.view("Host", CounterHost.self) { _ in CounterHost() }
    registrations.members(of: CounterView.self) { table in
      // Writable in Swift, read-only in the manifest: the manifest decides.
      table.property("total", \.total)
      table.property("caption", \.caption)
    }
    return try Registry(manifest, registrations: registrations)
  }

  @Test func aReadOnlyMemberStaysReadOnlyAfterBeingRead() throws {
    let registry = try registry()
    let facade = try registry.destination(for: "RequiredCounter")
    let direct = try registry.destination(for: "ProvidedCounter")
    for _ in 0..<2 {
      #expect(try facade.get("count") as? Int == 7)
      #expect(try direct.get("total") as? Int == 7)
      #expect(throws: RuntimeError.readOnly(protocolName: "RequiredCounter", member: "count")) {
        try facade.set("count", to: 1)
      }
      #expect(throws: RuntimeError.readOnly(protocolName: "ProvidedCounter", member: "total")) {
        try direct.set("total", to: 1)
      }
    }
  }

  @Test func valuesAreStillCheckedAfterTheFirstWrite() throws {
    let facade = try registry().destination(for: "RequiredCounter")
    let view = try #require(facade.object as? CounterView)
    for round in 0..<3 {
      try facade.set("label", to: "round \(round)")
      #expect(view.caption == "round \(round)")
      #expect(try facade.get("label") as? String == "round \(round)")
      #expect(throws: RuntimeError.typeMismatch(member: "label", expected: "String?", actual: "Int")) {
        try facade.set("label", to: round)
      }
      try facade.set("label", to: nil)
      #expect(view.caption == nil)
      #expect(try facade.get("label") == nil)
    }
  }

  @Test func unknownNamesAreNotRemembered() throws {
    let facade = try registry().destination(for: "RequiredCounter")
    for _ in 0..<2 {
      #expect(
        throws: RuntimeError.unknownMember(
          protocolName: "RequiredCounter", member: "lable", suggestion: "label")
      ) {
        try facade.get("lable")
      }
    }
    #expect(try facade.get("count") as? Int == 7)
  }

  /// Registered from generic code, where the compiler does not know the property is optional.
  static func registerGenerically<Value>(
    _ table: inout MemberTable<CounterView>, _ name: String,
    _ keyPath: ReferenceWritableKeyPath<CounterView, Value>
  ) {
    table.property(name, keyPath)
  }

  @Test func optionalPropertiesReadAsTheirValueHoweverTheyWereRegistered() throws {
    let manifest = try RouteCfg.validate(yaml: Self.yaml, path: "counter.yaml")
    var registrations = Registrations()
    registrations.view("Counter", CounterView.self) { _ in CounterView() }
    registrations.view("Host", CounterHost.self) { _ in CounterHost() }
    registrations.members(of: CounterView.self) { table in
      Self.registerGenerically(&table, "total", \.total)
      Self.registerGenerically(&table, "caption", \.caption)
    }
    let counter = try Registry(manifest, registrations: registrations).destination(for: "RequiredCounter")
    #expect(try counter.get("label") == nil)
    try counter.set("label", to: "generic")
    let label = try counter.get("label")
    #expect(label as? String == "generic")
    let value = try #require(label)
    #expect(Mirror(reflecting: value).displayStyle != .optional, "a plain value, not an optional in a box")
    #expect(try counter.get("count") as? Int == 7)
    #expect(throws: RuntimeError.typeMismatch(member: "label", expected: "String?", actual: "Int")) {
      try counter.set("label", to: 3)
    }
  }

  /// A method's arguments are cast with a fast path for a value of exactly the parameter's type;
  /// it must answer as the full cast does for every value, and the full cast as before.
  @Test func argumentCastsAnswerAsTheFullCastDoes() throws {
    func same<T>(_ value: Any?, _ type: T.Type) {
      func outcome(_ cast: () throws -> T) -> String {
        do { return "value \(String(reflecting: try cast()))" } catch { return "error \(error)" }
      }
      let fast = outcome { try ParameterCast(T.self, for: "m")(value) }
      let full = outcome { try DynamicValue.cast(value, to: T.self, for: "m") }
      #expect(fast == full, "\(String(reflecting: value)) as \(T.self)")
    }
    same(5 as Any, Int.self)
    same(Int?.some(5) as Any, Int.self)
    same(Int??.some(5) as Any, Int.self)
    same(nil, Int?.self)
    same(Int?.none as Any, Int?.self)
    same(Int?.some(5) as Any, Int?.self)
    same(Int??.some(nil) as Any, Int??.self)
    same(Any?.some(String?.none as Any) as Any, Any?.self)
    same(Any?.some(String?("x") as Any) as Any, Any?.self)
    same(AnyHashable(Int?.none) as Any, AnyHashable.self)
    same(AnyHashable(3) as Any, AnyHashable.self)
    same(String?.some("x") as Any, Any.self)
    same(CounterView() as Any, AnyObject.self)
    same("x" as Any, Int.self)
    same(Int?.none as Any, Int.self)
    #expect(try DynamicValue.cast(Int??.some(nil) as Any, to: Int??.self, for: "m") == nil)
    #expect(throws: RuntimeError.typeMismatch(member: "m", expected: "Int", actual: "String")) {
      try ParameterCast(Int.self, for: "m")("x")
    }
  }

  /// A method's result is read without optional layers, also when its type is an existential
  /// that an optional can be (the runtime spells `any Hashable` without `any`).
  @Test func methodResultsAreReadWithoutOptionalLayers() throws {
    var table = MemberTable(for: CounterView.self)
    table.method("hashable()") { (_: CounterView) -> any Hashable in Int?.none }
    table.method("count()") { (view: CounterView) in view.total }
    let view = CounterView()
    for (name, expected) in [("hashable()", "nil"), ("count()", "Optional(7)")] {
      guard case .method(let call, _, _)? = table.entries[name]?.kind else {
        Issue.record("no method \(name)")
        continue
      }
      let read = String(describing: try call(view, []))
      #expect(read == expected, "\(name)")
    }
  }

  @Test func optionalsInsideAnyAreUnwrappedToTheValue() {
    let twice: String?? = .some("inner")
    let empty: String?? = .some(nil)
    #expect(DynamicValue.flatten(twice as Any) as? String == "inner")
    #expect(DynamicValue.flatten(empty as Any) == nil)
    #expect(DynamicValue.flatten(Int?.none as Any) == nil)
    #expect(DynamicValue.flatten(5 as Any) as? Int == 5)
    #expect(
      DynamicValue.flatten([String?]([nil]) as Any) is [String?], "an array is a value, not an optional")
  }
}

@MainActor
final class CounterView {
  var total = 7
  var caption: String?
}

@MainActor
final class CounterHost {}

/// `DynamicProperty`: found once, then read and written with the same answers and errors as
/// access by name.
@Suite("Dynamic properties")
@MainActor
struct DynamicPropertyTests {
  @Test func aPropertyThroughAnAdapterReadsAndWritesTheTarget() throws {
    for registry in try [ResolvedMemberTests().registry(), Self.closureRegistry()] {
      let facade = try registry.destination(for: "RequiredCounter")
      let view = try #require(facade.object as? CounterView)
      let label = try facade.property("label", as: String?.self)
      #expect(label.name == "label")
      let adapted = try #require(facade.members as? AdaptedMembers)
      #expect(
        try adapted.resolvedProperty("label", as: String?.self) != nil,
        "read and written through the member table entry, not by name")
      #expect(try label.get() == nil)
      try label.set("typed")
      #expect(view.caption == "typed")
      #expect(try label.get() == "typed")
      #expect(try facade.get("label") as? String == "typed")
      try label.set(nil)
      #expect(view.caption == nil)
      let count = try facade.property("count", as: Int.self)
      #expect(try count.get() == 7)
      #expect(throws: RuntimeError.readOnly(protocolName: "RequiredCounter", member: "count")) {
        try count.set(1)
      }
    }
  }

  @Test func aDirectPropertyIsReadOnlyWhereTheManifestSaysSo() throws {
    let direct = try ResolvedMemberTests().registry().destination(for: "ProvidedCounter")
    let total = try direct.property("total", as: Int.self)
    #expect(try total.get() == 7)
    #expect(throws: RuntimeError.readOnly(protocolName: "ProvidedCounter", member: "total")) {
      try total.set(1)
    }
    let caption = try direct.property("caption", as: String?.self)
    try caption.set("direct")
    #expect(try caption.get() == "direct")
  }

  @Test func namesAreCheckedWhenThePropertyIsMade() throws {
    let facade = try ResolvedMemberTests().registry().destination(for: "RequiredCounter")
    #expect(
      throws: RuntimeError.unknownMember(
        protocolName: "RequiredCounter", member: "lable", suggestion: "label")
    ) {
      _ = try facade.property("lable", as: String?.self)
    }
  }

  @Test func anotherTypeThanTheRegisteredOneGoesByName() throws {
    let facade = try ResolvedMemberTests().registry().destination(for: "RequiredCounter")
    let label = try facade.property("label", as: Any?.self)
    try label.set("any")
    #expect(try label.get() as? String == "any")
    let wrong = try facade.property("label", as: Int.self)
    #expect(throws: RuntimeError.typeMismatch(member: "label", expected: "String?", actual: "Int")) {
      try wrong.set(3)
    }
  }

  @Test func keyPathsAndDelegatesGoByName() throws {
    let card = try ForwardingTests().registry().destination(for: "RequiredCard")
    let view = try #require(card.object as? CardView)
    let title = try card.property("title", as: String?.self)
    #expect(try title.get() == nil)
    #expect(throws: RuntimeError.nilStep(member: "title", step: "header")) { try title.set("Hello") }
    view.header = CardHeader()
    try title.set("Hello")
    #expect(view.header?.title == "Hello")
    #expect(try title.get() == "Hello")
  }

  /// The counter registered with closures, as `routecfg generate --dynamic` registers members.
  static func closureRegistry() throws -> Registry {
    let manifest = try RouteCfg.validate(yaml: ResolvedMemberTests.yaml, path: "counter.yaml")
    var registrations = Registrations()
    registrations.view("Counter", CounterView.self) { _ in CounterView() }
    registrations.view("Host", CounterHost.self) { _ in CounterHost() }
    registrations.members(of: CounterView.self) { table in
      table.property("total", get: { $0.total }, set: { $0.total = $1 })
      table.property("caption", get: { $0.caption }, set: { $0.caption = $1 })
    }
    return try Registry(manifest, registrations: registrations)
  }

  @Test func aPropertyKeepsItsFacadeAlive() throws {
    let registry = try Self.closureRegistry()
    weak var facade: AdaptedMembers?
    let label: DynamicProperty<String?>
    do {
      let destination = try registry.destination(for: "RequiredCounter")
      facade = destination.members as? AdaptedMembers
      label = try destination.property("label", as: String?.self)
    }
    #expect(facade != nil, "the property holds the facade, and the proxies it handed over")
    try label.set("kept")
    #expect(try label.get() == "kept")
  }

  @Test func valuesThatMayHoldOptionalsReadAlikeBothWays() throws {
    let manifest = try RouteCfg.validate(
      yaml: """
        routecfg: 1
        protocols:
          Payload: |
            var payload: Any? { get set }
            var nested: String?? { get set }
        modules:
          Box: {kind: view, provides: [Payload], routes: [/box]}
        """)
    var registrations = Registrations()
    registrations.view("Box", PayloadBox.self) { _ in PayloadBox() }
    registrations.members(of: PayloadBox.self) { table in
      table.property("payload", \.payload)
      table.property("nested", get: { $0.nested }, set: { $0.nested = $1 })
    }
    let box = try Registry(manifest, registrations: registrations).destination(for: "Payload")
    let object = try #require(box.object as? PayloadBox)
    let missing: String? = nil
    object.payload = missing as Any
    object.nested = .some(nil)
    #expect(try box.get("payload") == nil, "an empty optional inside Any reads as nil")
    #expect(try box.property("payload", as: Any?.self).get() == nil)
    #expect(try box.get("nested") == nil)
    #expect(try box.property("nested", as: String??.self).get() == nil)
    #expect(try box.get("nested", as: String??.self) == nil)
  }

  @Test func aSelfDescribingDestinationChecksTheNameWhenThePropertyIsMade() throws {
    let harness = try ManifestHarness(yaml: ResolvedMemberTests.yaml, path: "counter.yaml")
    let mocks = try harness.mockRegistry()
    let counter = try mocks.registry.destination(for: "ProvidedCounter")
    #expect(
      throws: RuntimeError.unknownMember(
        protocolName: "ProvidedCounter", member: "captoin", suggestion: "caption")
    ) {
      _ = try counter.property("captoin", as: String?.self)
    }
    let caption = try counter.property("caption", as: String?.self)
    try caption.set("mocked")
    #expect(try caption.get() == "mocked")
  }
}

@MainActor
final class PayloadBox {
  var payload: Any?
  var nested: String?? = nil
}
