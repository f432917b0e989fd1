import Testing

@testable import RouteCfgCodegen

/// Manifest text that reaches generated comments (route patterns, the manifest's file name)
/// cannot end a comment early or hide what a line says. Found by fuzz-generate.
@Suite("Manifest text in generated comments")
struct HostileTextTests {
  @Test("Control and bidirectional characters in comments are written as escapes")
  func commentTextIsVisible() {
    #expect(SwiftRenderer.commentText("a\nb") == #"a\u{A}b"#)
    #expect(SwiftRenderer.commentText("/a\u{202E}b") == #"/a\u{202E}b"#)
    #expect(SwiftRenderer.commentText("/notes/:noteId") == "/notes/:noteId")
  }

  @Test("A route with a bidirectional override and a file name with a line break stay in their comments")
  func generatedFilesHoldNoRawControls() throws {
    let yaml = """
      routecfg: 1
      app: Hostile
      modules:
        Notes: {kind: view, routes: ["/a\u{202E}b", /notes]}

      """
    let files = try Generation.files(yaml: yaml, path: "Hos\ntile.yaml")
    for file in files {
      let hidden = file.contents.unicodeScalars.filter {
        ($0.value < 0x20 && $0 != "\n") || (0x202A...0x202E).contains($0.value)
      }
      #expect(hidden.isEmpty, "\(file.name) holds \(hidden.map { String($0.value, radix: 16) })")
      let header = file.contents.split(separator: "\n").prefix(2)
      #expect(header.allSatisfy { $0.hasPrefix("//") }, "\(file.name): \(header)")
    }
  }
}
