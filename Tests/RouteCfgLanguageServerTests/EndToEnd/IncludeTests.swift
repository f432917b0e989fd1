import Foundation
import RouteCfgCore
import Testing

@testable import RouteCfgLanguageServer

/// Manifests split with `include`: an included file opened alone is checked as part of its root
/// manifest, open buffers of included files win over their files on disk, and navigation crosses
/// files.
@Suite("routecfg lsp: includes")
struct IncludeTests {
  static let shop = LSPClient.repository + "/manifests/ShopApp"

  @Test("an included file opened alone is checked with its root: its references resolve")
  func includedFileAlone() throws {
    let path = Self.shop + "/Checkout/checkout.yaml"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let uri = LSPClient.uri(path)
    let client = try LSPClient()
    try client.initialize(root: LSPClient.repository)
    client.open(uri, text: text)
    #expect(
      try client.diagnostics(for: uri).isEmpty, "SessionService and AnalyticsService come from other files")
    // Go to definition crosses into the file that declares the protocol.
    let (line, character) = TextFinder(text).position(of: "SessionService", offset: 2)
    let definition = try client.result("textDocument/definition", LSPClient.at(uri, line, character))
    let location = try #require(definition.arrayValue?.first)
    #expect(location["uri"]?.stringValue == LSPClient.uri(Self.shop + "/Shared/services.yaml"))
    let services = try String(contentsOfFile: Self.shop + "/Shared/services.yaml", encoding: .utf8)
    let declared = TextFinder(services).position(of: "SessionService:")
    #expect(
      location["range"]?["start"] == LSPPosition(line: declared.line, character: declared.character).json)
    // Hover on a protocol declared in another file shows its members.
    let hover = try client.result("textDocument/hover", LSPClient.at(uri, line, character))
    #expect(hover["contents"]?["value"]?.stringValue?.contains("protocol SessionService") == true)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("a file opened through a path with '..' finds its root, whose diagnostics come under its plain URI")
  func openedThroughDotDot() throws {
    let scratch = try ScratchDirectory()
    _ = try scratch.write(
      "root.yaml",
      "routecfg: 1\ninclude: [sub/part.yaml]\nextra: 1\nmodules:\n  M: {kind: view, routes: [/m]}\n")
    let part =
      "protocols:\n  P: \"var a: Int { get }\"\nmodules:\n  N: {kind: view, provides: [P], routes: [/n]}\n"
    _ = try scratch.write("sub/part.yaml", part)
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(root: scratch.path)
    let uri = scratch.uri("sub/../sub/part.yaml")
    client.open(uri, text: part)
    let rootDiagnostics = try client.diagnostics(for: scratch.uri("root.yaml"))
    #expect(rootDiagnostics.map { $0["code"]?.stringValue } == ["RC0201"])
    // The opened file's own diagnostics come under the URI the editor opened it by.
    let published = client.pending().compactMap { $0["params"]?["uri"]?.stringValue }.filter { $0 != uri }
    #expect(!published.contains { $0.contains("/../") }, "\(published)")
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("files opened by 'file:/path' URIs (no authority, as Eclipse writes them) are one manifest")
  func fileURIsWithoutAuthority() throws {
    let scratch = try ScratchDirectory()
    let root = "routecfg: 1\ninclude: [part.yaml]\nmodules:\n  M: {kind: view, requires: [P], routes: [/m]}\n"
    _ = try scratch.write("root.yaml", root)
    _ = try scratch.write("part.yaml", "protocols:\n  P: \"var a: Int { get }\"\n")
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(root: scratch.path)
    let rootURI = "file:" + scratch.path + "/root.yaml"
    let partURI = "file:" + scratch.path + "/part.yaml"
    client.open(rootURI, text: root)
    // The buffer, not the file on disk, declares a module providing P under another name.
    let part =
      "protocols:\n  P: \"var a: Int { get }\"\nmodules:\n  N: {kind: view, provides: [Q], routes: [/n]}\n"
    client.open(partURI, text: part)
    let diagnostics = try client.diagnostics(for: partURI, version: 1)
    #expect(diagnostics.map { $0["code"]?.stringValue } == ["RC0503"], "\(diagnostics)")
    let (line, character) = TextFinder(part).position(of: "P:")
    let hover = try client.result("textDocument/hover", LSPClient.at(partURI, line, character))
    #expect(hover["contents"]?["value"]?.stringValue?.contains("protocol P") == true, "\(hover)")
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("hover on an include entry names the file by its normalised path, or says it could not be read")
  func hoverOnIncludeEntries() throws {
    let scratch = try ScratchDirectory()
    try scratch.write("a.yaml", "protocols: {A: \"\"}\n")
    try scratch.write("sub/b.yaml", "protocols: {B: \"\"}\n")
    // A file that is there but outside the root (the repository's), which the root refuses.
    let outsidePath = LSPClient.repository + "/manifests/LoginDemo.yaml"
    let text = "routecfg: 1\ninclude:\n  - sub\n  - ./a.yaml\n  - Nope/../missing.yaml\n  - \(outsidePath)\n"
    try scratch.write("root.yaml", text)
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(root: scratch.path)
    let root = scratch.uri("root.yaml")
    client.open(root, text: text)
    _ = try client.diagnostics(for: root)
    let directory = try client.result("textDocument/hover", LSPClient.at(root, 2, 5))
    #expect(directory["contents"]?["value"]?.stringValue == "`\(scratch.path)/sub` could not be read")
    let file = try client.result("textDocument/hover", LSPClient.at(root, 3, 6))
    #expect(file["contents"]?["value"]?.stringValue == "included file `\(scratch.path)/a.yaml`")
    // A missing file, which its RC0301 reports, over the whole entry.
    let missing = try client.result("textDocument/hover", LSPClient.at(root, 4, 10))
    #expect(missing["contents"]?["value"]?.stringValue == "`\(scratch.path)/missing.yaml` could not be read")
    let entry = LSPRange(start: LSPPosition(line: 4, character: 4), end: LSPPosition(line: 4, character: 24))
    #expect(missing["range"] == entry.json)
    // A file that is there, refused because it is outside the root.
    let outside = try client.result("textDocument/hover", LSPClient.at(root, 5, 8))
    #expect(
      outside["contents"]?["value"]?.stringValue
        == "`\(outsidePath)` is not included (its diagnostic says why)")
    #expect(try client.shutdownAndExit() == 0)
  }

  /// Writes `files` (path and text) in a scratch directory, opens the file at `child` alone,
  /// and expects it checked with `root.yaml`, which declares `P`: no diagnostics, and `P`'s
  /// definition from its `[P]` there.
  private static func expectOpenedAloneFindsRoot(_ files: [(String, String)], child path: String) throws {
    let scratch = try ScratchDirectory()
    for (name, text) in files { try scratch.write(name, text) }
    let childText = try #require(files.first { $0.0 == path }?.1)
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(options: .object([("validationDelay", .int(0))]), root: scratch.path)
    let child = scratch.uri(path)
    client.open(child, text: childText)
    #expect(try client.diagnostics(for: child).isEmpty, "P is declared in root.yaml")
    let (line, character) = TextFinder(childText).position(of: "[P]", offset: 1)
    let definition = try client.result("textDocument/definition", LSPClient.at(child, line, character))
    #expect(definition.arrayValue?.first?["uri"]?.stringValue == scratch.uri("root.yaml"), "\(definition)")
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("a file whose root misspells 'include' is checked with that root, which reads the key as 'include'")
  func rootWithAMisspeltInclude() throws {
    try Self.expectOpenedAloneFindsRoot(
      [
        (
          "root.yaml",
          "routecfg: 1\nincldue: [child.yaml]\nprotocols:\n  P: \"func f()\"\nmodules:\n"
            + "  A: {kind: view, provides: [P], routes: [/a]}\n"
        ),
        ("child.yaml", "modules:\n  C: {kind: view, requires: [P], routes: [/c]}\n"),
      ], child: "child.yaml")
  }

  @Test("an included file opened alone finds a root on disk written after '---' as one flow mapping")
  func rootWrittenAfterDocumentStart() throws {
    try Self.expectOpenedAloneFindsRoot(
      [
        (
          "root.yaml",
          "# the app\n--- {routecfg: 1, include: [child.yaml],\n  protocols: {P: \"func f()\"},\n"
            + "  modules: {A: {kind: view, provides: [P], routes: [/a]}}}\n"
        ),
        ("child.yaml", "modules:\n  C: {kind: view, requires: [P], routes: [/c]}\n"),
      ], child: "child.yaml")
  }

  @Test("an include entry that names a file loaded before it, or closes a cycle, leads to that file")
  func repeatedAndCyclicEntriesNameTheirFiles() throws {
    let scratch = try ScratchDirectory()
    // The root names b.yaml after a.yaml has loaded it (RC0304); a.yaml names the root (RC0303).
    let rootText = "routecfg: 1\ninclude: [a.yaml, b.yaml, a.yaml]\n"
    try scratch.write("root.yaml", rootText)
    let aText = "include: [b.yaml, root.yaml]\n"
    try scratch.write("a.yaml", aText)
    try scratch.write("b.yaml", "protocols: {B: \"\"}\n")
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(options: .object([("validationDelay", .int(0))]), root: scratch.path)
    let (root, a) = (scratch.uri("root.yaml"), scratch.uri("a.yaml"))
    client.open(root, text: rootText)
    client.open(a, text: aText)
    _ = try client.diagnostics(for: root)
    for (uri, line, character, file) in [
      (root, 1, 19, "b.yaml"), (root, 1, 27, "a.yaml"), (a, 0, 19, "root.yaml"),
    ] {
      let definition = try client.result("textDocument/definition", LSPClient.at(uri, line, character))
      #expect(
        definition.arrayValue?.first?["uri"]?.stringValue == scratch.uri(file), "\(file): \(definition)")
      let hover = try client.result("textDocument/hover", LSPClient.at(uri, line, character))
      #expect(
        hover["contents"]?["value"]?.stringValue == "included file `\(scratch.path)/\(file)`", "\(hover)")
    }
    #expect(try client.shutdownAndExit() == 0)
  }

  /// Two roots, `a.yaml` (which declares `P`) and `b.yaml` (which does not), that both include
  /// `shared.yaml`, whose module requires `P`: only b's check finds an error there. With a client.
  private struct TwoRoots {
    static let shared = "modules:\n  S: {kind: view, requires: [P], routes: [/s]}\n"
    static let a =
      "routecfg: 1\ninclude: [shared.yaml]\nprotocols:\n  P: \"func f()\"\nmodules:\n  A: {kind: view, provides: [P]}\n"
    static let b = "routecfg: 1\ninclude: [shared.yaml]\nmodules:\n  B: {kind: view, routes: [/b]}\n"
    let scratch: ScratchDirectory
    let client: LSPClient
    let (a, b, shared): (String, String, String)

    init() throws {
      scratch = try ScratchDirectory()
      for (name, text) in [("shared.yaml", Self.shared), ("a.yaml", Self.a), ("b.yaml", Self.b)] {
        try scratch.write(name, text)
      }
      (a, b, shared) = (scratch.uri("a.yaml"), scratch.uri("b.yaml"), scratch.uri("shared.yaml"))
      client = try LSPClient(directory: scratch.path)
      try client.initialize(options: .object([("validationDelay", .int(0))]), root: scratch.path)
    }
  }

  @Test("a file two open roots include shows what each root finds, whichever root was checked last")
  func fileIncludedByTwoRoots() throws {
    let roots = try TwoRoots()
    let client = roots.client
    client.open(roots.a, text: TwoRoots.a)
    #expect(try client.diagnostics(for: roots.shared).isEmpty)
    client.open(roots.b, text: TwoRoots.b)
    #expect(try client.diagnostics(for: roots.shared).compactMap { $0["code"]?.stringValue } == ["RC0503"])
    // Checking 'a' again keeps what 'b' found.
    client.change(roots.a, version: 2, [((0, 0, 0, 0), "# x\n")])
    #expect(try client.diagnostics(for: roots.a, version: 2).isEmpty)
    #expect(try client.diagnostics(for: roots.shared).compactMap { $0["code"]?.stringValue } == ["RC0503"])
    // Once 'b' is closed, only 'a' reads the file, and it finds nothing.
    client.close(roots.b)
    #expect(try client.diagnostics(for: roots.shared).isEmpty)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("fixing a shared file's error clears it: every root that reads the file checks it again")
  func fixingASharedFile() throws {
    let roots = try TwoRoots()
    let client = roots.client
    client.open(roots.a, text: TwoRoots.a)
    client.open(roots.b, text: TwoRoots.b)
    client.open(roots.shared, text: TwoRoots.shared)
    // 'b' finds that 'P' is not declared (whichever root publishes first).
    _ = try client.notification("textDocument/publishDiagnostics") { params in
      params["uri"]?.stringValue == roots.shared && params["version"]?.intValue == 1
        && params["diagnostics"]?.arrayValue?.first?["code"]?.stringValue == "RC0503"
    }
    // Drop the requirement: neither root finds anything in the new text, and no publication of
    // it shows what 'b' found in the old one.
    client.change(roots.shared, version: 2, [((1, 18, 1, 33), "")])
    #expect(try client.diagnostics(for: roots.shared, version: 2).isEmpty)
    #expect(try client.diagnostics(for: roots.shared, version: 2).isEmpty)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("the open buffer of an included file wins over its disk content, for every file of the manifest")
  func includedBufferWins() throws {
    let rootPath = Self.shop + "/ShopApp.yaml"
    let rootText = try String(contentsOfFile: rootPath, encoding: .utf8)
    let includePath = Self.shop + "/Checkout/checkout.yaml"
    let includeText = try String(contentsOfFile: includePath, encoding: .utf8)
    let rootURI = LSPClient.uri(rootPath)
    let includeURI = LSPClient.uri(includePath)
    let client = try LSPClient()
    try client.initialize(options: .object([("validationDelay", .int(0))]), root: LSPClient.repository)
    client.open(rootURI, text: rootText)
    #expect(try client.diagnostics(for: rootURI, version: 1).isEmpty)
    client.open(includeURI, text: includeText)
    #expect(try client.diagnostics(for: includeURI, version: 1).isEmpty)
    // Rename 'CartService' in the include's buffer only: its module's reference and the root's
    // adapter both lose it.
    let renamed = includeText.replacingOccurrences(of: "CartService:", with: "BasketService:")
    client.change(includeURI, version: 2, [(nil, renamed)])
    let rootDiagnostics = try client.diagnostics(for: rootURI)
    #expect(
      rootDiagnostics.contains {
        $0["code"]?.stringValue == "RC0503" && $0["message"]?.stringValue?.contains("CartService") == true
      })
    let includeDiagnostics = try client.diagnostics(for: includeURI, version: 2)
    let unknown = try #require(includeDiagnostics.first { $0["code"]?.stringValue == "RC0503" })
    let (line, character) = TextFinder(renamed).position(of: "[CartService]", offset: 1)
    #expect(unknown["range"]?["start"] == LSPPosition(line: line, character: character).json)
    #expect(try client.shutdownAndExit() == 0)
  }

  /// An editor's `:e new.yaml`, or `:e Extra/More/new.yaml` in directories not made yet: the
  /// buffer exists, the file does not.
  @Test(
    "a file opened before it (or its directory) exists on disk is read from its buffer by the root that includes it",
    arguments: ["new.yaml", "Extra/More/new.yaml"])
  func includedFileNotYetOnDisk(_ included: String) throws {
    let scratch = try ScratchDirectory()
    let rootText =
      "routecfg: 1\ninclude: [\(included)]\nmodules:\n  A: {kind: view, requires: [P], routes: [/a]}\n"
    try scratch.write("app.yaml", rootText)
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(options: .object([("validationDelay", .int(0))]), root: scratch.path)
    let (root, new) = (scratch.uri("app.yaml"), scratch.uri(included))
    client.open(root, text: rootText)
    #expect(try client.diagnostics(for: root).compactMap { $0["code"]?.stringValue }.contains("RC0301"))
    let newText = "protocols:\n  P: \"func f()\"\nmodules:\n  B: {kind: view, provides: [P], routes: [/b]}\n"
    client.open(new, text: newText)
    _ = try client.notification("textDocument/publishDiagnostics") { params in
      params["uri"]?.stringValue == root && params["diagnostics"]?.arrayValue?.isEmpty == true
    }
    // 'P' is declared in the unsaved buffer.
    let (line, character) = TextFinder(rootText).position(of: "[P]", offset: 1)
    let definition = try client.result("textDocument/definition", LSPClient.at(root, line, character))
    #expect(definition.arrayValue?.first?["uri"]?.stringValue == new, "\(definition)")
    // A new root of its own, not on disk either, is checked from its buffer.
    let alone = scratch.uri("alone.yaml")
    client.open(alone, text: "routecfg: 1\nmodules:\n  C: {kind: view, requires: [Q], routes: [/c]}\n")
    #expect(try client.diagnostics(for: alone).compactMap { $0["code"]?.stringValue } == ["RC0503"])
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("a file included through a file another root includes is checked with the outermost root")
  func fileIncludedTwoLevelsDown() throws {
    try Self.expectOpenedAloneFindsRoot(
      [
        (
          "root.yaml",
          "routecfg: 1\ninclude: [A/a.yaml]\nprotocols: {P: \"var x: Int\"}\n"
            + "modules:\n  M: {kind: service, provides: [P], routes: [/m]}\n"
        ),
        ("A/a.yaml", "routecfg: 1\ninclude: [B/b.yaml]\n"),
        (
          "A/B/b.yaml",
          "routecfg: 1\nmodules:\n  N:\n    kind: service\n    requires: [P]\n    routes: [/n]\n"
        ),
      ], child: "A/B/b.yaml")
  }

  @Test("a file not yet on disk, open under two paths, stays the root's when one of them is closed")
  func fileNotOnDiskOpenTwice() throws {
    let scratch = try ScratchDirectory()
    let rootText =
      "routecfg: 1\ninclude: [new.yaml]\nmodules:\n  A: {kind: view, requires: [P], routes: [/a]}\n"
    try scratch.write("app.yaml", rootText)
    try FileManager.default.createSymbolicLink(
      atPath: scratch.path + "/link", withDestinationPath: scratch.path)
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(options: .object([("validationDelay", .int(0))]), root: scratch.path)
    let (root, new, viaLink) = (
      scratch.uri("app.yaml"), scratch.uri("new.yaml"), scratch.uri("link/new.yaml")
    )
    client.open(root, text: rootText)
    #expect(try client.diagnostics(for: root).compactMap { $0["code"]?.stringValue }.contains("RC0301"))
    let newText = "protocols:\n  P: \"func f()\"\nmodules:\n  B: {kind: view, provides: [P], routes: [/b]}\n"
    client.open(new, text: newText)
    _ = try client.notification("textDocument/publishDiagnostics") { params in
      params["uri"]?.stringValue == root && params["diagnostics"]?.arrayValue?.isEmpty == true
    }
    client.open(viaLink, text: newText)
    client.close(new)
    // The buffer under the other path stands for the file: the root still finds 'P'.
    client.change(root, version: 2, [((0, 0, 0, 0), "# x\n")])
    #expect(try client.diagnostics(for: root, version: 2).isEmpty)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("two manifests that include each other settle: each shows the cycle, and requests are answered")
  func rootsIncludingEachOther() throws {
    let scratch = try ScratchDirectory()
    let aText =
      "routecfg: 1\ninclude: [b.yaml]\nprotocols:\n  P: \"func f()\"\n"
      + "modules:\n  A: {kind: view, provides: [P], routes: [/a]}\n"
    let bText = "routecfg: 1\ninclude: [a.yaml]\nmodules:\n  B: {kind: view, requires: [P], routes: [/b]}\n"
    try scratch.write("a.yaml", aText)
    try scratch.write("b.yaml", bText)
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(options: .object([("validationDelay", .int(0))]), root: scratch.path)
    let (a, b) = (scratch.uri("a.yaml"), scratch.uri("b.yaml"))
    client.open(a, text: aText)
    client.open(b, text: bText)
    let (line, character) = TextFinder(bText).position(of: "[P]", offset: 1)
    let definition = try client.result("textDocument/definition", LSPClient.at(b, line, character))
    #expect(definition.arrayValue?.first?["uri"]?.stringValue == a, "\(definition)")
    let symbols = try client.documentSymbols(a)
    #expect(symbols.arrayValue?.isEmpty == false)
    // Each root's check finds the cycle closed in the other's file: both files show it, in
    // whichever order the two checks end (so no publication is dropped while waiting).
    for uri in [a, b] {
      _ = try client.take(description: "the cycle published for \(uri)") { message in
        message["method"]?.stringValue == "textDocument/publishDiagnostics"
          && message["params"]?["uri"]?.stringValue == uri
          && message["params"]?["diagnostics"]?.arrayValue?.map { $0["code"]?.stringValue } == ["RC0303"]
      }
    }
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("an open file that a root starts including is checked with that root from then on")
  func openFileJoinsARootThatStartsIncludingIt() throws {
    let scratch = try ScratchDirectory()
    let partText =
      "protocols:\n  P: \"func a()\"\nmodules:\n  M: {kind: view, provides: [P], requires: [Q]}\n"
    try scratch.write("part.yaml", partText)
    try scratch.write("root.yaml", "routecfg: 1\n")
    let (part, root) = (scratch.uri("part.yaml"), scratch.uri("root.yaml"))
    let client = try LSPClient(directory: scratch.path)
    _ = try client.initialize(options: .object([("validationDelay", .int(0))]), root: scratch.path)
    // Without 'routecfg:' and included by no root, the file is no manifest: no diagnostics.
    client.open(part, text: partText)
    #expect(try client.diagnostics(for: part, version: 1).isEmpty)
    client.open(root, text: "routecfg: 1\n")
    #expect(try client.diagnostics(for: root, version: 1).isEmpty)
    client.change(root, version: 2, [(nil, "routecfg: 1\ninclude: [part.yaml]\n")])
    func codes(_ version: Int) throws -> [String] {
      let published = try client.notification("textDocument/publishDiagnostics") { params in
        params["uri"]?.stringValue == part && params["version"]?.intValue == version
          && params["diagnostics"]?.arrayValue?.isEmpty == false
      }
      return (published["params"]?["diagnostics"]?.arrayValue ?? []).compactMap { $0["code"]?.stringValue }
    }
    #expect(try codes(1).contains("RC0503"))
    // An edit of the included file is checked with the root, not as a file of its own.
    client.change(part, version: 2, [(nil, partText.replacingOccurrences(of: "func a()", with: "func b()"))])
    #expect(try codes(2).contains("RC0503"))
    let (line, character) = TextFinder(partText).position(of: "[P]", offset: 1)
    let definition = try client.result("textDocument/definition", LSPClient.at(part, line, character))
    #expect(definition.arrayValue?.first?["uri"]?.stringValue == part)
    #expect(try client.shutdownAndExit() == 0)
  }

  /// root.yaml, which declares `P` and includes nothing yet, and Sub/child.yaml, a manifest whose
  /// module requires `P`, with a client: child.yaml opened alone is a root of its own.
  private struct OwnRootChild {
    static let root =
      "routecfg: 1\nprotocols:\n  P: |\n    var x: Int\nmodules:\n  Main: {kind: view, provides: [P], routes: [/m]}\n"
    static let including = root.replacingOccurrences(
      of: "routecfg: 1\n", with: "routecfg: 1\ninclude: [Sub/child.yaml]\n")
    static let child = "routecfg: 1\nmodules:\n  Child: {kind: view, requires: [P], routes: [/c]}\n"
    let scratch: ScratchDirectory
    let client: LSPClient
    let (root, child): (String, String)

    init(watchesFiles: Bool = false) throws {
      scratch = try ScratchDirectory()
      try scratch.write("root.yaml", Self.root)
      try scratch.write("Sub/child.yaml", Self.child)
      (root, child) = (scratch.uri("root.yaml"), scratch.uri("Sub/child.yaml"))
      client = try LSPClient(directory: scratch.path)
      try client.initialize(
        options: .object([("validationDelay", .int(0))]), root: scratch.path, watchesFiles: watchesFiles)
      client.open(child, text: Self.child)
      // Nothing includes it yet: 'P' is not declared.
      #expect(
        try client.diagnostics(for: child, version: 1).compactMap { $0["code"]?.stringValue } == ["RC0503"])
    }

    /// Expects child.yaml to be checked with root.yaml: no diagnostics (the next ones published,
    /// or, `eventually`, some published later), also after an edit, and `P` leads to its
    /// declaration in root.yaml.
    func expectChildJoinedRoot(eventually: Bool = false) throws {
      if eventually {
        _ = try client.notification("textDocument/publishDiagnostics") { params in
          params["uri"]?.stringValue == child && params["diagnostics"]?.arrayValue?.isEmpty == true
        }
      } else {
        #expect(try client.diagnostics(for: child, version: 1).isEmpty)
      }
      client.change(child, version: 2, [((0, 0, 0, 0), "# edited\n")])
      #expect(try client.diagnostics(for: child, version: 2).isEmpty)
      let (line, character) = TextFinder("# edited\n" + Self.child).position(of: "[P]", offset: 1)
      let definition = try client.result("textDocument/definition", LSPClient.at(child, line, character))
      let location = try #require(definition.arrayValue?.first, "\(definition.rendered())")
      #expect(location["uri"]?.stringValue == root)
      let declared = TextFinder(Self.including).position(of: "P:")
      #expect(
        location["range"]?["start"] == LSPPosition(line: declared.line, character: declared.character).json)
      #expect(try client.shutdownAndExit() == 0)
    }
  }

  @Test("a manifest open as a root of its own joins a root opened later whose text includes it")
  func ownRootJoinsRootOpenedLater() throws {
    let workspace = try OwnRootChild()
    // The root's unsaved text starts including the open file.
    workspace.client.open(workspace.root, text: OwnRootChild.including)
    #expect(try workspace.client.diagnostics(for: workspace.root, version: 1).isEmpty)
    try workspace.expectChildJoinedRoot()
  }

  @Test("a manifest open as a root of its own joins a root that starts including it on disk")
  func ownRootJoinsRootChangedOnDisk() throws {
    let workspace = try OwnRootChild(watchesFiles: true)
    try workspace.scratch.write("root.yaml", OwnRootChild.including)
    let changed = RouteCfgCore.JSONValue.object([("uri", .string(workspace.root)), ("type", .int(2))])
    workspace.client.notify("workspace/didChangeWatchedFiles", .object([("changes", .array([changed]))]))
    // Its own root may be checked again first.
    try workspace.expectChildJoinedRoot(eventually: true)
  }

  @Test("a file a farther root took first moves to a nearer root that starts including it")
  func nearerRootTakesAFileFromAFartherOne() throws {
    let scratch = try ScratchDirectory()
    // The outer root includes the file but does not declare 'P'; the nearer one does.
    let outer = "routecfg: 1\ninclude: [Sub/child.yaml]\nmodules:\n  Home: {kind: view, routes: [/]}\n"
    let inner =
      "routecfg: 1\ninclude: [child.yaml]\nprotocols:\n  P: |\n    var x: Int\nmodules:\n"
      + "  Main: {kind: view, provides: [P], routes: [/m]}\n"
    try scratch.write("root.yaml", outer)
    try scratch.write("Sub/child.yaml", OwnRootChild.child)
    let (root, sub, child) = (
      scratch.uri("root.yaml"), scratch.uri("Sub/sub.yaml"), scratch.uri("Sub/child.yaml")
    )
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(options: .object([("validationDelay", .int(0))]), root: scratch.path)
    client.open(child, text: OwnRootChild.child)
    #expect(
      try client.diagnostics(for: child, version: 1).compactMap { $0["code"]?.stringValue } == ["RC0503"])
    client.open(root, text: outer)
    _ = try client.diagnostics(for: root, version: 1)
    let (line, character) = TextFinder(OwnRootChild.child).position(of: "[P]", offset: 1)
    #expect(try client.result("textDocument/definition", LSPClient.at(child, line, character)) == .null)
    // Sub/sub.yaml, nearer to the file, now includes it too (unsaved): the file belongs to it, and
    // its names lead into it. (Its diagnostics are both roots': the outer one's RC0503 stands.)
    client.open(sub, text: inner)
    #expect(try client.diagnostics(for: sub, version: 1).isEmpty)
    let definition = try client.result("textDocument/definition", LSPClient.at(child, line, character))
    #expect(definition.arrayValue?.first?["uri"]?.stringValue == sub, "\(definition.rendered())")
    #expect(try client.shutdownAndExit() == 0)
  }

  /// The file `definition` on `P` in the child leads to, asked until it is `expected` (the
  /// server moves a file to its root after checks it runs on its own), or the last answer.
  private static func definitionOfP(
    in child: String, text: String, client: LSPClient, until expected: String
  ) throws -> String? {
    let (line, character) = TextFinder(text).position(of: "[P]", offset: 1)
    var found: String?
    for _ in 0..<100 {
      let definition = try client.result("textDocument/definition", LSPClient.at(child, line, character))
      found = definition.arrayValue?.first?["uri"]?.stringValue
      if found == expected { break }
      usleep(20_000)
    }
    return found
  }

  @Test("an open root closed with text that did not include a file takes it as its file on disk does")
  func closedRootTakesTheFileItIncludesOnDisk() throws {
    let scratch = try ScratchDirectory()
    try scratch.write("root.yaml", OwnRootChild.including)
    try scratch.write("Sub/child.yaml", OwnRootChild.child)
    let (root, child) = (scratch.uri("root.yaml"), scratch.uri("Sub/child.yaml"))
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(options: .object([("validationDelay", .int(0))]), root: scratch.path)
    client.open(root, text: OwnRootChild.root)
    _ = try client.diagnostics(for: root, version: 1)
    client.open(child, text: OwnRootChild.child)
    #expect(
      try client.diagnostics(for: child, version: 1).compactMap { $0["code"]?.stringValue } == ["RC0503"])
    client.close(root)
    #expect(try Self.definitionOfP(in: child, text: OwnRootChild.child, client: client, until: root) == root)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("a file whose root is renamed on disk joins it under its new name")
  func renamedRootKeepsItsFiles() throws {
    let scratch = try ScratchDirectory()
    try scratch.write("root.yaml", OwnRootChild.including)
    try scratch.write("Sub/child.yaml", OwnRootChild.child)
    let (root, renamed, child) = (
      scratch.uri("root.yaml"), scratch.uri("renamed.yaml"), scratch.uri("Sub/child.yaml")
    )
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(
      options: .object([("validationDelay", .int(0))]), root: scratch.path, watchesFiles: true)
    client.open(child, text: OwnRootChild.child)
    #expect(try client.diagnostics(for: child, version: 1).isEmpty)
    try FileManager.default.moveItem(
      atPath: scratch.path + "/root.yaml", toPath: scratch.path + "/renamed.yaml")
    // As editors report a rename: the old name deleted and the new one created, in one notice.
    let changes = RouteCfgCore.JSONValue.array([
      .object([("uri", .string(root)), ("type", .int(3))]),
      .object([("uri", .string(renamed)), ("type", .int(1))]),
    ])
    client.notify("workspace/didChangeWatchedFiles", .object([("changes", changes)]))
    #expect(
      try Self.definitionOfP(in: child, text: OwnRootChild.child, client: client, until: renamed) == renamed)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("a file opened after a farther root that includes it belongs to its nearest root on disk")
  func nearestRootOnDiskWinsOverAnOpenFartherOne() throws {
    let scratch = try ScratchDirectory()
    let outer = OwnRootChild.including
    let inner = OwnRootChild.root.replacingOccurrences(
      of: "routecfg: 1\n", with: "routecfg: 1\ninclude: [child.yaml]\n")
    try scratch.write("root.yaml", outer)
    try scratch.write("Sub/inner.yaml", inner)
    try scratch.write("Sub/child.yaml", OwnRootChild.child)
    let (root, child) = (scratch.uri("root.yaml"), scratch.uri("Sub/child.yaml"))
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(options: .object([("validationDelay", .int(0))]), root: scratch.path)
    client.open(root, text: outer)
    _ = try client.diagnostics(for: root, version: 1)
    client.open(child, text: OwnRootChild.child)
    let innerURI = scratch.uri("Sub/inner.yaml")
    #expect(
      try Self.definitionOfP(in: child, text: OwnRootChild.child, client: client, until: innerURI) == innerURI
    )
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("a manifest another root includes does not take the files it includes from that root")
  func anIncludedManifestDoesNotTakeItsFilesFromItsRoot() throws {
    let scratch = try ScratchDirectory()
    let outer =
      "routecfg: 1\ninclude: [Sub/inner.yaml]\nprotocols:\n  P: |\n    var x: Int\nmodules:\n"
      + "  Main: {kind: view, provides: [P], routes: [/m]}\n"
    let inner = "routecfg: 1\ninclude: [child.yaml]\n"
    try scratch.write("root.yaml", outer)
    try scratch.write("Sub/inner.yaml", inner)
    try scratch.write("Sub/child.yaml", OwnRootChild.child)
    let (root, child) = (scratch.uri("root.yaml"), scratch.uri("Sub/child.yaml"))
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(
      options: .object([("validationDelay", .int(0))]), root: scratch.path, watchesFiles: true)
    client.open(child, text: OwnRootChild.child)
    _ = try client.diagnostics(for: child, version: 1)
    // Opened, Sub/inner.yaml joins root.yaml, which includes it, and the child goes with it.
    client.open(scratch.uri("Sub/inner.yaml"), text: inner)
    #expect(try Self.definitionOfP(in: child, text: OwnRootChild.child, client: client, until: root) == root)
    // A file changed beside them finds Sub/inner.yaml nearer again, but it is root.yaml's.
    try scratch.write("Sub/other.yaml", "modules: {}\n")
    let created = RouteCfgCore.JSONValue.object([
      ("uri", .string(scratch.uri("Sub/other.yaml"))), ("type", .int(1)),
    ])
    client.notify("workspace/didChangeWatchedFiles", .object([("changes", .array([created]))]))
    // Long enough for the discovery and a check it would schedule (a few milliseconds here).
    usleep(1_000_000)
    let (line, character) = TextFinder(OwnRootChild.child).position(of: "[P]", offset: 1)
    let definition = try client.result("textDocument/definition", LSPClient.at(child, line, character))
    #expect(definition.arrayValue?.first?["uri"]?.stringValue == root, "\(definition.rendered())")
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("an untitled buffer that includes a file does not take it from its root on disk")
  func untitledBufferDoesNotTakeFiles() throws {
    let scratch = try ScratchDirectory()
    try scratch.write("root.yaml", OwnRootChild.including)
    try scratch.write("Sub/child.yaml", OwnRootChild.child)
    let (root, child) = (scratch.uri("root.yaml"), scratch.uri("Sub/child.yaml"))
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(options: .object([("validationDelay", .int(0))]), root: scratch.path)
    client.open(child, text: OwnRootChild.child)
    #expect(try Self.definitionOfP(in: child, text: OwnRootChild.child, client: client, until: root) == root)
    let untitled = "untitled:Untitled-1"
    client.open(untitled, text: "routecfg: 1\ninclude: [Sub/child.yaml]\n")
    _ = try client.diagnostics(for: untitled, version: 1)
    #expect(try Self.definitionOfP(in: child, text: OwnRootChild.child, client: client, until: root) == root)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("an untitled buffer reads its includes from the workspace folder, not the server's directory")
  func untitledBufferIncludesFromTheWorkspace() throws {
    let (workspace, elsewhere) = (try ScratchDirectory(), try ScratchDirectory())
    try workspace.write("c.yaml", "protocols:\n  CP: \"\"\nmodules:\n  C: {kind: view, provides: [CP]}\n")
    try elsewhere.write("c.yaml", "protocols:\n  Wrong: \"\"\n")
    let client = try LSPClient(directory: elsewhere.path)
    try client.initialize(options: .object([("validationDelay", .int(0))]), root: workspace.path)
    let untitled = "untitled:Untitled-1"
    client.open(
      untitled,
      text: "routecfg: 1\ninclude: [c.yaml]\nmodules:\n  R: {kind: view, requires: [CP], routes: [/]}\n")
    #expect(try client.diagnostics(for: untitled, version: 1).isEmpty)
    let definition = try client.result("textDocument/definition", LSPClient.at(untitled, 3, 30))
    let target = definition["uri"]?.stringValue ?? definition.arrayValue?.first?["uri"]?.stringValue
    #expect(target == workspace.uri("c.yaml"))
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("the search for a root stops at the outermost workspace folder, and follows folder changes")
  func workspaceFoldersBoundTheRootSearch() throws {
    let scratch = try ScratchDirectory()
    let root =
      "routecfg: 1\ninclude: [deep/x/y.yaml]\nmodules:\n  Home: {kind: view, routes: [/], requires: [Y]}\n"
    try scratch.write("r.yaml", root)
    let child = "protocols:\n  Y: \"\"\nmodules:\n  Z: {kind: view, requires: [Nowhere], routes: [/z]}\n"
    try scratch.write("deep/x/y.yaml", child)
    let uri = scratch.uri("deep/x/y.yaml")
    func folders(_ paths: [String]) -> RouteCfgCore.JSONValue {
      .array(paths.map { .object([("uri", .string(LSPClient.uri($0))), ("name", .string("f"))]) })
    }
    // Nested folders: the outermost bounds the search, so the root above the inner one is found.
    let nested = try LSPClient(directory: scratch.path)
    _ = try nested.result(
      "initialize",
      .object([
        ("processId", .null), ("capabilities", .object([])),
        ("workspaceFolders", folders([scratch.path + "/deep", scratch.path])),
      ]))
    nested.notify("initialized", .object([]))
    nested.open(uri, text: child)
    #expect(try nested.diagnostics(for: uri, version: 1).map { $0["code"]?.stringValue } == ["RC0503"])
    #expect(try nested.shutdownAndExit() == 0)
    // One inner folder: the root above it is not looked for, until the folders change.
    let client = try LSPClient(directory: scratch.path)
    let capabilities = try client.result(
      "initialize",
      .object([
        ("processId", .null), ("capabilities", .object([])),
        ("workspaceFolders", folders([scratch.path + "/deep"])),
      ]))
    #expect(
      capabilities["capabilities"]?["workspace"]?["workspaceFolders"]?["changeNotifications"] == .bool(true))
    client.notify("initialized", .object([]))
    client.open(uri, text: child)
    // Alone, the file is no manifest (it has no `routecfg` key): nothing is published for it.
    #expect(try client.diagnostics(for: uri, version: 1).isEmpty)
    client.notify(
      "workspace/didChangeWorkspaceFolders",
      .object([
        (
          "event",
          .object([("added", folders([scratch.path])), ("removed", folders([scratch.path + "/deep"]))])
        )
      ]))
    #expect(try client.diagnostics(for: uri).map { $0["code"]?.stringValue } == ["RC0503"])
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("once the first of two URIs of an included file closes, the second is the file's buffer")
  func secondURITakesOverWhenTheFirstCloses() throws {
    let scratch = try ScratchDirectory()
    let root =
      "routecfg: 1\ninclude: [inc.yaml]\nmodules:\n  Home: {kind: view, routes: [/], requires: [P]}\n"
    let inc = "protocols:\n  P: \"\"\nmodules:\n  M: {kind: view, provides: [P], routes: [/m]}\n"
    try scratch.write("root.yaml", root)
    try scratch.write("inc.yaml", inc)
    try FileManager.default.createSymbolicLink(
      atPath: scratch.path + "/link.yaml", withDestinationPath: "inc.yaml")
    let (rootURI, incURI, linkURI) = (
      scratch.uri("root.yaml"), scratch.uri("inc.yaml"), scratch.uri("link.yaml")
    )
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(options: .object([("validationDelay", .int(0))]), root: scratch.path)
    client.open(rootURI, text: root)
    #expect(try client.diagnostics(for: rootURI, version: 1).isEmpty)
    client.open(incURI, text: inc)
    _ = try client.diagnostics(for: incURI, version: 1)
    client.open(linkURI, text: inc)
    client.notify("textDocument/didClose", .object([("textDocument", .object([("uri", .string(incURI))]))]))
    // Edited through the link, the file no longer declares 'P': the root sees it.
    let renamed = inc.replacingOccurrences(of: "P", with: "Q")
    client.change(linkURI, version: 2, [(nil, renamed)])
    var codes: [String?] = []
    for _ in 0..<5 where codes != ["RC0503"] {
      codes = try client.diagnostics(for: rootURI).map { $0["code"]?.stringValue }
    }
    #expect(codes == ["RC0503"])
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test(
    "an include through a linked directory reads the file's buffer open under its real path or the link's",
    arguments: [
      ("real/inc.yaml", false), ("real/inc.yaml", true), ("sub/inc.yaml", false), ("sub/inc.yaml", true),
    ])
  func includeThroughLinkedDirectoryReadsTheBuffer(opened: String, rootOpen: Bool) throws {
    let scratch = try ScratchDirectory()
    let root =
      "routecfg: 1\ninclude: [sub/inc.yaml]\nprotocols:\n  P: \"\"\n"
      + "modules:\n  A: {kind: view, provides: [P], routes: [/a]}\n"
    try scratch.write("root.yaml", root)
    try scratch.write("real/inc.yaml", "modules:\n  B: {kind: view, requires: [P], routes: [/b]}\n")
    try FileManager.default.createSymbolicLink(atPath: scratch.path + "/sub", withDestinationPath: "real")
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(options: .object([("validationDelay", .int(0))]), root: scratch.path)
    if rootOpen {
      client.open(scratch.uri("root.yaml"), text: root)
      #expect(try client.diagnostics(for: scratch.uri("root.yaml"), version: 1).isEmpty)
    }
    // Unsaved, the file requires a protocol the root does not declare: only the buffer says so.
    let uri = scratch.uri(opened)
    client.open(uri, text: "modules:\n  B: {kind: view, requires: [Q], routes: [/b]}\n")
    let codes = try client.diagnostics(for: uri, version: 1).map { $0["code"]?.stringValue }
    #expect(codes == ["RC0503"])
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("a root open under two URIs (a link and its target) is checked once per buffer, and answers")
  func rootOpenUnderTwoURIs() throws {
    let scratch = try ScratchDirectory()
    let text = "routecfg: 1\nprotocols:\n  P: \"\"\nmodules:\n  Home: {kind: view, provides: [P]}\n"
    try scratch.write("root.yaml", text)
    try FileManager.default.createSymbolicLink(
      atPath: scratch.path + "/link.yaml", withDestinationPath: "root.yaml")
    let (link, target) = (scratch.uri("link.yaml"), scratch.uri("root.yaml"))
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(options: .object([("validationDelay", .int(0))]), root: scratch.path)
    client.open(link, text: text)
    #expect(try client.diagnostics(for: link, version: 1).map { $0["code"]?.stringValue } == ["RC0903"])
    client.open(target, text: text)
    #expect(try client.diagnostics(for: target, version: 1).map { $0["code"]?.stringValue } == ["RC0903"])
    for uri in [link, target] {
      let outline = try client.documentSymbols(uri)
      #expect(outline.arrayValue?.map { $0["name"]?.stringValue } == ["routecfg", "protocols", "modules"])
    }
    // Each buffer is its own: an edit through one shows in its diagnostics only.
    client.change(target, version: 2, [(range: (4, 33, 4, 34), text: "], routes: [/]")])
    #expect(try client.diagnostics(for: target, version: 2).isEmpty)
    // The server is settled: nothing more is published while nothing changes.
    Thread.sleep(forTimeInterval: 0.5)
    let published = client.pending().filter { $0["method"]?.stringValue == "textDocument/publishDiagnostics" }
    #expect(published.count < 5, "\(published.count) publications after the last change")
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("a missing include is reported at its entry, and the rest is still checked")
  func missingInclude() throws {
    let scratch = try ScratchDirectory()
    let text = "routecfg: 1\ninclude: [Missing/nowhere.yaml]\nmodules:\n  Home: {kind: view, routes: [/]}\n"
    let uri = scratch.uri("app.yaml")
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(root: scratch.path)
    client.open(uri, text: text)
    let diagnostics = try client.diagnostics(for: uri)
    let missing = try #require(diagnostics.first)
    #expect(missing["code"]?.stringValue == "RC0301")
    #expect(missing["range"]?["start"] == LSPPosition(line: 1, character: 10).json)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test(
    "an open included file keeps its diagnostics while its root does not parse, and is checked again after")
  func includedFileWhileRootIsTyped() throws {
    let scratch = try ScratchDirectory()
    let root = "routecfg: 1\ninclude: [part.yaml]\nmodules:\n  Home: {kind: view, routes: [/]}\n"
    let part = "modules:\n  Login: {kind: view, requires: [Sesion], routes: [/login]}\n"
    try scratch.write("app.yaml", root)
    try scratch.write("part.yaml", part)
    let rootURI = scratch.uri("app.yaml")
    let partURI = scratch.uri("part.yaml")
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(root: scratch.path)
    client.open(rootURI, text: root)
    client.open(partURI, text: part)
    #expect(
      try client.diagnostics(for: partURI, version: 1).compactMap { $0["code"]?.stringValue } == ["RC0503"])
    // The root breaks while it is typed: it reads no include, and the part keeps what was found.
    client.change(rootURI, version: 2, [((3, 0, 3, 0), "  x: [\n")])
    #expect(try client.diagnostics(for: rootURI, version: 2).contains { $0["code"]?.stringValue == "RC0105" })
    // An answer comes after any publication the check made.
    _ = try client.documentSymbols(rootURI)
    let cleared = client.pendingPublications(for: partURI)
    #expect(cleared.isEmpty, "\(cleared.map { $0.rendered() })")
    // Once the root parses again, the part is checked again.
    client.change(rootURI, version: 3, [((3, 0, 4, 0), "")])
    #expect(try client.diagnostics(for: rootURI, version: 3).isEmpty)
    #expect(
      try client.diagnostics(for: partURI, version: 1).compactMap { $0["code"]?.stringValue } == ["RC0503"])
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test(
    "a file included through an included file keeps its diagnostics while that file does not parse")
  func nestedIncludedFileWhileItsIncluderIsTyped() throws {
    let scratch = try ScratchDirectory()
    let root = "routecfg: 1\ninclude: [mid.yaml]\nmodules:\n  Home: {kind: view, routes: [/]}\n"
    let mid = "include: [leaf.yaml]\nmodules:\n  Mid: {kind: view, routes: [/mid]}\n"
    let leaf = "modules:\n  Login: {kind: view, requires: [Sesion], routes: [/login]}\n"
    try scratch.write("app.yaml", root)
    try scratch.write("mid.yaml", mid)
    try scratch.write("leaf.yaml", leaf)
    let rootURI = scratch.uri("app.yaml")
    let midURI = scratch.uri("mid.yaml")
    let leafURI = scratch.uri("leaf.yaml")
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(root: scratch.path)
    client.open(rootURI, text: root)
    client.open(midURI, text: mid)
    client.open(leafURI, text: leaf)
    #expect(
      try client.diagnostics(for: leafURI, version: 1).compactMap { $0["code"]?.stringValue } == ["RC0503"])
    // The middle file breaks while it is typed: it reads no include, and the leaf keeps what was
    // found in it, and stays in the root's manifest.
    client.change(midURI, version: 2, [((3, 0, 3, 0), "  x: [\n")])
    #expect(try client.diagnostics(for: midURI, version: 2).contains { $0["code"]?.stringValue == "RC0105" })
    _ = try client.documentSymbols(leafURI)
    let cleared = client.pendingPublications(for: leafURI)
    #expect(cleared.isEmpty, "\(cleared.map { $0.rendered() })")
    // Once the middle file parses again, the leaf is checked again with the root.
    client.change(midURI, version: 3, [((3, 0, 4, 0), "")])
    #expect(try client.diagnostics(for: midURI, version: 3).isEmpty)
    #expect(
      try client.diagnostics(for: leafURI, version: 1).compactMap { $0["code"]?.stringValue } == ["RC0503"])
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("a file the root stops including loses its diagnostics while another included file does not parse")
  func droppedIncludeWhileASiblingIsTyped() throws {
    let scratch = try ScratchDirectory()
    let root = "routecfg: 1\ninclude: [a.yaml, b.yaml]\nmodules:\n  Home: {kind: view, routes: [/]}\n"
    let a = "modules:\n  A: {kind: view, routes: [/a]}\n"
    try scratch.write("app.yaml", root)
    try scratch.write("a.yaml", a)
    // A problem of the file's own, which a check that cannot read 'a.yaml' still finds.
    try scratch.write("b.yaml", "modules:\n  B: {kind: vew, routes: [/b]}\n")
    let rootURI = scratch.uri("app.yaml")
    let aURI = scratch.uri("a.yaml")
    let bURI = scratch.uri("b.yaml")
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(root: scratch.path)
    client.open(rootURI, text: root)
    client.open(aURI, text: a)
    #expect(try client.diagnostics(for: bURI).compactMap { $0["code"]?.stringValue } == ["RC0207"])
    // 'a.yaml' breaks while it is typed, which includes nothing; then the root drops 'b.yaml'.
    client.change(aURI, version: 2, [((2, 0, 2, 0), "  x: [\n")])
    #expect(try client.diagnostics(for: aURI, version: 2).contains { $0["code"]?.stringValue == "RC0105" })
    client.change(rootURI, version: 2, [((1, 16, 1, 24), "")])
    // The outline waits for the check of the root as it is, and comes after any publication that
    // check made: the last one for 'b.yaml' clears it.
    _ = try client.documentSymbols(rootURI)
    let published = client.pendingPublications(for: bURI)
    #expect(published.last?["params"]?["diagnostics"]?.arrayValue?.isEmpty == true, "\(published)")
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("definition on an include entry that names a directory or no file finds nothing to open")
  func includeEntryWithoutFile() throws {
    let scratch = try ScratchDirectory()
    try scratch.write("adir/keep.txt", "")
    let text = "routecfg: 1\ninclude: [nowhere.yaml, adir]\nmodules:\n  Home: {kind: view, routes: [/]}\n"
    let uri = scratch.uri("app.yaml")
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(root: scratch.path)
    client.open(uri, text: text)
    _ = try client.diagnostics(for: uri, version: 1)
    for entry in ["nowhere.yaml", "adir"] {
      let (line, character) = TextFinder(text).position(of: entry, offset: 2)
      let definition = try client.result("textDocument/definition", LSPClient.at(uri, line, character))
      #expect(definition == .null, "\(entry): \(definition.rendered())")
    }
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("a change on disk to an included file that is not open is picked up through watched files")
  func watchedFiles() throws {
    let scratch = try ScratchDirectory()
    let root =
      "routecfg: 1\ninclude: [Feature/feature.yaml]\nmodules:\n  Home: {kind: view, routes: [/], requires: [FeatureInput]}\n"
    try scratch.write("app.yaml", root)
    let feature =
      "protocols:\n  FeatureInput: \"\"\nmodules:\n  Feature: {kind: view, provides: [FeatureInput], routes: [/f]}\n"
    try scratch.write("Feature/feature.yaml", feature)
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(root: scratch.path, watchesFiles: true)
    // The server asks to watch manifest files; the client agrees.
    let registration = try client.take(description: "client/registerCapability") {
      $0["method"]?.stringValue == "client/registerCapability"
    }
    let watcher = registration["params"]?["registrations"]?.arrayValue?.first
    #expect(watcher?["method"]?.stringValue == "workspace/didChangeWatchedFiles")
    client.send(
      .object([("jsonrpc", .string("2.0")), ("id", registration["id"] ?? .null), ("result", .null)]))
    client.open(scratch.uri("app.yaml"), text: root)
    #expect(try client.diagnostics(for: scratch.uri("app.yaml")).isEmpty)
    try scratch.write(
      "Feature/feature.yaml", feature.replacingOccurrences(of: "FeatureInput: \"\"", with: "Other: \"\""))
    client.notify(
      "workspace/didChangeWatchedFiles",
      .object([
        (
          "changes",
          .array([.object([("uri", .string(scratch.uri("Feature/feature.yaml"))), ("type", .int(2))])])
        )
      ]))
    let diagnostics = try client.diagnostics(for: scratch.uri("app.yaml"))
    #expect(diagnostics.contains { $0["code"]?.stringValue == "RC0503" })
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("open files deleted on disk (another branch checked out) are checked from their buffers")
  func deletedOpenFiles() throws {
    let scratch = try ScratchDirectory()
    let root =
      "routecfg: 1\ninclude: [Feature/feature.yaml]\nmodules:\n  Home: {kind: view, routes: [/], requires: [FeatureInput]}\n"
    try scratch.write("app.yaml", root)
    let feature =
      "protocols:\n  FeatureInput: \"\"\nmodules:\n  Feature: {kind: view, provides: [FeatureInput], routes: [/f]}\n"
    try scratch.write("Feature/feature.yaml", feature)
    let (rootURI, featureURI) = (scratch.uri("app.yaml"), scratch.uri("Feature/feature.yaml"))
    let client = try LSPClient(directory: scratch.path)
    try client.initialize(options: .object([("validationDelay", .int(0))]), root: scratch.path)
    client.open(rootURI, text: root)
    #expect(try client.diagnostics(for: rootURI, version: 1).isEmpty)
    client.open(featureURI, text: feature)
    #expect(try client.diagnostics(for: featureURI, version: 1).isEmpty)
    try FileManager.default.removeItem(atPath: scratch.path + "/app.yaml")
    // The checkout takes the directory away too.
    try FileManager.default.removeItem(atPath: scratch.path + "/Feature")
    client.change(rootURI, version: 2, [(range: (0, 0, 0, 0), text: "# moved\n")])
    #expect(try client.diagnostics(for: rootURI, version: 2).isEmpty)
    client.change(featureURI, version: 2, [(range: (0, 0, 0, 0), text: "# moved\n")])
    #expect(try client.diagnostics(for: featureURI, version: 2).isEmpty)
    // Requests are answered from the buffers, not left waiting for a check that reads them.
    let outline = try client.documentSymbols(featureURI)
    #expect(outline.arrayValue?.map { $0["name"]?.stringValue } == ["protocols", "modules"])
    let definition = try client.result("textDocument/definition", LSPClient.at(rootURI, 4, 49))
    #expect(
      definition["uri"]?.stringValue == featureURI
        || definition.arrayValue?.first?["uri"]?.stringValue == featureURI)
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("a root whose text stops parsing for a moment keeps its included files")
  func rootTypedIntoKeepsItsIncludedFiles() throws {
    // root.yaml includes feat.yaml, which declares FeatInput.
    let workspace = try CrossFileRequestTests.Workspace(validationDelay: 0)
    let (client, rootURI, featURI) = (workspace.client, workspace.root, workspace.feat)
    client.open(rootURI, text: CrossFileRequestTests.root)
    client.open(featURI, text: CrossFileRequestTests.feat)
    #expect(try client.diagnostics(for: featURI, version: 1).isEmpty)
    // Typing in the root breaks its YAML for a moment, then it parses again.
    client.change(rootURI, version: 2, [((4, 0, 4, 0), "modules: {BROKEN: [\n")])
    _ = try client.diagnostics(for: rootURI, version: 2)
    client.change(rootURI, version: 3, [((4, 0, 5, 0), "")])
    // Asked at once, feat.yaml is still the root's: its outline is there (it was null while it
    // had left the manifest and not yet come back).
    let symbols = try client.documentSymbols(featURI)
    #expect(!(symbols.arrayValue?.isEmpty ?? true), "\(symbols.rendered())")
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("a root that is not open and stops including the only open file loses its diagnostics")
  func rootThatLeavesLosesItsDiagnostics() throws {
    // root.yaml includes feat.yaml, which declares FeatInput.
    let workspace = try CrossFileRequestTests.Workspace(validationDelay: 0)
    let (client, rootURI, featURI) = (workspace.client, workspace.root, workspace.feat)
    client.open(featURI, text: CrossFileRequestTests.feat)
    #expect(try client.diagnostics(for: featURI, version: 1).isEmpty)
    // On disk, the root drops its include (and so 'FeatInput'): feat.yaml becomes a root of its own.
    try workspace.scratch.write(
      "root.yaml", CrossFileRequestTests.root.replacingOccurrences(of: "include: [feat.yaml]\n", with: ""))
    let changed = RouteCfgCore.JSONValue.object([("uri", .string(rootURI)), ("type", .int(2))])
    client.notify("workspace/didChangeWatchedFiles", .object([("changes", .array([changed]))]))
    _ = try client.take(description: "feat.yaml checked as a root of its own") {
      $0["method"]?.stringValue == "textDocument/publishDiagnostics"
        && $0["params"]?["uri"]?.stringValue == featURI
    }
    client.close(featURI)
    #expect(try client.shutdownAndExit() == 0)
    // Nothing open reads root.yaml any more: whatever was published for it is cleared.
    let published = client.pendingPublications(for: rootURI)
    #expect(published.last?["params"]?["diagnostics"]?.arrayValue?.isEmpty ?? true, "\(published)")
  }

  @Test("definition on an include entry opens the file")
  func includeEntryDefinition() throws {
    let rootPath = Self.shop + "/ShopApp.yaml"
    let text = try String(contentsOfFile: rootPath, encoding: .utf8)
    let uri = LSPClient.uri(rootPath)
    let client = try LSPClient()
    try client.initialize(root: LSPClient.repository)
    client.open(uri, text: text)
    let (line, character) = TextFinder(text).position(of: "Catalog/catalog.yaml", offset: 3)
    let definition = try client.result("textDocument/definition", LSPClient.at(uri, line, character))
    #expect(
      definition.arrayValue?.first?["uri"]?.stringValue == LSPClient.uri(Self.shop + "/Catalog/catalog.yaml"))
    #expect(try client.shutdownAndExit() == 0)
  }
}
