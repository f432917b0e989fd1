import Testing

@testable import RouteCfgCodegen

/// How a manifest's file name becomes the `App` of generated names when it has no `app`, and a
/// module's name the lowerCamelCase name of its route case and factory label.
@Suite("Swift names from manifest names")
struct SwiftNamingTests {
  @Test(
    "Leading capitals lowered as acronyms are, underscore-joined words in camel case",
    arguments: [
      ("NoteList", "noteList"), ("noteList", "noteList"), ("URLHandler", "urlHandler"),
      ("IOSAlert", "iosAlert"), ("HTTP2Client", "http2Client"), ("URL", "url"), ("A", "a"),
      ("URLs", "urls"), ("IDsView", "idsView"), ("UIs2", "uis2"), ("UIsettings", "uIsettings"),
      ("ASet", "aSet"), ("notes_list", "notesList"), ("Snake_Case_Module", "snakeCaseModule"),
      ("URL_handler", "urlHandler"), ("a__b_", "aB"), ("_draft", "_draft"), ("__Draft_view", "__draftView"),
      ("_", "_"), ("v_2", "v2"), ("Über_ärger", "überÄrger"), ("İstanbul", "i\u{307}stanbul"),
    ])
  func lowerCamelCase(name: String, expected: String) {
    #expect(SwiftNaming.lowerCamelCase(name) == expected)
  }

  @Test(
    "Words of letters and digits, each capitalised; non-ASCII letters are letters",
    arguments: [
      ("note-app.yaml", "NoteApp"), ("manifests/note_app.yaml", "NoteApp"), ("my.app.yaml", "MyApp"),
      ("routecfg.yaml", "Routecfg"), ("café.yaml", "Café"), ("my-über-app.yaml", "MyÜberApp"),
      ("Ünïcode.yaml", "Ünïcode"), ("노트.yaml", "노트"), ("2fa.yaml", "App2fa"), ("---.yaml", "App"),
      ("\u{301}x.yaml", "App\u{301}x"),
      // Emoji and symbols separate words; a word starts in title case.
      ("🚀app.yaml", "App"), ("a€b.yaml", "AB"), ("ﬁle.yaml", "File"), ("ǆemal.yaml", "ǅemal"),
    ])
  func typePrefix(fileName: String, prefix: String) {
    #expect(SwiftNaming.typePrefix(fromFileName: fileName) == prefix)
  }
}
