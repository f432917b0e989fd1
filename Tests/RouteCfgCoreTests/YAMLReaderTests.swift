import RouteCfgSynthetic
import Testing

@testable import RouteCfgCore

private let file = SourceFileID(0)

private func read(_ text: String, limits: YAMLLimits = .standard) -> YAMLReadResult {
  YAMLReader.read(Array(text.utf8), file: file, limits: limits)
}

private func read(bytes: [UInt8], limits: YAMLLimits = .standard) -> YAMLReadResult {
  YAMLReader.read(bytes, file: file, limits: limits)
}

/// The single fatal diagnostic of a read that must fail.
private func failure(_ result: YAMLReadResult) -> Diagnostic? {
  #expect(result.document == nil)
  #expect(result.diagnostics.count == 1)
  return result.diagnostics.first
}

@Suite("YAML reader: tree and positions")
struct YAMLReaderTreeTests {
  @Test func scalarsMappingsAndSequencesKeepTheirPositions() throws {
    let result = read("a: 1\nlist:\n  - x\n  - 'y z'\nblock: |\n  text\n")
    let document = try #require(result.document)
    let root = try #require(document.root)
    #expect(document[root].kind == .mapping)
    #expect(document[root].start == TextPoint(line: 1, column: 1))
    let entries = document.entries(of: root)
    #expect(entries.count == 3)
    #expect(document[entries[0].key].value == "a")
    #expect(document[entries[0].value].start == TextPoint(line: 1, column: 4))
    let list = entries[1].value
    #expect(document[list].kind == .sequence)
    #expect(document[list].style == .block)
    let items = document.items(of: list)
    #expect(items.count == 2)
    #expect(document[items[1]].value == "y z")
    #expect(document[items[1]].style == .singleQuoted)
    #expect(document[items[1]].start == TextPoint(line: 4, column: 5))
    #expect(document[entries[2].value].style == .literal)
    #expect(document[entries[2].value].value == "text\n")
  }

  /// A collection's node keeps where its children are listed in the field of a scalar's print,
  /// so in a small mapping (whose keys are compared by print) a list as a key, the first one of
  /// the file (listed at 0) among them, is never taken for a repeat of a scalar key, the empty
  /// one included; a scalar key written twice still is.
  @Test func collectionKeysAreNeverRepeatsOfScalarKeys() throws {
    let result = read("{[]: 1, [a]: 2, [a]: 3, a: 4, '': 5, a: 6}\n")
    let document = try #require(result.document)
    let root = try #require(document.root)
    #expect(document.repeatedKeys(of: root) == ["a"])
    #expect(document.unusableKeys.count == 3)
    let keys = document.entries(of: root).map { document[$0.key] }
    #expect(keys.map(\.kind) == [.sequence, .sequence, .sequence, .scalar, .scalar])
    #expect(keys.map(\.value) == ["", "", "", "a", ""])
    #expect(document.entries(of: root).map { document[$0.value].value } == ["1", "2", "3", "4", "5"])
    #expect(result.diagnostics.count == 1)
  }

  /// An empty value nothing was written for is placed in the file: after its key when libyaml
  /// marks it at the next key (`? a` without ':'), at the file's end rather than past it.
  @Test func emptyValuesArePlacedInTheFile() throws {
    let keys = try #require(read("? a\n? b\nc:\n").document)
    let values = keys.entries(of: try #require(keys.root)).map { keys[$0.value] }
    #expect(
      values.map(\.start) == [
        TextPoint(line: 1, column: 4), TextPoint(line: 2, column: 4), TextPoint(line: 3, column: 3),
      ])
    #expect(values.allSatisfy { $0.start == $0.end && $0.value.isEmpty })
    // With its ':' on a later line, the value is right after the ':', as libyaml marks it.
    let indicated = try #require(read("? a\n: # none\nb: 1\n").document)
    let indicatedRoot = try #require(indicated.root)
    let value = try #require(indicated.entries(of: indicatedRoot).first?.value)
    #expect(indicated[value].start == TextPoint(line: 2, column: 2))
    let marker = try #require(read("---").document)
    #expect(marker[try #require(marker.root)].start == TextPoint(line: 1, column: 4))
  }

  @Test func flowCollectionsAreMarkedFlow() throws {
    let document = try #require(read("{a: [1, 2]}").document)
    let root = try #require(document.root)
    #expect(document[root].style == .flow)
    #expect(document[document.entries(of: root)[0].value].style == .flow)
  }

  @Test func crlfAndCRLineEndingsCountAsOneLineBreak() throws {
    let document = try #require(read("a: 1\r\nb: 2\rc: 3\n").document)
    let entries = document.entries(of: try #require(document.root))
    #expect(document[entries[1].key].start.line == 2)
    #expect(document[entries[2].key].start.line == 3)
  }

  @Test func columnsCountUnicodeScalars() throws {
    let document = try #require(read("é: ü\n").document)
    let entry = document.entries(of: try #require(document.root))[0]
    #expect(document[entry.value].start == TextPoint(line: 1, column: 4))
  }

  /// Nodes are stored with their end as lines after the start and a column; the ends that do
  /// not fit (a mapping of many lines, a block scalar of ``FarEnds/lineSpan`` lines, a long
  /// line) are kept aside, and every node still has its own.
  @Test func endsFarFromTheirStartAreKept() throws {
    let span = Int(FarEnds.lineSpan)
    let longValue = String(repeating: "v", count: Int(FarEnds.columnLimit))
    func lines(_ count: Int) -> String { (1...count).map { "  line \($0)\n" }.joined() }
    let nested = (1...200).map { "  k\($0): \($0)\n" }.joined()
    // The literal at line 2 ends `span - 1` lines below it, the next one `span` lines below.
    let text =
      "a: \(longValue)\nnear: |\n\(lines(span - 2))far: |\n\(lines(span - 1))nested:\n\(nested)last: 1\n"
    let document = try #require(read(text).document)
    let root = try #require(document.root)
    let entries = document.entries(of: root)
    let far = Int32(2 * span + 1)  // the line of `far: |`'s end, and of `nested:`
    #expect(
      entries.map { document[$0.value].end } == [
        TextPoint(line: 1, column: 4 + FarEnds.columnLimit), TextPoint(line: Int32(span + 1), column: 1),
        TextPoint(line: far, column: 1), TextPoint(line: far + 201, column: 1),
        TextPoint(line: far + 201, column: 8),
      ])
    #expect(document[root].end == TextPoint(line: far + 202, column: 1))
    #expect(document.location(of: root).end == TextPoint(line: far + 202, column: 1))
    let lastNested = document.entries(of: entries[3].value)[199].value
    #expect(document[lastNested].end == TextPoint(line: far + 200, column: 12))
  }

  @Test func aliasesShareTheAnchoredNode() throws {
    let document = try #require(read("a: &x [1, 2]\nb: *x\n").document)
    let entries = document.entries(of: try #require(document.root))
    #expect(entries[0].value == entries[1].value)
  }

  @Test func duplicateKeysAreReportedAtTheSecondWithANoteAtTheFirst() throws {
    let result = read("a: 1\nb: 2\na: 3\n")
    let document = try #require(result.document)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(diagnostic.code == .duplicateKey)
    #expect(diagnostic.location.start == TextPoint(line: 3, column: 1))
    #expect(diagnostic.notes.first?.location.start == TextPoint(line: 1, column: 1))
    // The note covers the first key as the diagnostic covers the second, so both are underlined.
    #expect(diagnostic.notes.first?.location.end == TextPoint(line: 1, column: 2))
    #expect(diagnostic.location.end == TextPoint(line: 3, column: 2))
    let entries = document.entries(of: try #require(document.root))
    #expect(entries.count == 2, "the repeated pair is left out")
    #expect(document[entries[0].value].value == "1", "the first value is kept")
  }

  @Test func duplicateKeysInLargeMappingsAreFound() {
    var text = ""
    for index in 0..<100 { text += "key\(index): \(index)\n" }
    text += "key42: again\n"
    let result = read(text)
    #expect(result.diagnostics.map(\.code) == [.duplicateKey])
    #expect(result.diagnostics.first?.location.line == 101)
  }

  /// Small mappings compare their keys' prints (length, first and last bytes) before the text:
  /// keys alike in all of those but different are not repeats, and a key written with an escape
  /// is the same key as the one written plainly.
  @Test func smallMappingsCompareKeysByTextNotByPrint() throws {
    // `abc1` and `abd1` share length, first two and last bytes; `ax` and the 130-byte key share
    // them too, with lengths 128 apart.
    let long = "ax" + String(repeating: "z", count: 127) + "x"
    let distinct = read("abc1: 1\nabd1: 2\nax: 3\n\(long): 4\n")
    #expect(distinct.diagnostics.isEmpty, "keys alike in their prints are compared by text")
    let document = try #require(distinct.document)
    #expect(document.entries(of: try #require(document.root)).count == 4)
    let escaped = read("ab: 1\n\"\\x61b\": 2\n")
    #expect(escaped.diagnostics.map(\.code) == [.duplicateKey])
    #expect(escaped.diagnostics.first?.location.line == 2)
    let merged = read("~: 1\n<<: 2\nnull: 3\n")
    #expect(merged.diagnostics.isEmpty, "'~' and 'null' are different keys as written")
  }

  @Test func largeFilesAreReadOnTwoThreadsWithTheSameResult() throws {
    // Above the pipelining threshold, libyaml runs on a second thread.
    var text = "items:\n"
    for index in 0..<20_000 { text += "  - {name: item\(index), value: \(index)}\n" }
    let result = read(text)
    let document = try #require(result.document)
    let items = document.entries(of: try #require(document.root))[0].value
    #expect(document.items(of: items).count == 20_000)
    let last = document.entries(of: document.items(of: items)[19_999])
    #expect(document[last[0].value].value == "item19999")
    #expect(document[last[0].value].start == TextPoint(line: 20_001, column: 12))
  }

  @Test func aFatalProblemEarlyInALargeFileStopsTheOtherThread() throws {
    var text = "a: *undefined\n"
    for index in 0..<40_000 { text += "k\(index): v\n" }
    let result = read(text)
    #expect(result.document == nil)
    #expect(result.diagnostics.map(\.code) == [.undefinedAlias])
  }

  /// Where libyaml stops, in a large file read on two threads, as in a small one.
  private static let libYAMLFailures: [(name: String, bytes: [UInt8])] = [
    ("syntax error", Array("tail: [1, 2\n".utf8)),
    ("tab indentation", Array("tail:\n\t- x\n".utf8)),
    ("invalid UTF-8", Array("tail: ab".utf8) + [0xC3, 0x28] + Array("\n".utf8)),
    ("control character", Array("tail: a".utf8) + [0x07] + Array("\n".utf8)),
  ]

  @Test(arguments: libYAMLFailures.indices)
  func libYAMLFailuresInALargeFileAreReportedAsInASmallOne(_ index: Int) throws {
    let (name, tail) = Self.libYAMLFailures[index]
    let small = try #require(failure(read(bytes: tail)), "\(name)")
    // A byte order mark and 30,000 lines before it: the large file is read on two threads, and
    // positions count neither the mark nor anything but lines.
    var padding = [UInt8]([0xEF, 0xBB, 0xBF])
    for line in 0..<30_000 { padding += Array("k\(line): v\n".utf8) }
    #expect(padding.count >= YAMLReader.pipelineThreshold)
    let large = try #require(failure(read(bytes: padding + tail)), "\(name)")
    #expect(large.code == small.code, "\(name)")
    #expect(large.message == small.message, "\(name)")
    #expect(large.location.line == small.location.line + 30_000, "\(name)")
    #expect(large.location.column == small.location.column, "\(name)")
  }

  @Test func aByteOrderMarkIsSkipped() throws {
    let result = read(bytes: [0xEF, 0xBB, 0xBF] + Array("routecfg: 1\napp: X\n".utf8))
    #expect(result.diagnostics.isEmpty)
    let document = try #require(result.document)
    let entries = document.entries(of: try #require(document.root))
    #expect(entries.map { document[$0.key].value } == ["routecfg", "app"])
    #expect(document[entries[0].key].start == TextPoint(line: 1, column: 1))
    #expect(document[entries[1].value].start == TextPoint(line: 2, column: 6))
  }

  @Test func explicitTagsAreKept() throws {
    let document = try #require(read("a: !!str 1\n").document)
    let value = document.entries(of: try #require(document.root))[0].value
    #expect(document.tag(of: value) == "tag:yaml.org,2002:str")
  }
}

@Suite("YAML reader: hostile input ends in one diagnostic")
struct YAMLReaderHostileTests {
  @Test func billionLaughsFailsFastAtTheAlias() throws {
    var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
    for level in 1...9 {
      let previous = "*a\(level - 1)"
      text += "a\(level): &a\(level) [\(Array(repeating: previous, count: 10).joined(separator: ", "))]\n"
    }
    let diagnostic = try #require(failure(read(text)))
    #expect(diagnostic.code == .aliasBudgetExceeded)
    #expect(diagnostic.location.line >= 6)
  }

  @Test func anAliasDiagnosticCoversTheWholeAlias() throws {
    // An editor underlines `*eeee`, not its first character: undefined, over the budget, too
    // deep, and a duplicate key written through an alias.
    let undefined = try #require(failure(read("a: [1, *eeee]\n")))
    #expect(undefined.location.start == TextPoint(line: 1, column: 8))
    #expect(undefined.location.end == TextPoint(line: 1, column: 13))
    let over = try #require(
      read("m: &m [1, 2, 3]\nn: [*m, *m]\n", limits: YAMLLimits(maxAliasExpansion: 5)).diagnostics.last)
    #expect(over.code == .aliasBudgetExceeded)
    #expect(over.location.start == TextPoint(line: 2, column: 9))
    #expect(over.location.end == TextPoint(line: 2, column: 11))
    let deep = try #require(
      read("m: &m [[[1]]]\nn: [*m]\n", limits: YAMLLimits(maxDepth: 4)).diagnostics.last)
    #expect(deep.code == .nestingTooDeep)
    #expect(deep.location.start == TextPoint(line: 2, column: 5))
    #expect(deep.location.end == TextPoint(line: 2, column: 7))
    let duplicate = try #require(read("k: &key a\nm: {a: 1, *key : 2}\n").diagnostics.first)
    #expect(duplicate.code == .duplicateKey)
    #expect(duplicate.location.start == TextPoint(line: 2, column: 11))
    #expect(duplicate.location.end == TextPoint(line: 2, column: 15))
  }

  @Test func aliasingLongTextManyTimesHitsTheBudget() throws {
    // 100 KB of protocol body aliased 2,000 times would be 200 MB of members to parse.
    var text = "routecfg: 1\nprotocols:\n  P0: &body |\n"
    for member in 0..<5_000 { text += "    var m\(member): Int\n" }
    for alias in 1..<2_000 { text += "  P\(alias): *body\n" }
    let diagnostic = try #require(failure(read(text)))
    #expect(diagnostic.code == .aliasBudgetExceeded)
    #expect(diagnostic.message.contains("text counts one node per 16 bytes"))
  }

  @Test func anAliasAddsExactlyWhatItsTargetHolds() throws {
    // The mapping: itself, key 'k' and its list of three, key 'z' and its value: 8 nodes. The
    // repeated 'k' and its list of nine are left out, so they add nothing; the sibling after them
    // counts its own size. Each budget travels with its node's slot while the mapping is open.
    let text = "m: &m {k: [1, 2, 3], k: [1, 2, 3, 4, 5, 6, 7, 8, 9], z: 1}\nn: [*m]\n"
    let over = try #require(read(text, limits: YAMLLimits(maxAliasExpansion: 7)).diagnostics.last)
    #expect(over.code == .aliasBudgetExceeded)
    #expect(over.message.contains("'*m' alone adds 8)"))
    #expect(over.location.line == 2)
    let within = read(text, limits: YAMLLimits(maxAliasExpansion: 8))
    #expect(within.document != nil)
    #expect(within.diagnostics.map(\.code) == [.duplicateKey])
    // Height: the mapping and its list are two levels, and four collections are open around the
    // alias (the root and three lists): six in all.
    let deep = "m: &m {k: [1]}\nn: [[[*m]]]\n"
    #expect(read(deep, limits: YAMLLimits(maxDepth: 6)).document != nil)
    let tooDeep = try #require(failure(read(deep, limits: YAMLLimits(maxDepth: 5))))
    #expect(tooDeep.code == .nestingTooDeep)
    #expect(tooDeep.location.line == 2)
  }

  @Test func aliasingShortTextIsFine() throws {
    var text = "shared: &body 'var title: String { get }'\n"
    for alias in 0..<1_000 { text += "p\(alias): *body\n" }
    #expect(read(text).diagnostics.isEmpty)
  }

  @Test func deepFlowNestingIsBounded() throws {
    let text = String(repeating: "[", count: 100_000)
    let diagnostic = try #require(failure(read(text)))
    #expect(diagnostic.code == .nestingTooDeep)
    #expect(diagnostic.location.start == TextPoint(line: 1, column: 129))
  }

  @Test func deepBlockNestingIsBounded() throws {
    var text = ""
    for depth in 0..<300 { text += String(repeating: " ", count: depth) + "k:\n" }
    let diagnostic = try #require(failure(read(text)))
    #expect(diagnostic.code == .nestingTooDeep)
  }

  @Test func nestingThroughAliasesIsBounded() throws {
    let inner = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
    let text = "a: &deep \(inner)\nb: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[*deep]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n"
    let diagnostic = try #require(failure(read(text)))
    #expect(diagnostic.code == .nestingTooDeep)
    #expect(diagnostic.location.line == 2)
  }

  @Test func nulByteIsReportedWhereItIs() throws {
    let diagnostic = try #require(failure(read(bytes: Array("a: 1\nb: x".utf8) + [0] + Array("y\n".utf8))))
    #expect(diagnostic.code == .controlCharacter)
    #expect(diagnostic.location.start == TextPoint(line: 2, column: 5))
  }

  @Test func otherControlCharactersAreReported() throws {
    let diagnostic = try #require(failure(read(bytes: Array("a: \u{7}\n".utf8))))
    #expect(diagnostic.code == .controlCharacter)
    #expect(diagnostic.message.contains("U+0007"))
  }

  @Test func invalidUTF8IsReportedWhereItIs() throws {
    let diagnostic = try #require(failure(read(bytes: Array("a: 1\nb: ".utf8) + [0xC3, 0x28] + [0x0A])))
    #expect(diagnostic.code == .invalidUTF8)
    #expect(diagnostic.location.line == 2)
  }

  @Test func utf16FilesAreRecognised() throws {
    let utf16: [UInt8] = [0xFF, 0xFE] + Array("a: 1".utf8).flatMap { [$0, 0] }
    let diagnostic = try #require(failure(read(bytes: utf16)))
    #expect(diagnostic.code == .invalidUTF8)
    #expect(diagnostic.message.contains("UTF-16"))
  }

  @Test func tabIndentationPointsAtTheTab() throws {
    let diagnostic = try #require(failure(read("a:\n\tb: 1\n")))
    #expect(diagnostic.code == .tabIndentation)
    #expect(diagnostic.location.start == TextPoint(line: 2, column: 1))
  }

  @Test func tabsInsideBlockScalarsAndQuotesAreContent() throws {
    let result = read("a: |\n  x\ty\nb: \"\\t\tz\"\n")
    #expect(result.diagnostics.isEmpty)
    #expect(result.document != nil)
  }

  /// The first document is kept (and checked), reading stops at the second's `---`, and the read
  /// says it is partial, so that checks the rest could change are held back.
  @Test func secondDocumentIsReportedAtItsMarkerAndTheFirstIsKept() throws {
    let result = read("a: 1\n---\nb: 2\n")
    #expect(result.document?.root != nil)
    #expect(result.isPartial)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(result.diagnostics.count == 1)
    #expect(diagnostic.code == .multipleDocuments)
    #expect(diagnostic.location.start == TextPoint(line: 2, column: 1))
    // After a directive, at the `---`, not at the directive.
    let directive = read("a: 1\n...\n%YAML 1.2\n# next\n---\nb: 2\n")
    #expect(directive.diagnostics.first?.location.start == TextPoint(line: 5, column: 1))
    #expect(directive.diagnostics.first?.location.end == TextPoint(line: 5, column: 4))
    #expect(!read("---\na: 1\n...\n").isPartial)
  }

  @Test func explicitSingleDocumentMarkersAreFine() {
    #expect(read("---\na: 1\n...\n").diagnostics.isEmpty)
  }

  @Test func oversizedInputIsRefusedBeforeParsing() throws {
    let limits = YAMLLimits(maxFileBytes: 64)
    let diagnostic = try #require(failure(read(String(repeating: "a", count: 65), limits: limits)))
    #expect(diagnostic.code == .fileTooLarge)
  }

  @Test func syntaxErrorsAreAtLibYAMLsProblemMark() throws {
    let diagnostic = try #require(failure(read("a: [1, 2\nb: 3\n")))
    #expect(diagnostic.code == .yamlSyntax)
    #expect(diagnostic.location.line == 2)
    #expect(diagnostic.notes.first?.location.start == TextPoint(line: 1, column: 4))
  }

  /// libyaml ends an unterminated last line before it marks the end of the stream, one line past
  /// the file; the error is placed at the end of the text instead.
  @Test func anErrorAtTheEndOfAFileWithoutALineBreakIsInTheFile() throws {
    let diagnostic = try #require(failure(read("a: 1\nb: {c: 1,")))
    #expect(diagnostic.code == .yamlSyntax)
    #expect(diagnostic.location.start == TextPoint(line: 2, column: 10))
    #expect(diagnostic.notes.first?.location.start == TextPoint(line: 2, column: 10))
  }

  @Test func undefinedAndRecursiveAliasesAreReported() throws {
    #expect(try #require(failure(read("a: *nothing\n"))).code == .undefinedAlias)
    #expect(try #require(failure(read("a: &x [*x]\n"))).code == .undefinedAlias)
  }

  @Test func emptyInputHasNoRoot() throws {
    let result = read("")
    #expect(result.diagnostics.isEmpty)
    #expect(try #require(result.document).root == nil)
  }

  @Test func randomBytesNeverCrash() {
    var generator = SeededRandom(seed: 0x5EED)
    let alphabet = Array("ab: -[]{}&*!|>'\"#%@`,?\n\t \u{0}\u{7F}é".utf8) + [0xC3, 0xFF]
    for _ in 0..<2_000 {
      let length = Int(generator.next() % 200)
      let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
      let result = read(bytes: bytes)
      #expect(result.document != nil || result.diagnostics.count == 1)
    }
  }
}
