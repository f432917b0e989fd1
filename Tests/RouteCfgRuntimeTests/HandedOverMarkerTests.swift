import RouteCfgCore
import Testing

@testable import RouteCfgRuntime

/// A marker protocol (no members) handed across an adapter as a value: the caller's object needs
/// no member table, reaches the provider as the provided marker's proxy, and reads back as
/// itself.
@Suite("A marker protocol handed across an adapter")
@MainActor
struct HandedOverMarkerTests {
  static let yaml = """
    routecfg: 1
    protocols:
      ProvidedTag: ""
      RequiredTag: ""
      ProvidedShelf: |
        var tag: ProvidedTag? { get set }
        func keep(_ tag: ProvidedTag) -> Int
      RequiredShelf: |
        var tag: RequiredTag? { get set }
        func keep(_ tag: RequiredTag) -> Int
    modules:
      Shelf: {kind: view, provides: [ProvidedShelf], routes: [/shelf]}
      Host: {kind: view, requires: [RequiredShelf], routes: [/host]}
    adapters:
      - {adapt: RequiredShelf, to: ProvidedShelf}
      - {adapt: RequiredTag, to: ProvidedTag}
    """

  func shelf() throws -> (destination: Destination, shelf: TagShelf) {
    let manifest = try RouteCfg.validate(yaml: Self.yaml, path: "shelf.yaml")
    #expect(manifest.diagnostics.isEmpty, "\(manifest.diagnostics)")
    var registrations = Registrations()
    registrations.view("Shelf", TagShelf.self) { _ in TagShelf() }
    registrations.view("Host", TagShelf.self) { _ in TagShelf() }
    registrations.members(of: TagShelf.self) { table in
      table.property("tag", \.tag)
      table.method("keep(_:)") { (shelf, tag: any ProvidedTag) in shelf.keep(tag) }
    }
    registrations.proxy(for: "ProvidedTag") { ProvidedTagProxy($0) }
    // `tag` is read back too: a provider's own tag crosses the other way.
    registrations.proxy(for: "RequiredTag") { RequiredTagProxy($0) }
    let destination = try Registry(manifest, registrations: registrations).destination(for: "RequiredShelf")
    return (destination, try #require(destination.object as? TagShelf))
  }

  @Test func aCallersObjectCrossesAsTheProvidedMarkersProxyAndReadsBackAsItself() throws {
    let (destination, shelf) = try shelf()
    // An object of a class no member table names: a marker asks for none.
    let sticker = Sticker()
    try destination.set("tag", to: sticker)
    let held = try #require(shelf.tag)
    #expect(held is ProvidedTagProxy, "the provider holds the provided marker, not the caller's object")
    #expect(try destination.get("tag") as AnyObject === sticker)
    #expect(try destination.call("keep(_:)", [sticker]) as? Int == 1)
    #expect(shelf.kept.first === held, "the same caller object gets the same proxy")
    try destination.set("tag", to: nil)
    #expect(shelf.tag == nil)
  }

  @Test func aProvidersOwnMarkerReadsAsTheRequiredMarkersProxy() throws {
    let (destination, shelf) = try shelf()
    let own = OwnTag()
    shelf.tag = own
    let read = try destination.get("tag")
    let proxy = try #require(read as? RequiredTagProxy, "\(String(describing: read))")
    #expect(ObjectIdentifier(proxy.members.object) == ObjectIdentifier(own))
    #expect(try destination.get("tag") as AnyObject === proxy, "one proxy per provider object")
  }
}

@MainActor
protocol ProvidedTag: AnyObject {}

final class ProvidedTagProxy: DynamicProtocolProxy, ProvidedTag {}

@MainActor
protocol RequiredTag: AnyObject {}

final class RequiredTagProxy: DynamicProtocolProxy, RequiredTag {}

@MainActor
final class TagShelf {
  var tag: (any ProvidedTag)?
  var kept: [any ProvidedTag] = []

  func keep(_ tag: any ProvidedTag) -> Int {
    kept.append(tag)
    return kept.count
  }
}

@MainActor
final class Sticker {}

@MainActor
final class OwnTag: ProvidedTag {}
