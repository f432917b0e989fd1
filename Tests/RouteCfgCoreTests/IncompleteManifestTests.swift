import Foundation
import RouteCfgCore
import Testing

/// SPEC §3: a file that cannot be loaded does not hide the problems of the files that did load;
/// only the checks whose answer it could change are held back, and the result says which.
@Suite("Incomplete manifests: one problem does not hide others")
struct IncompleteManifestTests {
  /// A root (in `root/`) that declares `Home` and includes `part.yaml` (which declares `Home` again and two
  /// routes that conflict with the root's) and `FAILING` (which cannot be loaded).
  private static func manifest(failing: String, in scratch: ScratchDirectory) throws -> ValidationResult {
    try scratch.write(
      """
      routecfg: 1
      include: [part.yaml, \(failing)]
      protocols:
        P: |
          var a: Int
          var a: Int
          var keys: [Any: Int]
          var byP: [P: Int]
          var byUnknown: [FromMissing: Int]
          var near: Pp
      modules:
        Home: {kind: view, requires: [FromMissing], routes: [/home, "/x/:id"]}
      """, to: "root/root.yaml")
    try scratch.write(
      """
      modules:
        Home: {kind: view, routes: [/other]}
        Other: {kind: view, routes: [/home, "/y/:"], parameters: {id: Int}}
      """, to: "root/part.yaml")
    try scratch.write("modules:\n  Outside: {kind: view}\n", to: "outside.yaml")
    return try RouteCfg.validate(path: scratch.path("root/root.yaml"))
  }

  private static func expectLoadedFilesChecked(
    _ result: ValidationResult, failure: DiagnosticCode,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let codes = result.diagnostics.map(\.code)
    // The failing include, and everything the loaded files allow: a duplicate member, a
    // duplicate module between the root and the include, a route conflict across them, a
    // malformed pattern, a route parameter the module does not declare, dictionaries keyed by
    // `Any` and by a declared protocol.
    for code in [
      failure, .duplicateMember, .duplicateModule, .routeConflict, .invalidRoutePattern,
      .unknownRouteParameter, .unhashableKey,
    ] {
      #expect(codes.contains(code), "\(code) missing from \(codes)", sourceLocation: sourceLocation)
    }
    #expect(
      result.diagnostics.filter { $0.code == .unhashableKey }.map(\.location.line) == [7, 8],
      "a key the missing file could declare as a protocol is not reported", sourceLocation: sourceLocation)
    // What the missing file could declare is not called unknown or unused.
    // Nor is a type one edit from a declared protocol ('Pp'): the missing file may declare it.
    for code in [
      DiagnosticCode.unknownProtocol, .unsatisfiedRequirement, .unusedProtocol, .unreachableModule,
      .nearMissType,
    ] {
      #expect(!codes.contains(code), "\(code) reported", sourceLocation: sourceLocation)
    }
    #expect(result.heldBack == HeldBackCheck.allCases, sourceLocation: sourceLocation)
    #expect(result.graph == nil, sourceLocation: sourceLocation)
    #expect(result.report.heldBack.map(\.checks) == [HeldBackCheck.allCases], sourceLocation: sourceLocation)
  }

  @Test func aMissingInclude() throws {
    let scratch = try ScratchDirectory("incomplete")
    defer { scratch.remove() }
    Self.expectLoadedFilesChecked(
      try Self.manifest(failing: "missing.yaml", in: scratch), failure: .includeNotFound)
  }

  @Test func anIncludeOutsideTheRoot() throws {
    let scratch = try ScratchDirectory("incomplete")
    defer { scratch.remove() }
    Self.expectLoadedFilesChecked(
      try Self.manifest(failing: "../outside.yaml", in: scratch), failure: .includeOutsideRoot)
  }

  @Test func anIncludeThatIsNotYAML() throws {
    let scratch = try ScratchDirectory("incomplete")
    defer { scratch.remove() }
    try scratch.write("modules: [unclosed\n", to: "root/broken.yaml")
    Self.expectLoadedFilesChecked(
      try Self.manifest(failing: "broken.yaml", in: scratch), failure: .yamlSyntax)
  }

  @Test func anIncludeThatIsNotARegularFile() throws {
    let scratch = try ScratchDirectory("incomplete")
    defer { scratch.remove() }
    try scratch.write("", to: "root/.keep")
    try #require(mkfifo(scratch.path("root/pipe.yaml"), 0o600) == 0)
    Self.expectLoadedFilesChecked(
      try Self.manifest(failing: "pipe.yaml", in: scratch), failure: .fileUnreadable)
  }

  /// An included file whose root is a list or a scalar is YAML, but what it declares cannot be
  /// read: the checks it could change wait, as for a file that is not YAML.
  @Test(arguments: ["- modules: {}\n", "modules\n"])
  func anIncludeWhoseRootIsNotAMapping(_ text: String) throws {
    let scratch = try ScratchDirectory("incomplete")
    defer { scratch.remove() }
    try scratch.write(text, to: "root/list.yaml")
    Self.expectLoadedFilesChecked(
      try Self.manifest(failing: "list.yaml", in: scratch), failure: .rootNotMapping)
  }

  /// SPEC §3 holds back references, resolution and unused parts; an adapter's problems that the
  /// loaded files decide are reported, those the missing file could change are not.
  @Test func adaptersAreCheckedAsFarAsTheLoadedFilesDecide() throws {
    let scratch = try ScratchDirectory("incomplete-adapters")
    defer { scratch.remove() }
    try scratch.write(
      """
      routecfg: 1
      include: [gone.yaml]
      protocols:
        Req: |
          var m: Int { get set }
          var s: String { get }
          var peer: Other? { get }
          var d: ReqDelegate? { get set }
          func run()
          var x: Int { get }
        Prov: |
          let n: Int
          var s: Int { get }
          var peer: Unknown? { get }
          var d: ProvDelegate? { get set }
          func run() throws
        ReqDelegate: "func done()"
        ProvDelegate: "func finished()"
        Wide:
          inherits: [FromMissing]
          members: "var a: Int { get set }"
        Narrow: "var b: Int { get set }"
      modules:
        Provider: {kind: service, provides: [Prov, Narrow]}
        User: {kind: view, requires: [Req, Wide], routes: [/u]}
      adapters:
        - adapt: Req
          to: Prov
          map: {m: n, q: n, run: run()}
        - {adapt: Wide, to: Narrow, map: {a: b, c: b}}
      """, to: "root.yaml")
    let result = try RouteCfg.validate(path: scratch.path("root.yaml"))
    let reported = result.diagnostics.map { "\($0.code.rawValue) \($0.location.line)" }
    // Decided by the loaded files: 's' and 'x' are unmapped ('Prov.s' is an Int where a String is
    // needed) (RC0602), 'm' is settable but 'n' read-only (RC0605), 'q' is no member of Req
    // (RC0601), 'run()' does not throw but its target does (RC0609).
    #expect(reported == ["RC0301 2", "RC0602 27", "RC0605 29", "RC0601 29", "RC0609 29"])
    // Not decided: 'peer' (Other and Unknown could be protocols the missing file joins), 'd' (the
    // missing file could declare the adapter between the delegates), and the adapter from Wide,
    // which inherits a protocol only the missing file could declare ('c' is not reported).
    let codes = Set(result.diagnostics.map(\.code))
    #expect(!codes.contains(.missingAdapter))
    #expect(!result.diagnostics.contains { $0.message.contains("'c'") })
    #expect(!result.diagnostics.contains { $0.message.contains("peer") })
    #expect(result.heldBack == [.references, .resolution, .unusedParts])
  }

  @Test func aKeyPathThroughATypeTheMissingFileCouldDeclareIsNotReported() throws {
    let scratch = try ScratchDirectory("incomplete-keypath")
    defer { scratch.remove() }
    try scratch.write(
      """
      routecfg: 1
      include: [gone.yaml]
      protocols:
        Req: "var noteId: Int { get }"
        Prov: "var inner: Inner? { get }"
      modules:
        P: {kind: service, provides: [Prov]}
        U: {kind: view, requires: [Req], routes: [/u]}
      adapters:
        - {adapt: Req, to: Prov, map: {noteId: inner.noteId}}
        - {adapt: Prov, to: Req, map: {inner: noteId.value}}
      """, to: "root.yaml")
    let result = try RouteCfg.validate(path: scratch.path("root.yaml"))
    // 'Inner' may be a protocol of the missing file; 'Int' never is.
    #expect(result.diagnostics.map(\.code) == [.includeNotFound, .invalidKeyPath])
    #expect(result.diagnostics.last?.message.contains("'noteId.value'") == true)
  }

  /// A path that names nothing gets the file it likely means, a component at a time, with a fix.
  @Test func aMisspeltIncludeGetsTheFileItLikelyMeans() throws {
    let scratch = try ScratchDirectory("include-typo")
    defer { scratch.remove() }
    try scratch.write("modules:\n  P: {kind: view, routes: [/p]}\n", to: "root/Payments/payments.yaml")
    try scratch.write("modules:\n  O: {kind: view, routes: [/o]}\n", to: "outside/x.yaml")
    // Never a file outside the root directory, nor the including file itself (a cycle).
    try scratch.write(
      "routecfg: 1\ninclude: [Payment/payments.yaml, Payments/paymnts.yaml, nothing/x.yaml, ../outsid/x.yaml, "
        + "ap.yaml]\n", to: "root/app.yaml")
    let result = try RouteCfg.validate(path: scratch.path("root/app.yaml"))
    let messages = result.diagnostics.map(\.message)
    #expect(messages.count == 5, "\(messages)")
    #expect(messages[0].hasSuffix("; did you mean 'Payments/payments.yaml'?"), "\(messages)")
    #expect(messages[1].hasSuffix("; did you mean 'Payments/payments.yaml'?"), "\(messages)")
    #expect(messages[2...].allSatisfy { !$0.contains("did you mean") }, "\(messages)")
    #expect(result.diagnostics[0].fixIts.first?.replacement == "Payments/payments.yaml")
  }

  /// Never a file another entry of the same list names (even a later one: the fix would repeat
  /// it), and a shared extension does not make a name a typo of another (`nope.yaml`, `ap.yaml`).
  @Test func anIncludeSuggestionNamesNoListedFileAndComparesNamesWithoutTheirExtension() throws {
    let scratch = try ScratchDirectory("include-typo-listed")
    defer { scratch.remove() }
    for name in ["ap.yaml", "store.yaml", "zeta.yaml", "login.yml"] {
      try scratch.write("protocols: {}\n", to: "root/\(name)")
    }
    try scratch.write(
      "routecfg: 1\ninclude: [stor.yaml, nope.yaml, ./store.yaml, zeta.ymal, login.yaml]\n",
      to: "root/app.yaml")
    let result = try RouteCfg.validate(path: scratch.path("root/app.yaml"))
    let messages = result.diagnostics.map(\.message)
    #expect(messages.count == 4, "\(messages)")
    #expect(messages[0].hasPrefix("cannot find included file 'stor.yaml'"), "\(messages)")
    #expect(!messages[0].contains("did you mean"), "\(messages)")
    #expect(messages[1].hasPrefix("cannot find included file 'nope.yaml'"), "\(messages)")
    #expect(!messages[1].contains("did you mean"), "\(messages)")
    #expect(messages[2].hasSuffix("; did you mean 'zeta.yaml'?"), "\(messages)")
    // A typo in the extension: no entry shares it, so names are compared whole.
    #expect(messages[3].hasSuffix("; did you mean 'login.yml'?"), "\(messages)")
  }

  @Test func aVariantDoesNotHideWhyTheManifestIsIncomplete() throws {
    let scratch = try ScratchDirectory("variant")
    defer { scratch.remove() }
    // The root itself is missing: it declares no variants, and the answer is still the file.
    let missing = try RouteCfg.validate(path: scratch.path("missing.yaml"), variant: "macOS")
    #expect(missing.diagnostics.map(\.code) == [.fileUnreadable])
    try scratch.write(
      "routecfg: 1\ninclude: [gone.yaml]\nvariants:\n  macOS: {bindings: {}}\nmodules:\n  Home: {kind: view, routes: [/]}\n",
      to: "root.yaml")
    let included = try RouteCfg.validate(path: scratch.path("root.yaml"), variant: "macOS")
    #expect(included.diagnostics.map(\.code) == [.includeNotFound])
    // Variants belong to the root, which was read: a missing include cannot declare 'typo'.
    #expect(throws: UnknownVariantError(name: "typo", available: ["macOS"])) {
      try RouteCfg.validate(path: scratch.path("root.yaml"), variant: "typo")
    }
  }

  /// A root manifest that is a list or a scalar, like one that is not YAML, is incomplete: the
  /// summary says what was not checked, as it does when the same file is included.
  @Test(arguments: ["- routecfg: 1\n", "routecfg\n"])
  func aRootThatIsNoMappingHoldsTheChecksBack(text: String) throws {
    let result = try RouteCfg.validate(yaml: text, path: "root.yaml")
    #expect(result.diagnostics.map(\.code) == [.rootNotMapping])
    #expect(result.heldBack == [.references, .resolution, .unusedParts])
    // An empty file holds nothing unknown.
    #expect(try RouteCfg.validate(yaml: "", path: "root.yaml").heldBack.isEmpty)
  }

  @Test func aCycleLosesNoFileSoEverythingIsChecked() throws {
    let scratch = try ScratchDirectory("cycle")
    defer { scratch.remove() }
    try scratch.write(
      "routecfg: 1\ninclude: [a.yaml]\nmodules:\n  Home: {kind: view, requires: [Nowhere], routes: [/]}\n",
      to: "root.yaml")
    try scratch.write("include: [root.yaml]\n", to: "a.yaml")
    let result = try RouteCfg.validate(path: scratch.path("root.yaml"))
    #expect(result.diagnostics.map(\.code) == [.unknownProtocol, .includeCycle])
    #expect(result.heldBack.isEmpty)
  }

  @Test func aDuplicateModuleAcrossALoadedIncludeIsReportedAtTheEndOfALongChain() throws {
    let scratch = try ScratchDirectory("chain")
    defer { scratch.remove() }
    try scratch.write(
      "routecfg: 1\ninclude: [c0.yaml]\nmodules:\n  Home: {kind: view, routes: [/]}\n", to: "root.yaml")
    for index in 0..<1_000 {
      let next = index + 1 < 1_000 ? "c\(index + 1).yaml" : "missing.yaml"
      try scratch.write(
        "include: [\(next)]\nmodules:\n  M\(index): {kind: view, routes: [/m\(index)]}\n",
        to: "c\(index).yaml")
    }
    try scratch.write(
      "include: [c1.yaml]\nmodules:\n  Home: {kind: view, routes: [/again]}\n", to: "c999.yaml")
    let result = try RouteCfg.validate(path: scratch.path("root.yaml"))
    // c999 includes c1, which is being loaded: a cycle loses no file, so nothing is held back.
    #expect(result.diagnostics.map(\.code) == [.includeCycle, .duplicateModule])
    #expect(result.heldBack.isEmpty)
    try scratch.write(
      "include: [missing.yaml]\nmodules:\n  Home: {kind: view, routes: [/again]}\n", to: "c999.yaml")
    let incomplete = try RouteCfg.validate(path: scratch.path("root.yaml"))
    #expect(incomplete.diagnostics.map(\.code) == [.includeNotFound, .duplicateModule])
    #expect(incomplete.manifest.files.files.count == 1_001)
    #expect(!incomplete.heldBack.isEmpty)
  }

  @Test func anIncludeEntryThatCannotBeReadHoldsBackWhatItsFilesCouldDeclare() throws {
    let scratch = try ScratchDirectory("incomplete")
    defer { scratch.remove() }
    Self.expectLoadedFilesChecked(
      try Self.manifest(failing: "{file: missing.yaml}", in: scratch), failure: .wrongShape)
  }

  @Test(arguments: ["[~]", "\"\"", "{}", "[[]]", "[{}]", "~"])
  func anEmptyIncludeNamesNoFileSoNothingIsHeldBack(_ value: String) throws {
    let result = ManifestLoader().load(
      yaml: "routecfg: 1\ninclude: \(value)\nmodules: {Home: {kind: view, routes: [/]}}\n",
      path: "/nonexistent/root.yaml")
    #expect(!result.diagnostics.isEmpty, "\(value)")
    #expect(!result.isIncomplete, "\(value)")
  }

  @Test func anEmptyIncludedFileIsToldToDeclareSomethingNotToStartWithTheVersion() throws {
    let scratch = try ScratchDirectory("incomplete")
    defer { scratch.remove() }
    try scratch.write(
      "routecfg: 1\ninclude: [empty.yaml]\nmodules: {Home: {kind: view, routes: [/]}}\n", to: "root.yaml")
    try scratch.write("", to: "empty.yaml")
    let result = try RouteCfg.validate(path: scratch.path("root.yaml"))
    #expect(result.diagnostics.map(\.code) == [.rootNotMapping])
    #expect(
      result.diagnostics.first?.message
        == "the included file is empty; declare its 'protocols', 'modules', 'adapters', 'bindings' or "
        + "'include', or remove it from 'include'")
    #expect(result.heldBack.isEmpty)
  }
}
