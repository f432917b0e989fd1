import NoteAppExample
import RouteCfgCore
import RouteCfgTesting
import Testing

@testable import RouteCfgRuntime

/// Building a registry checks what is registered beside the modules' factories — proxies,
/// protocol tables, the tables of delegate classes, modules registered twice — so that none of
/// it is accepted at build and fails at first use.
@Suite("Registration tables")
@MainActor
struct RegistrationTableTests {
  func problems(_ change: (inout Registrations) -> Void) throws -> [String] {
    try RegistryBuildTests.problems(change)
  }

  @Test func proxiesAndTablesOfUndeclaredProtocolsAreBuildErrors() throws {
    let found = try problems { registrations in
      registrations.proxy(for: "NoSuchProtocol") { DynamicProtocolProxy($0) }
      registrations.proxy(for: "ProvidedLoginViewDelegat") { DynamicProtocolProxy($0) }
      registrations.members(of: (any NoteStoreService).self, as: "NoteStoreServce") { _ in }
    }
    #expect(
      found == [
        "a proxy is registered for 'NoSuchProtocol', which the manifest does not declare",
        "a proxy is registered for 'ProvidedLoginViewDelegat', which the manifest does not declare; "
          + "did you mean 'ProvidedLoginViewDelegate'?",
        "a member table is registered for protocol 'NoteStoreServce', which the manifest does not declare; "
          + "did you mean 'NoteStoreService'?",
      ])
  }

  /// A protocol table no module reads (a delegate's) is still compared with its protocol:
  /// unknown entries, other signatures, inherited members with their origin.
  @Test func protocolTableEntriesAreCheckedAgainstTheirProtocol() throws {
    let found = try problems { registrations in
      registrations.members(
        of: (any ModuleARequiredLoginViewDelegate).self, as: "ModuleARequiredLoginViewDelegate"
      ) {
        table in
        table.method("didFinishLogin()") { (delegate, _: String) in delegate.didFinishLogin() }
        table.method("didFinishLogn()") { delegate in delegate.didFinishLogin() }
      }
      registrations.members(of: (any ProvidedLoginViewDelegate).self, as: "ProvidedLoginViewDelegate") {
        table in
        table.method("didLogin()") { _ in 1 }
      }
      registrations.members(of: (any NoteDetailInput).self, as: "NoteDetailInput") { table in
        table.property("noteId", get: { "\($0.noteId)" })
        table.property("title", \.title)
      }
    }
    #expect(
      found == [
        "'didFinishLogin()' in the member table of protocol 'ModuleARequiredLoginViewDelegate' is registered as "
          + "'(String) -> Void', declared '() -> Void'",
        "'didFinishLogn()' in the member table of protocol 'ModuleARequiredLoginViewDelegate' is no member of "
          + "'ModuleARequiredLoginViewDelegate'; did you mean 'didFinishLogin()'?",
        "'noteId' in the member table of protocol 'NoteDetailInput' (from 'NoteSummaryInput') is registered as "
          + "'String', declared 'Int'",
        "'didLogin()' in the member table of protocol 'ProvidedLoginViewDelegate' is registered as '() -> Int', "
          + "declared '() -> Void'",
      ])
  }

  /// A protocol table that serves modules registered without a type is compared once, not once
  /// per module.
  @Test func aProtocolTableMismatchIsReportedOnce() throws {
    let manifest = try RouteCfg.validate(
      yaml: """
        routecfg: 1
        protocols:
          Counter: |
            var count: Int { get set }
        modules:
          A: {kind: view, provides: [Counter], routes: [/a]}
          B: {kind: view, provides: [Counter], routes: [/b]}
        """, path: "twice.yaml")
    #expect(manifest.graph != nil, "\(manifest.diagnostics)")
    var registrations = Registrations()
    registrations.module("A", kind: .view) { _ in CountingScreen() }
    registrations.module("B", kind: .view) { _ in CountingScreen() }
    registrations.members(of: (any CountingProtocol).self, as: "Counter") { table in
      table.property("count", get: { $0.count })
    }
    let error = #expect(throws: RegistryBuildError.self) {
      _ = try Registry(manifest, registrations: registrations)
    }
    #expect(
      error?.problems == [
        "'count' in the member table of protocol 'Counter' is settable but registered read-only "
          + "(a read-only key path, or no 'set:' closure)"
      ])
  }

  /// One module, `A`, providing a protocol `Counter` with a settable `count`.
  private static func oneCounter(path: String) throws -> ValidationResult {
    try RouteCfg.validate(
      yaml: """
        routecfg: 1
        protocols:
          Counter: |
            var count: Int { get set }
        modules:
          A: {kind: view, provides: [Counter], routes: [/a]}
        """, path: path)
  }

  /// A factory that makes an object of another type is named as such when the object is used,
  /// not reported as a member that takes the protocol.
  @Test func anObjectOfAnotherTypeIsNamed() throws {
    let manifest = try Self.oneCounter(path: "other.yaml")
    var registrations = Registrations()
    registrations.module("A", kind: .view) { _ in NotACounter() }
    registrations.members(of: (any CountingProtocol).self, as: "Counter") { table in
      table.property("count", \.count)
    }
    let destination = try Registry(manifest, registrations: registrations).destination(for: "Counter")
    let error = #expect(throws: RuntimeError.self) { try destination.set("count", to: 3) }
    #expect(
      error?.description
        == "the destination for 'CountingProtocol' is a 'NotACounter', which does not conform to "
        + "'CountingProtocol'; make 'NotACounter' conform to it", "\(String(describing: error))")
  }

  /// A module registered without a type is served by the protocol table the build checked, even
  /// when its object's class has a table of its own (registered for its delegate role, say).
  @Test func aModuleWithoutATypeIsServedByTheProtocolTable() throws {
    let manifest = try RouteCfg.validate(
      yaml: """
        routecfg: 1
        protocols:
          Counter: |
            var count: Int { get set }
          Finisher: |
            func finish()
        modules:
          A: {kind: view, provides: [Counter], routes: [/a]}
        """, path: "both.yaml")
    var registrations = Registrations()
    registrations.module("A", kind: .view) { _ in FinishingCounter() }
    registrations.members(of: (any CountingProtocol).self, as: "Counter") { table in
      table.property("count", \.count)
    }
    registrations.members(of: FinishingCounter.self) { table in
      table.method("finish()") { counter in counter.finish() }
    }
    let registry = try Registry(manifest, registrations: registrations)
    let destination = try registry.destination(for: "Counter")
    try destination.set("count", to: 3)
    #expect(try destination.get("count") as? Int == 3)
    // The object a URL makes, seen as the protocol: the class's table lacks 'count', which the
    // protocol's table has.
    let opened = try registry.members(of: registry.open("/a").object, as: "Counter")
    try opened.set("count", to: 4)
    #expect(try opened.get("count") as? Int == 4)
  }

  /// A member a protocol inherits may be registered in the table of the protocol it comes from,
  /// as the build accepts: it serves the inheriting protocol's objects too.
  @Test func anInheritedMemberIsServedFromItsProtocolsTable() throws {
    let manifest = try RouteCfg.validate(
      yaml: """
        routecfg: 1
        protocols:
          Parent: |
            var count: Int { get set }
          Child:
            inherits: [Parent]
            members: |
              var name: String { get set }
        modules:
          A: {kind: view, provides: [Child], routes: [/a]}
        """, path: "inherited-tables.yaml")
    var registrations = Registrations()
    registrations.module("A", kind: .view) { _ in NamedCounter() }
    registrations.members(of: (any CountingProtocol).self, as: "Parent") { table in
      table.property("count", \.count)
    }
    registrations.members(of: (any NamingProtocol).self, as: "Child") { table in
      table.property("name", \.name)
    }
    let destination = try Registry(manifest, registrations: registrations).destination(for: "Child")
    try destination.set("name", to: "n")
    try destination.set("count", to: 2)
    #expect(try destination.get("count") as? Int == 2)
    #expect(try destination.get("name") as? String == "n")
  }

  /// A module registered without a type and no protocol table is told how to register its
  /// members: as a protocol's, since it has no type to register them for.
  @Test func aModuleWithoutATypeIsToldToRegisterItsProtocolsMembers() throws {
    let manifest = try Self.oneCounter(path: "untyped.yaml")
    var registrations = Registrations()
    registrations.module("A", kind: .view) { _ in CountingScreen() }
    let error = #expect(throws: RegistryBuildError.self) {
      _ = try Registry(manifest, registrations: registrations)
    }
    #expect(
      error?.problems == [
        #"module 'A' has no member table; register the members of what it provides with members(of: (any Counter).self, as: "Counter")"#
      ])
  }

  /// A view controller's table may hold a delegate protocol's members, but an entry no protocol
  /// declares is a misspelling.
  @Test func aTypeTableEntryMustBeADeclaredMember() throws {
    let found = try problems { registrations in
      registrations.members(of: LoginViewController.self) { table in
        table.property("notifyString", \.notifyString)
        table.property("delegate", \.delegate)
        table.property("notifyStrin", \.notifyString)
      }
    }
    #expect(
      found == [
        "'LoginViewController.notifyStrin' is registered, but no protocol of the manifest declares "
          + "'notifyStrin'; did you mean 'notifyString'?"
      ])
  }

  /// The table of a class no module is registered with (a delegate handed across an adapter) is
  /// read only when the delegate is called: each entry must match a declaration at build.
  @Test func aDelegateTableMustMatchADeclaration() throws {
    let withArgument = try problems { registrations in
      registrations.members(of: WrongDelegate.self) { table in
        table.method("didFinishLogin()") { (delegate, count: Int) in delegate.calls += count }
      }
    }
    #expect(
      withArgument == [
        "'WrongDelegate.didFinishLogin()' (from 'ModuleARequiredLoginViewDelegate') is registered as "
          + "'(Int) -> Void', declared '() -> Void'"
      ])
    let withResult = try problems { registrations in
      registrations.members(of: WrongDelegate.self) { table in
        table.method("didFinishLogin()") { delegate -> Int in
          delegate.calls += 1
          return delegate.calls
        }
      }
    }
    #expect(
      withResult == [
        "'WrongDelegate.didFinishLogin()' (from 'ModuleARequiredLoginViewDelegate') is registered as "
          + "'() -> Int', declared '() -> Void'"
      ])
  }

  /// A module's table may hold members the module does not provide (the note list is also the
  /// login screen's delegate): those no module's members were compared with must match a
  /// declaration too; those compared are reported once, as the module's.
  @Test func aModuleTypesOtherEntriesMustMatchADeclaration() throws {
    let found = try problems { registrations in
      registrations.members(of: NoteListViewController.self) { table in
        table.method("didFinishLogin()") { (list, _: Int) in list.didFinishLogin() }
      }
      registrations.members(of: NoteEditorViewController.self) { table in
        table.property("noteId", get: { $0.noteId })
        table.property("draft", \.draft)
        table.method("save()") { editor in try editor.save() }
      }
    }
    #expect(
      found == [
        "'NoteEditorViewController.noteId' (from 'NoteEditorInput') is settable but registered read-only "
          + "(a read-only key path, or no 'set:' closure)",
        "'NoteListViewController.didFinishLogin()' (from 'ModuleARequiredLoginViewDelegate') is registered as "
          + "'(Int) -> Void', declared '() -> Void'",
      ])
  }

  /// A name several protocols declare matches any of their declarations; matching none, the
  /// message names them all.
  @Test func aDelegateEntryMayMatchAnyDeclarationOfItsName() throws {
    #expect(
      try problems { registrations in
        registrations.members(of: WrongDelegate.self) { table in
          table.property("noteId", get: { $0.calls })
          table.method("didFinishLogin()") { $0.calls += 1 }
        }
      }.isEmpty)
    let found = try problems { registrations in
      registrations.members(of: WrongDelegate.self) { table in table.property("noteId", \.identifier) }
    }
    #expect(
      found == [
        "'WrongDelegate.noteId' is registered as 'String { get set }', which matches no declaration of "
          + "'noteId': 'Int { get }' (in 'NoteSummaryInput'), 'Int? { get set }' (in 'NoteEditorInput')"
      ])
  }

  @Test func aModuleRegisteredTwiceIsABuildError() throws {
    let found = try problems { registrations in
      registrations.view("Login", LoginViewController.self) { _ in LoginViewController() }
      registrations.view("NotFound", NotFoundViewController.self) { _ in NotFoundViewController(path: nil) }
      registrations.service("NotFound", NoteStore.self) { _ in NoteStore() }
    }
    #expect(
      found.prefix(2) == [
        "module 'Login' is registered twice; the last registration would replace the first (take the first out with removeModule(_:) to replace it on purpose)",
        "module 'NotFound' is registered twice; the last registration would replace the first (take the first out with removeModule(_:) to replace it on purpose)",
      ])
    // The service registered last is also a view's: reported as well.
    #expect(found.dropFirst(2).allSatisfy { $0.contains("module 'NotFound' is a view") }, "\(found)")
  }

  /// A module taken out with `removeModule(_:)` may be registered again: a fake stands in for it.
  @Test func aModuleTakenOutMayBeRegisteredAgain() throws {
    let found = try problems { registrations in
      let removed = registrations.removeModule("Login")
      let removedUnknown = registrations.removeModule("NoSuchModule")
      #expect(removed && !removedUnknown)
      registrations.view("Login", LoginViewController.self) { _ in LoginViewController() }
    }
    #expect(found.isEmpty, "\(found)")
  }

  /// Taking a module out takes every registration of it: one registered twice before and taken
  /// out before its last registration is not reported.
  @Test func aModuleRegisteredTwiceThenTakenOutIsNotReported() throws {
    let found = try problems { registrations in
      registrations.view("NotFound", NotFoundViewController.self) { _ in NotFoundViewController(path: nil) }
      registrations.removeModule("NotFound")
      registrations.view("NotFound", NotFoundViewController.self) { _ in NotFoundViewController(path: nil) }
    }
    #expect(found.isEmpty, "\(found)")
  }

  /// A recording mock is a stand-in: registering the module for real replaces it.
  @Test func aMockReplacedByARealRegistrationIsNotRegisteredTwice() throws {
    let harness = try ManifestHarness(path: RegistryBuildTests.manifest)
    let mocks = try harness.mockRegistry { registrations in
      registrations.view("NotFound", NotFoundViewController.self) { _ in NotFoundViewController(path: nil) }
    }
    #expect(try mocks.registry.open("/no/such/page").object is NotFoundViewController)
    let error = #expect(throws: RegistryBuildError.self) {
      _ = try harness.mockRegistry { registrations in
        registrations.view("NotFound", NotFoundViewController.self) { _ in NotFoundViewController(path: nil) }
        registrations.view("NotFound", NotFoundViewController.self) { _ in NotFoundViewController(path: nil) }
      }
    }
    #expect(
      error?.problems == [
        "module 'NotFound' is registered twice; the last registration would replace the first (take the first out with removeModule(_:) to replace it on purpose)"
      ])
  }
}

/// A class handed across an adapter as a delegate; no module is registered with it.
@MainActor
final class WrongDelegate {
  var calls = 0
  var identifier = ""
}

@MainActor
private protocol CountingProtocol: AnyObject {
  var count: Int { get set }
}

@MainActor
private final class CountingScreen: CountingProtocol {
  var count = 0
}

@MainActor private final class NotACounter {}

private protocol NamingProtocol: CountingProtocol {
  var name: String { get set }
}

@MainActor
private final class NamedCounter: NamingProtocol {
  var count = 0
  var name = ""
}

@MainActor
private final class FinishingCounter: CountingProtocol {
  var count = 0
  func finish() {}
}
