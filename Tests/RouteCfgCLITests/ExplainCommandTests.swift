import Foundation
import RouteCfgCore
import Testing

/// `routecfg explain CODE`: the registry's explanation of a code, as text or Markdown.
@Suite("routecfg explain")
struct ExplainCommandTests {
  @Test func explainsACodeWithItsExampleOutputAndFix() throws {
    let result = try Routecfg.run(["explain", "RC0601"])
    #expect(result.status == 0)
    let text = result.standardOutput
    #expect(
      text.hasPrefix(
        "RC0601 UnknownAdapterMember (error): An adapter's map names a member its protocol lacks.\n"))
    #expect(text.contains("\n    adapters:\n      - adapt: RequiredLogin\n"))
    #expect(
      text.contains(
        "    example.yaml:20:16: error: 'ProvidedLogin' has no member 'notifyStrng'; did you mean 'notifyString'? [RC0601]\n"
      ))
    #expect(text.contains("How to fix: use the suggested name"))
    #expect(text.split(separator: "\n").allSatisfy { $0.count <= 100 || $0.hasPrefix("    ") })
  }

  /// A file copied out of the text (each line without its four spaces) is the example itself,
  /// tabs included (RC0106's example is a tab), so that running it prints what the text says.
  @Test func everyExampleFileIsPrintedAsWritten() throws {
    for code in DiagnosticCode.allCases {
      let explanation = try #require(code.explanation)
      let text = explanation.text()
      for file in explanation.files {
        let indented = file.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
          $0.isEmpty ? "\n" : "    " + $0 + "\n"
        }.joined()
        #expect(text.contains("\(file.name):\n\n" + indented), "\(code.rawValue): \(file.name)")
      }
    }
  }

  @Test(arguments: ["rc0601", "0601", "601", "UnknownAdapterMember", "unknownadaptermember"])
  func acceptsTheWaysPeopleWriteACode(_ typed: String) throws {
    let result = try Routecfg.run(["explain", typed])
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix("RC0601 UnknownAdapterMember"))
  }

  @Test func markdownIsTheDocumentationSection() throws {
    for code in [DiagnosticCode.yamlSyntax, .missingAdapter, .routeConflict] {
      let result = try Routecfg.run(["explain", code.rawValue, "--format", "markdown"])
      let explanation = try #require(code.explanation)
      #expect(result.standardOutput == explanation.markdown)
      let page = try String(contentsOfFile: DocumentationTests.diagnosticsPath, encoding: .utf8)
      #expect(page.contains(result.standardOutput))
    }
  }

  @Test func unknownCodesAreUsageErrorsWithASuggestion() throws {
    let result = try Routecfg.run(["explain", "RC0610x"])
    #expect(result.status == 64)
    #expect(result.standardOutput.isEmpty)
    #expect(
      result.standardError
        == "error: unknown diagnostic code 'RC0610x'; did you mean 'RC0610'? 'routecfg explain' lists every code\n"
    )
    let name = try Routecfg.run(["explain", "UnknownAdaptorMember"])
    #expect(name.status == 64)
    #expect(name.standardError.contains("did you mean 'UnknownAdapterMember'?"))
    let nothing = try Routecfg.run(["explain", "RC9999"])
    #expect(nothing.status == 64)
  }

  @Test func withoutACodeEveryCodeIsListed() throws {
    let result = try Routecfg.run(["explain"])
    #expect(result.status == 0)
    let lines = result.standardOutput.split(separator: "\n")
    #expect(lines.count == DiagnosticCode.allCases.count)
    #expect(lines.first == "RC0101  FileUnreadable            error    The file cannot be opened or read.")
    let table = try Routecfg.run(["explain", "--format", "markdown"])
    #expect(table.standardOutput == DiagnosticExplanation.codeTable)
  }

  @Test func helpDescribesTheCommand() throws {
    let result = try Routecfg.run(["explain", "--help"])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("Explain a diagnostic code"))
  }
}
