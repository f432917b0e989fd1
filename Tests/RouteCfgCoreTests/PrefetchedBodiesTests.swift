import RouteCfgSynthetic
import Testing

@testable import RouteCfgCore

/// While libyaml parses a large file on its own thread, the thread that builds the tree parses
/// protocol bodies as they are read; the decoder then takes them instead of parsing again.
@Suite("Protocol bodies parsed while reading")
struct PrefetchedBodiesTests {
  static let manifest = """
    routecfg: 1
    protocols:
      Direct: |
        var title: String { get }
        func broken(
      Nested:
        inherits: [Direct]
        members: "func reload(force: Bool) -> Bool"
      Empty: ""
      Marker:
      Listed: [a, b]
    modules:
      Screen:
        kind: view
        provides: [Nested]
        routes: ["/screen"]
    """

  static func read(_ text: String, prefetches: Bool) -> YAMLReadResult {
    YAMLReader.read(
      Array(text.utf8), file: SourceFileID(0), limits: .standard, maxDiagnostics: DiagnosticBag.defaultLimit,
      threads: .always, prefetchesBodies: prefetches)
  }

  static func decode(_ read: YAMLReadResult) throws -> (ManifestFragment, [Diagnostic]) {
    var decoder = ManifestDecoder(
      document: try #require(read.document), isRoot: true, threads: .never, prefetched: read.bodies)
    let fragment = decoder.decode()
    return (fragment, decoder.reader.diagnostics.finished().diagnostics)
  }

  @Test("the bodies of protocols, direct or under 'members', are parsed while reading, and nothing else")
  func bodiesAreFound() throws {
    let read = Self.read(Self.manifest, prefetches: true)
    let bodies = try #require(read.bodies)
    let document = try #require(read.document)
    let parsed = bodies.bodies.keys.map { document[YAMLNodeID(index: $0)].value }.sorted()
    #expect(
      parsed == ["", "", "func reload(force: Bool) -> Bool", "var title: String { get }\nfunc broken(\n"])
    #expect(Self.read(Self.manifest, prefetches: false).bodies == nil)
  }

  @Test("bodies parsed while reading decode exactly as bodies parsed by the decoder")
  func sameOutcome() throws {
    let texts = [
      Self.manifest, SyntheticManifest.yaml(moduleCount: 40),
      ThreadedValidationTests.spreadProblems(count: 30),
    ]
    for text in texts {
      let (prefetched, prefetchedDiagnostics) = try Self.decode(Self.read(text, prefetches: true))
      let (parsed, parsedDiagnostics) = try Self.decode(Self.read(text, prefetches: false))
      // The declarations are not Equatable; their full descriptions hold every field.
      #expect(String(reflecting: prefetched) == String(reflecting: parsed))
      #expect(prefetchedDiagnostics == parsedDiagnostics)
    }
    let (_, diagnostics) = try Self.decode(Self.read(Self.manifest, prefetches: true))
    #expect(diagnostics.contains { $0.code == .memberSyntax && $0.location.start.line == 5 })
  }
}
