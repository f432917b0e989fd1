import Foundation
import RouteCfgCore
import Testing

@testable import RouteCfgLanguageServer

/// References, rename and definition asked in one file about names in another: they see the other
/// file as it is, whether it is open and just edited or changed on disk.
@Suite("routecfg lsp: requests across files")
struct CrossFileRequestTests {
  static let root =
    "routecfg: 1\ninclude: [feat.yaml]\nmodules:\n  Home: {kind: view, routes: [/], requires: [FeatInput]}\n"
  static let feat =
    "protocols:\n  FeatInput: \"func go()\"\nmodules:\n  Feat: {kind: view, provides: [FeatInput], routes: [/f]}\n"

  /// root.yaml, which includes feat.yaml, written in a scratch directory, with a client.
  struct Workspace {
    let scratch: ScratchDirectory
    let client: LSPClient
    let (root, feat): (String, String)

    init(validationDelay: Int) throws {
      scratch = try ScratchDirectory()
      try scratch.write("root.yaml", CrossFileRequestTests.root)
      try scratch.write("feat.yaml", CrossFileRequestTests.feat)
      (root, feat) = (scratch.uri("root.yaml"), scratch.uri("feat.yaml"))
      client = try LSPClient(directory: scratch.path)
      try client.initialize(
        options: .object([("validationDelay", .int(validationDelay))]), root: scratch.path)
    }

    /// Writes and opens a root of 3,000 more modules, long enough that its first check still
    /// runs 50 ms later, when this returns; or, `waitingForItsCheck`, once it has published.
    func openLongRoot(waitingForItsCheck: Bool = false) throws {
      let modules = (0..<3000).map { "  M\($0): {kind: service, requires: [FeatInput]}\n" }.joined()
      try scratch.write("root.yaml", CrossFileRequestTests.root + modules)
      client.open(root, text: CrossFileRequestTests.root + modules)
      if waitingForItsCheck {
        _ = try client.diagnostics(for: root, version: 1)
      } else {
        Thread.sleep(forTimeInterval: 0.05)
      }
    }

    /// Waits for feat.yaml's diagnostics at `version`, where it does not parse.
    func expectFeatHalfTyped(version: Int) throws {
      let broken = try client.diagnostics(for: feat, version: version)
      #expect(broken.map { $0["code"]?.stringValue } == ["RC0105"], "\(broken)")
    }

    /// `{textDocument, position}` on `FeatInput` in root.yaml, with more parameters.
    func atRootReference(_ more: [(String, RouteCfgCore.JSONValue)] = []) -> RouteCfgCore.JSONValue {
      let (line, character) = TextFinder(CrossFileRequestTests.root).position(of: "FeatInput", offset: 2)
      guard case .object(let members) = LSPClient.at(root, line, character) else { return .null }
      return .object(members + more)
    }
  }

  @Test("references and rename from one file wait for the check of a reference just typed in another")
  func referenceTypedInAnotherFile() throws {
    let workspace = try Workspace(validationDelay: 400)
    let client = workspace.client
    client.open(workspace.root, text: Self.root)
    client.open(workspace.feat, text: Self.feat)
    #expect(try client.diagnostics(for: workspace.feat, version: 1).isEmpty)
    // Well inside the quiet time before the edit is checked.
    client.change(
      workspace.feat, version: 2, [((4, 0, 4, 0), "  Other: {kind: service, requires: [FeatInput]}\n")])
    let references = try client.result(
      "textDocument/references",
      workspace.atRootReference([("context", .object([("includeDeclaration", .bool(true))]))]))
    let lines = references.arrayValue?.filter { $0["uri"]?.stringValue == workspace.feat }
      .compactMap { $0["range"]?["start"]?["line"]?.intValue }
    #expect(lines == [1, 3, 4])
    let edit = try client.result(
      "textDocument/rename", workspace.atRootReference([("newName", .string("Feature"))]))
    #expect(edit["changes"]?[workspace.feat]?.arrayValue?.count == 3, "\(edit.rendered())")
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("the outline, references and rename of an included file are answered while its root does not parse")
  func includedFileWhileRootIsBroken() throws {
    let workspace = try Workspace(validationDelay: 0)
    let client = workspace.client
    client.open(workspace.root, text: Self.root)
    client.open(workspace.feat, text: Self.feat)
    #expect(try client.diagnostics(for: workspace.feat, version: 1).isEmpty)
    // Until the root's check has read feat.yaml, feat.yaml is a YAML file of its own, without an
    // outline (on a loaded machine its own check can answer first): wait for the root's.
    let outline = RouteCfgCore.JSONValue.object([
      ("textDocument", .object([("uri", .string(workspace.feat))]))
    ])
    for _ in 0..<200 {
      if try client.result("textDocument/documentSymbol", outline).arrayValue?.isEmpty == false { break }
      Thread.sleep(forTimeInterval: 0.05)
    }
    // Half typed: the root's text is no longer YAML, so its check reads none of its includes.
    client.change(workspace.root, version: 2, [((1, 19, 1, 20), "")])
    #expect(
      try client.diagnostics(for: workspace.root, version: 2).contains { $0["code"]?.stringValue == "RC0105" }
    )
    let symbols = try client.documentSymbols(workspace.feat)
    #expect(symbols.arrayValue?.isEmpty == false, "\(symbols.rendered())")
    let (line, character) = TextFinder(Self.feat).position(of: "FeatInput", offset: 2)
    guard case .object(let at) = LSPClient.at(workspace.feat, line, character) else { return }
    let references = try client.result(
      "textDocument/references", .object(at + [("context", .object([("includeDeclaration", .bool(true))]))]))
    // From the last check that read both files.
    #expect(references.arrayValue?.count == 3, "\(references.rendered())")
    // A rename would miss what the root's new text names: refused with a reason, not left waiting.
    let rename = try client.request("textDocument/rename", .object(at + [("newName", .string("Feature"))]))
    #expect(rename["error"]?["code"]?.intValue == -32803, "\(rename.rendered())")
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("a rename in a file another open root reads is refused while that root does not parse")
  func renameWhileAnotherRootIsBroken() throws {
    let workspace = try Workspace(validationDelay: 0)
    let client = workspace.client
    let otherText =
      "routecfg: 1\ninclude: [feat.yaml]\nmodules:\n  Away: {kind: view, routes: [/a], requires: [FeatInput]}\n"
    try workspace.scratch.write("second.yaml", otherText)
    let other = workspace.scratch.uri("second.yaml")
    client.open(workspace.root, text: Self.root)
    #expect(try client.diagnostics(for: workspace.root, version: 1).isEmpty)
    client.open(workspace.feat, text: Self.feat)
    client.open(other, text: otherText)
    #expect(try client.diagnostics(for: other, version: 1).isEmpty)
    // Half typed: second.yaml reads none of its includes until it parses again.
    client.change(other, version: 2, [((1, 19, 1, 20), "")])
    #expect(try client.diagnostics(for: other, version: 2).contains { $0["code"]?.stringValue == "RC0105" })
    let (line, character) = TextFinder(Self.feat).position(of: "FeatInput", offset: 2)
    guard case .object(let at) = LSPClient.at(workspace.feat, line, character) else { return }
    let rename = try client.request("textDocument/rename", .object(at + [("newName", .string("Feature"))]))
    #expect(rename["error"]?["code"]?.intValue == -32803, "\(rename.rendered())")
    #expect(
      rename["error"]?["message"]?.stringValue?.contains("second.yaml, which reads this file") == true,
      "\(rename.rendered())")
    // Once it parses again, the rename reaches it too.
    client.change(other, version: 3, [((1, 19, 1, 19), "]")])
    #expect(try client.diagnostics(for: other, version: 3).isEmpty)
    let edit = try client.result("textDocument/rename", .object(at + [("newName", .string("Feature"))]))
    #expect(edit["changes"]?[other]?.arrayValue?.count == 1, "\(edit.rendered())")
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("references land on the names in an included file that is not open and is one long line")
  func referencesIntoALongLineOfAClosedFile() throws {
    // JSON on one line, with characters of 2 and 4 bytes (2 UTF-16 units) before the places.
    let modules = (0..<200).map {
      #""Mé\#($0)😀":{"kind":"view","requires":["FeatInput"],"routes":["/m\#($0)"]}"#
    }
    let big = #"{"modules":{"# + modules.joined(separator: ",") + "}}\n"
    let workspace = try Workspace(validationDelay: 0)
    try workspace.scratch.write(
      "root.yaml", Self.root.replacingOccurrences(of: "[feat.yaml]", with: "[feat.yaml, big.yaml]"))
    try workspace.scratch.write("big.yaml", big)
    let client = workspace.client
    let rootText = Self.root.replacingOccurrences(of: "[feat.yaml]", with: "[feat.yaml, big.yaml]")
    client.open(workspace.root, text: rootText)
    #expect(try client.diagnostics(for: workspace.root, version: 1).isEmpty)
    let (line, character) = TextFinder(rootText).position(of: "FeatInput", offset: 2)
    guard case .object(let at) = LSPClient.at(workspace.root, line, character) else { return }
    let references = try client.result(
      "textDocument/references", .object(at + [("context", .object([("includeDeclaration", .bool(true))]))]))
    let bigURI = workspace.scratch.uri("big.yaml")
    let places = (references.arrayValue ?? []).filter { $0["uri"]?.stringValue == bigURI }
    #expect(places.count == 200, "\(references.rendered())")
    let utf16 = Array(big.utf16)
    let written = places.map { place -> String in
      guard let start = place["range"]?["start"]?["character"]?.intValue,
        let end = place["range"]?["end"]?["character"]?.intValue,
        place["range"]?["start"]?["line"]?.intValue == 0
      else { return "" }
      return String(decoding: utf16[start..<end], as: UTF16.self)
    }
    #expect(written.allSatisfy { $0 == "FeatInput" }, "\(written.prefix(3))")
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("rename and definition see an included file changed on disk, unannounced")
  func includedFileChangedOnDisk() throws {
    let workspace = try Workspace(validationDelay: 0)
    let client = workspace.client
    client.open(workspace.root, text: Self.root)
    #expect(try client.diagnostics(for: workspace.root, version: 1).isEmpty)
    // A generator rewrites feat.yaml, two lines longer; the client sends no didChangeWatchedFiles.
    try workspace.scratch.write("feat.yaml", "# Feature\n# (generated)\n" + Self.feat)
    let edit = try client.result(
      "textDocument/rename", workspace.atRootReference([("newName", .string("Feature"))]))
    let renamed = edit["changes"]?[workspace.feat]?.arrayValue?.compactMap {
      $0["range"]?["start"]?["line"]?.intValue
    }
    #expect(renamed?.sorted() == [3, 5], "\(edit.rendered())")
    let definition = try client.result("textDocument/definition", workspace.atRootReference())
    #expect(
      definition.arrayValue?.first?["range"]?["start"]?["line"]?.intValue == 3, "\(definition.rendered())")
    // A change the request's check found is published as well: the Problems list shows what the
    // answers already see.
    try workspace.scratch.write(
      "feat.yaml", Self.feat.replacingOccurrences(of: "kind: view", with: "kind: vieww"))
    _ = try client.result("textDocument/definition", workspace.atRootReference())
    let published = try client.notification("textDocument/publishDiagnostics") { params in
      params["uri"]?.stringValue == workspace.feat && params["diagnostics"]?.arrayValue?.isEmpty == false
    }
    let found = published["params"]?["diagnostics"]?.arrayValue ?? []
    #expect(found.map { $0["code"]?.stringValue } == ["RC0207"], "\(found)")
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("definition sees an included file that was missing and is written again, unannounced")
  func includedFileWrittenAgain() throws {
    let workspace = try Workspace(validationDelay: 0)
    let client = workspace.client
    try FileManager.default.removeItem(atPath: workspace.scratch.path + "/feat.yaml")
    client.open(workspace.root, text: Self.root)
    #expect(
      try client.diagnostics(for: workspace.root, version: 1).contains { $0["code"]?.stringValue == "RC0301" }
    )
    // A checkout writes feat.yaml back; the client sends no didChangeWatchedFiles.
    try workspace.scratch.write("feat.yaml", Self.feat)
    let definition = try client.result("textDocument/definition", workspace.atRootReference())
    #expect(
      definition.arrayValue?.first?["uri"]?.stringValue == workspace.feat, "\(definition.rendered())")
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("requests in the root answer from the last check that read a half-typed included file")
  func halfTypedIncludedFile() throws {
    let workspace = try Workspace(validationDelay: 0)
    let client = workspace.client
    client.open(workspace.root, text: Self.root)
    client.open(workspace.feat, text: Self.feat)
    #expect(try client.diagnostics(for: workspace.feat, version: 1).isEmpty)
    // A protocol's key being typed above FeatInput: feat.yaml does not parse.
    client.change(workspace.feat, version: 2, [((1, 0, 1, 0), "  Hal\n")])
    try workspace.expectFeatHalfTyped(version: 2)
    try Self.expectRootSeesFeatOneLineDown(workspace)
  }

  @Test(
    "an included file opened while the root's first check reads it on disk, then made half-typed",
    arguments: [true, false])
  func includedFileOpenedDuringFirstCheck(waitsForItsDiagnostics: Bool) throws {
    let workspace = try Workspace(validationDelay: 0)
    let client = workspace.client
    // The root's first check is still running when feat.yaml is opened.
    try workspace.openLongRoot()
    // That check read on disk the text feat.yaml is opened with, and the file is broken before a
    // check reads its buffer (right after it is opened, or once its first diagnostics are in): that
    // check stands for version 1 of the buffer, whose places map through the edit.
    client.open(workspace.feat, text: Self.feat)
    if waitsForItsDiagnostics {
      #expect(try client.diagnostics(for: workspace.feat, version: 1).isEmpty)
    }
    client.change(workspace.feat, version: 2, [((1, 0, 1, 0), "  Hal\n")])
    try workspace.expectFeatHalfTyped(version: 2)
    // feat.yaml's own requests answer from that check too: `provides: [FeatInput]` leads to the
    // protocol, a line further down.
    let text = "protocols:\n  Hal\n" + Self.feat.dropFirst("protocols:\n".count)
    let (line, character) = TextFinder(text).position(of: "FeatInput]", offset: 2)
    let own = try client.result("textDocument/definition", LSPClient.at(workspace.feat, line, character))
    #expect(own.arrayValue?.first?["range"]?["start"]?["line"]?.intValue == 2, "\(own.rendered())")
    try Self.expectRootSeesFeatOneLineDown(workspace)
  }

  @Test("an included file opened with other text than its last check read: no answer from that check")
  func includedFileOpenedWithOtherTextAfterCheck() throws {
    let workspace = try Workspace(validationDelay: 0)
    let client = workspace.client
    try workspace.openLongRoot(waitingForItsCheck: true)
    // Asked at once, while the check that reads the buffer runs: FeatInput is on line 3 of the
    // buffer, line 1 on disk.
    client.open(workspace.feat, text: "# unsaved\n# lines\n" + Self.feat)
    let definition = try client.result("textDocument/definition", workspace.atRootReference())
    let lines = definition.arrayValue?.compactMap { $0["range"]?["start"]?["line"]?.intValue } ?? []
    #expect(lines == [3], "\(definition.rendered())")
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("a check that read an included file on disk, not as its buffer has it, answers nothing in it")
  func includedFileOpenedWithOtherTextDuringFirstCheck() throws {
    let workspace = try Workspace(validationDelay: 0)
    let client = workspace.client
    try workspace.openLongRoot()
    // feat.yaml is opened with unsaved lines above what the disk has, and broken at once: the
    // root's first check read the disk's text, whose places are not the buffer's.
    let buffer = "# unsaved\n# lines\n" + Self.feat
    client.open(workspace.feat, text: buffer)
    client.change(workspace.feat, version: 2, [((3, 0, 3, 0), "  Hal\n")])
    try workspace.expectFeatHalfTyped(version: 2)
    // FeatInput is on line 4 of the buffer now; no answer may point at its line on disk.
    let definition = try client.result("textDocument/definition", workspace.atRootReference())
    let lines = definition.arrayValue?.compactMap { $0["range"]?["start"]?["line"]?.intValue } ?? []
    #expect(lines.allSatisfy { $0 == 4 }, "\(definition.rendered())")
    let references = try client.result(
      "textDocument/references",
      workspace.atRootReference([("context", .object([("includeDeclaration", .bool(true))]))]))
    let inFeat = references.arrayValue?.filter { $0["uri"]?.stringValue == workspace.feat }
      .compactMap { $0["range"]?["start"]?["line"]?.intValue }
    #expect((inFeat ?? []).allSatisfy { [4, 6].contains($0) }, "\(references.rendered())")
    #expect(try client.shutdownAndExit() == 0)
  }

  /// Definition, references and completion from the root still see what feat.yaml declares,
  /// its places a line further down; then the client shuts the server down.
  static func expectRootSeesFeatOneLineDown(_ workspace: Workspace) throws {
    let client = workspace.client
    let definition = try client.result("textDocument/definition", workspace.atRootReference())
    #expect(definition.arrayValue?.first?["uri"]?.stringValue == workspace.feat, "\(definition.rendered())")
    #expect(definition.arrayValue?.first?["range"]?["start"]?["line"]?.intValue == 2)
    let references = try client.result(
      "textDocument/references",
      workspace.atRootReference([("context", .object([("includeDeclaration", .bool(true))]))]))
    let lines = references.arrayValue?.filter { $0["uri"]?.stringValue == workspace.feat }
      .compactMap { $0["range"]?["start"]?["line"]?.intValue }
    #expect(lines == [2, 4], "\(references.rendered())")
    let (line, character) = TextFinder(Self.root).position(of: "FeatInput", offset: 4)
    let completion = try client.result(
      "textDocument/completion", LSPClient.at(workspace.root, line, character))
    let labels = completion["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
    #expect(labels.contains("FeatInput"), "\(labels)")
    #expect(try client.shutdownAndExit() == 0)
  }

  @Test("an included file that never parsed does not hold the root's requests to an older check")
  func includedFileBrokenFromTheStart() throws {
    let workspace = try Workspace(validationDelay: 0)
    let client = workspace.client
    try workspace.scratch.write("feat.yaml", "protocols:\n  Hal\n  FeatInput: \"func go()\"\n")
    client.open(workspace.root, text: Self.root)
    _ = try client.diagnostics(for: workspace.root, version: 1)
    client.open(workspace.feat, text: "protocols:\n  Hal\n  FeatInput: \"func go()\"\n")
    // The root declares a protocol of its own and names it: its requests see it.
    let text = Self.root + "protocols:\n  Own: \"func run()\"\n  Other: \"var own: Own? { get }\"\n"
    client.change(workspace.root, version: 2, [(nil, text)])
    _ = try client.diagnostics(for: workspace.root, version: 2)
    let (line, character) = TextFinder(text).position(of: "Own? {", offset: 1)
    let definition = try client.result(
      "textDocument/definition", LSPClient.at(workspace.root, line, character))
    #expect(
      definition.arrayValue?.first?["range"]?["start"]?["line"]?.intValue == 5, "\(definition.rendered())")
    #expect(try client.shutdownAndExit() == 0)
  }
}
