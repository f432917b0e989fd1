import Testing

@testable import RouteCfgCodegen

/// The standard library's protocols and their metatypes are written as Swift 6 spells the same
/// types: compiling is not enough, since `(any Hashable.Type).Type` compiles too and is
/// `Hashable.Type.Protocol`, not `Hashable.Type.Type`.
@Suite("Generated standard protocol types")
struct StandardProtocolTypeTests {
  @Test(arguments: [
    ("Hashable", "any Hashable"),
    ("Hashable.Type", "any Hashable.Type"),
    ("Hashable.Type.Type", "any Hashable.Type.Type"),
    ("Hashable.Protocol", "(any Hashable).Type"),
    ("Hashable.Protocol.Type", "(any Hashable).Type.Type"),
    ("Hashable.Protocol?", "(any Hashable).Type?"),
    ("Hashable.Type.Type?", "(any Hashable.Type.Type)?"),
    ("[Swift.Equatable.Type]", "[any Swift.Equatable.Type]"),
  ])
  func spelledAsSwift6Does(written: String, generated: String) throws {
    let files = try Generation.files(
      yaml: "routecfg: 1\nprotocols: {Box: 'var kind: \(written) { get }'}\n"
        + "modules: {M: {kind: service, provides: [Box]}}\n")
    let protocols = try #require(files.first { $0.name.hasSuffix("Protocols.swift") })
    #expect(protocols.contents.contains("  var kind: \(generated) { get }\n"), "\(protocols.contents)")
  }
}
