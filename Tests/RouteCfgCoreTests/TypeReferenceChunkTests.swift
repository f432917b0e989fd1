import Testing

@testable import RouteCfgCore

private typealias Harness = MemberParserHarness

/// The bodies one thread parses write their type references one after another into shared
/// chunks: each member must still see exactly its own, as a body parsed alone does.
@Suite("Type references written into shared chunks")
struct TypeReferenceChunkTests {
  /// The members of `bodies`, parsed one after another with one writer for many bodies.
  private func parsedTogether(_ bodies: [String], locate: BodyLocator = Harness.locate) -> [[MemberDecl]] {
    var writer = BodyWriter.manyBodies
    return bodies.map { body in
      var bag = DiagnosticBag()
      return Array(
        MemberParser.parse(body, locate: locate, diagnostics: &bag, linesJoined: false, writer: &writer))
    }
  }

  /// Each member's references, as values.
  private func references(_ members: [MemberDecl]) -> [[Located<String>]] {
    members.map { Array($0.typeReferences) }
  }

  @Test func bodiesParsedTogetherSeeWhatEachSeesAlone() {
    let bodies = [
      "var a: Int\nfunc f(x: [String: Note]) -> Bar?",
      // Sent to the general parser midway by the backticks; the third line does not parse.
      "var b: One\nvar `c`: Two\nvar d: [Three\nlet e: (Four) -> Void",
      "func g()",
      "let h: Five; let i: Six",
    ]
    let together = parsedTogether(bodies)
    for (body, members) in zip(bodies, together) {
      #expect(references(members) == references(Harness.members(body).members), "\(body)")
    }
    #expect(together.map { $0.map(\.typeReferences.count) } == [[1, 3], [1, 1, 2], [0], [1, 1]])
  }

  @Test func aBodyLargerThanAChunksRoomGetsAChunkOfItsOwn() {
    let large = (0..<1500).map { "var p\($0): Type\($0)" }.joined(separator: "\n")
    let bodies = ["var a: Alpha", large, "var z: Omega"]
    let together = parsedTogether(bodies)
    #expect(together[1].count == 1500)
    let chunks = together.map { $0.map(\.typeReferences.chunk) }
    #expect(chunks[1][0] !== chunks[0][0] && chunks[1][0] === chunks[1][1499])
    // Its 1,500 names fill a chunk of names of their own: the body after it starts new chunks.
    #expect(chunks[2][0] !== chunks[0][0] && chunks[2][0] !== chunks[1][0])
    #expect(chunks[1][0]?.names !== chunks[0][0]?.names && chunks[2][0]?.names !== chunks[1][0]?.names)
    #expect(together[1][1499].typeReferences.map(\.value) == ["Type1499"])
    #expect(together[1][1499].typeReferences.first?.location.start == TextPoint(line: 1500, column: 12))
    for (body, members) in zip(bodies, together) {
      #expect(references(members) == references(Harness.members(body).members))
    }
  }

  @Test func referencesPlacedInSeveralFilesKeepTheirOrderAndFiles() {
    // A locator that places the second line in another file: the parsers never do, but the
    // references must come out as placed, and in the order written.
    let locate: BodyLocator = { position in
      let file = SourceFileID(position.line == 1 ? 1 : 0)
      return RouteCfgCore.SourceLocation(
        file: file, line: Int32(position.line + 1), column: Int32(position.column + 1))
    }
    let members = parsedTogether(
      ["var a: Alpha", "var b: Beta\nvar c: [Gamma: Delta]\nvar d: Eta"], locate: locate)
    let second = members[1]
    #expect(second.map { $0.typeReferences.map(\.value) } == [["Beta"], ["Gamma", "Delta"], ["Eta"]])
    #expect(second.map { $0.typeReferences.map(\.location.file.index) } == [[0], [1, 1], [0]])
    #expect(second[1].typeReferences.map(\.location.start.column) == [9, 16])
    #expect(members[0][0].typeReferences.map(\.value) == ["Alpha"])
  }

  @Test func aBodyInAnotherFileThanTheWritersKeepsItsFile() {
    // A writer reads the bodies of one file; a body placed in another (the parsers never do
    // this) gets a chunk of its own, and the bodies after it still share the writer's.
    var writer = BodyWriter.manyBodies
    let bodies: [(String, Int32)] = [
      ("var a: Alpha", 0), ("var b: Beta\nvar c: [Gamma: Delta]", 3), ("var d: Eta", 0),
    ]
    let members: [[MemberDecl]] = bodies.map { body, file in
      var bag = DiagnosticBag()
      let locate: BodyLocator = { position in
        RouteCfgCore.SourceLocation(
          file: SourceFileID(file), line: Int32(position.line + 1), column: Int32(position.column + 1))
      }
      return Array(
        MemberParser.parse(body, locate: locate, diagnostics: &bag, linesJoined: false, writer: &writer))
    }
    #expect(
      members.map { $0.map { $0.typeReferences.map(\.value) } } == [
        [["Alpha"]], [["Beta"], ["Gamma", "Delta"]], [["Eta"]],
      ])
    #expect(members[2][0].typeReferences.chunk === members[0][0].typeReferences.chunk)
    #expect(members[1][0].typeReferences.chunk !== members[0][0].typeReferences.chunk)
    #expect(
      members.map { $0.map { $0.typeReferences.map(\.location.file.index) } } == [
        [[0]], [[3], [3, 3]], [[0]],
      ])
    #expect(
      members[1][1].typeReferences.map(\.location.start) == [
        TextPoint(line: 2, column: 9), TextPoint(line: 2, column: 16),
      ])
  }

  @Test func aRecordHoldsOneLineUpToColumn65535() {
    func place(_ start: TextPoint, _ end: TextPoint?) -> RouteCfgCore.SourceLocation {
      RouteCfgCore.SourceLocation(file: SourceFileID(3), start: start, end: end)
    }
    let fits = [
      place(TextPoint(line: 7, column: 1), TextPoint(line: 7, column: 5)),
      place(TextPoint(line: 1, column: 65_535), TextPoint(line: 1, column: 65_535 + 65_535)),
      place(TextPoint(line: Int32.max, column: 0), TextPoint(line: Int32.max, column: 0)),
    ]
    for location in fits {
      #expect(TypeReferenceChunk.Record.holds(location))
      let record = TypeReferenceChunk.Record(1, at: location)
      let names = ValueChunk(["Other", "Name"])
      #expect(record.located(in: SourceFileID(3), names: names) == Located("Name", at: location))
    }
    let wide = [
      place(TextPoint(line: 1, column: 65_536), TextPoint(line: 1, column: 65_540)),
      place(TextPoint(line: 1, column: 2), TextPoint(line: 1, column: 65_538)),
      place(TextPoint(line: 1, column: 9), TextPoint(line: 2, column: 3)),
      place(TextPoint(line: 1, column: 9), nil),
    ]
    for location in wide { #expect(!TypeReferenceChunk.Record.holds(location)) }
  }

  @Test func referencesNoRecordHoldsKeepTheirPlaces() {
    // A reference past column 65,535 of a long line goes with the rest of its body into a chunk
    // of its own; the bodies around it still share one.
    let long = String(repeating: "var a: Int; ", count: 5_500) + "var late: LateType"
    let together = parsedTogether(["var b: Before", long, "var c: After"])
    let late = together[1].last?.typeReferences.first
    #expect(late?.value == "LateType")
    #expect(late?.location.start == TextPoint(line: 1, column: 66_011))
    #expect(late?.location.end == TextPoint(line: 1, column: 66_019))
    #expect(together[1].first?.typeReferences.first?.location.start == TextPoint(line: 1, column: 8))
    #expect(together[0][0].typeReferences.first?.location.start == TextPoint(line: 1, column: 8))
    #expect(together[2][0].typeReferences.first?.value == "After")
    #expect(together[2][0].typeReferences.first?.location.end == TextPoint(line: 1, column: 13))
  }

  @Test func aChunkKeepsEachNameOnce() {
    let together = parsedTogether(["var a: Int\nvar b: [Int: Note]", "func f(x: Note) -> Int", "var c: Bool"])
    let chunk = together[0][0].typeReferences.chunk
    #expect(together.allSatisfy { $0.allSatisfy { $0.typeReferences.chunk === chunk } })
    #expect(chunk?.records.count == 6)
    #expect(
      chunk.map { names in (0..<names.names.count).map { names.names[$0] } } == ["Int", "Note", "Bool"])
    #expect(
      together.map { $0.map { $0.typeReferences.map(\.value) } } == [
        [["Int"], ["Int", "Note"]], [["Note", "Int"]], [["Bool"]],
      ])
  }

  @Test func namesEqualAsStringsKeepTheBytesWritten() {
    // The Kelvin sign and `K` are one `String`; each reference keeps its own.
    let together = parsedTogether(["var a: \u{212A}\nvar b: K", "var c: \u{212A}"])
    let written = together.flatMap { $0.flatMap { $0.typeReferences.map { Array($0.value.utf8) } } }
    #expect(written == [Array("\u{212A}".utf8), [UInt8(ascii: "K")], Array("\u{212A}".utf8)])
  }

  @Test func aFullChunkOfNamesStartsNewChunksOfNamesAndRecords() {
    // Each body names a type of its own: the chunk of names (256) fills before the records' (1,024).
    let bodies = (0..<600).map { "var a: Alpha\($0)\nvar b: Int" }
    let together = parsedTogether(bodies)
    #expect(
      together.map { $0.map { $0.typeReferences.map(\.value) } }
        == (0..<600).map { [["Alpha\($0)"], ["Int"]] })
    // Chunks of records start small and double; a chunk of names is new only when it is full.
    let nameChunks = together.compactMap { $0[0].typeReferences.chunk?.names }
    var distinct: [ValueChunk<String>] = []
    for names in nameChunks where !distinct.contains(where: { $0 === names }) { distinct.append(names) }
    // A body needs room for as many names as it writes references (two): a chunk holding 255
    // has too little. Each holds Int once and 254 bodies' own names; the last the 92 left.
    #expect(distinct.map(\.count) == [255, 255, 93])
    for names in distinct {
      let written = (0..<names.count).map { names[$0] }
      #expect(Set(written).count == written.count)
    }
  }

  @Test func referencesMadeByHandKeepTheirFilesAndEnds() {
    let written: [Located<String>] = [
      Located("Note", at: RouteCfgCore.SourceLocation(file: SourceFileID(2), line: 3, column: 4)),
      Located(
        "Bar",
        at: RouteCfgCore.SourceLocation(
          file: SourceFileID(5), start: TextPoint(line: 1, column: 1), end: TextPoint(line: 1, column: 4))),
    ]
    let references = TypeReferences(written)
    #expect(Array(references) == written)
    #expect(references[0].location.end == nil)
    #expect(references[1].location.end == TextPoint(line: 1, column: 4))
    #expect(Array(TypeReferences([])).isEmpty)
  }
}

/// A decoder writes the references of module parameters' types into its chunks too, after its
/// bodies'.
@Suite("Parameter type references written into shared chunks")
struct ParameterTypeReferenceTests {
  @Test func eachParameterSeesItsOwnReferencesWhereWritten() throws {
    let yaml = """
      routecfg: 1
      app: Notes
      protocols:
        NoteInput: |
          var title: String
        NoteView: |
          func show(note: Note) -> Bool
      modules:
        Notes:
          provides: [NoteInput]
          parameters:
            noteId: Int
            filter: "[String: NoteInput]"
            untyped: ~
            owner: Account.Owner?
      """
    let manifest = ManifestLoader().load(yaml: yaml).manifest
    let parameters = try #require(manifest.modules.first).parameters
    #expect(
      parameters.map { $0.typeReferences.map(\.value) } == [
        ["Int"], ["String", "NoteInput"], [], ["Account.Owner"],
      ])
    #expect(
      parameters[1].typeReferences.map(\.location.start) == [
        TextPoint(line: 13, column: 17), TextPoint(line: 13, column: 25),
      ])
    #expect(parameters[3].typeReferences.first?.location.end == TextPoint(line: 15, column: 27))
    #expect(
      manifest.protocols.map { $0.members.map { $0.typeReferences.map(\.value) } } == [
        [["String"]], [["Note", "Bool"]],
      ])
  }
}
