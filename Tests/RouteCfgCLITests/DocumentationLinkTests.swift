import Foundation
import Testing

/// Every relative link in README.md and Docs/ leads somewhere: to a file of the repository and,
/// when it names a section (`Performance.md#the-router`), to a heading of that page, spelled as
/// GitHub spells heading anchors. A renamed heading or a moved file fails here instead of
/// leaving readers at the top of a page.
@Suite("Documentation links")
struct DocumentationLinkTests {
  @Test func everyRelativeLinkResolves() throws {
    let root = Routecfg.repository
    let docs = try FileManager.default.contentsOfDirectory(atPath: root + "/Docs")
      .filter { $0.hasSuffix(".md") }.map { "Docs/" + $0 }
    let pages = ["README.md"] + docs.sorted()
    var anchors: [String: Set<String>] = [:]
    var texts: [String: String] = [:]
    for page in pages {
      let text = MarkdownLinks.withoutCodeBlocks(
        try String(contentsOfFile: root + "/" + page, encoding: .utf8))
      texts[page] = text
      anchors[page] = MarkdownLinks.headingAnchors(of: text)
    }
    var checked = 0
    for page in pages {
      for link in MarkdownLinks.relativeLinks(in: texts[page] ?? "") {
        checked += 1
        let directory = (page as NSString).deletingLastPathComponent
        let target =
          link.path.isEmpty
          ? page : ((directory as NSString).appendingPathComponent(link.path) as NSString).standardizingPath
        #expect(
          FileManager.default.fileExists(atPath: root + "/" + target), "\(page): \(link) leads to no file")
        guard let anchor = link.anchor, target.hasSuffix(".md") else { continue }
        let known =
          try anchors[target]
          ?? MarkdownLinks.headingAnchors(
            of: MarkdownLinks.withoutCodeBlocks(String(contentsOfFile: root + "/" + target, encoding: .utf8)))
        let namesAHeading = known.contains(anchor)
        #expect(namesAHeading, "\(page): \(link) names no heading of \(target)")
      }
    }
    #expect(checked > 20, "the pages should link to each other")
  }

  @Test func anchorsAreSpelledAsGitHubSpellsThem() {
    let text = """
      # Performance
      ## What 2× would take
      ### `validate FILE...` without the parser
      ## Notes
      ## Notes
      """
    #expect(
      MarkdownLinks.headingAnchors(of: text) == [
        "performance", "what-2-would-take", "validate-file-without-the-parser", "notes", "notes-1",
      ])
    #expect(
      MarkdownLinks.relativeLinks(in: "[a](CLI.md#installing), [b](https://x.org), [c](#notes)").map(
        \.description)
        == ["CLI.md#installing", "#notes"])
  }
}

/// The few Markdown rules the link check needs.
enum MarkdownLinks {
  struct Link: CustomStringConvertible {
    var path: String
    var anchor: String?
    var description: String { path + (anchor.map { "#" + $0 } ?? "") }
  }

  /// The text with fenced code blocks removed: a `#` there is a comment, not a heading.
  static func withoutCodeBlocks(_ text: String) -> String {
    var inBlock = false
    var kept: [Substring] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
        inBlock.toggle()
        continue
      }
      if !inBlock { kept.append(line) }
    }
    return kept.joined(separator: "\n")
  }

  /// The anchors GitHub gives the page's headings: lowercased, punctuation other than `-` and
  /// `_` dropped, spaces made `-`, and `-1`, `-2`, ... after a repeated one.
  static func headingAnchors(of text: String) -> Set<String> {
    var seen: [String: Int] = [:]
    var anchors: Set<String> = []
    for line in text.split(separator: "\n") where line.hasPrefix("#") {
      let title = line.drop { $0 == "#" }
      guard title.first == " " else { continue }
      var anchor = String(
        title.trimmingCharacters(in: .whitespaces).lowercased().unicodeScalars.compactMap {
          scalar -> Character? in
          if scalar == " " { return "-" }
          if scalar == "-" || scalar == "_" || scalar.properties.isAlphabetic
            || scalar.properties.numericType != nil
          {
            return Character(scalar)
          }
          return nil
        })
      if let count = seen[anchor] {
        seen[anchor] = count + 1
        anchor += "-\(count + 1)"
      } else {
        seen[anchor] = 0
      }
      anchors.insert(anchor)
    }
    return anchors
  }

  /// The links of `[text](target)` form that lead inside the repository.
  static func relativeLinks(in text: String) -> [Link] {
    var links: [Link] = []
    var rest = text[...]
    while let open = rest.range(of: "](") {
      rest = rest[open.upperBound...]
      guard let close = rest.firstIndex(where: { $0 == ")" || $0 == " " || $0 == "\n" }), rest[close] == ")"
      else { continue }
      let target = String(rest[..<close])
      rest = rest[close...]
      if target.contains("://") || target.hasPrefix("mailto:") || target.isEmpty { continue }
      let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
      links.append(Link(path: String(parts[0]), anchor: parts.count > 1 ? String(parts[1]) : nil))
    }
    return links
  }
}
