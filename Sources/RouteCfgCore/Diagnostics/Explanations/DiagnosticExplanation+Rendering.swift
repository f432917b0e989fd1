extension DiagnosticExplanation {
  /// The code's section of Docs/Diagnostics.md, from its `### RC0601 UnknownAdapterMember`
  /// heading to the end of its fix.
  public var markdown: String {
    var text = "### \(code.rawValue) \(code.name)\n\n\(description)\n\n"
    for paragraph in exampleIntro { text += paragraph + "\n\n" }
    let labelled = files.count > 1 || files.contains { $0.name != "example.yaml" }
    for file in files {
      if labelled { text += "`\(file.name)`:\n\n" }
      text += "```yaml\n\(file.text)```\n\n"
    }
    if command != ["validate", "example.yaml"] {
      text += "`routecfg \(command.joined(separator: " "))` prints:\n\n"
    }
    text += "```text\n" + output.map { $0 + "\n" }.joined() + "```\n\n"
    for paragraph in remarks { text += paragraph + "\n\n" }
    return text + "**How to fix:** \(fix)\n"
  }

  /// The explanation for a terminal (`routecfg explain CODE`): paragraphs wrapped at `width`,
  /// files and output indented as blocks.
  public func text(width: Int = 100) -> String {
    var text = "\(code.rawValue) \(code.name) (\(code.defaultSeverity.rawValue)): \(code.summary)\n\n"
    text += Self.wrapped(description, width: width) + "\n"
    if !files.isEmpty, !(exampleIntro.first?.hasPrefix("Example") ?? false) { text += "Example\n\n" }
    for paragraph in exampleIntro { text += Self.wrapped(paragraph, width: width) + "\n" }
    for file in files {
      // A file is printed as written, tabs included (RC0106's example is a tab), so that a copy
      // of it triggers the code.
      text += "\(file.name):\n\n" + Self.indented(file.text, printable: false) + "\n"
    }
    text += "routecfg \(command.joined(separator: " ")) prints:\n\n"
    text += Self.indented(output.map { $0 + "\n" }.joined()) + "\n"
    for paragraph in remarks { text += Self.wrapped(paragraph, width: width) + "\n" }
    text += Self.wrapped("How to fix: " + fix, width: width)
    return text
  }

  /// Markdown paragraphs wrapped at `width`; fenced code blocks indented, as they are.
  static func wrapped(_ markdown: String, width: Int) -> String {
    var output = ""
    var inBlock = false
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        inBlock.toggle()
        continue
      }
      if inBlock {
        output += TextFormatter.printable("    " + line) + "\n"
        continue
      }
      output += wrap(TextFormatter.printable(String(line)), width: width) + "\n"
    }
    return output
  }

  /// One line broken at spaces so that no line is wider than `width` (a longer word stays whole).
  private static func wrap(_ line: String, width: Int) -> String {
    var lines: [String] = []
    var current = ""
    for word in line.split(separator: " ", omittingEmptySubsequences: false) {
      if !current.isEmpty, current.count + 1 + word.count > width {
        lines.append(current)
        current = String(word)
      } else {
        current += current.isEmpty ? String(word) : " " + word
      }
    }
    lines.append(current)
    return lines.joined(separator: "\n")
  }

  /// `text` indented by four spaces, with control characters escaped unless `printable` is
  /// `false`.
  private static func indented(_ text: String, printable: Bool = true) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
      if line.isEmpty { return "\n" }
      return (printable ? TextFormatter.printable("    " + line) : "    " + line) + "\n"
    }.joined()
  }
}

extension DiagnosticExplanation {
  /// The "All codes" table of Docs/Diagnostics.md: code (linked to its section), name, default
  /// severity and summary.
  public static var codeTable: String {
    var table = "| Code | Name | Default severity | Summary |\n|---|---|---|---|\n"
    for code in DiagnosticCode.allCases {
      let anchor = "\(code.rawValue)-\(code.name)".lowercased()
      table +=
        "| [\(code.rawValue)](#\(anchor)) | `\(code.name)` | \(code.defaultSeverity.rawValue) | \(code.summary) |\n"
    }
    return table
  }
}
