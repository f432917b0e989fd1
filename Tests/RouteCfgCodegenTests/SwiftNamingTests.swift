import Testing

@testable import RouteCfgCodegen

/// How a manifest's file name becomes the `App` of generated names when it has no `app`.
@Suite("Type prefixes from file names")
struct SwiftNamingTests {
  @Test(
    "Words of letters and digits, each capitalised; non-ASCII letters are letters",
    arguments: [
      ("note-app.yaml", "NoteApp"), ("manifests/note_app.yaml", "NoteApp"), ("my.app.yaml", "MyApp"),
      ("routecfg.yaml", "Routecfg"), ("café.yaml", "Café"), ("my-über-app.yaml", "MyÜberApp"),
      ("Ünïcode.yaml", "Ünïcode"), ("노트.yaml", "노트"), ("2fa.yaml", "App2fa"), ("---.yaml", "App"),
      ("\u{301}x.yaml", "App\u{301}x"),
    ])
  func typePrefix(fileName: String, prefix: String) {
    #expect(SwiftNaming.typePrefix(fromFileName: fileName) == prefix)
  }
}
