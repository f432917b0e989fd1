import Foundation
import Testing

/// Every `swift` code block in README.md and in any page under Docs/ is compiled and run: it must
/// appear verbatim in a Swift file the tests compile, under Tests/ or Examples/ (its `import`
/// lines among the file's imports, the other lines one after another at any indentation).
/// Snippets that only the documentation needs live in DocumentationSnippets/, which this target
/// compiles and runs as tests. A page added later is picked up without changing this test.
@Suite("Documentation snippets compile")
struct DocumentationSnippetTests {
  /// A fenced code block of a Markdown file.
  struct Snippet: CustomStringConvertible {
    let page: String
    let line: Int
    let lines: [String]
    var description: String { "\(page):\(line)" }
  }

  static func pages() throws -> [String] {
    let docs = URL(fileURLWithPath: RuntimeFixtures.repository).appendingPathComponent("Docs")
    let files =
      FileManager.default.enumerator(at: docs, includingPropertiesForKeys: nil)?
      .compactMap { ($0 as? URL)?.path }.filter { $0.hasSuffix(".md") } ?? []
    return [RuntimeFixtures.repository + "/README.md"] + files.sorted()
  }

  /// The blocks of `path` fenced as `language` (```` ```swift ````), each at its opening fence's line.
  static func snippets(in path: String, language: String = "swift") throws -> [Snippet] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let name = String(path.dropFirst(RuntimeFixtures.repository.count + 1))
    var snippets: [Snippet] = []
    var current: (start: Int, lines: [String])?
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if var open = current {
        if line.trimmingCharacters(in: .whitespaces) == "```" {
          snippets.append(Snippet(page: name, line: open.start, lines: open.lines))
          current = nil
        } else {
          open.lines.append(String(line))
          current = open
        }
      } else if line.trimmingCharacters(in: .whitespaces) == "```" + language {
        current = (index + 1, [])
      }
    }
    return snippets
  }

  static let compiledFiles: [(name: String, lines: [String])] = {
    var files: [(name: String, lines: [String])] = []
    for folder in ["Tests", "Examples"] {
      let root = URL(fileURLWithPath: RuntimeFixtures.repository).appendingPathComponent(folder)
      let paths =
        FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
        .compactMap { ($0 as? URL)?.path }.filter { $0.hasSuffix(".swift") } ?? []
      for path in paths.sorted() {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
        files.append((path, text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)))
      }
    }
    return files
  }()

  /// Whether `lines` hold `body` one line after another, each behind the same indentation.
  static func contains(_ lines: [String], _ body: [String]) -> Bool {
    guard let first = body.first, !first.isEmpty else { return false }
    for start in lines.indices where lines[start].hasSuffix(first) {
      let indent = lines[start].dropLast(first.count)
      guard indent.allSatisfy({ $0 == " " }), start + body.count <= lines.count else { continue }
      let matches = body.indices.allSatisfy { offset in
        let line = lines[start + offset]
        let wanted = body[offset]
        return wanted.isEmpty ? line.trimmingCharacters(in: .whitespaces).isEmpty : line == indent + wanted
      }
      if matches { return true }
    }
    return false
  }

  @Test func everySwiftBlockIsCompiled() throws {
    var checked = 0
    for page in try Self.pages() {
      for snippet in try Self.snippets(in: page) {
        let imports = snippet.lines.filter { $0.hasPrefix("import ") }
        var body = snippet.lines.filter { !$0.hasPrefix("import ") }
        while body.first?.isEmpty == true { body.removeFirst() }
        while body.last?.isEmpty == true { body.removeLast() }
        let found = Self.compiledFiles.first { file in
          imports.allSatisfy(file.lines.contains) && Self.contains(file.lines, body)
        }
        #expect(
          found != nil,
          "\(snippet): this swift block is not compiled; copy it into a file under Tests/RouteCfgRuntimeTests/DocumentationSnippets/"
        )
        checked += 1
      }
    }
    #expect(checked >= 5)
  }

  @Test func theCheckNoticesAChangedLine() throws {
    let readme = try Self.snippets(in: RuntimeFixtures.repository + "/README.md")
    let snippet = try #require(readme.first)
    var body = snippet.lines.filter { !$0.hasPrefix("import ") }
    while body.first?.isEmpty == true { body.removeFirst() }
    #expect(Self.compiledFiles.contains { Self.contains($0.lines, body) })
    body[1] += " "
    #expect(!Self.compiledFiles.contains { Self.contains($0.lines, body) })
  }
}
