import RouteCfgSynthetic
import Testing

@testable import RouteCfgCore

/// Positions inside member bodies point at the exact place in the file, whatever the scalar's
/// style: literal and folded blocks, plain, single- and double-quoted scalars over several lines,
/// escapes and escaped line breaks.
@Suite("Scalar positions")
struct ScalarPositionTests {
  private static let module = "modules: {M: {kind: view, provides: [P], routes: [/a]}}\n"

  /// The place of the only member-syntax diagnostic of a manifest with protocol `P` written as
  /// `body` (lines after `protocols:`).
  private static func memberError(_ body: String) throws -> TextPoint? {
    let yaml = "routecfg: 1\nprotocols:\n" + body + "\n" + module
    let result = try RouteCfg.validate(yaml: yaml, path: "positions.yaml")
    let errors = result.diagnostics.filter { $0.code == .memberSyntax }
    #expect(errors.count == 1, "\(result.diagnostics.map(\.message))")
    return errors.first?.location.start
  }

  @Test(arguments: [
    ("  P: >\n    var a: Int\n    var b Int", TextPoint(line: 5, column: 5)),
    ("  P: >\n    var a: Int\n\n    var b Int", TextPoint(line: 6, column: 11)),
    ("  P: >-\n    var a: Int\n\n      var b Int", TextPoint(line: 6, column: 13)),
    ("  P: \"var a: Int;\n    var b Int\"", TextPoint(line: 4, column: 11)),
    ("  P: 'var a: Int;\n    var b Int'", TextPoint(line: 4, column: 11)),
    ("  P: \"var a: Int\\n var b Int\"", TextPoint(line: 3, column: 26)),
    ("  P: \"var b\\\n     Int x\"", TextPoint(line: 4, column: 10)),
    ("  P: 'var it''s: Int'", TextPoint(line: 3, column: 13)),
    ("  P: \"var \\u00e9t\\u00e9 x\"", TextPoint(line: 3, column: 25)),
    ("  P:\n    func a();\n    func b(x Int)", TextPoint(line: 5, column: 14)),
    ("  P: |\n    var a: Int\n    var b Int", TextPoint(line: 5, column: 11)),
    // A line of spaces deeper than the block's indentation is a more-indented line, not empty.
    ("  P: >\n    var a: Int\n      \n    var b: Int\n    var c Int", TextPoint(line: 7, column: 5)),
    // After an escaped line break, an empty line is a newline.
    ("  P: \"var a: Int;\\\n\n    var b Int\"", TextPoint(line: 5, column: 11)),
  ])
  func bodiesPointAtTheFile(body: String, expected: TextPoint) throws {
    #expect(try Self.memberError(body) == expected)
  }

  /// A line or paragraph separator ends a line of the file, as libyaml counts lines (and the
  /// language server converts), and ends a member as `\n` does: in a literal block the lines
  /// after it are one further down.
  @Test(arguments: ["\u{2028}", "\u{2029}"])
  func separatorsInBlocksEndFileLines(separator: String) throws {
    let yaml = "routecfg: 1\nprotocols:\n  P: |\n    var a: Int\(separator)\n    var b Int\n" + Self.module
    let result = try RouteCfg.validate(yaml: yaml, path: "positions.yaml")
    let errors = result.diagnostics.filter { $0.code == .memberSyntax }.map(\.location.start)
    // 'Int' on line 6, after the empty line 5 that the separator ends.
    #expect(errors == [TextPoint(line: 6, column: 11)])
    // A separator before the first member: the block's indentation is read on the member's line.
    let leading = "routecfg: 1\nprotocols:\n  P: |\n\(separator)    var b: Int\n    var c Int\n" + Self.module
    let placed = try RouteCfg.validate(yaml: leading, path: "positions.yaml").diagnostics
      .filter { $0.code == .memberSyntax }.map(\.location.start)
    #expect(placed == [TextPoint(line: 6, column: 11)])
    // Members on the lines a separator ends are read apart, also after a comment.
    let apart =
      "routecfg: 1\nprotocols:\n  P: |\n    var a: Int // c\(separator)    var b: Int\n" + Self.module
    let members = try RouteCfg.validate(yaml: apart, path: "positions.yaml").graph?.protocols["P"]?.members
    #expect(members?.map(\.name) == ["a", "b"])
  }

  /// Line breaks a double-quoted body writes as escapes (`\r`, `\N`, `\L`, `\P`) end a member
  /// as `\n` does, and a `//` comment before them: the member after one is read, and points at
  /// the file after the escape.
  @Test(arguments: ["\\r", "\\N", "\\L", "\\P", "\\r\\n"])
  func escapedLineBreaksEndMembers(escape: String) throws {
    let apart =
      "routecfg: 1\nprotocols:\n  P: \"var a: Int // c\(escape)var b: Int\(escape)var c: Int\"\n"
      + Self.module
    let members = try RouteCfg.validate(yaml: apart, path: "positions.yaml").graph?.protocols["P"]?.members
    #expect(members?.map(\.name) == ["a", "b", "c"])
    // 'Int' of `var b Int`, after `  P: "// c` and the escape.
    let column = Int32(17 + escape.count)
    #expect(try Self.memberError("  P: \"// c\(escape)var b Int\"") == TextPoint(line: 3, column: column))
  }

  /// A line or paragraph separator in a quoted or folded body stays in the value (libyaml does
  /// not fold it as it folds a newline): it ends the member, and diagnostics after it point at
  /// the file's next line.
  @Test(arguments: ["\u{2028}", "\u{2029}"])
  func separatorsInQuotedAndFoldedBodiesPointAtTheFile(separator: String) throws {
    // `var b Int` is on line 4, after the separator ends line 3; 'Int' is its 7th scalar.
    #expect(try Self.memberError("  P: \"var a: Int\(separator)var b Int\"") == TextPoint(line: 4, column: 7))
    #expect(try Self.memberError("  P: 'var a: Int\(separator)var b Int'") == TextPoint(line: 4, column: 7))
    #expect(
      try Self.memberError("  P: >\n    var a: Int\(separator)    var b Int")
        == TextPoint(line: 5, column: 11))
    // The separator ends its line; the next is empty (a newline kept after the separator), and
    // the member in error is three lines further down.
    let bodies = [
      ("  P: \"var a: Int;\(separator)\n    var b: Int\n\n    var c Int\"", TextPoint(line: 7, column: 11)),
      (
        "  P: >\n    var a: Int;\(separator)\n    var b: Int\n\n    var c Int", TextPoint(line: 8, column: 11)
      ),
    ]
    for (body, expected) in bodies {
      let yaml = "routecfg: 1\nprotocols:\n" + body + "\n" + Self.module
      let errors = try RouteCfg.validate(yaml: yaml, path: "positions.yaml").diagnostics
        .filter { $0.code == .memberSyntax }.map(\.location.start)
      #expect(errors == [expected])
    }
  }

  /// Random scalars of every folding style: each scalar of the value maps to the place in the
  /// file that holds it (or its escape), and the map always agrees with libyaml's value.
  @Test func everyValueScalarMapsToItsSource() throws {
    // A separator or next-line character is a line break to libyaml: the indentation after it
    // (with the space that joins the words) keeps a folded block going, or more indented.
    let words = [
      "var", "a:", "Int", "é", "x", "func", "f()", "{", "get", "}", "//", "-", "[String]", "\u{2028} ",
      "\u{2029}  ", "\u{85} ",
    ]
    var random = SeededRandom(seed: 99)
    for round in 0..<300 {
      var lines: [String] = []
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let count = Int.random(in: 0...4, using: &random)
        lines.append(
          (0..<count).map { _ in words.randomElement(using: &random) ?? "x" }.joined(separator: " "))
      }
      let yaml: String
      switch round % 4 {
      case 0: yaml = "key: >\n" + lines.map { "  " + $0 }.joined(separator: "\n") + "\n"
      case 1:
        yaml =
          "key: '" + lines.map { $0.replacingOccurrences(of: "'", with: "''") }.joined(separator: "\n  ")
          + "'\n"
      case 2:
        let escaped = lines.map { line in
          line.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "é", with: "\\u00e9")
        }
        yaml = "key: \"" + escaped.joined(separator: round % 8 == 2 ? "\\\n  " : "\n  ") + "\"\n"
      default:
        yaml =
          "key: "
          + (["start"] + lines.filter { !$0.isEmpty && !$0.contains(":") && !$0.contains("//") })
          .joined(separator: "\n  ") + "\n"
      }
      let read = YAMLReader.read(Array(yaml.utf8), file: SourceFileID(0))
      guard let document = read.document, let root = document.root else { continue }
      let valueID = document.entries(of: root)[0].value
      let node = document[valueID]
      guard node.kind == .scalar else { continue }
      // The file's lines as libyaml counts them, each with the break that ends it.
      let lineBreaks: Set<Unicode.Scalar> = ["\n", "\u{85}", "\u{2028}", "\u{2029}"]
      var sourceLines: [[Unicode.Scalar]] = [[]]
      for scalar in yaml.unicodeScalars {
        sourceLines[sourceLines.count - 1].append(scalar)
        if lineBreaks.contains(scalar) { sourceLines.append([]) }
      }
      // A folded block's indentation, as libyaml finds it: the most spaces on its lines up to the
      // first that holds text (a line after a separator can be more indented).
      var indent = 0
      for line in sourceLines.dropFirst() where node.style == .folded {
        let spaces = line.prefix { $0 == " " }.count
        indent = max(indent, spaces)
        if line.dropFirst(spaces).contains(where: { !lineBreaks.contains($0) }) { break }
      }
      let map = FoldedScalarMap(node: node, source: document.source, blockIndent: indent)
      // Separators shown escaped (a terminal breaks lines at them).
      let shown = yaml.unicodeScalars.map { $0.escaped(asASCII: true) }.joined()
      #expect(map != nil, "no map for \(shown)")
      guard let map else { continue }
      for (lineIndex, valueLine) in node.value.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        for (column, scalar) in valueLine.unicodeScalars.enumerated() where scalar != " " {
          let point = try #require(map.point(BodyPosition(line: lineIndex, column: column)))
          let written = sourceLines[Int(point.line) - 1][Int(point.column) - 1]
          #expect(
            written == scalar || written == "\\" || (scalar == "'" && written == "'"),
            "\(shown): '\(scalar.escaped(asASCII: true))' mapped to '\(written)' at \(point)")
        }
      }
    }
  }
}

extension ScalarPositionTests {
  /// A route's range covers the pattern and nothing else: inside the quotes of a quoted one
  /// (editors underline it and outline it by this range).
  @Test(arguments: [
    // The list opens at column 50: a plain pattern starts at 51, a quoted one at 52 (after
    // its quote) and ends at its closing quote.
    ("[/a/:x]", 51, 56), ("[\"/a/:x\"]", 52, 57), ("['/a/:x']", 52, 57), ("[\"/a/\\u00e9\"]", 52, 61),
  ])
  func aRouteRangeIsThePatternInsideItsQuotes(routes: String, start: Int32, end: Int32) throws {
    let yaml = "routecfg: 1\nmodules:\n  M: {kind: view, parameters: {x: Int?}, routes: \(routes)}\n"
    let result = try RouteCfg.validate(yaml: yaml, path: "route-range.yaml")
    let route = try #require(result.manifest.modules.first?.routes.first)
    #expect(route.location.start == TextPoint(line: 3, column: start))
    #expect(route.location.end == TextPoint(line: 3, column: end))
  }

  /// A separator in a quoted route is one character of the pattern, at its place in the file:
  /// RC0801 points at it, as at its escape.
  @Test(arguments: ["\"/a\u{2029}b/:idd\"", "'/a\u{2029}b/:idd'", "\"/a\u{2028}b/:idd\""])
  func aSeparatorInAQuotedRouteIsPlaced(route: String) throws {
    func routeErrors(_ route: String) throws -> [TextPoint] {
      let yaml = "routecfg: 1\nmodules:\n  M: {kind: view, parameters: {id: Int}, routes: [\(route)]}\n"
      return try RouteCfg.validate(yaml: yaml, path: "route-separator.yaml").diagnostics
        .filter { $0.code == .invalidRoutePattern }.map(\.location.start)
    }
    // The list opens at column 50, the quote at 51: the separator (or its escape) is at 54.
    #expect(try routeErrors(route) == [TextPoint(line: 3, column: 54)])
    #expect(try routeErrors("\"/a\\u2029b/:idd\"") == [TextPoint(line: 3, column: 54)])
  }
}
