import Foundation
import RouteCfgCore
import Testing

@testable import RouteCfgLanguageServer

/// A check that read a file on disk stands for an open document of that file only when the
/// document holds the text it read.
@Suite("LSP: a check's files read on disk and open documents")
struct ReadingOpenDocumentsTests {
  static let root =
    "routecfg: 1\ninclude: [feat.yaml]\nmodules:\n  Home: {kind: view, requires: [FeatInput]}\n"
  static let feat =
    "protocols:\n  FeatInput: \"func go()\"\nmodules:\n  Feat: {kind: view, provides: [FeatInput]}\n"

  /// A check of root.yaml with every file read on disk, and feat.yaml's path.
  static func checkOnDisk(_ scratch: ScratchDirectory) throws -> (ManifestModel, feat: String) {
    let root = try scratch.write("root.yaml", Self.root)
    let feat = try scratch.write("feat.yaml", Self.feat)
    let input = AnalysisInput(
      rootPath: root, rootURI: LSPClient.uri(root), rootText: nil, overlays: [:])
    return (ModelBuilder.build(input), feat)
  }

  /// Open documents by canonical path, as ``ManifestModel/readingOpenDocuments(_:)`` takes them.
  static func document(_ path: String, version: Int, text: String) -> [String: TextDocument] {
    [path: TextDocument(uri: "file://editor" + path, version: version, text: text, canonicalPath: path)]
  }

  /// Types `text` at the start of 0-based line `line` of `document`, as version `version`.
  static func type(_ text: String, atStartOfLine line: Int, version: Int, in document: inout TextDocument?) {
    let start = LSPPosition(line: line, character: 0)
    document?.apply(text: text, range: LSPRange(start: start, end: start), version: version, encoding: .utf16)
  }

  @Test("a document with the same text: the file counts as read from it, at its version and URI")
  func sameText() throws {
    let scratch = try ScratchDirectory()
    let (model, feat) = try Self.checkOnDisk(scratch)
    let open = Self.document(feat, version: 7, text: Self.feat)
    let reading = model.readingOpenDocuments(open)
    let file = try #require(reading.file(for: "file://editor" + feat))
    #expect(reading.openVersions == [file: 7])
    #expect(model.openVersions.isEmpty)
    #expect(reading.diagnostics == model.diagnostics)
    // The root, read on disk and not open, keeps its URI.
    #expect(reading.uri(of: SourceFileID(0)) == model.uri(of: SourceFileID(0)))
  }

  @Test(
    "a document opened with the same text and edited since: the file counts as read at the opened version")
  func openedWithTheSameText() throws {
    let scratch = try ScratchDirectory()
    let (model, feat) = try Self.checkOnDisk(scratch)
    var open = Self.document(feat, version: 1, text: Self.feat)
    Self.type("  Hal\n", atStartOfLine: 1, version: 2, in: &open[feat])
    let reading = model.readingOpenDocuments(open)
    #expect(reading.openVersion(of: "file://editor" + feat) == 1)
    // The disk's stamp of a file read as a buffer is not compared with the disk any more.
    #expect(model.diskStamps[feat] != nil)
    #expect(!reading.diskStamps.keys.contains(feat))
    // Edits since the opened version no longer known: its places cannot be mapped.
    open[feat]?.trimEdits(upTo: 2)
    #expect(model.readingOpenDocuments(open) === model)
  }

  @Test("a byte order mark in the editor's text is not part of what a check reads")
  func byteOrderMark() throws {
    let scratch = try ScratchDirectory()
    let (model, feat) = try Self.checkOnDisk(scratch)
    let reading = model.readingOpenDocuments(Self.document(feat, version: 2, text: "\u{FEFF}" + Self.feat))
    #expect(reading.openVersion(of: "file://editor" + feat) == 2)
    let file = try #require(reading.file(for: "file://editor" + feat))
    // Its places are 3 bytes further on in the buffer than in the text read.
    #expect(reading.byteOrderMarks == [file])
    #expect(
      model.readingOpenDocuments(Self.document(feat, version: 2, text: Self.feat)).byteOrderMarks.isEmpty)
    // Opened with one, deleted since: read as the opened version, whose text began with it.
    var open = Self.document(feat, version: 1, text: "\u{FEFF}" + Self.feat)
    open[feat]?.apply(
      text: "", range: LSPRange(start: .init(line: 0, character: 0), end: .init(line: 0, character: 1)),
      version: 2, encoding: .utf16)
    Self.type("  Hal\n", atStartOfLine: 1, version: 3, in: &open[feat])
    let opened = model.readingOpenDocuments(open)
    #expect(opened.openVersion(of: "file://editor" + feat) == 1)
    #expect(opened.byteOrderMarks == [file])
  }

  @Test(
    "a document with other text, or no document of the file: the same model",
    arguments: [Self.feat + "# unsaved\n", "", String(Self.feat.dropLast())])
  func otherText(text: String) throws {
    let scratch = try ScratchDirectory()
    let (model, feat) = try Self.checkOnDisk(scratch)
    #expect(model.readingOpenDocuments(Self.document(feat, version: 2, text: text)) === model)
    #expect(model.readingOpenDocuments(Self.document(feat + ".other", version: 2, text: Self.feat)) === model)
  }
}
