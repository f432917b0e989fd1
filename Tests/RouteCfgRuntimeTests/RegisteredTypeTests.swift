import NoteAppExample
import RouteCfgCore
import RouteCfgTesting
import Testing

@testable import RouteCfgRuntime

/// What the build checks is what serves at run time: a module's objects use the table of the
/// type its factory was registered with (or of that type's nearest registered superclass), and a
/// value handed across an adapter is checked where it is handed over, not where it is first used.
@Suite("Registered types and handed-over values")
@MainActor
struct RegisteredTypeTests {
  static let manifest = RuntimeFixtures.repository + "/manifests/NoteApp.yaml"

  func registry(_ change: (inout Registrations) -> Void) throws -> Registry {
    var registrations = NoteAppWiring.registrations()
    change(&registrations)
    return try Registry(RouteCfg.validate(path: Self.manifest), registrations: registrations)
  }

  static func registerBaseTable(_ registrations: inout Registrations) {
    registrations.members(of: BaseLogin.self) { table in
      table.property("notifyString", \.notifyString)
      table.property("delegate", \.delegate)
    }
  }

  @Test func aSuperclassTableServesAModuleRegisteredWithASubclass() throws {
    let registry = try registry { registrations in
      // Registered once: the wiring's Login factory is taken out first.
      registrations = RegistryBuildTests.without(["Login"], from: registrations)
      registrations.view("Login", SubclassedLogin.self) { _ in SubclassedLogin() }
      Self.registerBaseTable(&registrations)
    }
    let login = try registry.destination(for: "ModuleARequiredLoginViewInput")
    try login.set("message", to: "Hi")
    #expect((login.object as? SubclassedLogin)?.notifyString == "Hi")
  }

  @Test func aSubclassTableStillServesItsOwnClass() throws {
    var registrations = Registrations()
    Self.registerBaseTable(&registrations)
    registrations.members(of: SubclassedLogin.self) { table in table.property("notifyString", \.notifyString)
    }
    #expect(registrations.table(for: SubclassedLogin.self)?.entries.count == 1)
    #expect(registrations.table(for: BaseLogin.self)?.entries.count == 2)
    #expect(registrations.table(for: NoteStore.self) == nil)
  }

  @Test func theRegisteredTypesTableServesObjectsOfASubclass() throws {
    let registry = try registry { registrations in
      // Registered once: the wiring's Login factory is taken out first.
      registrations = RegistryBuildTests.without(["Login"], from: registrations)
      registrations.view("Login", BaseLogin.self) { _ in SubclassedLogin() }
      Self.registerBaseTable(&registrations)
      // A partial table of the subclass: the build checked BaseLogin's, which serves.
      registrations.members(of: SubclassedLogin.self) { table in
        table.property("notifyString", \.notifyString)
      }
    }
    let login = try registry.destination(for: "ModuleARequiredLoginViewInput")
    let noteList = NoteListViewController()
    try login.set("delegate", to: noteList)
    (login.object as? BaseLogin)?.login()
    #expect(noteList.events == ["didFinishLogin"])
  }

  @Test func aDelegateOfTheWrongTypeIsRefusedWhereItIsSet() throws {
    let login = try registry { _ in }.destination(for: "ModuleARequiredLoginViewInput")
    // A table without didFinishLogin(), and no object.
    let wrong: [(Any, String)] = [
      (NoteDetailViewController(noteId: 1, query: nil), "NoteDetailViewController"),
      ("not an object", "String"),
    ]
    for (value, typeName) in wrong {
      #expect(
        throws: RuntimeError.typeMismatch(
          member: "delegate", expected: "ModuleARequiredLoginViewDelegate?", actual: typeName)
      ) { try login.set("delegate", to: value) }
    }
    // No table at all: whether it conforms cannot be told, and a table is what it lacks.
    #expect(
      throws: RuntimeError.noMemberTable(
        typeName: "NotFoundViewController", protocolName: "ModuleARequiredLoginViewDelegate")
    ) { try login.set("delegate", to: NotFoundViewController(path: nil)) }
    #expect((login.object as? LoginViewController)?.delegate == nil)
  }

  /// An object that conforms to the Swift protocol but has no member table (none for its class,
  /// none for the protocol) is reported as having no table, with how to register one, whichever
  /// way it crosses: set by the caller, or set by the provider and read back.
  @Test func aConformingObjectWithoutAMemberTableIsReportedAsSuch() throws {
    let login = try registry { registrations in
      registrations.protocolTables["ProvidedLoginViewDelegate"] = nil
    }
    .destination(for: "ModuleARequiredLoginViewInput")
    let listener = ConformingListener()
    let set = RuntimeError.noMemberTable(
      typeName: "ConformingListener", protocolName: "ModuleARequiredLoginViewDelegate")
    #expect(throws: set) { try login.set("delegate", to: listener) }
    #expect(
      set.description
        == "'ConformingListener' has no registered member table, so it cannot be used as a "
        + "'ModuleARequiredLoginViewDelegate'; if it conforms to 'ModuleARequiredLoginViewDelegate', "
        + "register its members with members(of: ConformingListener.self), or those of every object that "
        + "conforms with members(of: (any ModuleARequiredLoginViewDelegate).self, as: "
        + "\"ModuleARequiredLoginViewDelegate\")")
    let controller = try #require(login.object as? LoginViewController)
    #expect(controller.delegate == nil)
    let own = OwnLoginDelegate()
    controller.delegate = own
    #expect(
      throws: RuntimeError.noMemberTable(
        typeName: "OwnLoginDelegate", protocolName: "ProvidedLoginViewDelegate")
    ) { _ = try login.get("delegate") }
    withExtendedLifetime(own) {}
  }

  /// Through recording mocks, too: a plain conforming object set as a delegate, or held by a mock
  /// and read back.
  @Test func mocksReportAConformingObjectWithoutAMemberTableAsSuch() throws {
    let mocks = try ManifestHarness(path: Self.manifest).mockRegistry()
    let login = try mocks.registry.destination(for: "ModuleARequiredLoginViewInput")
    let listener = ConformingListener()
    #expect(
      throws: RuntimeError.noMemberTable(
        typeName: "ConformingListener", protocolName: "ModuleARequiredLoginViewDelegate")
    ) { try login.set("delegate", to: listener) }
    #expect(mocks.mock("Login")?.records == [])
    let own = OwnLoginDelegate()
    try mocks.mock("Login")?.preset("delegate", own)
    #expect(
      throws: RuntimeError.noMemberTable(
        typeName: "OwnLoginDelegate", protocolName: "ProvidedLoginViewDelegate")
    ) { _ = try login.get("delegate") }
    // A value that is no object is still a value of the wrong type.
    #expect(
      throws: RuntimeError.typeMismatch(
        member: "delegate", expected: "ModuleARequiredLoginViewDelegate?", actual: "String")
    ) { try login.set("delegate", to: "not an object") }
  }

  @Test func aDelegateServedByItsProtocolTableIsAccepted() throws {
    let login = try registry { registrations in
      registrations.members(
        of: (any ModuleARequiredLoginViewDelegate).self, as: "ModuleARequiredLoginViewDelegate"
      ) { table in table.method("didFinishLogin()") { delegate in delegate.didFinishLogin() } }
    }
    .destination(for: "ModuleARequiredLoginViewInput")
    let listener = ConformingListener()
    try login.set("delegate", to: listener)
    (login.object as? LoginViewController)?.login()
    #expect(listener.logins == 1)
    // An object with no table of its own that does not conform is still refused, as of the wrong type.
    #expect(
      throws: RuntimeError.typeMismatch(
        member: "delegate", expected: "ModuleARequiredLoginViewDelegate?", actual: "NotFoundViewController")
    ) { try login.set("delegate", to: NotFoundViewController(path: nil)) }
  }

  @Test func mocksRefuseValuesOfAnotherTypeThanDeclared() throws {
    let harness = try ManifestHarness(path: Self.manifest)
    let report = harness.value(
      42, writtenTo: "message", of: "ModuleARequiredLoginViewInput", arrivesAt: "notifyString")
    // At the member's declaration in the manifest.
    #expect(report.failures == ["\(Self.manifest):25:9: 'message' takes a 'String?', not an 'Int'"])
    let mocks = try harness.mockRegistry()
    let store = try mocks.registry.destination(for: "NoteListRequiredStore")
    #expect(throws: RuntimeError.typeMismatch(member: "note(id:)", expected: "Int", actual: "String")) {
      try store.call("note(id:)", "3")
    }
    #expect(mocks.mock("NoteStore")?.records == [])
    // Values the declarations cannot decide on pass: nil for an optional, a protocol-typed object.
    let login = try mocks.registry.destination(for: "ModuleARequiredLoginViewInput")
    try login.set("message", to: nil)
    try login.set("delegate", to: RecordingMock(module: "Listener"))
  }

  @Test func declaredTypesDecideOnlyForStandardConcreteTypes() {
    #expect(DeclaredValueCheck.accepts("a", as: .optional(.named("String"))))
    #expect(DeclaredValueCheck.accepts(nil, as: .optional(.named("String"))))
    #expect(!DeclaredValueCheck.accepts(nil, as: .named("String")))
    #expect(!DeclaredValueCheck.accepts(1, as: .named("Double")))
    #expect(DeclaredValueCheck.accepts([1, 2], as: .array(.named("Int"))))
    #expect(!DeclaredValueCheck.accepts(["a"], as: .array(.named("Int"))))
    #expect(
      DeclaredValueCheck.accepts(["a": 1.5], as: .dictionary(key: .named("String"), value: .named("Double"))))
    // An app's type or a protocol may be anything; so may a function.
    #expect(DeclaredValueCheck.accepts(1, as: .named("NoteFormatter")))
    #expect(DeclaredValueCheck.accepts(nil, as: .named("NoteFormatter")))
    #expect(
      DeclaredValueCheck.accepts(
        { (_: Int) in }, as: .function(FunctionType(parameters: [.named("Int")], result: .void))))
  }
}

/// A login screen other screens derive from.
@MainActor
class BaseLogin: ProvidedLoginViewInput {
  var notifyString: String?
  weak var delegate: (any ProvidedLoginViewDelegate)?

  func login() { delegate?.didLogin() }
}

@MainActor
final class SubclassedLogin: BaseLogin {}

/// A note-list delegate without a member table of its own.
@MainActor
final class ConformingListener: ModuleARequiredLoginViewDelegate {
  var logins = 0
  func didFinishLogin() { logins += 1 }
}

/// A caller's object handed across an adapter is held weakly, as generated bridges hold it: a
/// caller that keeps its destination and sets itself as the delegate forms no cycle.
@Suite("Handed-over objects held weakly")
@MainActor
struct HandedOverOwnershipTests {
  @Test func aCallerKeepingItsDestinationAndBeingItsDelegateIsReleased() throws {
    var registrations = NoteAppWiring.registrations()
    registrations.members(of: KeepingCaller.self) { table in
      table.method("didFinishLogin()") { caller in caller.didFinishLogin() }
    }
    let registry = try Registry(
      RouteCfg.validate(path: RegisteredTypeTests.manifest), registrations: registrations)
    weak var released: KeepingCaller?
    var screen: LoginViewController?
    do {
      let caller = KeepingCaller()
      caller.login = try registry.destination(for: "ModuleARequiredLoginViewInput")
      try caller.login?.set("delegate", to: caller)
      screen = caller.login?.object as? LoginViewController
      screen?.login()
      #expect(caller.logins == 1)
      released = caller
    }
    #expect(released == nil, "the caller, its destination and the delegate proxy form no cycle")
    screen?.login()  // the proxy's caller is gone: nothing happens, nothing is reported
  }

  @Test func aReleasedDelegateReadsBackAsNilAndIsNotReported() throws {
    var failures: [ForwardingFailure] = []
    var registrations = NoteAppWiring.registrations()
    registrations.onForwardingFailure { failures.append($0) }
    let registry = try Registry(
      RouteCfg.validate(path: RegisteredTypeTests.manifest), registrations: registrations)
    let login = try registry.destination(for: "ModuleARequiredLoginViewInput")
    do {
      let noteList = NoteListViewController()
      try login.set("delegate", to: noteList)
      #expect(try login.get("delegate") as AnyObject === noteList)
    }
    #expect(try login.get("delegate") == nil)
    let screen = try #require(login.object as? LoginViewController)
    #expect(screen.delegate != nil, "the facade keeps the proxy it handed over")
    screen.login()
    #expect(failures.isEmpty, "\(failures)")
    let proxy = try #require(screen.delegate as? DynamicProtocolProxy)
    #expect(throws: RuntimeError.released(protocolName: "ModuleARequiredLoginViewDelegate")) {
      try proxy.forward("didLogin()")
    }
  }
}

/// A note list that keeps the login destination it configures and is the login's delegate.
@MainActor
final class KeepingCaller: ModuleARequiredLoginViewDelegate {
  var login: Destination?
  var logins = 0
  func didFinishLogin() { logins += 1 }
}
