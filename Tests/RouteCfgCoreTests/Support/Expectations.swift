import Foundation
import RouteCfgCore

/// A diagnostic a fixture expects, written in the fixture as a comment:
/// `# expect: LINE:COLUMN CODE [text the message contains]`, or with a file relative to the
/// fixture's directory: `# expect: other.yaml:LINE:COLUMN CODE`.
struct ExpectedDiagnostic: Hashable, CustomStringConvertible {
  let file: String
  let line: Int
  let column: Int
  let code: String
  let messageContains: String?

  var description: String {
    "\(file):\(line):\(column) \(code)" + (messageContains.map { " \"\($0)\"" } ?? "")
  }

  /// Reads every `# expect:` comment of a file.
  static func read(from path: String) -> [ExpectedDiagnostic] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    let file = (path as NSString).lastPathComponent
    var result: [ExpectedDiagnostic] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      guard let range = line.range(of: "# expect: ") else { continue }
      let spec = line[range.upperBound...].trimmingCharacters(in: .whitespaces)
      let parts = spec.split(separator: " ", maxSplits: 2).map(String.init)
      guard parts.count >= 2 else { continue }
      var position = parts[0].split(separator: ":").map(String.init)
      var expectedFile = file
      if position.count == 3 {
        expectedFile = position.removeFirst()
      }
      guard position.count == 2, let line = Int(position[0]), let column = Int(position[1]) else { continue }
      let contains = parts.count > 2 ? parts[2] : nil
      result.append(
        ExpectedDiagnostic(
          file: expectedFile, line: line, column: column, code: parts[1], messageContains: contains))
    }
    return result
  }
}

/// The outcome of checking one fixture: what was expected and not found, and the reverse.
struct ExpectationCheck {
  var missing: [ExpectedDiagnostic] = []
  var unexpected: [String] = []

  var passed: Bool { missing.isEmpty && unexpected.isEmpty }

  /// Compares a report against the expectations of every file it loaded.
  static func compare(_ result: ValidationResult) -> ExpectationCheck {
    var expected: [ExpectedDiagnostic] = []
    for file in result.manifest.files.files {
      expected += ExpectedDiagnostic.read(from: file.canonicalPath ?? file.path)
    }
    var check = ExpectationCheck()
    var remaining = result.diagnostics
    for expectation in expected {
      let index = remaining.firstIndex { diagnostic in
        let path = result.manifest.files.path(of: diagnostic.location.file)
        return (path as NSString).lastPathComponent == expectation.file
          && diagnostic.location.line == expectation.line && diagnostic.location.column == expectation.column
          && diagnostic.code.rawValue == expectation.code
          && (expectation.messageContains.map { diagnostic.message.contains($0) } ?? true)
      }
      if let index {
        remaining.remove(at: index)
      } else {
        check.missing.append(expectation)
      }
    }
    check.unexpected = remaining.map { diagnostic in
      let path = result.manifest.files.path(of: diagnostic.location.file)
      return
        "\((path as NSString).lastPathComponent):\(diagnostic.location.line):\(diagnostic.location.column) "
        + "\(diagnostic.code.rawValue) \(diagnostic.message)"
    }
    return check
  }
}
