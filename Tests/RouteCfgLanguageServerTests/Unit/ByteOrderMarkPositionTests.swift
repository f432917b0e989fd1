import RouteCfgCore
import Testing

@testable import RouteCfgLanguageServer

/// A check's places in an open document are found in the text it read, byte order mark and all,
/// then mapped through the edits made since: a byte order mark deleted or typed after the check
/// moves nothing by itself.
@Suite("LSP: places in a document whose byte order mark changed since the check")
struct ByteOrderMarkPositionTests {
  static let byteOrderMark = "\u{FEFF}"
  static let manifest = "routecfg: 1\nmodules:\n  Home: {kind: view, routes: [/]}\n"

  /// A first line's edit made after the check: its range in the text read and its new text.
  struct Edit: Sendable, CustomTestStringConvertible {
    let name: String
    let read: String
    let range: LSPRange?
    let replacement: String
    var testDescription: String { name }
  }

  static let edits: [Edit] = [
    Edit(
      name: "read with a byte order mark, deleted since", read: byteOrderMark + manifest,
      range: LSPRange(start: .init(line: 0, character: 0), end: .init(line: 0, character: 1)),
      replacement: ""),
    Edit(
      name: "read without one, typed since", read: manifest,
      range: LSPRange(start: .init(line: 0, character: 0), end: .init(line: 0, character: 0)),
      replacement: byteOrderMark),
    Edit(
      name: "read with one, the whole text sent again without it", read: byteOrderMark + manifest,
      range: nil, replacement: manifest),
    Edit(name: "read with one, nothing changed", read: byteOrderMark + manifest, range: nil, replacement: ""),
    Edit(
      name: "read with one, a comment typed at the end", read: byteOrderMark + manifest,
      range: LSPRange(start: .init(line: 3, character: 0), end: .init(line: 3, character: 0)),
      replacement: "# more\n"),
  ]

  /// A check of `app.yaml` (`disk` on disk) open in the editor with `text` at version 1.
  static func check(opened text: String, on disk: String, in scratch: ScratchDirectory) throws -> (
    model: ManifestModel, uri: String, path: String
  ) {
    let path = try scratch.write("app.yaml", disk)
    let uri = "file://editor" + path
    let input = AnalysisInput(
      rootPath: path, rootURI: uri, rootText: nil,
      overlays: [path: Overlay(uri: uri, version: 1, bytes: Array(text.utf8))])
    return (ModelBuilder.build(input), uri, path)
  }

  @Test("a module's name maps to where it is written now, and back", arguments: edits)
  func moduleName(edit: Edit) throws {
    let scratch = try ScratchDirectory()
    let (model, uri, path) = try Self.check(opened: edit.read, on: Self.manifest, in: scratch)
    var document = TextDocument(uri: uri, version: 1, text: edit.read, canonicalPath: path)
    if edit.range != nil || !edit.replacement.isEmpty {
      document.apply(text: edit.replacement, range: edit.range, version: 2, encoding: .utf16)
    }
    let mapper = PositionMapper(model: model, documents: [uri: document], encoding: .utf16)
    let name = try #require(model.manifest.modules.first?.name)
    let now = String(decoding: document.bytes, as: UTF8.self)
    let written = TextFinder(now).position(of: "Home")
    let range = mapper.location(name.location).range
    #expect(range.start == LSPPosition(line: written.line, character: written.character))
    #expect(range.end == LSPPosition(line: written.line, character: written.character + 4))
    let point = try #require(mapper.point(uri: uri, position: range.start))
    #expect(point.point == name.location.start)
    // The format's key on the first line: after a byte order mark, where there is one now.
    let key = try #require(
      mapper.point(
        uri: uri, position: LSPPosition(line: 0, character: now.hasPrefix(Self.byteOrderMark) ? 1 : 0)))
    #expect(key.point == TextPoint(line: 1, column: 1))
    // Neither the name nor the key is taken for text typed over or against: the byte order mark's
    // bytes before the first line are no part of a word.
    #expect(
      !mapper.isReplaced(
        in: name.location.file, start: name.location.start, end: try #require(name.location.end)))
    #expect(
      !mapper.isReplaced(
        in: SourceFileID(0), start: TextPoint(line: 1, column: 1), end: TextPoint(line: 1, column: 9)))
  }

  @Test("a document that does not parse: its problems on the first line are placed after its byte order mark")
  func unparsed() throws {
    let scratch = try ScratchDirectory()
    let text = Self.byteOrderMark + "routecfg: 1\nmodules: [\n"
    let (model, uri, path) = try Self.check(opened: text, on: text, in: scratch)
    #expect(model.rootIsUnparsed)
    let document = TextDocument(uri: uri, version: 1, text: text, canonicalPath: path)
    let mapper = PositionMapper(model: model, documents: [uri: document], encoding: .utf16)
    let start = SourceLocation(file: SourceFileID(0), start: TextPoint(line: 1, column: 1), end: nil)
    #expect(mapper.location(start).range.start == LSPPosition(line: 0, character: 1))
    #expect(
      mapper.point(uri: uri, position: LSPPosition(line: 1, character: 0))?.point
        == TextPoint(line: 2, column: 1))
  }
}
