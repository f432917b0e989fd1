import RouteCfgCore
import Testing

@testable import RouteCfgRuntime

/// Type aliases a manifest writes: the runtime sees only the types they stand for, so the
/// standard ones are known by name and an app's own are registered.
@Suite("Type aliases")
@MainActor
struct TypeAliasTests {
  /// A standard type alias the manifest writes (`TimeInterval`, `Float64`) is the type it stands
  /// for, which is all the runtime sees of a value: members and parameters of it match.
  @Test func standardTypeAliasesMatchTheTypesTheyStandFor() throws {
    let manifest = try RouteCfg.validate(
      yaml: """
        routecfg: 1
        protocols:
          Timer: |
            var interval: TimeInterval { get set }
            var ratio: Float64 { get }
        modules:
          A: {kind: view, provides: [Timer], routes: [/a], parameters: {duration: TimeInterval?}}
        """, path: "aliases.yaml")
    var registrations = Registrations()
    registrations.view("A", Ticker.self) { context in
      Ticker(interval: context.parameter("duration") ?? 1)
    }
    registrations.members(of: Ticker.self) { table in
      table.property("interval", \.interval)
      table.property("ratio", \.ratio)
    }
    let registry = try Registry(manifest, registrations: registrations)
    let destination = try registry.destination(for: "Timer", parameters: ["duration": 2.5])
    #expect(try destination.get("interval") as? Double == 2.5)
    try destination.set("interval", to: 3.0)
    #expect(try destination.get("interval") as? Double == 3.0)
  }

  /// An alias of the app's own (`typealias NoteID = Int`) is invisible at run time: members and
  /// parameters declared with it match once the alias is registered, and not before.
  @Test func anAppsTypeAliasMatchesOnceRegistered() throws {
    let manifest = try RouteCfg.validate(
      yaml: """
        routecfg: 1
        protocols:
          Note: |
            var id: NoteID { get set }
        modules:
          A: {kind: view, provides: [Note], routes: [/a], parameters: {noteId: NoteID?}}
        """, path: "app-aliases.yaml")
    var registrations = Registrations()
    registrations.view("A", NoteWithID.self) { context in NoteWithID(id: context.parameter("noteId") ?? 0) }
    registrations.members(of: NoteWithID.self) { table in table.property("id", \.id) }
    let unaliased = #expect(throws: RegistryBuildError.self) {
      _ = try Registry(manifest, registrations: registrations)
    }
    #expect(
      unaliased?.problems == [
        "'NoteWithID.id' (from 'Note') is registered as 'Int', declared 'NoteID' (if 'NoteID' is a type "
          + "alias, register it: 'registrations.typeAlias(\"NoteID\", for: Int.self)')"
      ])
    registrations.typeAlias("NoteID", for: NoteID.self)
    let registry = try Registry(manifest, registrations: registrations)
    let destination = try registry.destination(for: "Note", parameters: ["noteId": 7])
    #expect(try destination.get("id") as? Int == 7)
  }

  /// An alias inside a declared type (`[NoteID]`, a method's `(NoteID) -> Bool`) gets the hint too,
  /// with the type it stands for read from the registered spelling.
  @Test func anAliasInsideATypeIsOfferedToo() throws {
    let manifest = try RouteCfg.validate(
      yaml: """
        routecfg: 1
        protocols:
          Notes: |
            var ids: [NoteID] { get }
            var byName: [String: NoteID] { get }
            func has(_ id: NoteID) -> Bool
            func pair(_ a: NoteID, _ b: Tag) -> [NoteID: Tag]
        modules:
          A: {kind: view, provides: [Notes], routes: [/a]}
        """, path: "nested-aliases.yaml")
    var registrations = Registrations()
    registrations.view("A", NoteList.self) { _ in NoteList() }
    registrations.members(of: NoteList.self) { table in
      table.property("ids", \.ids)
      table.property("byName", \.byName)
      table.method("has(_:)") { (list, id: Int) in list.ids.contains(id) }
      table.method("pair(_:_:)") { (_, a: Int, b: String) in [a: b] }
    }
    let error = #expect(throws: RegistryBuildError.self) {
      _ = try Registry(manifest, registrations: registrations)
    }
    let hint =
      "(if 'NoteID' is a type alias, register it: 'registrations.typeAlias(\"NoteID\", for: Int.self)')"
    #expect(
      error?.problems.sorted() == [
        "'NoteList.byName' (from 'Notes') is registered as '[String: Int]', declared '[String: NoteID]' \(hint)",
        "'NoteList.has(_:)' (from 'Notes') is registered as '(Int) -> Bool', declared '(NoteID) -> Bool' \(hint)",
        "'NoteList.ids' (from 'Notes') is registered as '[Int]', declared '[NoteID]' \(hint)",
        "'NoteList.pair(_:_:)' (from 'Notes') is registered as '(Int, String) -> [Int: String]', declared "
          + "'(NoteID, Tag) -> [NoteID: Tag]' (if these are type aliases, register them: "
          + "'registrations.typeAlias(\"NoteID\", for: Int.self)', 'registrations.typeAlias(\"Tag\", for: String.self)')",
      ])
  }

  /// An alias of a function type, written optional, is all of it optional.
  @Test func anAliasOfAFunctionTypeWrittenOptionalMatches() throws {
    let manifest = try RouteCfg.validate(
      yaml: """
        routecfg: 1
        protocols:
          Button: |
            var onTap: Handler? { get set }
            var handlers: [Handler] { get }
        modules:
          A: {kind: view, provides: [Button], routes: [/a]}
        """, path: "function-aliases.yaml")
    var registrations = Registrations()
    registrations.view("A", Tappable.self) { _ in Tappable() }
    registrations.members(of: Tappable.self) { table in
      table.property("onTap", \.onTap)
      table.property("handlers", get: { $0.handlers })
    }
    registrations.typeAlias("Handler", for: Handler.self)
    let registry = try Registry(manifest, registrations: registrations)
    let destination = try registry.destination(for: "Button")
    #expect(try destination.get("onTap") == nil)
  }

  /// A member declared with a protocol of the manifest, registered as a class that conforms to
  /// it, is told to register the protocol's type: an alias would hide the mismatch.
  @Test func aProtocolRegisteredAsItsClassIsNotOfferedAnAlias() throws {
    let manifest = try RouteCfg.validate(
      yaml: """
        routecfg: 1
        protocols:
          Store: "func load()"
          Screen: |
            var store: Store { get }
            var spare: Store? { get }
        modules:
          A: {kind: view, provides: [Screen, Store], routes: [/a]}
        """, path: "protocol-members.yaml")
    var registrations = Registrations()
    registrations.view("A", Shelf.self) { _ in Shelf() }
    registrations.members(of: Shelf.self) { table in
      table.property("store", \.store)
      table.property("spare", \.spare)
      table.method("load()") { $0.load() }
    }
    let error = #expect(throws: RegistryBuildError.self) {
      _ = try Registry(manifest, registrations: registrations)
    }
    #expect(
      error?.problems == [
        "'Shelf.store' (from 'Screen') is registered as 'Shelf', declared 'Store' (register it as 'any Store', "
          + "the protocol's type, not a type that conforms to it; its Swift protocol must be named 'Store')",
        "'Shelf.spare' (from 'Screen') is registered as 'Shelf?', declared 'Store?' (register it as "
          + "'(any Store)?', the protocol's type, not a type that conforms to it; its Swift protocol must be "
          + "named 'Store')",
      ])
  }
}

@MainActor private protocol Store: AnyObject { func load() }

@MainActor
private final class Shelf: Store {
  var store: Shelf { self }
  var spare: Shelf? { nil }
  func load() {}
}

private typealias NoteID = Int
private typealias Handler = (Int) -> Void

@MainActor
private final class Tappable {
  var onTap: Handler?
  var handlers: [Handler] = []
}

@MainActor
private final class NoteList {
  let ids: [Int] = [1]
  let byName: [String: Int] = [:]
}

@MainActor
private final class NoteWithID {
  var id: NoteID
  init(id: NoteID) { self.id = id }
}

@MainActor
private final class Ticker {
  var interval: Double
  let ratio: Double = 0.5
  init(interval: Double) { self.interval = interval }
}
