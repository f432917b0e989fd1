import RouteCfgSynthetic
import Testing

@testable import RouteCfgCore

/// Loading and validating split their work over two threads: the protocols section is decoded
/// beside the rest of a file; resolution runs beside the adapters' map names and the references,
/// large waves of adapter checks in two halves, and the routes beside the unused-part warnings.
/// These tests hold every outcome to the one the calling thread alone produces, on every fixture
/// and on manifests large enough for every split, errors in both halves included.
@Suite("Threaded validation")
struct ThreadedValidationTests {
  /// What a run produces that a user or a consumer of the graph can see.
  struct Outcome: Equatable {
    var loadDiagnostics: [Diagnostic]
    var diagnostics: [Diagnostic]
    var omitted: OmittedDiagnostics
    var adapters: [String]
    var routes: [String]
    var providers: [String]
  }

  static func outcome(
    path: String, bytes: [UInt8]? = nil, threads: Bool, maxDiagnostics: Int? = DiagnosticBag.defaultLimit
  ) -> Outcome {
    var loader = ManifestLoader(maxDiagnostics: maxDiagnostics)
    loader.threads = threads ? .always : .never
    let loaded = bytes.map { loader.load(bytes: $0, path: path) } ?? loader.load(path: path)
    var validator = ManifestValidator(
      manifest: loaded.manifest, variant: nil, isIncomplete: loaded.isIncomplete,
      maxDiagnostics: maxDiagnostics, threads: threads ? .always : .never)
    let validated = validator.run()
    let graph = validated.graph
    let adapters = graph.adapters.map { adapter in
      "\(adapter.adapt)->\(adapter.to) forward \(adapter.forward) reverse \(adapter.reverse) "
        + "\(adapter.isUsedForward) \(adapter.isUsedInReverse) \(adapter.isCrossedForward) "
        + "\(adapter.isCrossedInReverse)"
    }
    let routes = graph.routes.map { "\($0.module) \($0.pattern) \($0.location)" }
    let providers = (graph.resolution(variant: nil)?.providers ?? [:]).map { "\($0.key): \($0.value)" }
      .sorted()
    return Outcome(
      loadDiagnostics: loaded.diagnostics, diagnostics: validated.diagnostics, omitted: validated.omitted,
      adapters: adapters, routes: routes, providers: providers)
  }

  /// `count` features. Feature `i` has a provided protocol `P{i}` with delegate `PD{i}` and a
  /// required protocol `R{i}` with delegate `RD{i}`, adapters `R{i}` → `P{i}` (used forward by
  /// resolution) and `RD{i}` → `PD{i}` (used in reverse when a delegate is set), and a module
  /// `M{i}` providing `P{i}` and requiring the next feature's `R`. Problems are spread over the
  /// features: every fifth adapter has a type mismatch, every seventh leaves a member unmapped,
  /// every eleventh delegate adapter maps an unknown member, every thirteenth route names an
  /// unknown parameter and every seventeenth feature declares a protocol nothing uses.
  static func spreadProblems(count: Int) -> String {
    var protocols: [String] = []
    var modules: [String] = []
    var adapters: [String] = []
    for i in 0..<count {
      protocols += [
        "  P\(i): |",
        "    var notifyString: String { get set }",
        "    var delegate: PD\(i)? { get set }",
        "    func reload(force: Bool) -> Bool",
        "  PD\(i): |",
        "    func didLogin(user: String)",
        "  R\(i): |",
        "    var message: \(i % 5 == 0 ? "Int" : "String") { get set }",
        "    var delegate: RD\(i)? { get set }",
        "    func reload(force: Bool) -> Bool",
      ]
      if i % 7 == 0 { protocols.append("    func extra()") }
      protocols += ["  RD\(i): |", "    func didFinishLogin(user: String)"]
      if i % 17 == 0 { protocols += ["  Unused\(i): |", "    var value: Int { get }"] }
      adapters += [
        "  - adapt: R\(i)", "    to: P\(i)", "    map:", "      message: notifyString",
        "  - adapt: RD\(i)", "    to: PD\(i)", "    map:",
        "      didFinishLogin: \(i % 11 == 0 ? "didLogn" : "didLogin")",
      ]
      modules += [
        "  M\(i):", "    kind: view", "    provides: [P\(i)]", "    requires: [R\((i + 1) % count)]",
        "    parameters:", "      id: Int", "    routes: [\"/m\(i)/:\(i % 13 == 0 ? "nope" : "id")\"]",
      ]
    }
    return
      (["routecfg: 1", "app: Spread", "protocols:"] + protocols + ["modules:"] + modules + ["adapters:"]
      + adapters).joined(separator: "\n") + "\n"
  }

  @Test("every fixture and example gives the same outcome with and without threads")
  func fixtures() {
    let roots = [FixturePaths.fixture("Rules"), FixturePaths.repository + "/manifests"]
    var compared = 0
    for root in roots {
      for relative in FixturePaths.files(under: root, withExtension: "yaml") {
        let path = root + "/" + relative
        #expect(
          Self.outcome(path: path, threads: true) == Self.outcome(path: path, threads: false),
          "\(relative)")
        compared += 1
      }
    }
    #expect(compared > 40)
  }

  @Test("large waves with problems in both halves", arguments: [nil, 25] as [Int?])
  func spreadProblemsAgree(maxDiagnostics: Int?) {
    let count = 300
    let bytes = Array(Self.spreadProblems(count: count).utf8)
    let sequential = Self.outcome(
      path: "spread.yaml", bytes: bytes, threads: false, maxDiagnostics: maxDiagnostics)
    // Threads finish in any order; the outcome must not depend on it.
    for _ in 0..<5 {
      let threaded = Self.outcome(
        path: "spread.yaml", bytes: bytes, threads: true, maxDiagnostics: maxDiagnostics)
      #expect(threaded == sequential)
    }
    guard maxDiagnostics == nil else {
      #expect(sequential.diagnostics.count == 25)
      #expect(sequential.omitted.total > 0)
      return
    }
    func found(_ code: DiagnosticCode) -> Int { sequential.diagnostics.count { $0.code == code } }
    #expect(found(.incompatibleTypes) == 60)
    // 43 `R` adapters leave `extra()` unmapped; the 28 delegate adapters whose map entry
    // misspells `didLogin` are read as meant, so it is not also without a counterpart in reverse.
    #expect(found(.unmappedMembers) == 43)
    #expect(found(.unknownAdapterMember) == 28)
    #expect(found(.unknownRouteParameter) == 24)
    #expect(found(.unboundParameter) == 24)
    #expect(found(.unusedProtocol) == 18)
    #expect(sequential.diagnostics.count == 60 + 43 + 28 + 48 + 18)
    // Every delegate adapter is put to use both ways by the `delegate` properties, in the second
    // wave (600 checks, split in two).
    #expect(sequential.adapters.count { $0.hasPrefix("RD") && $0.hasSuffix("true true true true") } == count)
  }

  @Test("a member written outside its body gives the same outcome wherever the protocols are split")
  func memberOutsideBodyAtEverySplit() {
    // The protocols are split between two threads near their middle; the stray member is put
    // after each protocol in turn, so that one run puts it first in the second thread's part.
    let count = 24
    for stray in 0..<count {
      var lines = ["routecfg: 1", "protocols:"]
      for i in 0..<count {
        lines += ["  P\(i): |", "    var value\(i): Int { get }"]
        if i == stray { lines.append("  var stray: Int") }
      }
      lines += [
        "modules:", "  M:", "    provides: [\((0..<count).map { "P\($0)" }.joined(separator: ", "))]",
      ]
      let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
      let threaded = Self.outcome(path: "stray.yaml", bytes: bytes, threads: true)
      #expect(threaded == Self.outcome(path: "stray.yaml", bytes: bytes, threads: false), "after P\(stray)")
      #expect(
        threaded.loadDiagnostics.contains { $0.message.contains("under 'P\(stray): |'") }, "after P\(stray)")
    }
  }

  @Test(
    "a stray line anywhere in a manifest gives the same outcome with and without threads",
    arguments: ["  var stray: Int", "  Feature0Input: |", "    func loose()", "  - adapt: X", "  Stray: 1"])
  func strayLineAnywhere(stray: String) {
    // Decoding and validation split their work near the middle of each part: a line put at
    // every place lands once at each split, where a check may need what the other thread read.
    let lines = SyntheticManifest.yaml(moduleCount: 8).split(
      separator: "\n", omittingEmptySubsequences: false)
    var differing: [Int] = []
    for position in 1..<lines.count {
      var written = lines.map(String.init)
      written.insert(stray, at: position)
      let bytes = Array(written.joined(separator: "\n").utf8)
      if Self.outcome(path: "stray.yaml", bytes: bytes, threads: true)
        != Self.outcome(path: "stray.yaml", bytes: bytes, threads: false)
      {
        differing.append(position + 1)
      }
    }
    #expect(differing.isEmpty, "lines where the stray line gives another outcome on two threads")
  }

  @Test("random valid manifests and scale shapes give the same outcome with and without threads")
  func generated() {
    var texts: [(String, String)] = []
    for seed in 1...4 as ClosedRange<UInt64> {
      var random = RandomManifest(seed: seed)
      texts.append(("random-\(seed).yaml", random.yaml(featureCount: 90)))
    }
    for shape in ScaleShape.allCases { texts.append(("\(shape.rawValue).yaml", shape.yaml(200))) }
    texts.append(("synthetic.yaml", SyntheticManifest.yaml(moduleCount: 150)))
    // Large enough for protocol bodies to be parsed while the file is read, malformed ones too.
    texts.append(("prepared.yaml", PreparedMembersTests.largeManifest()))
    for (path, text) in texts {
      let bytes = Array(text.utf8)
      #expect(
        Self.outcome(path: path, bytes: bytes, threads: true)
          == Self.outcome(path: path, bytes: bytes, threads: false), "\(path)")
    }
  }

  @Test("by default only large inputs are split: a small manifest stays on the calling thread")
  func onlyLargeInputsAreSplit() throws {
    func splits(_ text: String) throws -> (decoding: Bool, validation: Bool) {
      let read = YAMLReader.read(Array(text.utf8), file: SourceFileID(0))
      let document = try #require(read.document)
      let loaded = ManifestLoader().load(yaml: text)
      return (
        ThreadUse.forLargeInputs.splitsDecoding(document),
        ThreadUse.forLargeInputs.splitsValidation(loaded.manifest)
      )
    }
    let small = try splits(SyntheticManifest.yaml(moduleCount: 10))
    #expect(!small.decoding && !small.validation)
    let large = try splits(SyntheticManifest.yaml(moduleCount: 200))
    #expect(large.decoding && large.validation)
  }
}
