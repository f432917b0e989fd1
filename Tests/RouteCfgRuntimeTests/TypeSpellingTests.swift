import Foundation
import RouteCfgCore
import Testing

@testable import RouteCfgRuntime

/// A manifest may qualify a type's name (`Foundation.Data`, `Outer.Inner`), where Swift
/// describes the type by its last part; and a module parameter declared as a class or protocol
/// takes an object of a subclass or of a conforming class.
@Suite("Type spellings and parameter values")
@MainActor
struct TypeSpellingTests {
  enum Outer { struct Inner: Sendable {} }
  enum Other { struct Inner: Sendable {} }
  final class Holder {
    var data = Data()
    var inner = Outer.Inner()
  }
  class BaseConfig: @unchecked Sendable {}
  final class SubConfig: BaseConfig, @unchecked Sendable {}
  final class Listening: @unchecked Sendable {}
  struct Filter: Sendable {}

  func registry(_ yaml: String, members: @escaping (inout MemberTable<Holder>) -> Void = { _ in }) throws
    -> Registry
  {
    var registrations = Registrations()
    registrations.view("M", Holder.self) { _ in Holder() }
    registrations.members(of: Holder.self, members)
    return try Registry(RouteCfg.load(yaml: yaml), registrations: registrations)
  }

  @Test func qualifiedMemberTypesMatchTheRegisteredTypes() throws {
    let registry = try registry(
      """
      routecfg: 1
      protocols:
        P: |
          var data: Foundation.Data { get set }
          var inner: Outer.Inner { get set }
      modules:
        M: {kind: view, provides: [P], routes: [/m]}
      """
    ) { table in
      table.property("data", \.data)
      table.property("inner", \.inner)
    }
    let page = try registry.destination(for: "P")
    try page.set("data", to: Data([1, 2]))
    #expect((page.object as? Holder)?.data == Data([1, 2]))
  }

  @Test func qualifiedParameterTypesTakeTheirValues() throws {
    let registry = try registry(
      """
      routecfg: 1
      protocols: {P: ""}
      modules:
        M: {kind: view, provides: [P], parameters: {inner: Outer.Inner?, data: Foundation.Data?}, routes: [/m]}
      """)
    _ = try registry.destination(for: "P", parameters: ["inner": Outer.Inner(), "data": Data()])
  }

  @Test func objectsOfSubclassesAndConformingClassesAreTaken() throws {
    let registry = try registry(
      """
      routecfg: 1
      protocols: {P: "", Listener: ""}
      modules:
        M:
          kind: view
          provides: [P]
          parameters: {config: BaseConfig?, listener: Listener?, label: CustomStringConvertible?, filter: Filter?}
          routes: [/m]
      """)
    _ = try registry.destination(for: "P", parameters: ["config": SubConfig()])
    _ = try registry.destination(for: "P", parameters: ["listener": Listening()])
    _ = try registry.destination(for: "P", parameters: ["label": 5])
    // Values the runtime can tell are of another type are still refused.
    #expect(throws: RuntimeError.typeMismatch(member: "M.filter", expected: "Filter?", actual: "String")) {
      try registry.destination(for: "P", parameters: ["filter": "no"])
    }
    #expect(throws: RuntimeError.self) {
      try registry.destination(for: "P", parameters: ["label": Filter()])
    }
  }

  /// A qualified name still tells types of one last name apart.
  @Test func typesOfOneLastNameAreStillTold() throws {
    #expect(SwiftTypeName.matches(Outer.Inner.self, .named("Outer.Inner")))
    #expect(SwiftTypeName.matches(Outer.Inner.self, .named("Inner")))
    #expect(!SwiftTypeName.matches(Other.Inner.self, .named("Outer.Inner")))
    #expect(SwiftTypeName.matches(Int.Type.self, .named("Int.Type")))
    #expect(!SwiftTypeName.matches(String.Type.self, .named("Int.Type")))
    #expect(
      SwiftTypeName.matches(
        [String: Data?].self, .dictionary(key: .named("String"), value: .optional(.named("Foundation.Data"))))
    )
    final class Wrong { var inner = Other.Inner() }
    var registrations = Registrations()
    registrations.view("M", Wrong.self) { _ in Wrong() }
    registrations.members(of: Wrong.self) { $0.property("inner", \.inner) }
    let manifest = try RouteCfg.load(
      yaml:
        "routecfg: 1\nprotocols: {P: 'var inner: Outer.Inner { get set }'}\nmodules: {M: {kind: view, provides: [P], routes: [/m]}}\n"
    )
    #expect(throws: RegistryBuildError.self) { try Registry(manifest, registrations: registrations) }
  }

  /// The factory's cast decides for an object the registry took by name.
  @Test func theFactorysCastTellsAnObjectOfAnotherType() throws {
    let context = ModuleContext(module: "M", parameters: ["config": Listening()])
    #expect(context.parameter("config", as: BaseConfig.self) == nil)
    #expect(
      throws: RuntimeError.typeMismatch(member: "M.config", expected: "BaseConfig", actual: "Listening")
    ) {
      try context.value("config", as: BaseConfig.self)
    }
    #expect(throws: RuntimeError.missingParameter(module: "M", parameter: "other", type: "BaseConfig")) {
      try context.value("other", as: BaseConfig.self)
    }
  }

  @Test func standardTypesStillDecideByName() {
    #expect(ParameterValueCheck.accepts(1, as: .named("Int")))
    #expect(ParameterValueCheck.accepts(1, as: .optional(.named("Swift.Int"))))
    #expect(!ParameterValueCheck.accepts("1", as: .named("Int")))
    #expect(!ParameterValueCheck.accepts(SubConfig(), as: .named("String")))
    #expect(ParameterValueCheck.accepts(SubConfig(), as: .named("AnyObject")))
    #expect(!ParameterValueCheck.accepts(1, as: .named("AnyObject")))
  }
}

/// The runtime knows every standard protocol the core does, by the same names.
@Suite struct StandardProtocolParameterTests {
  @Test func everyStandardProtocolOfTheCoreHasACast() {
    let casts = ParameterValueCheck.standardProtocolCasts
    for name in NeverHashableName.standardProtocols {
      #expect(casts[name] != nil, "\(name)")
      #expect(casts["Swift." + name] != nil, "Swift.\(name)")
    }
    for name in NeverHashableName.qualifiedStandardProtocols {
      #expect(casts[name] == nil, "\(name) names an app's type")
      #expect(casts["Swift." + name] != nil, "Swift.\(name)")
    }
  }

  @Test func aValueOfAStandardProtocolFitsByItsConformance() {
    #expect(ParameterValueCheck.accepts([1, 2], as: .named("Sequence")))
    #expect(ParameterValueCheck.accepts("ab", as: .optional(.named("Swift.StringProtocol"))))
    #expect(ParameterValueCheck.accepts(UInt8(1), as: .named("FixedWidthInteger")))
    #expect(!ParameterValueCheck.accepts(1, as: .named("Collection")))
    #expect(ParameterValueCheck.accepts(1.5, as: .named("Swift.Numeric")))
  }

  /// `MyApp.Hashable` is an app's type, not Swift's: a struct value is not taken for it by name.
  /// `MyApp.Data` is not Foundation's: an object may be of it (the factory's cast decides), where
  /// `Foundation.Data` is a struct no object is.
  @Test func aQualifiedNameOfAnotherModuleIsNotTheStandardOne() {
    #expect(!ParameterValueCheck.accepts(1, as: .named("MyApp.Hashable")))
    #expect(ParameterValueCheck.accepts(TypeSpellingTests.SubConfig(), as: .named("MyApp.Data")))
    #expect(!ParameterValueCheck.accepts(TypeSpellingTests.SubConfig(), as: .named("Foundation.Data")))
  }
}
