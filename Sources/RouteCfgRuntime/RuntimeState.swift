import RouteCfgCore

/// What the dynamic runtime needs on the main actor: the validated graph, the member tables and
/// the protocol proxies, and the conversion of values between protocol types.
@MainActor
final class RuntimeState {
  let graph: AppGraph
  let registrations: Registrations

  init(graph: AppGraph, registrations: Registrations) {
    self.graph = graph
    self.registrations = registrations
  }

  func protocolInfo(_ name: String) -> ProtocolInfo? { graph.protocols[name] }

  /// Where an object seen through a member table comes from, which decides the table that
  /// serves it: the one the registry's build checked for it.
  enum Origin {
    /// Made by a module's factory registered with this class (`nil`: registered without one).
    case module(registeredAs: AnyClass?)
    /// Handed over or reached otherwise: its class's table, else the protocol's.
    case other
  }

  /// An object seen as a protocol it implements itself. A proxy already speaking that protocol is
  /// used as it is. For a module's object, the table the build checked serves it: its registered
  /// class's table (or its nearest registered superclass's), even when the object is of a
  /// subclass with a table of its own; for a module registered without a class, the protocol's
  /// table, even when the object's class has a table of its own (as a delegate, say).
  func members(of object: AnyObject, as protocolName: String, origin: Origin = .other)
    throws(RuntimeError) -> any DynamicMembers
  {
    if let proxy = object as? DynamicProtocolProxy, proxy.members.protocolName == protocolName {
      return proxy.members
    }
    guard let info = graph.protocols[protocolName] else { throw .unanswered(protocolName, in: graph) }
    if let answering = object as? any SelfDescribingMembers {
      return SelfDescribedMembers(answering, protocolInfo: info)
    }
    // The table the origin picks, and the class it was found for (`nil`: the protocol's table).
    let objectType: AnyClass = type(of: object)
    let protocolTable = registrations.protocolTables[protocolName].map { ($0, ObjectIdentifier?.none) }
    let picked: (ErasedMemberTable, ObjectIdentifier?)?
    switch origin {
    case .module(registeredAs: let registered?):
      picked =
        registrations.table(for: registered).map { ($0, ObjectIdentifier(registered)) } ?? protocolTable
    case .module(registeredAs: nil):
      picked =
        protocolTable ?? registrations.table(for: objectType).map { ($0, ObjectIdentifier(objectType)) }
    case .other:
      picked =
        registrations.table(for: objectType).map { ($0, ObjectIdentifier(objectType)) } ?? protocolTable
    }
    guard let (table, pickedFor) = picked else {
      // A marker protocol (no members, none inherited) has nothing to serve: no table is needed,
      // and the build asks for none.
      if info.members.isEmpty {
        return DirectMembers(object: object, protocolInfo: info, table: .marker(of: object))
      }
      throw .noMemberTable(typeName: String(describing: type(of: object)), protocolName: protocolName)
    }
    return DirectMembers(
      object: object, protocolInfo: info,
      table: completed(table, pickedFor: pickedFor, as: info, object: object))
  }

  /// `table` with the members of the protocol it lacks taken from where the registry's build
  /// also finds them: the object's class table, the protocol's table, the tables of the protocols
  /// it inherits (a member inherited from `Parent` registered in `Parent`'s table). So what the
  /// build accepted serves, whichever table an object is first served by. Worked out once per
  /// picked table, class of object and protocol.
  private func completed(
    _ table: ErasedMemberTable, pickedFor: ObjectIdentifier?, as info: ProtocolInfo, object: AnyObject
  ) -> ErasedMemberTable {
    let key = CompletedTable(
      pickedFor: pickedFor, objectType: ObjectIdentifier(type(of: object)), protocolName: info.name)
    if let found = completedTables[key] { return found }
    var result = table
    if info.members.contains(where: { table.entries[$0.fullName] == nil }) {
      let others =
        [registrations.table(for: type(of: object)), registrations.protocolTables[info.name]]
        + info.ancestors.sorted().map { registrations.protocolTables[$0] }
      var entries = table.entries
      for member in info.members where entries[member.fullName] == nil {
        if let entry = others.lazy.compactMap({ $0?.entries[member.fullName] }).first {
          entries[member.fullName] = entry
        }
      }
      result = ErasedMemberTable(typeName: table.typeName, entries: entries, accepts: table.accepts)
    }
    completedTables[key] = result
    return result
  }

  /// A picked table (by the class it was found for; `nil` for a protocol's), the class of the
  /// object it serves and the protocol.
  private struct CompletedTable: Hashable {
    let pickedFor: ObjectIdentifier?
    let objectType: ObjectIdentifier
    let protocolName: String
  }

  /// The tables ``completed(_:pickedFor:as:object:)`` worked out.
  private var completedTables: [CompletedTable: ErasedMemberTable] = [:]

  /// A value handed across an adapter as `protocolName` (a delegate), seen as that protocol. It is
  /// checked where it is handed over, not where it is first called: it must be an object whose
  /// class table has every member of the protocol, or that conforms to the protocol's table.
  /// An object that neither its class nor the protocol has a table for is reported as having no
  /// member table: without one the runtime cannot tell whether it conforms, and a table is what
  /// it needs either way. `weakly` holds an object served by a table weakly.
  private func handedOverMembers(of value: Any, as protocolName: String, weakly: Bool) throws(RuntimeError)
    -> any DynamicMembers
  {
    let mismatch = RuntimeError.typeMismatch(
      member: protocolName, expected: protocolName, actual: SwiftTypeName.of(type(of: value)))
    guard type(of: value) is AnyClass, let info = graph.protocols[protocolName] else { throw mismatch }
    let object = value as AnyObject
    if object is any SelfDescribingMembers
      || (object as? DynamicProtocolProxy)?.members.protocolName == protocolName
    {
      return try members(of: object, as: protocolName)
    }
    let key = ServedType(type: ObjectIdentifier(type(of: object)), protocolName: protocolName)
    let table: ErasedMemberTable
    if let served = servedTypes[key] {
      table = served
    } else {
      let candidates = [
        registrations.table(for: type(of: object)), registrations.protocolTables[protocolName],
      ]
      if candidates.allSatisfy({ $0 == nil }) {
        if info.members.isEmpty {
          return DirectMembers(object: object, protocolInfo: info, table: .marker(of: object), weakly: weakly)
        }
        throw .noMemberTable(typeName: String(describing: type(of: object)), protocolName: protocolName)
      }
      guard
        let found = candidates.lazy.compactMap({ $0 }).first(where: { table in
          table.accepts(object) && info.members.allSatisfy { table.entries[$0.fullName] != nil }
        })
      else {
        // A table that serves the object with some of the protocol's members but not all: the
        // rest are what to register. One with none of them is another kind of object.
        let partial = candidates.lazy.compactMap({ $0 }).first { table in
          table.accepts(object) && info.members.contains { table.entries[$0.fullName] != nil }
        }
        guard let partial else { throw mismatch }
        throw .incompleteMemberTable(
          typeName: String(describing: type(of: object)), protocolName: protocolName,
          missing: info.members.map(\.fullName).filter { partial.entries[$0] == nil })
      }
      servedTypes[key] = found
      table = found
    }
    return DirectMembers(object: object, protocolInfo: info, table: table, weakly: weakly)
  }

  /// A class and a protocol its objects were found to serve when handed over.
  private struct ServedType: Hashable {
    let type: ObjectIdentifier
    let protocolName: String
  }

  /// The table that serves each class handed over as a protocol, found once.
  private var servedTypes: [ServedType: ErasedMemberTable] = [:]

  /// A value of manifest type `source` made usable where `destination` is expected: identical
  /// types pass, optionals, arrays and dictionaries (with keys of one type) convert element by
  /// element, and an object of one protocol
  /// crosses to another through the adapter between them (or back out of a proxy).
  ///
  /// `crossing` says which way the value goes, with the store of the facade it goes through. On
  /// its way to the provider (a delegate the caller sets, an argument) the proxy made for it
  /// holds the caller's object weakly, as generated bridges do, so a caller that keeps its
  /// destination and sets itself as the delegate forms no cycle, and the store keeps the proxy
  /// alive (one per caller object). On its way back to the caller, the proxy holds the object,
  /// and the store remembers it while the caller holds it, as generated proxies are.
  ///
  /// `fromCallersSide` says whether the value is the caller's (set or passed by the caller, or
  /// read from a caller's object the provider holds) or the provider's: a facade made for a
  /// caller's object is called by the provider, so what the provider passes through it crosses
  /// to the caller. By default, a value on its way to the provider is the caller's.
  func convert(
    _ value: Any?, from source: TypeRef, to destination: TypeRef, crossing: HandedOverProxies.Crossing,
    fromCallersSide: Bool? = nil
  ) throws(RuntimeError) -> Any? {
    if source == destination { return value }
    switch (source, destination) {
    case (.optional(let inner), .optional(let target)), (.optional(let inner), let target):
      guard let value = DynamicValue.flatten(value) else { return nil }
      return try convert(value, from: inner, to: target, crossing: crossing, fromCallersSide: fromCallersSide)
    case (let inner, .optional(let target)):
      return try convert(value, from: inner, to: target, crossing: crossing, fromCallersSide: fromCallersSide)
    case (.array(let inner), .array(let target)):
      guard let items = DynamicValue.flatten(value) as? [Any?] else { return value }
      var converted: [Any?] = []
      for item in items {
        let element = try convert(
          item, from: inner, to: target, crossing: crossing, fromCallersSide: fromCallersSide)
        if Self.isReleased(element, from: item, into: target) { continue }
        converted.append(element)
      }
      return converted
    case (.dictionary(let key, let inner), .dictionary(let targetKey, let target))
    where Self.isSameType(key, targetKey, isProtocol: isProtocol):
      // Keys of one type pass as they are; values convert one by one (a `nil` value stays one).
      guard let entries = DynamicValue.flatten(value) as? [AnyHashable: Any] else { return value }
      var converted: [AnyHashable: Any?] = [:]
      converted.reserveCapacity(entries.count)
      for (entryKey, item) in entries {
        let element = try convert(
          item, from: inner, to: target, crossing: crossing, fromCallersSide: fromCallersSide)
        if Self.isReleased(element, from: item, into: target) { continue }
        converted.updateValue(element, forKey: entryKey)
      }
      return converted
    case (.named(let sourceName), .named(let destinationName)):
      return try bridge(
        value, from: sourceName, to: destinationName, crossing: crossing, fromCallersSide: fromCallersSide)
    default:
      // The same closure type written with and without `Swift.` is one type.
      if Self.isSameType(source, destination, isProtocol: isProtocol) { return value }
      throw .unsupported(
        "the dynamic runtime cannot convert \(MessageWords.aQuoted(source)) into \(MessageWords.aQuoted(destination)); use generated code"
      )
    }
  }

  /// `true` when `element`, converted from `item` for a collection of `target` values, is a
  /// caller's object released since it was handed over: it reads back as `nil`, which a
  /// collection of non-optional values cannot hold, so it is left out rather than made the
  /// whole collection's failure.
  private static func isReleased(_ element: Any?, from item: Any?, into target: TypeRef) -> Bool {
    !target.isOptional && element == nil && DynamicValue.flatten(item) != nil
  }

  /// `true` when ``convert(_:from:to:crossing:)`` can make values of `source` usable as
  /// `destination` (protocols are bridged through the adapter the validator found between
  /// them); `false` for the shapes it throws on, such as closures of different types.
  nonisolated static func canConvert(
    from source: TypeRef, to destination: TypeRef, isProtocol: (String) -> Bool
  ) -> Bool {
    if source == destination { return true }
    switch (source, destination) {
    case (.optional(let inner), .optional(let target)), (.optional(let inner), let target),
      (let inner, .optional(let target)), (.array(let inner), .array(let target)):
      return canConvert(from: inner, to: target, isProtocol: isProtocol)
    case (.dictionary(let key, let inner), .dictionary(let targetKey, let target))
    where isSameType(key, targetKey, isProtocol: isProtocol):
      return canConvert(from: inner, to: target, isProtocol: isProtocol)
    case (.named, .named): return true
    default: return isSameType(source, destination, isProtocol: isProtocol)
    }
  }

  /// `true` when the two types are one as Swift reads them: the same, or the same but for a
  /// `Swift.` or `Foundation.` written before a standard name or a standard alias written for
  /// its type, `TimeInterval` for `Double` (``TypeRef/inStandardSpelling(isProtocol:)``).
  nonisolated static func isSameType(_ lhs: TypeRef, _ rhs: TypeRef, isProtocol: (String) -> Bool) -> Bool {
    lhs == rhs
      || lhs.inStandardSpelling(isProtocol: isProtocol) == rhs.inStandardSpelling(isProtocol: isProtocol)
  }

  /// Whether the manifest declares a protocol of this name.
  private func isProtocol(_ name: String) -> Bool { graph.protocols[name] != nil }

  private func bridge(
    _ value: Any?, from source: String, to destination: String, crossing: HandedOverProxies.Crossing,
    fromCallersSide: Bool?
  ) throws(RuntimeError) -> Any? {
    guard var value = DynamicValue.flatten(value) else { return nil }
    guard let sourceInfo = graph.protocols[source], graph.protocols[destination] != nil else { return value }
    // A destination the registry made, handed over by name, is what its typed proxy would be:
    // its facade backs out below, and one without an adapter is the module's object.
    let byName = value as? Destination
    if byName?.protocolName == source, let object = Destination.handedOverValue(value) { value = object }
    if sourceInfo.conforms(to: destination) { return value }
    let object = value as AnyObject
    // Back out of a proxy made for the opposite crossing: the caller gets its own object.
    // (A destination the registry made holds its facade inside a `Destination`.)
    let handedProxy = (object as? DynamicProtocolProxy).map { ($0 as AnyObject, $0.members) }
    if let (proxy, members) = handedProxy ?? byName.map({ ($0 as AnyObject, $0.members) }),
      members.protocolName == source,
      let adapted = ((members as? Destination)?.members ?? members) as? AdaptedMembers,
      adapted.target.protocolName == destination
    {
      // A caller's object held weakly reads back as `nil` once it is released.
      let original = (adapted.target as? DirectMembers).map(\.liveObject) ?? adapted.target.object
      // The caller's own proxy of a provider's object, handed to the provider: that object reads
      // back as this proxy while the caller holds it (`===`), as a generated proxy does.
      if case .toProvider(let store) = crossing, let original {
        store.store(proxy, for: original, from: destination, as: source, keeps: false)
      }
      return original
    }
    let pairings: [MemberPairing]
    if let forward = graph.adapter(adapting: destination, to: source) {
      pairings = forward.forward
    } else if let reverse = graph.adapter(adapting: source, to: destination) {
      pairings = reverse.reverse
    } else {
      throw .unsupported("no adapter connects '\(source)' and '\(destination)'")
    }
    guard let facade = graph.protocols[destination] else { return value }
    let (store, toProvider) =
      switch crossing {
      case .toProvider(let store): (store, true)
      case .toCaller(let store): (store, false)
      }
    // The same object crossing again gets the proxy it got before.
    if let known = store.proxy(for: object, from: source, as: destination, orRemembered: !toProvider) {
      return known
    }
    let adapted = AdaptedMembers(
      facade: facade, target: try handedOverMembers(of: value, as: source, weakly: toProvider),
      pairings: pairings, state: self, wrapsCallersObject: fromCallersSide ?? toProvider)
    let made = try proxy(for: destination, over: adapted)
    store.store(made, for: object, from: source, as: destination, keeps: toProvider)
    return made
  }

  /// A Swift object conforming to `protocolName` that forwards to `members`.
  func proxy(for protocolName: String, over members: any DynamicMembers) throws(RuntimeError) -> AnyObject {
    guard let maker = registrations.proxyMaker(for: protocolName) else {
      throw .noProxy(protocolName: protocolName)
    }
    let proxy = maker.make(members)
    (proxy as? DynamicProtocolProxy)?.failureHandler = registrations.forwardingFailureHandler
    return proxy
  }
}
