import Foundation
import Testing

/// `routecfg validate --format sarif` produces logs with the fields GitHub code scanning reads.
/// Validation against the official SARIF 2.1.0 schema runs in CI (`.ci/check-schemas`, with
/// check-jsonschema) over the log of every invalid fixture; these tests check the structure
/// without a schema validator.
@Suite("routecfg validate --format sarif")
struct SARIFOutputTests {
  static let inputs = [
    "manifests/NoteApp.yaml", "manifests/invalid/login-adapter.yaml", "manifests/invalid/routes.yaml",
    "manifests/invalid/includes/main.yaml", "manifests/invalid/yaml-syntax.yaml",
    "Tests/RouteCfgCoreTests/Fixtures/Rules/warnings-unused.yaml",
  ]

  @Test("a did-you-mean result carries its fix: the region to replace and the text to write")
  func fixes() throws {
    let result = try Routecfg.run(["validate", "--format", "sarif", "manifests/invalid/typos.yaml"])
    let log = try #require(try Routecfg.json(result.standardOutput) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let results = try #require(run["results"] as? [[String: Any]])
    let fixes = results.compactMap { ($0["fixes"] as? [[String: Any]])?.first }
    #expect(fixes.count == 5)
    let first = try #require(fixes.first)
    #expect((first["description"] as? [String: Any])?["text"] as? String == "Replace 'knd' with 'kind'")
    let change = try #require((first["artifactChanges"] as? [[String: Any]])?.first)
    #expect(
      (change["artifactLocation"] as? [String: Any])?["uri"] as? String == "manifests/invalid/typos.yaml")
    let replacement = try #require((change["replacements"] as? [[String: Any]])?.first)
    let region = try #require(replacement["deletedRegion"] as? [String: Any])
    #expect(region["startLine"] as? Int == 8 && region["startColumn"] as? Int == 5)
    #expect(region["endLine"] as? Int == 8 && region["endColumn"] as? Int == 8)
    #expect((replacement["insertedContent"] as? [String: Any])?["text"] as? String == "kind")
  }

  @Test("with several manifests, each fix edits the file of its own result")
  func fixesOfSeveralManifests() throws {
    let result = try Routecfg.run([
      "validate", "--format", "sarif", "manifests/invalid/login-adapter.yaml", "manifests/invalid/typos.yaml",
    ])
    let log = try #require(try Routecfg.json(result.standardOutput) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let results = try #require(run["results"] as? [[String: Any]])
    func uri(_ location: Any?) -> String? {
      ((location as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String
    }
    var checked = 0
    for result in results {
      let located = uri(((result["locations"] as? [[String: Any]])?.first)?["physicalLocation"])
      for fix in result["fixes"] as? [[String: Any]] ?? [] {
        for change in fix["artifactChanges"] as? [[String: Any]] ?? [] {
          #expect(uri(change) == located)
          checked += 1
        }
      }
    }
    #expect(checked >= 5)
    #expect(
      results.contains {
        uri((($0["locations"] as? [[String: Any]])?.first)?["physicalLocation"])
          == "manifests/invalid/typos.yaml"
      })
  }

  @Test("has the structure SARIF 2.1.0 requires", arguments: inputs)
  func hasTheRequiredStructure(_ path: String) throws {
    let result = try Routecfg.run(["validate", "--format", "sarif", path])
    let log = try #require(try Routecfg.json(result.standardOutput) as? [String: Any])
    #expect(log["version"] as? String == "2.1.0")
    let runs = try #require(log["runs"] as? [[String: Any]])
    #expect(runs.count == 1)
    let run = try #require(runs.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "routecfg")
    let rules = try #require(driver["rules"] as? [[String: Any]])
    #expect(Set(rules.compactMap { $0["id"] as? String }).count == rules.count)
    let results = try #require(run["results"] as? [[String: Any]])
    for result in results {
      let index = try #require(result["ruleIndex"] as? Int)
      #expect(rules.indices.contains(index) && rules[index]["id"] as? String == result["ruleId"] as? String)
      #expect(["error", "warning"].contains(result["level"] as? String))
      #expect(((result["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
      let locations =
        (result["locations"] as? [[String: Any]] ?? [])
        + (result["relatedLocations"] as? [[String: Any]] ?? [])
      for location in locations {
        let physical = try #require(location["physicalLocation"] as? [String: Any])
        #expect(((physical["artifactLocation"] as? [String: Any])?["uri"] as? String)?.isEmpty == false)
        let region = try #require(physical["region"] as? [String: Any])
        #expect((region["startLine"] as? Int ?? 0) >= 1 && (region["startColumn"] as? Int ?? 0) >= 1)
        if let endLine = region["endLine"] as? Int, let startLine = region["startLine"] as? Int {
          #expect(endLine >= startLine)
        }
      }
    }
  }

  @Test func resultsCarryRuleLocationAndRelatedLocations() throws {
    let result = try Routecfg.run(["validate", "--format", "sarif", "manifests/invalid/login-adapter.yaml"])
    #expect(result.status == 1)
    let log = try #require(try Routecfg.json(result.standardOutput) as? [String: Any])
    #expect(log["version"] as? String == "2.1.0")
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "routecfg")
    let rules = try #require(driver["rules"] as? [[String: Any]])
    let ruleIDs = rules.compactMap { $0["id"] as? String }
    // Each rule carries its explanation as help, and no link into a repository the user lacks.
    for rule in rules {
      let help = try #require(rule["help"] as? [String: Any])
      #expect((help["markdown"] as? String)?.contains("**How to fix:**") == true)
      #expect(rule["helpUri"] == nil)
      #expect((help["text"] as? String)?.contains("Docs/Diagnostics.md") == false)
    }
    #expect(ruleIDs.contains("RC0601") && ruleIDs.contains("RC0105"))
    let results = try #require(run["results"] as? [[String: Any]])
    #expect(results.count == 2)
    let unknownMember = try #require(results.first { $0["ruleId"] as? String == "RC0601" })
    #expect(unknownMember["level"] as? String == "error")
    if let index = unknownMember["ruleIndex"] as? Int { #expect(ruleIDs[index] == "RC0601") }
    let location = try #require((unknownMember["locations"] as? [[String: Any]])?.first)
    let physical = try #require(location["physicalLocation"] as? [String: Any])
    let artifact = try #require(physical["artifactLocation"] as? [String: Any])
    #expect(artifact["uri"] as? String == "manifests/invalid/login-adapter.yaml")
    let region = try #require(physical["region"] as? [String: Any])
    #expect(region["startLine"] as? Int == 28)
    #expect(region["startColumn"] as? Int == 7)
    // Every region has its end: without one, SARIF reads a region to the end of its line.
    for result in results {
      for location in result["locations"] as? [[String: Any]] ?? [] {
        let region = (location["physicalLocation"] as? [String: Any])?["region"] as? [String: Any]
        #expect(region?["endLine"] is Int && region?["endColumn"] is Int, "\(result)")
      }
    }
    // Lines are counted as YAML counts them, which the run says.
    #expect(run["newlineSequences"] as? [String] == ["\r\n", "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"])
    let missingAdapter = try #require(results.first { $0["ruleId"] as? String == "RC0606" })
    let related = try #require(missingAdapter["relatedLocations"] as? [[String: Any]])
    #expect(!related.isEmpty)
  }

  @Test func artifactURIsAreLexicallyNormalised() throws {
    let result = try Routecfg.run([
      "validate", "--format", "sarif", "./manifests//invalid/../invalid/login-adapter.yaml",
    ])
    let log = try #require(try Routecfg.json(result.standardOutput) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let results = try #require(run["results"] as? [[String: Any]])
    let uris = results.flatMap { $0["locations"] as? [[String: Any]] ?? [] }.compactMap {
      (($0["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String
    }
    #expect(!uris.isEmpty && uris.allSatisfy { $0 == "manifests/invalid/login-adapter.yaml" }, "\(uris)")
  }

  @Test func warningsAreWarningsUnlessStrict() throws {
    let path = "Tests/RouteCfgCoreTests/Fixtures/Rules/warnings-unused.yaml"
    let relaxed = try Routecfg.run(["validate", "--format", "sarif", path])
    #expect(relaxed.status == 0)
    #expect(try Self.levels(relaxed.standardOutput) == ["warning"])
    let strict = try Routecfg.run(["validate", "--format", "sarif", "--strict", path])
    #expect(strict.status == 1)
    #expect(try Self.levels(strict.standardOutput) == ["error"])
  }

  /// The distinct levels of a log's results.
  static func levels(_ text: String) throws -> Set<String> {
    let log = try #require(try Routecfg.json(text) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let results = try #require(run["results"] as? [[String: Any]])
    return Set(results.compactMap { $0["level"] as? String })
  }
}
