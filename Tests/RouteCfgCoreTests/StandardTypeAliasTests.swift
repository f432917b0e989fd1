import Testing

@testable import RouteCfgCore

/// A type alias of the standard library or Foundation (`TimeInterval`, `Float32`) is the type it
/// stands for when adapters pair members, unless the manifest declares a protocol of its name.
@Suite("Standard type aliases in adapters")
struct StandardTypeAliasTests {
  @Test func aDeclaredProtocolOfAnAliasNameIsThatProtocol() throws {
    let result = try RouteCfg.validate(
      yaml: """
        routecfg: 1
        protocols:
          Prov: |
            var level: Float { get set }
            var gain: Float { get set }
          Req: |
            var level: Float32 { get set }
            var gain: Swift.Float32 { get set }
          Float32: ""
        modules:
          P: {kind: view, provides: [Prov, Float32], routes: [/p]}
          R: {kind: view, requires: [Req], routes: [/r]}
        adapters:
          - {adapt: Req, to: Prov}
        """, path: "m.yaml")
    let unmapped = result.diagnostics.filter { $0.code == .unmappedMembers }
    #expect(unmapped.count == 1, "\(result.diagnostics)")
    #expect(unmapped.first?.message.contains("unmapped: 'level';") == true, "\(unmapped)")
  }

  /// Two names each written with a module are two modules' types unless one is an alias:
  /// `Swift.Data` is not `Foundation.Data`, where `Swift.Float64` is `Swift.Double`.
  @Test func twoQualifiedNamesAreTheSameTypeOnlyThroughAnAlias() throws {
    let result = try RouteCfg.validate(
      yaml: """
        routecfg: 1
        protocols:
          Prov: |
            var blob: Foundation.Data { get set }
            var ratio: Swift.Double { get set }
          Req: |
            var blob: Swift.Data { get set }
            var ratio: Swift.Float64 { get set }
        modules:
          P: {kind: view, provides: [Prov], routes: [/p]}
          R: {kind: view, requires: [Req], routes: [/r]}
        adapters:
          - {adapt: Req, to: Prov}
        """, path: "m.yaml")
    let unmapped = result.diagnostics.filter { $0.code == .unmappedMembers }
    #expect(unmapped.count == 1, "\(result.diagnostics)")
    #expect(unmapped.first?.message.contains("unmapped: 'blob';") == true, "\(unmapped)")
  }
}
