import Testing

@testable import RouteCfgLanguageServer

/// What tells a manifest from other YAML: a `routecfg` key however YAML lets it be written, read
/// from the text so that it answers for a file that does not parse yet.
@Suite("Manifest detection")
struct ManifestDetectionTests {
  @Test(
    "A routecfg key in any spelling makes a manifest",
    arguments: [
      "routecfg: 1\n", "# comment\nrouteCfgX: 2\nroutecfg: 1", "\"routecfg\": 1\n", "'routecfg' : 1\n",
      "routecfg : 1\n", "{routecfg: 1, modules: {}}\n", "{\n  \"routecfg\": 1,\n  \"modules\": {}\n}\n",
      "? routecfg\n: 1\n", "app: X\r\nroutecfg: 1\r\n", "app: X\rroutecfg: 1\r", "routecfg:\n",
      "# a manifest as JSON\n---\n{\n\t\"app\": \"X\",\n\t\"routecfg\": 1\n}\n", "{ routecfg: 1 }\n",
      // After `---` on the document's first line.
      "--- {routecfg: 1, modules: {}}\n", "---\t{\"routecfg\": 1}\n",
      // After a byte-order mark.
      "\u{FEFF}routecfg: 1\n", "\u{FEFF}{\"routecfg\": 1}\n",
      // A quote inside a plain scalar starts no quoted text.
      "{description: it's mine, routecfg: 1}\n", "{title: 5\" screen, routecfg: 1}\n",
      "%YAML 1.2\n--- { app: X,\n  routecfg: 1 }\n",
      // A flow mapping typed above a manifest's lines (an editor closes the brace).
      "{}\nroutecfg: 1\n", "{x}\r\nroutecfg: 1\r\n", "{# x\nroutecfg: 1\n", "{\nroutecfg: 1\n",
      "{a: 1} routecfg: x\nroutecfg: 1\n",
    ])
  func manifests(text: String) {
    #expect(RootDiscovery.declaresFormat(Array(text.utf8)))
  }

  @Test(
    "Other YAML is not a manifest",
    arguments: [
      "name: CI\non: [push]\n", "routecfgs: 1\n", "\"routecfg: 1\"\n", "- routecfg: 1\n", "routecfg\n",
      "# routecfg: 1\n", "'routecfg\": 1\n", "",
      // Nested keys of other YAML, and text in a block scalar, are not top-level.
      "services:\n  routecfg:\n    image: x\n", "notes: |\n  routecfg: 1\n", "  routecfg: 1\n",
      // In a flow root: keys of nested mappings, text in quotes or comments.
      "{tools: {routecfg: 1}, other: 2}\n", "{name: 'x, routecfg: y'}\n",
      "{\"a\": \"{\\\"routecfg\\\": 1}\"}\n",
      "{\n  \"tools\": {\n    \"routecfg\": 1\n  }\n}\n", "{a: [routecfg: 1]}\n",
      "{a: 1, # routecfg: 1\n b: 2}\n",
      // After a flow root closes, only lines that start after it.
      "{a: 1} routecfg: 1\n", "{a: 1}\n  routecfg: 1\n", "{a: {\n  routecfg: 1}}\n",
      // A root left open: a nested mapping on its first line is no key of it.
      "{{routecfg: 1}\n", "{[routecfg: 1]\n",
    ])
  func otherYAML(text: String) {
    #expect(!RootDiscovery.declaresFormat(Array(text.utf8)))
  }

  @Test("A flow root is read in one pass, however many brackets it opens on one line")
  func flowRootIsLinear() {
    // Each `{` or `,` used to start another scan of the rest of the line.
    let braces = Array(("{routecfgx: 1, a: " + String(repeating: "{", count: 400_000)).utf8)
    #expect(!RootDiscovery.declaresFormat(braces))
    let commas = Array(("{a: [" + String(repeating: "x, ", count: 200_000) + "], routecfg: 1}").utf8)
    #expect(RootDiscovery.declaresFormat(commas))
  }

  @Test("A root that includes files is found by both keys in any spelling")
  func roots() {
    let json = "{\n  \"routecfg\": 1,\n  \"include\": [\"a.yaml\"]\n}\n"
    #expect(RootDiscovery.startsManifest(Array(json.utf8)))
    #expect(RootDiscovery.startsManifest(Array("routecfg: 1\ninclude: [a.yaml]\n".utf8)))
    #expect(!RootDiscovery.startsManifest(Array("routecfg: 1\nmodules: {}\n".utf8)))
    #expect(RootDiscovery.startsManifest(Array("--- {routecfg: 1, include: [a.yaml]}\n".utf8)))
    #expect(RootDiscovery.startsManifest(Array("\u{FEFF}routecfg: 1\ninclude: [a.yaml]\n".utf8)))
    #expect(RootDiscovery.startsManifest(Array("--- {routecfg: 1,\n  include: [a.yaml]}\n".utf8)))
    // A misspelt `include`, which the decoder reads as one after its RC0201, in any quoting.
    for key in ["includ", "inclued", "\"icnlude\"", "'includes'"] {
      #expect(RootDiscovery.startsManifest(Array("routecfg: 1\n\(key): [a.yaml]\n".utf8)), "\(key)")
    }
    // Keys that are not `include` however they are spelt, and a key that is only indented.
    for text in [
      "routecfg: 1\nmodule: {}\n", "routecfg: 1\nscheme: x\n", "routecfg: 1\nx:\n  include: [a]\n",
    ] {
      #expect(!RootDiscovery.startsManifest(Array(text.utf8)), "\(text)")
    }
  }
}
