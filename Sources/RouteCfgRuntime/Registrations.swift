import RouteCfgCore

/// The Swift side of a manifest: a factory per module, a member table per destination type, and
/// a proxy per protocol whose values cross adapters. The registry checks them all against the
/// manifest when it is built.
///
/// ```swift
/// var registrations = Registrations()
/// registrations.view("Login", LoginViewController.self) { _ in LoginViewController() }
/// registrations.members(of: LoginViewController.self) { table in
///   table.property("notifyString", \.notifyString)
///   table.property("delegate", \.delegate)
/// }
/// registrations.proxy(for: "ProvidedLoginViewDelegate") { LoginDelegateProxy($0) }
/// ```
@MainActor
public struct Registrations {
  /// How one module's destinations are made.
  struct Factory {
    let kind: ModuleKind
    /// The destination type, or `nil` for a factory registered without one (generated code's),
    /// whose members the protocol tables serve. Its table (or its nearest registered
    /// superclass's) is the one the build checks and the module's objects are served by.
    let type: AnyClass?
    let make: @MainActor (ModuleContext) throws -> AnyObject
    /// For services: the same factory, callable from any isolation.
    let makeSendable: (@Sendable (ModuleContext) throws -> any AnyObject & Sendable)?
    /// `true` for a stand-in that a later registration of the module replaces without the module
    /// counting as registered twice (``RouteCfgTesting``'s recording mocks).
    var isStandIn = false

    /// `true` when the destination type answers its members itself (``SelfDescribingMembers``)
    /// and needs no member table.
    var describesItsMembers: Bool {
      guard let type else { return false }
      return type is any SelfDescribingMembers.Type
    }
  }

  /// How values of one protocol are made into a Swift object over dynamic members. A struct, so
  /// that the table holds the closure as it is: a bare closure as a dictionary's value is
  /// wrapped in another, an allocation per protocol.
  struct ProxyMaker {
    let make: @MainActor (any DynamicMembers) -> AnyObject
  }

  // Keyed by `NameKey`, whose byte hash costs half of `String`'s SipHash: building a registry
  // looks every module and protocol up.
  var factories: [NameKey: Factory] = [:]
  var tables: [ObjectIdentifier: ErasedMemberTable] = [:]
  var protocolTables: [String: ErasedMemberTable] = [:]
  var proxies: [NameKey: ProxyMaker] = [:]
  /// The maker of every declared protocol's proxy that has none of its own
  /// (``proxyForEveryDeclaredProtocol(make:)``).
  var declaredProtocolsProxy: ProxyMaker?
  /// The types that names of the app's own type aliases stand for, as the runtime spells them
  /// (``typeAlias(_:for:)``).
  var typeAliases: [String: String] = [:]
  /// Modules registered again after a first registration, each time it happened: reported at
  /// build, since the last registration would silently win.
  var registeredTwice: [String] = []
  /// The names given to ``proxy(for:make:)``, in order, checked against the manifest's
  /// protocols at build.
  var proxyNamesToCheck: [String] = []
  var forwardingFailureHandler: @MainActor (ForwardingFailure) -> Void = ForwardingFailure
    .writeToStandardError

  public init() {}

  /// Makes room for this many module factories, so that registering a large manifest's modules
  /// does not grow the table step by step.
  package mutating func reserveCapacity(modules: Int) {
    factories.reserveCapacity(modules)
  }

  /// A `view` module: made and used on the main actor.
  public mutating func view<Destination: AnyObject>(
    _ module: String, _ type: Destination.Type,
    make: @escaping @MainActor (ModuleContext) throws -> Destination
  ) {
    register(module, Factory(kind: .view, type: type, make: { try make($0) }, makeSendable: nil))
  }

  /// A view module's stand-in (a recording mock), which a later registration of the module
  /// replaces without the module counting as registered twice.
  package mutating func standIn<Destination: AnyObject>(
    _ module: String, _ type: Destination.Type,
    make: @escaping @MainActor (ModuleContext) throws -> Destination
  ) {
    register(
      module, Factory(kind: .view, type: type, make: { try make($0) }, makeSendable: nil, isStandIn: true))
  }

  /// A `service` module whose destinations are `Sendable`: made from any isolation with
  /// ``Registry/service(for:as:parameters:)``, or on the main actor like a view.
  public mutating func service<Destination: AnyObject & Sendable>(
    _ module: String, _ type: Destination.Type,
    make: @escaping @Sendable (ModuleContext) throws -> Destination
  ) {
    register(
      module, Factory(kind: .service, type: type, make: { try make($0) }, makeSendable: { try make($0) }))
  }

  /// A module whose objects are known only by the protocols they provide, as code generated
  /// with `routecfg generate --dynamic` registers them: their members come from the protocol
  /// tables (``members(of:as:_:)``), which the registry checks at build. Made on the main actor,
  /// services too.
  public mutating func module(
    _ module: String, kind: ModuleKind, make: @escaping @MainActor (ModuleContext) throws -> AnyObject
  ) {
    register(module, Factory(kind: kind, type: nil, make: make, makeSendable: nil))
  }

  /// Says that `name`, which the manifest writes as a type (`NoteID`), stands for `type`
  /// (`typealias NoteID = Int`): a type alias is not visible at run time, so without this a
  /// member or parameter declared with it matches no registered type. `routecfg generate
  /// --dynamic` registers every type name the manifest writes this way, where the compiler
  /// resolves it.
  public mutating func typeAlias(_ name: String, for type: Any.Type) {
    typeAliases[name] = SwiftTypeName.runtimeKey(type)
  }

  /// Takes a module's registration out, so that another can take its place on purpose (a preview
  /// or a test standing a fake in for one module of the app's registrations); registering a
  /// module twice without this is a build error. `true` when the module was registered.
  /// Every registration of the module goes, so registering it twice before does not count once
  /// it is taken out.
  @discardableResult
  public mutating func removeModule(_ module: String) -> Bool {
    registeredTwice.removeAll { $0 == module }
    return factories.removeValue(forKey: NameKey(module)) != nil
  }

  /// Stores a module's factory, noting a module registered before (unless by a stand-in).
  private mutating func register(_ module: String, _ factory: Factory) {
    // One hash of the name, whether or not the module was registered before.
    if let replaced = factories.updateValue(factory, forKey: NameKey(module)), !replaced.isStandIn {
      registeredTwice.append(module)
    }
  }

  /// The members of a destination type, by their manifest names. Also needed for objects handed
  /// across an adapter, such as a delegate. A table serves its type's subclasses too, unless they
  /// register their own.
  public mutating func members<Root: AnyObject>(
    of type: Root.Type, _ build: (inout MemberTable<Root>) -> Void
  ) {
    var table = MemberTable(for: type)
    build(&table)
    tables[ObjectIdentifier(type)] = ErasedMemberTable(
      typeName: String(describing: type), entries: table.entries, accepts: { $0 is Root })
  }

  /// The table of a class or of its nearest superclass that has one.
  func table(for type: AnyClass) -> ErasedMemberTable? { keyedTable(for: type)?.table }

  /// ``table(for:)`` with its key in ``tables``: the class it was registered for.
  func keyedTable(for type: AnyClass) -> (key: ObjectIdentifier, table: ErasedMemberTable)? {
    var current: AnyClass? = type
    while let candidate = current {
      let key = ObjectIdentifier(candidate)
      if let table = tables[key] { return (key, table) }
      current = _getSuperclass(candidate)
    }
    return nil
  }

  /// The members of a Swift protocol, for any object that conforms to it: objects handed across
  /// an adapter need no table of their own when their protocol has one.
  ///
  /// ```swift
  /// registrations.members(of: (any ProvidedLoginViewDelegate).self, as: "ProvidedLoginViewDelegate") {
  ///   $0.method("didLogin()") { delegate in delegate.didLogin() }
  /// }
  /// ```
  public mutating func members<Root>(
    of type: Root.Type, as protocolName: String, _ build: (inout MemberTable<Root>) -> Void
  ) {
    var table = MemberTable(for: type)
    build(&table)
    protocolTables[protocolName] = ErasedMemberTable(
      typeName: String(describing: type), entries: table.entries, accepts: { $0 is Root })
  }

  /// A Swift object conforming to `protocolName` that forwards to dynamic members: needed for
  /// every protocol whose values are handed across an adapter (a delegate), and for
  /// ``Registry/destination(for:as:parameters:)`` through an adapter. Subclass
  /// ``DynamicProtocolProxy`` to write one.
  public mutating func proxy(
    for protocolName: String, make: @escaping @MainActor (any DynamicMembers) -> AnyObject
  ) {
    proxies[NameKey(protocolName)] = ProxyMaker(make: make)
    proxyNamesToCheck.append(protocolName)
  }

  /// A proxy for every protocol the manifest declares that has none registered with
  /// ``proxy(for:make:)`` (``RouteCfgTesting`` makes one for every protocol): one maker, where a
  /// table entry for each of thousands of protocols cost a large manifest's registry build a
  /// fifth of its time.
  package mutating func proxyForEveryDeclaredProtocol(
    make: @escaping @MainActor (any DynamicMembers) -> AnyObject
  ) {
    declaredProtocolsProxy = ProxyMaker(make: make)
  }

  /// What makes the proxy of `protocolName`, a protocol the manifest declares: its own, or the
  /// one for every declared protocol.
  func proxyMaker(for protocolName: String) -> ProxyMaker? {
    if proxies.isEmpty { return declaredProtocolsProxy }
    return proxies[NameKey(protocolName)] ?? declaredProtocolsProxy
  }

  /// What happens when a proxy cannot forward a requirement that cannot throw (a delegate
  /// callback written with ``DynamicProtocolProxy/forwardOrReport(_:_:file:line:)``). By default
  /// the failure is written to standard error; an app can log it, a test can collect it:
  ///
  /// ```swift
  /// registrations.onForwardingFailure { failure in Issue.record("\(failure)") }
  /// ```
  public mutating func onForwardingFailure(_ handler: @escaping @MainActor (ForwardingFailure) -> Void) {
    forwardingFailureHandler = handler
  }
}

/// A member table with its root type erased.
struct ErasedMemberTable {
  let typeName: String
  let entries: [String: MemberEntry]
  /// Whether an object is of the table's root type, so that its entries can be called with it.
  let accepts: @MainActor (AnyObject) -> Bool

  /// What serves an object as a marker protocol, which has no member to look up.
  static func marker(of object: AnyObject) -> ErasedMemberTable {
    ErasedMemberTable(typeName: String(describing: type(of: object)), entries: [:], accepts: { _ in true })
  }
}
