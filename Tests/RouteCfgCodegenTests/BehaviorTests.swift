import Foundation
import RouteCfgCodegen
import Testing

/// Generated code compiled by the real compiler and run: values and calls arrive where the
/// manifest says.
@Suite("Generated code at run time")
struct BehaviorTests {
  @Test(
    "NoteApp: the seed's login scenario, routes and the registry", arguments: SwiftCompiler.Isolation.allCases
  )
  func noteApp(isolation: SwiftCompiler.Isolation) throws {
    let outcome = try Generation.runProgram(
      manifest: "manifests/NoteApp.yaml", program: "NoteApp.swift", isolation: isolation)
    #expect(outcome.succeeded, "\(outcome.output)")
    #expect(!outcome.output.contains("FAIL"), "\(outcome.output)")
  }
}

extension BehaviorTests {
  @Test(
    "Every adapter feature: key paths, renamed methods, throws, async, protocol values in collections and closures",
    arguments: SwiftCompiler.Isolation.allCases)
  func features(isolation: SwiftCompiler.Isolation) throws {
    let outcome = try Generation.runProgram(
      manifest: "Tests/RouteCfgCodegenTests/Fixtures/Features.yaml", program: "Features.swift",
      isolation: isolation)
    #expect(outcome.succeeded, "\(outcome.output)")
    #expect(!outcome.output.contains("FAIL"), "\(outcome.output)")
  }
}

extension BehaviorTests {
  @Test("The README's quick start runs with the code generated for NoteApp")
  func quickStart() throws {
    let outcome = try Generation.runProgram(manifest: "manifests/NoteApp.yaml", program: "QuickStart.swift")
    #expect(outcome.succeeded && outcome.output == "ok\n", "\(outcome.output)")
  }
}

extension BehaviorTests {
  /// A program written against the names a fixture's code gets runs and prints `ok`:
  /// - GeneratedNames: manifest names that meet the generated code's own names route, wire and
  ///   forward;
  /// - ModuleNameCases: modules named in snake case or with a plural acronym get lowerCamelCase
  ///   cases and labels;
  /// - ShadowingNames: a module named None and parameters named like the route code's own names
  ///   generate code that works.
  @Test(
    "Programs written against the names of a fixture's generated code run",
    arguments: ["GeneratedNames", "ModuleNameCases", "ShadowingNames"])
  func namingFixture(_ name: String) throws {
    let outcome = try Generation.runProgram(
      manifest: "Tests/RouteCfgCodegenTests/Fixtures/\(name).yaml", program: "\(name).swift")
    #expect(outcome.succeeded && outcome.output == "ok\n", "\(name): \(outcome.output)")
  }
}

extension BehaviorTests {
  @Test("A delegate callback's sender, passed through an adapter, lives as long as someone holds it")
  func senderCallbacks() throws {
    let outcome = try Generation.runProgram(
      manifest: "Tests/RouteCfgCodegenTests/Fixtures/SenderCallbacks.yaml", program: "SenderCallbacks.swift")
    #expect(outcome.succeeded && outcome.output == "ok\n", "\(outcome.output)")
  }
}

extension BehaviorTests {
  @Test("An adapter used only in reverse has its proxy as well as its bridge")
  func reverseOnlyAdapter() throws {
    let scratch = try Scratch()
    let files = try Generation.files(
      manifest: Generation.path("Tests/RouteCfgCodegenTests/Fixtures/ReverseOnly.yaml"))
    #expect(files.contains { $0.contents.contains("final class PDAsRD: RD") })
    #expect(!files.contains { $0.contents.contains("class PLAsLD") }, "LD has a member PL lacks")
    let outcome = try Generation.runProgram(
      files, program: ["main.swift": try Generation.program("ReverseOnly.swift")], scratch: scratch)
    #expect(outcome.succeeded && outcome.output == "ok\n", "\(outcome.output)")
  }
}

extension BehaviorTests {
  /// A program written against a fixture's generated code runs and prints `ok`, compiled with
  /// each default isolation:
  /// - UncomparableRouteValues: every parameter type the validator takes on a routed module
  ///   that Swift cannot compare by itself (objects, metatypes, `Void`, `Any`, `Error`,
  ///   `Sendable`, in optionals and collections) gives a route enum that compiles: objects and
  ///   types compare by identity, `Void?` by whether it holds `()`, and the rest is left out,
  ///   with hashing to match;
  /// - AsyncClosureCrossings: an async closure of a `@MainActor` protocol gets the wrappers of
  ///   the values it is given although it is not isolated, and an object the caller's closure or
  ///   delegate returns is held by its wrapper, not dropped as a delegate the caller owns is;
  /// - HigherOrderClosures: the caller's objects reach the provider's closures three closures
  ///   deep, synchronous, async and throwing;
  /// - RoutePathChoice: a route's `path` resolves back to it where the first route that can carry
  ///   its values writes a path another route takes (names of the generated locals included);
  /// - ProviderSideDelegateAdapter: with a delegate adapter declared from the provider's delegate
  ///   protocol to the caller's, the caller's delegate set on its proxy (alone, in an array, in a
  ///   dictionary) is held weakly, reads back as itself, and as nothing once released;
  /// - ProviderSideSender: the caller's delegate handed over to the provider through such an
  ///   adapter's proxy gets the provider's object as its sender handed over, kept as long as it
  ///   holds it;
  /// - ViewDelegateOfService: a view is the delegate of a service it requires, through a delegate
  ///   adapter, conforming to the `nonisolated` delegate protocol on the main actor as Codegen.md
  ///   says to;
  /// - ReverseMapOverridesSameName: in reverse, a member of `to` reaches the member a `map` entry
  ///   pairs it with, not the member of the same name.
  @Test(
    "Programs against fixtures run under either default isolation",
    arguments: [
      "UncomparableRouteValues", "AsyncClosureCrossings", "HigherOrderClosures", "RoutePathChoice",
      "ProviderSideDelegateAdapter", "ProviderSideSender", "ViewDelegateOfService",
      "ReverseMapOverridesSameName",
    ],
    SwiftCompiler.Isolation.allCases)
  func fixtureProgram(_ name: String, isolation: SwiftCompiler.Isolation) throws {
    let outcome = try Generation.runProgram(
      manifest: "Tests/RouteCfgCodegenTests/Fixtures/\(name).yaml", program: "\(name).swift",
      isolation: isolation)
    #expect(outcome.succeeded && outcome.output == "ok\n", "\(name), \(isolation): \(outcome.output)")
  }
}

extension BehaviorTests {
  @Test("A caller's proxy set on another adapted object reads back as that same proxy")
  func proxyReadBack() throws {
    let outcome = try Generation.runProgram(
      manifest: "Tests/RouteCfgCodegenTests/Fixtures/ProxyReadBack.yaml", program: "ProxyReadBack.swift")
    #expect(outcome.succeeded && outcome.output == "ok\n", "\(outcome.output)")
  }
}
