import Foundation
import Testing

/// RC1006: a service whose generated factory or dependencies end up on the main actor, which
/// SPEC §6 leads a reader to expect of views only, is told so by `generate`, with why.
extension GenerateCommandTests {
  /// A service that hands out view objects through an adapter: its requirement's proxy wraps
  /// them, so the requirement, and its make method in the service's dependencies, are
  /// `@MainActor`, which the service's nonisolated factory cannot call.
  static let serviceHandingOutViews = """
    routecfg: 1
    app: Screens
    protocols:
      PView: |
        var title: String { get set }
      RView: |
        var name: String { get set }
      PSvc: |
        func make() -> PView
      RSvc: |
        func make() -> RView
    modules:
      Screen: {kind: view, provides: [PView], routes: [/s]}
      Svc: {kind: service, provides: [PSvc]}
      Client: {kind: service, requires: [RSvc], routes: [/c]}
      Home: {kind: view, requires: [PSvc], routes: [/]}
      Tracker: {kind: service, requires: [PView]}
    adapters:
      - {adapt: RView, to: PView, map: {name: title}}
      - {adapt: RSvc, to: PSvc}

    """

  @Test func aServiceWhoseDependencyIsPutOnTheMainActorIsRC1006() throws {
    let output = try OutputDirectory()
    let manifest = output.path + "-Screens.yaml"
    defer { try? FileManager.default.removeItem(atPath: manifest) }
    try Self.serviceHandingOutViews.write(toFile: manifest, atomically: true, encoding: .utf8)
    let name = manifest
    let result = try Routecfg.run(["generate", manifest, "--output", output.path])
    #expect(result.status == 0, "\(result.standardError)")
    let warning: String = [
      "\(name):15:3: warning: 'Client' is a service, but 'makeRSvc()' of 'ClientDependencies' is @MainActor in ",
      "generated code, so its factory can make 'RSvc' only on the main actor (the notes say why it is there); ",
      "call it there ('await MainActor.run { ... }'), or keep values of views' protocols out of 'RSvc' [RC1006]\n",
      "\(name):20:5: note: 'RSvc' is on the main actor because the proxy of the adapter from 'RSvc' to 'PSvc' ",
      "hands on values of 'PView', a main-actor protocol, through another adapter\n",
      "\(name):13:3: note: 'PView' is on the main actor because 'Screen', a view, provides it\n",
    ].joined()
    #expect(result.standardError.contains(warning), "\(result.standardError)")
    // Once: 'Svc' provides no main-actor protocol, 'Home' is a view, and what 'Tracker' requires a
    // view answers, whose make methods are main-actor anyway.
    #expect(result.standardError.components(separatedBy: "[RC1006]").count == 2)
    let registry = try String(contentsOfFile: output.file("ScreensRegistry.swift"), encoding: .utf8)
    #expect(registry.contains("@MainActor func makeRSvc()"))
    // The interface of the module says the same; another module's does not.
    let interface = try Routecfg.run(["generate", manifest, "--output", output.path, "--module", "Client"])
    #expect(interface.status == 0)
    #expect(interface.standardError.contains("[RC1006]"))
    let other = try Routecfg.run(["generate", manifest, "--output", output.path, "--module", "Svc"])
    #expect(!other.standardError.contains("[RC1006]"))
  }

  @Test func aServiceProvidingAMainActorProtocolIsRC1006() throws {
    let output = try OutputDirectory()
    let manifest = output.path + "-Inherited.yaml"
    defer { try? FileManager.default.removeItem(atPath: manifest) }
    try """
    routecfg: 1
    protocols:
      PView: |
        var title: String { get set }
      PChild:
        inherits: [PView]
        members: |
          func reload()
    modules:
      Screen: {kind: view, provides: [PView], routes: [/s]}
      Svc: {kind: service, provides: [PChild]}
    bindings: {PView: Screen}

    """.write(toFile: manifest, atomically: true, encoding: .utf8)
    let name = manifest
    let result = try Routecfg.run(["generate", manifest, "--output", output.path])
    #expect(result.status == 0, "\(result.standardError)")
    let warning: String = [
      "\(name):11:3: warning: 'Svc' is a service, but generated code makes its factory and the make methods of ",
      "what it provides @MainActor, since it provides 'PChild', a main-actor protocol (the notes say why); ",
      "make and use it on the main actor, or keep values of views' protocols out of what it provides [RC1006]\n",
      "\(name):5:3: note: 'PChild' is on the main actor because it inherits 'PView', a main-actor protocol\n",
      "\(name):10:3: note: 'PView' is on the main actor because 'Screen', a view, provides it\n",
    ].joined()
    #expect(result.standardError.contains(warning), "\(result.standardError)")
  }

  /// A service whose requirement is answered by a service with a main-actor factory gets a
  /// main-actor make method for it; a long chain of reasons is cut, and still ends at the view.
  @Test func aServiceAnsweredByAMainActorServiceIsRC1006AndLongChainsEndAtTheView() throws {
    let output = try OutputDirectory()
    let manifest = output.path + "-Chain.yaml"
    defer { try? FileManager.default.removeItem(atPath: manifest) }
    let chain = (1...8).map { "  X\($0): {inherits: [\($0 == 1 ? "PV" : "X\($0 - 1)")]}\n" }.joined()
    let text =
      "routecfg: 1\napp: Chain\nprotocols:\n  PV: \"var t: Int { get }\"\n  R: \"func ping()\"\n" + chain
      + "modules:\n  V: {kind: view, provides: [PV], routes: [/v]}\n  T: {kind: service, provides: [X8, R]}\n"
      + "  S: {kind: service, requires: [R], routes: [/s]}\nbindings: {PV: V}\n"
    try text.write(toFile: manifest, atomically: true, encoding: .utf8)
    let result = try Routecfg.run(["generate", manifest, "--output", output.path])
    #expect(result.status == 0, "\(result.standardError)")
    let answered: String = [
      "\(manifest):17:3: warning: 'S' is a service, but 'makeR()' of 'SDependencies' is @MainActor in generated ",
      "code, so its factory can make 'R' only on the main actor: 'T', which answers it, is a service whose ",
      "factory is @MainActor, since it provides 'X8', a main-actor protocol (the notes say why); call it there ",
      "('await MainActor.run { ... }'), or keep values of views' protocols out of what 'T' provides [RC1006]\n",
      "\(manifest):13:3: note: 'X8' is on the main actor because it inherits 'X7', a main-actor protocol\n",
    ].joined()
    #expect(result.standardError.contains(answered), "\(result.standardError)")
    // Five steps, then the view the chain starts from.
    let cut: String = [
      "\(manifest):9:3: note: 'X4' is on the main actor because it inherits 'X3', a main-actor protocol\n",
      "\(manifest):15:3: note: and 4 steps further back, 'PV' is on the main actor because 'V', a view, ",
      "provides it\n",
    ].joined()
    #expect(result.standardError.contains(cut), "\(result.standardError)")
    let registry = try String(contentsOfFile: output.file("ChainRegistry.swift"), encoding: .utf8)
    #expect(registry.contains("@MainActor func makeR()"))
  }

  /// The manifests of the repository keep services off the main actor: no RC1006.
  @Test func theExampleManifestsHaveNoMainActorService() throws {
    for manifest in ["manifests/NoteApp.yaml", "manifests/ShopApp/ShopApp.yaml"] {
      let output = try OutputDirectory()
      let result = try Routecfg.run(["generate", manifest, "--output", output.path])
      #expect(result.status == 0, "\(manifest): \(result.standardError)")
      #expect(!result.standardError.contains("RC1006"), "\(manifest): \(result.standardError)")
    }
  }
}
