import Foundation
import RouteCfgCore
import Testing

@testable import RouteCfgLanguageServer

/// The messages an editor sends, as one-liners.
extension LSPClient {
  /// What a current editor declares for documents: Markdown in hovers and completion items, an
  /// outline as a tree, notes of diagnostics as related information and links to their codes'
  /// documentation, prepared renames and code action literals.
  static let editorTextDocumentCapabilities = RouteCfgCore.JSONValue.object([
    ("hover", .object([("contentFormat", .array([.string("markdown"), .string("plaintext")]))])),
    (
      "completion",
      .object([
        (
          "completionItem",
          .object([("documentationFormat", .array([.string("markdown"), .string("plaintext")]))])
        )
      ])
    ),
    ("documentSymbol", .object([("hierarchicalDocumentSymbolSupport", .bool(true))])),
    (
      "publishDiagnostics",
      .object([("relatedInformation", .bool(true)), ("codeDescriptionSupport", .bool(true))])
    ),
    ("rename", .object([("prepareSupport", .bool(true))])),
    (
      "codeAction",
      .object([
        (
          "codeActionLiteralSupport",
          .object([("codeActionKind", .object([("valueSet", .array([.string("quickfix")]))]))])
        )
      ])
    ),
  ])

  /// Starts a session: `initialize` (with the position encodings, options and text document
  /// capabilities given) then `initialized`. Returns the `initialize` result.
  @discardableResult
  func initialize(
    encodings: [String]? = nil, options: RouteCfgCore.JSONValue? = nil, root: String? = nil,
    watchesFiles: Bool = false, versionedEdits: Bool = false,
    textDocument: RouteCfgCore.JSONValue = editorTextDocumentCapabilities,
    processID: Int32? = nil
  ) throws -> RouteCfgCore.JSONValue {
    var capabilities: [(String, RouteCfgCore.JSONValue)] = [("textDocument", textDocument)]
    if let encodings {
      capabilities.append(
        ("general", .object([("positionEncodings", .array(encodings.map { .string($0) }))])))
    }
    var workspace: [(String, RouteCfgCore.JSONValue)] = []
    if watchesFiles {
      workspace.append(("didChangeWatchedFiles", .object([("dynamicRegistration", .bool(true))])))
    }
    if versionedEdits { workspace.append(("workspaceEdit", .object([("documentChanges", .bool(true))]))) }
    if !workspace.isEmpty { capabilities.append(("workspace", .object(workspace))) }
    var params: [(String, RouteCfgCore.JSONValue)] = [
      ("processId", processID.map { .int(Int($0)) } ?? .null), ("capabilities", .object(capabilities)),
    ]
    if let root { params.append(("rootUri", .string(Self.uri(root)))) }
    if let options { params.append(("initializationOptions", options)) }
    let result = try self.result("initialize", .object(params))
    notify("initialized", .object([]))
    return result
  }

  func open(_ uri: String, text: String, version: Int = 1) {
    notify(
      "textDocument/didOpen",
      .object([
        (
          "textDocument",
          .object([
            ("uri", .string(uri)), ("languageId", .string("yaml")), ("version", .int(version)),
            ("text", .string(text)),
          ])
        )
      ]))
  }

  /// `didChange` with range changes (`nil` range: the whole text).
  func change(_ uri: String, version: Int, _ changes: [(range: (Int, Int, Int, Int)?, text: String)]) {
    let contentChanges = changes.map { change -> RouteCfgCore.JSONValue in
      guard let (startLine, startCharacter, endLine, endCharacter) = change.range else {
        return .object([("text", .string(change.text))])
      }
      let range = LSPRange(
        start: LSPPosition(line: startLine, character: startCharacter),
        end: LSPPosition(line: endLine, character: endCharacter))
      return .object([("range", range.json), ("text", .string(change.text))])
    }
    notify(
      "textDocument/didChange",
      .object([
        ("textDocument", .object([("uri", .string(uri)), ("version", .int(version))])),
        ("contentChanges", .array(contentChanges)),
      ]))
  }

  func close(_ uri: String) {
    notify("textDocument/didClose", .object([("textDocument", .object([("uri", .string(uri))]))]))
  }

  /// `{textDocument, position}` parameters.
  static func at(_ uri: String, _ line: Int, _ character: Int) -> RouteCfgCore.JSONValue {
    .object([
      ("textDocument", .object([("uri", .string(uri))])),
      ("position", .object([("line", .int(line)), ("character", .int(character))])),
    ])
  }

  /// The parameters of `textDocument/references` at a place, the declaration included.
  static func referencesAt(_ uri: String, _ line: Int, _ character: Int) -> RouteCfgCore.JSONValue {
    .object([
      ("textDocument", .object([("uri", .string(uri))])),
      ("position", .object([("line", .int(line)), ("character", .int(character))])),
      ("context", .object([("includeDeclaration", .bool(true))])),
    ])
  }

  /// `shutdown`, then `exit`; the exit status.
  func shutdownAndExit() throws -> Int32 {
    let response = try request("shutdown", .null)
    guard response["result"] == .null else { throw ClientError("shutdown failed: \(response.rendered())") }
    notify("exit", .null)
    return try waitForExit()
  }

  static func uri(_ path: String) -> String { DocumentURI.fileURI(path: path) }
}

/// A manifest (of the repository, or text of a test's own) opened alone in a scratch workspace:
/// `initialize` has been answered (`capabilities`) and the diagnostics of version 1 received.
struct OpenedManifest {
  let scratch: ScratchDirectory
  let text: String
  let uri: String
  let client: LSPClient
  let capabilities: RouteCfgCore.JSONValue
  let diagnostics: [RouteCfgCore.JSONValue]

  init(_ repositoryPath: String, validationDelay: Int = 0) throws {
    try self.init(
      text: try String(contentsOfFile: LSPClient.repository + "/" + repositoryPath, encoding: .utf8),
      name: repositoryPath.split(separator: "/").last.map(String.init) ?? repositoryPath,
      validationDelay: validationDelay)
  }

  /// `text`, written to the workspace as `name` and opened.
  init(text: String, name: String = "m.yaml", validationDelay: Int = 0) throws {
    scratch = try ScratchDirectory()
    self.text = text
    try scratch.write(name, text)
    uri = scratch.uri(name)
    client = try LSPClient(directory: scratch.path)
    capabilities = try client.initialize(
      options: .object([("validationDelay", .int(validationDelay))]), root: scratch.path)
    client.open(uri, text: text)
    diagnostics = try client.diagnostics(for: uri, version: 1)
  }
}

/// A scratch directory of manifest files, removed at the end of a test.
final class ScratchDirectory {
  let path: String

  init() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent(
      "routecfg-lsp-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    path = FileSystemPath.canonical(base.path)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// Writes a file (creating its directory) and returns its path.
  @discardableResult
  func write(_ relative: String, _ text: String) throws -> String {
    let file = path + "/" + relative
    try FileManager.default.createDirectory(
      atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    return file
  }

  func uri(_ relative: String) -> String { LSPClient.uri(path + "/" + relative) }
}

enum FileSystemPath {
  static func canonical(_ path: String) -> String { FileSystem.realPath(path) ?? path }
}

/// Positions in a text, found by what is written there.
struct TextFinder {
  let lines: [Substring]

  init(_ text: String) { lines = text.split(separator: "\n", omittingEmptySubsequences: false) }

  /// The line and UTF-16 character where `needle` starts (plus `offset`), on the first line
  /// holding it after line `after`.
  func position(of needle: String, offset: Int = 0, after: Int = -1) -> (line: Int, character: Int) {
    for (number, line) in lines.enumerated() where number > after {
      if let range = line.range(of: needle) {
        return (number, line[..<range.lowerBound].utf16.count + offset)
      }
    }
    Issue.record("'\(needle)' is not in the text")
    return (0, 0)
  }

  func line(of needle: String) -> Int { position(of: needle).line }
}
