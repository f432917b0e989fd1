import Foundation
import RouteCfgCore
import Testing

@testable import RouteCfgCodegen

/// Generated code compiled by the real compiler: Swift 6 language mode, warnings as errors,
/// with the default isolation and with main-actor default isolation.
@Suite("Generated code compiles")
struct CompileTests {
  /// A manifest and the options to generate it with.
  struct Case: CustomTestStringConvertible, Sendable {
    let manifest: String
    var options = CodegenOptions()

    var testDescription: String {
      manifest + (options.variant.map { " --variant \($0)" } ?? "")
        + (options.module.map { " --module \($0)" } ?? "")
        + (options.dynamicRegistration ? " --dynamic" : "")
    }
  }

  /// Every shipped manifest (each variant too) and every rule fixture without errors.
  static let wholeManifests: [Case] = {
    var cases = [
      Case(manifest: "manifests/NoteApp.yaml"), Case(manifest: "manifests/ShopApp/ShopApp.yaml"),
      Case(manifest: "manifests/LoginDemo.yaml"),
      Case(manifest: "manifests/LoginDemo.yaml", options: CodegenOptions(variant: "macOS", access: .public)),
      Case(manifest: "Tests/RouteCfgCodegenTests/Fixtures/Features.yaml"),
      Case(manifest: "Tests/RouteCfgCodegenTests/Fixtures/RouteValues.yaml"),
      // Manifest names that meet the generated code's own names (nested types, members, locals).
      Case(manifest: "Tests/RouteCfgCodegenTests/Fixtures/GeneratedNames.yaml"),
      // Module and parameter names that are keywords (`let`, `var`, `inout`, `default`, `await`),
      // and protocols named `sending`, `each`, `nonisolated`...
      Case(manifest: "Tests/RouteCfgCodegenTests/Fixtures/KeywordNames.yaml"),
      // A service's proxy that hands a view's protocol across another adapter.
      Case(manifest: "Tests/RouteCfgCodegenTests/Fixtures/IsolationCrossing.yaml"),
      // A service's proxy whose key path reads a view's protocol's property.
      Case(manifest: "Tests/RouteCfgCodegenTests/Fixtures/KeyPathIsolation.yaml"),
      // Adapters used only in reverse: a proxy too, where the forward direction holds.
      Case(manifest: "Tests/RouteCfgCodegenTests/Fixtures/ReverseOnly.yaml"),
      Case(manifest: "Tests/RouteCfgCodegenTests/Fixtures/NestedOptionals.yaml"),
      // Member types sixteen levels deep, converted both ways.
      Case(manifest: "Tests/RouteCfgCodegenTests/Fixtures/DeepNesting.yaml"),
      // Async closures of `@MainActor` protocols handing wrappers to the caller's closures.
      Case(manifest: "Tests/RouteCfgCodegenTests/Fixtures/AsyncClosureCrossings.yaml"),
      // Closures three deep: the caller's non-escaping function called without escaping.
      Case(manifest: "Tests/RouteCfgCodegenTests/Fixtures/HigherOrderClosures.yaml"),
      // Closures in collections and optionals, and values sent into optionals.
      Case(manifest: "Tests/RouteCfgCodegenTests/Fixtures/ClosureShapes.yaml"),
      // Protocols named in another spelling than their declaration's (canonically equivalent).
      Case(manifest: "Tests/RouteCfgCodegenTests/Fixtures/UnicodeSpellings.yaml"),
      // No routes: a route enum without cases, and the registry's `open` over it, warning-free.
      Case(manifest: "Tests/RouteCfgCodegenTests/Fixtures/Empty.yaml"),
      Case(manifest: "Tests/RouteCfgCodegenTests/Fixtures/NoRoutes.yaml"),
      Case(
        manifest: "Tests/RouteCfgCodegenTests/Fixtures/NoRoutes.yaml",
        options: CodegenOptions(access: .public)),
    ]
    cases += validFixtures().map { Case(manifest: $0) }
    return cases
  }()

  /// Every module of every shipped manifest, alone.
  static let interfaces: [Case] = {
    var cases: [Case] = []
    for manifest in ["manifests/NoteApp.yaml", "manifests/ShopApp/ShopApp.yaml", "manifests/LoginDemo.yaml"] {
      guard let graph = try? RouteCfg.validate(path: Generation.path(manifest)).graph else { continue }
      cases += graph.moduleNames.map {
        Case(manifest: manifest, options: CodegenOptions(module: $0, access: .public))
      }
    }
    // `makeScreen(owner:)` in `UserDependencies` names a protocol that `User` neither provides
    // nor requires.
    cases.append(
      Case(
        manifest: "Tests/RouteCfgCodegenTests/Fixtures/InterfaceParameters.yaml",
        options: CodegenOptions(module: "User", access: .public)))
    for module in ["Provider", "User"] {
      cases.append(
        Case(
          manifest: "Tests/RouteCfgCodegenTests/Fixtures/UnicodeSpellings.yaml",
          options: CodegenOptions(module: module, access: .public)))
    }
    return cases
  }()

  /// The rule fixtures that validate without errors, relative to the repository.
  static func validFixtures() -> [String] {
    let directory = "Tests/RouteCfgCoreTests/Fixtures/Rules"
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: Generation.path(directory))) ?? []
    return entries.sorted().compactMap { entry in
      let manifest = entry.hasSuffix(".yaml") ? "\(directory)/\(entry)" : "\(directory)/\(entry)/main.yaml"
      guard FileManager.default.fileExists(atPath: Generation.path(manifest)),
        (try? RouteCfg.validate(path: Generation.path(manifest)))?.isValid == true
      else { return nil }
      return manifest
    }
  }

  @Test("A whole manifest's output compiles as one module", arguments: wholeManifests)
  func wholeOutputCompiles(_ testCase: Case) throws {
    for isolation in SwiftCompiler.Isolation.allCases {
      try compile(testCase, isolation: isolation, typecheckOnly: false)
    }
  }

  @Test("A module's interface compiles alone", arguments: interfaces)
  func interfaceCompilesAlone(_ testCase: Case) throws {
    for isolation in SwiftCompiler.Isolation.allCases {
      try compile(testCase, isolation: isolation, typecheckOnly: true)
    }
  }

  /// Manifests whose `--dynamic` output is compiled against RouteCfgRuntime (a whole build, not
  /// only a type check: Swift reports sending values across isolations only then).
  static let dynamicManifests = [
    // Members the tables and dynamic proxies call: unnamed parameters, parameters named `self`.
    "Tests/RouteCfgCodegenTests/Fixtures/GeneratedNames.yaml",
    // Every adapter feature, and optionals of optionals handed to the runtime.
    "Tests/RouteCfgCodegenTests/Fixtures/Features.yaml",
    "Tests/RouteCfgCodegenTests/Fixtures/NestedOptionals.yaml",
    "Tests/RouteCfgCodegenTests/Fixtures/UnicodeSpellings.yaml",
    "Tests/RouteCfgCodegenTests/Fixtures/AsyncClosureCrossings.yaml",
    // Protocols named like words Swift reads as part of a type, in the tables and proxies.
    "Tests/RouteCfgCodegenTests/Fixtures/KeywordNames.yaml",
    // Function types of one `()` parameter, written as types in the tables' `.self` expressions;
    // keywords as parameter names.
    "Tests/RouteCfgCoreTests/Fixtures/Rules/members-void-parameter.yaml",
    "Tests/RouteCfgCoreTests/Fixtures/Rules/members-keyword-parameter-names.yaml",
    // No module: nothing to register, and no binding left unused.
    "Tests/RouteCfgCodegenTests/Fixtures/Empty.yaml",
    // The standard library's protocols: no type alias registered for them.
    "Tests/RouteCfgCoreTests/Fixtures/Rules/generated-standard-protocol-existentials.yaml",
  ]

  @Test("The --dynamic registration compiles with RouteCfgRuntime", arguments: dynamicManifests)
  func dynamicRegistrationCompiles(_ manifest: String) throws {
    let runtime = try #require(SwiftCompiler.runtimeFlags, "the build's RouteCfgRuntime module was not found")
    for isolation in SwiftCompiler.Isolation.allCases {
      try compile(
        Case(manifest: manifest, options: CodegenOptions(dynamicRegistration: true)),
        isolation: isolation, typecheckOnly: false, extraFlags: runtime)
    }
  }

  @Test("A route enum with more cases than the compiler checks a switch over still compiles")
  func manyRoutedModulesCompile() throws {
    var yaml = "routecfg: 1\napp: Many\nmodules:\n"
    for index in 0..<(CaseDispatch.switchLimit + 50) {
      yaml += "  M\(index): {kind: view, parameters: {id: Int, tag: String?}, routes: [\"/m\(index)/:id\"]}\n"
    }
    let files = try Generation.files(yaml: yaml, path: "Many.yaml")
    let scratch = try Scratch()
    let paths = try files.map { try scratch.write($0.name, $0.contents) }
    let outcome = try SwiftCompiler.compile(
      paths, isolation: .nonisolated, output: scratch.path + "/lib.so", typecheckOnly: true)
    #expect(outcome.succeeded, "\(outcome.output)")
  }

  /// `URLRequest` and `HTTPURLResponse` are FoundationNetworking's on Linux, imported where it exists.
  @Test("Foundation's types compile without --import, in the whole app and in a module's interface")
  func foundationTypesNeedNoImport() throws {
    let yaml = """
      routecfg: 1
      app: Diary
      protocols:
        Events: |
          var openedAt: Date { get set }
          func open(url: URL) -> Data?
          func send(_ request: URLRequest) -> HTTPURLResponse?
        NeedEvents: |
          var when: Date { get set }
          func open(url: URL) -> Data?
          func send(_ request: URLRequest) -> HTTPURLResponse?
      modules:
        Store: {kind: service, provides: [Events]}
        Agenda: {kind: view, requires: [NeedEvents], parameters: {day: Int, id: UUID?}, routes: ["/day/:day"]}
      adapters:
        - {adapt: NeedEvents, to: Events, map: {when: openedAt}}
      """
    for module in [nil, "Agenda"] {
      var options = CodegenOptions()
      options.module = module
      let files = try Generation.files(yaml: yaml, path: "Diary.yaml", options: options)
      #expect(files.allSatisfy { $0.contents.contains("\nimport Foundation\n") })
      #expect(files.allSatisfy { $0.contents.contains("\n#if canImport(FoundationNetworking)\n") })
      let scratch = try Scratch()
      let paths = try files.map { try scratch.write($0.name, $0.contents) }
      for isolation in SwiftCompiler.Isolation.allCases {
        let outcome = try SwiftCompiler.compile(
          paths, isolation: isolation, output: scratch.path + "/lib.so", typecheckOnly: true)
        #expect(outcome.succeeded, "\(module ?? "app") (\(isolation)):\n\(outcome.output)")
      }
    }
    // Without such a type, nothing is imported.
    let plain = try Generation.files(
      yaml: "routecfg: 1\nmodules: {A: {kind: view, routes: [/a]}}\n", path: "P.yaml")
    #expect(plain.allSatisfy { !$0.contents.contains("import ") })
  }

  @Test("A modular app's wiring compiles against its modules' interfaces, each a Swift module of its own")
  func modularWiringCompiles() throws {
    // A routed module's parameter of a protocol no module provides or requires: the module's own
    // interface declares it (its code takes it), and the routes file, whose enum names it, imports
    // that interface. A protocol a member names only as a metatype (`Kind.Type`) is in the
    // interface too. Protocols no interface holds (`Loose`, named by an adapter no module uses;
    // `A`, `B`, `NeedA`, `NeedB`, which only name each other) are the wiring's own.
    let yaml = """
      routecfg: 1
      app: Mod
      protocols:
        Item: |
          var n: Int { get }
        Kind: |
          func name() -> String
        Catalog: |
          var kinds: [Kind.Type] { get }
        Loose: |
          var n: Int { get }
        A: |
          var b: B? { get }
        B: |
          var a: A? { get }
        NeedA: |
          var b: NeedB? { get }
        NeedB: |
          var a: NeedA? { get }
      modules:
        Store: {kind: service, provides: [Catalog]}
        Detail: {kind: view, parameters: {owner: Item?}, routes: [/detail]}
        Home: {kind: view, routes: [/]}
      adapters:
        - {adapt: Loose, to: Item}
        - {adapt: NeedA, to: A}
        - {adapt: NeedB, to: B}
      """
    let scratch = try Scratch()
    let modules = scratch.path + "/modules"
    try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: true)
    for module in ["Store", "Detail", "Home"] {
      let files = try Generation.files(
        yaml: yaml, path: "Mod.yaml", options: CodegenOptions(module: module, access: .public))
      let paths = try files.map { try scratch.write(module + "/" + $0.name, $0.contents) }
      let interface = module + "Interface"
      let outcome = try SwiftCompiler.run(
        SwiftCompiler.swiftc,
        [
          "-swift-version", "6", "-warnings-as-errors", "-parse-as-library", "-emit-module", "-module-name",
          interface,
          "-emit-module-path", modules + "/" + interface + ".swiftmodule",
        ] + paths)
      #expect(outcome.succeeded, "\(interface):\n\(outcome.output)")
    }
    let detail = try Generation.files(
      yaml: yaml, path: "Mod.yaml", options: CodegenOptions(module: "Detail", access: .public))
    #expect(detail.first?.contents.contains("protocol Item: AnyObject {") == true)
    let wiring = try Generation.files(
      yaml: yaml, path: "Mod.yaml", options: CodegenOptions(interfaceModules: "*Interface"))
    let routes = try #require(wiring.first { $0.name == "ModRoutes.swift" })
    #expect(routes.contents.contains("import DetailInterface\n"), "\(routes.contents)")
    #expect(!routes.contents.contains("import HomeInterface"), "\(routes.contents)")
    let protocols = try #require(wiring.first { $0.name == "ModProtocols.swift" })
    #expect(protocols.contents.contains("protocol Loose: AnyObject {"), "\(protocols.contents)")
    #expect(protocols.contents.contains("protocol NeedB: AnyObject {"), "\(protocols.contents)")
    #expect(!protocols.contents.contains("protocol Item"), "\(protocols.contents)")
    let paths = try wiring.map { try scratch.write("Wiring/" + $0.name, $0.contents) }
    // A module's code, built against its interface alone: it takes its parameter's protocol.
    let detailModule = try scratch.write(
      "DetailModule/Detail.swift",
      """
      import DetailInterface

      @MainActor
      public final class DetailScreen {
        public let owner: (any Item)?
        public init(owner: (any Item)?) { self.owner = owner }
      }
      """)
    let moduleOutcome = try SwiftCompiler.compile(
      [detailModule], module: "DetailModule", isolation: .nonisolated, output: scratch.path + "/libDetail.so",
      typecheckOnly: true, extraFlags: ["-I", modules])
    #expect(moduleOutcome.succeeded, "\(moduleOutcome.output)")
    let outcome = try SwiftCompiler.compile(
      paths, module: "Wiring", isolation: .nonisolated, output: scratch.path + "/libWiring.so",
      typecheckOnly: true, extraFlags: ["-I", modules])
    #expect(outcome.succeeded, "\(outcome.output)")
  }

  @Test("Types named with keywords in backticks after a dot, and 'async' as a type, compile as written")
  func keywordTypeNamesCompile() throws {
    let yaml = """
      routecfg: 1
      app: Named
      protocols:
        Holder: |
          var a: Outer.`self` { get }
          var b: Outer.`Any`? { get }
          var c: [Outer.`default`] { get }
          var d: Outer.`Type` { get }
          var e: Outer.`_` { get }
          var f: Outer.async { get }
          func g() -> `async`
          var h: (Int) -> `async` { get }
          var i: Outer.`Element` { get }
          var j: `default`.Inner { get }
      modules:
        Home: {kind: service, provides: [Holder], routes: [/]}
      """
    let stubs = """
      nonisolated enum Outer {
        struct `self`: Hashable, Sendable {}
        struct `Any`: Hashable, Sendable {}
        struct `default`: Hashable, Sendable {}
        struct `Type`: Hashable, Sendable {}
        struct `_`: Hashable, Sendable {}
        struct async: Hashable, Sendable {}
        struct Element: Hashable, Sendable {}
      }
      nonisolated struct async: Hashable, Sendable {}
      nonisolated enum `default` { struct Inner: Hashable, Sendable {} }

      """
    let scratch = try Scratch()
    let files = try Generation.files(yaml: yaml)
    let protocols = try #require(files.first { $0.name.hasSuffix("Protocols.swift") })
    // Backticks a type needs stay; those it does not (`Outer.Element`) go.
    #expect(protocols.contents.contains("var a: Outer.`self` { get }"))
    #expect(protocols.contents.contains("var i: Outer.Element { get }"))
    #expect(protocols.contents.contains("var j: `default`.Inner { get }"))
    #expect(protocols.contents.contains("func g() -> `async`"))
    var paths = try files.map { try scratch.write($0.name, $0.contents) }
    paths.append(try scratch.write("Outer.swift", stubs))
    let outcome = try SwiftCompiler.compile(
      paths, isolation: .nonisolated, output: scratch.path + "/libNamed.so", typecheckOnly: true)
    #expect(outcome.succeeded, "\(outcome.output)")
  }

  @Test("Some fixtures are valid, so the list above is not empty")
  func fixturesAreFound() {
    #expect(Self.validFixtures().count >= 10)
  }

  private func compile(
    _ testCase: Case, isolation: SwiftCompiler.Isolation, typecheckOnly: Bool, extraFlags: [String] = []
  ) throws {
    let scratch = try Scratch()
    let manifest = Generation.path(testCase.manifest)
    let graph = try #require(try RouteCfg.validate(path: manifest).graph)
    var options = testCase.options
    // Qualified external types (`Foundation.URL`) come from their module, as `--import` adds it.
    options.imports += ExternalTypeStubs.modules(for: graph)
    let files = try Generation.files(manifest: manifest, options: options)
    var paths = try files.map { try scratch.write($0.name, $0.contents) }
    if let stubs = ExternalTypeStubs.source(for: graph) {
      paths.append(try scratch.write("ExternalTypes.swift", stubs))
    }
    let outcome = try SwiftCompiler.compile(
      paths, isolation: isolation, output: scratch.path + "/libGenerated.so", typecheckOnly: typecheckOnly,
      extraFlags: extraFlags)
    #expect(outcome.succeeded, "\(testCase.testDescription) (\(isolation)):\n\(outcome.output)")
  }
}

/// Declarations for the external types a manifest names (types that are neither declared
/// protocols nor the standard library's), so that its generated code compiles in a test as it
/// would in an app that defines them.
enum ExternalTypeStubs {
  static let standardLibrary: Set<String> = [
    "String", "Int", "Double", "Bool", "Void", "Float", "Character", "UInt", "Int8", "Int16", "Int32",
    "Int64",
    "UInt8", "UInt16", "UInt32", "UInt64", "Any", "AnyObject", "Never", "Substring", "Float80", "Error",
    "Sendable", "Float32", "Float64", "UnicodeScalar",
  ]

  static func source(for graph: AppGraph) -> String? {
    let names = externalNames(in: graph).filter { !$0.contains(".") }
    guard !names.isEmpty else { return nil }
    return names.sorted().map { "nonisolated struct \($0): Hashable, Sendable {}\n" }.joined()
  }

  /// The modules qualified external names come from (`Foundation` for `Foundation.URL`).
  static func modules(for graph: AppGraph) -> [String] {
    Set(externalNames(in: graph).compactMap { name in name.firstIndex(of: ".").map { String(name[..<$0]) } })
      .sorted()
  }

  private static func externalNames(in graph: AppGraph) -> Set<String> {
    var names: Set<String> = []
    func collect(_ type: TypeRef) {
      // A metatype (`Item.Type`, `Item.Protocol`) names the type before its suffixes.
      for written in type.namedTypes {
        let base = String(MetatypeName.base(of: written))
        // Foundation's types come from Foundation, which generated files import when they name one.
        if graph.protocols[base] == nil, !standardLibrary.contains(base), !base.hasPrefix("Swift."),
          !NeverHashableName.isStandardProtocol(base), !FoundationTypes.names.contains(base)
        {
          names.insert(base)
        }
      }
    }
    for info in graph.protocols.values {
      for member in info.members { member.writtenTypes.forEach(collect) }
    }
    for module in graph.modules.values { module.parameters.forEach { collect($0.type) } }
    return names
  }
}
