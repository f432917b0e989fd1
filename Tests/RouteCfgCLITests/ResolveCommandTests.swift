import Foundation
import Testing

@Suite("routecfg resolve")
struct ResolveCommandTests {
  static let noteApp = "manifests/NoteApp.yaml"

  /// The JSON object for a URL, and the exit status.
  func resolve(_ url: String, in manifest: String = noteApp) throws -> ([String: Any], Int32) {
    let result = try Routecfg.run(["resolve", manifest, url, "--format", "json"])
    let object = try #require(try Routecfg.json(result.standardOutput) as? [String: Any])
    #expect(Set(object.keys) == ["module", "route", "parameters", "fallback"])
    return (object, result.status)
  }

  @Test func aRouteGivesTheModuleRouteAndTypedParameters() throws {
    let result = try Routecfg.run(["resolve", Self.noteApp, "/notes/42", "--format", "json"])
    #expect(result.status == 0)
    #expect(
      result.standardOutput
        == #"{"module":"NoteDetail","route":"/notes/:noteId","parameters":{"noteId":42},"fallback":false}"#
        + "\n")
  }

  @Test func theSchemeAndTheQueryAreRead() throws {
    let (object, status) = try resolve("noteapp://notes/7?query=hello%20world&unknown=1")
    #expect(status == 0)
    #expect(object["module"] as? String == "NoteDetail")
    let parameters = try #require(object["parameters"] as? [String: Any])
    #expect(parameters["noteId"] as? Int == 7)
    #expect(parameters["query"] as? String == "hello world")
    #expect(parameters.count == 2)
  }

  @Test func literalsBeatParameters() throws {
    let (object, _) = try resolve("/notes/new")
    #expect(object["module"] as? String == "NoteEditor")
    #expect(object["route"] as? String == "/notes/new")
    #expect((object["parameters"] as? [String: Any])?.isEmpty == true)
  }

  @Test func unmatchedURLsGoToTheFallback() throws {
    for url in ["/nowhere", "/notes/abc/def", "/notes//42", "/notes/%zz", "/notes/%2E%2E"] {
      let (object, status) = try resolve(url)
      #expect(status == 0, "\(url)")
      #expect(object["module"] as? String == "NotFound", "\(url)")
      #expect(object["route"] is NSNull, "\(url)")
      #expect(object["fallback"] as? Bool == true, "\(url)")
    }
  }

  @Test func anotherSchemeIsNotRoutedEvenWithAFallback() throws {
    let result = try Routecfg.run([
      "resolve", Self.noteApp, "https://example.com/notes/42", "--format", "json",
    ])
    #expect(result.status == 1)
    #expect(result.standardError.contains("scheme 'https' is not the app's scheme 'noteapp'"))
  }

  @Test func withoutAFallbackAnUnmatchedURLExitsOne() throws {
    let result = try Routecfg.run(["resolve", "manifests/LoginDemo.yaml", "/nothing"])
    #expect(result.status == 1)
    #expect(result.standardError.contains("reaches no module"))
  }

  @Test func rawBytesThatAreNotUTF8NeverMatch() throws {
    let directory = try Routecfg.scratchDirectory("raw")
    defer { try? FileManager.default.removeItem(at: directory) }
    let manifest = """
      routecfg: 1
      modules:
        Note: {kind: view, parameters: {s: String}, routes: ["/notes/:s"]}
      """
    try manifest.write(to: directory.appendingPathComponent("raw.yaml"), atomically: true, encoding: .utf8)
    func resolve(_ url: [UInt8]) throws -> (status: Int32, standardError: String) {
      let manifest = Array(directory.appendingPathComponent("raw.yaml").path.utf8)
      return try Routecfg.run(rawArguments: [Array("resolve".utf8), manifest, url], scratch: directory.path)
    }
    // Raw UTF-8 equals its percent-encoding and matches; raw bytes that are not UTF-8 behave
    // like their escapes, which never match.
    #expect(try resolve(Array("/notes/é".utf8)).status == 0)
    for bytes: [UInt8] in [[0xFF], [0xC3], [0xED, 0xA0, 0x80]] {
      let result = try resolve(Array("/notes/".utf8) + bytes)
      #expect(result.status == 1, "\(bytes)")
      #expect(result.standardError.contains("decode to invalid UTF-8"), "\(result.standardError)")
    }
  }

  @Test func textOutputListsTheParameters() throws {
    let result = try Routecfg.run(["resolve", Self.noteApp, "/notes/42?query=hi"])
    #expect(result.status == 0)
    #expect(
      result.standardOutput
        == "module: NoteDetail\nroute: /notes/:noteId\nparameters:\n  noteId: 42 (Int)\n  query: \"hi\" (String)\n"
    )
    let fallback = try Routecfg.run(["resolve", Self.noteApp, "/elsewhere"])
    #expect(fallback.standardOutput == "module: NotFound (fallback)\nroute: none\nparameters: none\n")
    // Control and invisible characters in one escape style, quotes and backslashes escaped.
    let escaped = try Routecfg.run(["resolve", Self.noteApp, "/notes/42?query=%1B%0A%E2%80%AE%22%5C"])
    #expect(escaped.standardOutput.contains(#"  query: "\u{1B}\n\u{202E}\"\\" (String)"#), "\(escaped)")
  }

  /// Names from the manifest are printed in the same escape style: a module, a route and a
  /// parameter may hold bidirectional controls that would reorder what a reader sees; so may
  /// the modules an unknown `generate --module` lists.
  @Test func manifestNamesAreEscapedInTextOutput() throws {
    let scratch = try Routecfg.scratchDirectory("resolve-bidi")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let manifest = scratch.appendingPathComponent("bidi.yaml")
    try """
    routecfg: 1
    modules:
      "Ad\\u202Emin":
        kind: view
        parameters: {"i\\u202Ed": String?}
        routes: ["/x\\u202Ey"]
      Other: {kind: view, routes: [/o]}
    """.write(to: manifest, atomically: true, encoding: .utf8)
    let result = try Routecfg.run(["resolve", manifest.path, "/x%E2%80%AEy?i%E2%80%AEd=1"])
    #expect(result.status == 0, "\(result)")
    #expect(
      result.standardOutput
        == "module: Ad\\u{202E}min\nroute: /x\\u{202E}y\nparameters:\n  i\\u{202E}d: \"1\" (String)\n")
    let generate = try Routecfg.run([
      "generate", manifest.path, "--module", "Nope", "--output", scratch.appendingPathComponent("out").path,
    ])
    #expect(generate.status == 64)
    #expect(generate.standardError.contains("(modules: Ad\\u{202E}min, Other)"), "\(generate.standardError)")
    #expect(!generate.standardError.contains("\u{202E}"))
    // The routes table's fallback row too.
    try """
    routecfg: 1
    fallback: "N\\u202Ef"
    modules:
      H: {kind: view, routes: [/]}
      "N\\u202Ef": {kind: view}
    """.write(to: manifest, atomically: true, encoding: .utf8)
    let routes = try Routecfg.run(["routes", manifest.path])
    #expect(routes.status == 0, "\(routes)")
    #expect(routes.standardOutput.contains("(fallback)  N\\u{202E}f\n"), "\(routes.standardOutput)")
    #expect(!routes.standardOutput.contains("\u{202E}"))
  }

  /// Parameters come in the order `routes` lists them: the pattern's, then the query's in
  /// declaration order (not by name).
  @Test func parametersComeInPatternThenDeclarationOrder() throws {
    let scratch = try Routecfg.scratchDirectory("resolve-order")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let manifest = scratch.appendingPathComponent("posts.yaml")
    try """
    routecfg: 1
    modules:
      Posts:
        kind: view
        parameters: {postId: Int, sort: String?, userId: Int, after: Int?}
        routes: ["/users/:userId/posts/:postId"]
    """.write(to: manifest, atomically: true, encoding: .utf8)
    let json = try Routecfg.run([
      "resolve", manifest.path, "/users/1/posts/2?after=3&sort=new", "--format", "json",
    ])
    #expect(
      json.standardOutput
        == #"{"module":"Posts","route":"/users/:userId/posts/:postId","parameters":{"userId":1,"postId":2,"sort":"new","after":3},"fallback":false}"#
        + "\n")
    let text = try Routecfg.run(["resolve", manifest.path, "/users/1/posts/2?after=3&sort=new"])
    #expect(
      text.standardOutput.hasSuffix(
        "parameters:\n  userId: 1 (Int)\n  postId: 2 (Int)\n  sort: \"new\" (String)\n  after: 3 (Int)\n"),
      "\(text.standardOutput)")
  }

  @Test func aManifestWithErrorsPrintsItsDiagnosticsOnStandardError() throws {
    let result = try Routecfg.run(["resolve", "manifests/invalid/routes.yaml", "/notes/1"])
    #expect(result.status == 1)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.contains("manifests/invalid/routes.yaml:12:15: error:"))
    // Then the summary line validate prints.
    let lines = result.standardError.split(separator: "\n")
    #expect(lines.last?.hasPrefix("manifests/invalid/routes.yaml: ") == true, "\(result.standardError)")
    #expect(lines.last?.hasSuffix(" errors") == true, "\(result.standardError)")
  }

  @Test func misuseExits64() throws {
    #expect(try Routecfg.run(["resolve", Self.noteApp]).status == 64)
    #expect(
      try Routecfg.run(["resolve", "manifests/LoginDemo.yaml", "/login", "--variant", "tvOS"]).status == 64)
    #expect(try Routecfg.run(["resolve", Self.noteApp, "/x", "--format", "sarif"]).status == 64)
  }

  @Test func helpDescribesTheCommand() throws {
    let result = try Routecfg.run(["resolve", "--help"])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("--format <format>"))
    #expect(result.standardOutput.contains("<url>"))
  }
}
