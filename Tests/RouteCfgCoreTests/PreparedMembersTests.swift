import RouteCfgSynthetic
import Testing

@testable import RouteCfgCore

/// Protocol bodies of large files are parsed while the file is still being read, on the thread
/// that waits for libyaml. Which bodies get parsed then depends on timing; these tests hold what
/// does not: which values are picked, that each one handed over is what the document holds, and
/// that decoding with any set of prepared bodies gives what decoding without them gives.
@Suite("Protocol bodies prepared while reading")
struct PreparedMembersTests {
  /// A manifest large enough for libyaml to run on its own thread, with bodies written both ways
  /// (`Name: |` and `Name: {members: |}`), malformed bodies, a body repeated through an alias and
  /// a `protocols` key that is not the root's.
  static func largeManifest() -> String {
    var extras = ["protocols:"]
    for index in 0..<40 {
      switch index % 4 {
      case 0:
        extras += ["  Extra\(index): |", "    var value: Int { get }", "    func load(page: Int) -> Bool"]
      case 1: extras += ["  Extra\(index):", "    members: |", "      var value: String? { get set }"]
      case 2: extras += ["  Extra\(index): |", "    var broken Int", "    func twice(a: Int, a: Int)"]
      default: extras += ["  Extra\(index): *shared"]
      }
    }
    let head = """
      x-shared: &shared |
        var shared: Int { get }
      x-nested:
        protocols:
          NotAProtocol: |
            var a: Int { get }

      """
    return SyntheticManifest.yaml(moduleCount: 230).replacing(
      "\nprotocols:\n", with: "\n" + head + extras.joined(separator: "\n") + "\n", maxReplacements: 1)
  }

  /// The large manifest read with the protocol bodies selected (none handed over).
  static func readLargeManifest() throws -> (YAMLReadResult, YAMLDocument) {
    let bytes = Array(largeManifest().utf8)
    let read = YAMLReader.read(bytes, file: SourceFileID(0), selecting: PreparedMembers.selection) {
      _, _, _, _ in false
    }
    return (read, try #require(read.document))
  }

  /// The nodes a reader should pick in `document`: scalar values of the root's `protocols`
  /// mapping and scalar `members` values of its mapping values.
  static func bodies(in document: YAMLDocument) -> [YAMLNodeID] {
    guard let root = document.root, document[root].kind == .mapping else { return [] }
    var found: [YAMLNodeID] = []
    for (key, value) in document.entries(of: root) where document.value(of: key) == "protocols" {
      guard document[value].kind == .mapping else { continue }
      for (_, body) in document.entries(of: value) {
        switch document[body].kind {
        case .scalar: found.append(body)
        case .mapping:
          for (innerKey, innerValue) in document.entries(of: body)
          where document.value(of: innerKey) == "members" && document[innerValue].kind == .scalar {
            found.append(innerValue)
          }
        default: continue
        }
      }
    }
    return found
  }

  @Test("the reader picks the protocol bodies where they are written and hands over every one, only those")
  func readerPicksBodies() throws {
    let bytes = Array(Self.largeManifest().utf8)
    #expect(bytes.count >= YAMLReader.pipelineThreshold)
    var handedOver: [(YAMLNodeID, String, ScalarLocator)] = []
    let read = YAMLReader.read(bytes, file: SourceFileID(0), selecting: PreparedMembers.selection) {
      id, body, locator, _ in
      handedOver.append((id, body, locator))
      return false
    }
    let document = try #require(read.document)
    let written = Self.bodies(in: document)
    // Every body but the ones repeated through the alias, whose node is written under `x-shared`.
    let repeated = try #require(
      document.root.flatMap { root in
        document.entries(of: root).first { document.value(of: $0.key) == "x-shared" }?.value
      })
    #expect(written.filter { $0 == repeated }.count == 10)
    #expect(read.selected == written.filter { $0 != repeated })
    #expect(read.selected.count == 230 * 4 + 30)
    // Every one is handed over, first to last, whichever thread was faster (those still waiting
    // when the events end, then), each with its text and a locator for its place.
    #expect(handedOver.map(\.0) == read.selected)
    for (id, text, locator) in handedOver {
      #expect(text == document.value(of: id))
      let position = BodyPosition(line: 0, column: 4)
      #expect(locator.location(position) == document.locator(for: id).location(position))
    }
  }

  @Test("small files and reads without a selection pick nothing")
  func nothingPickedOtherwise() {
    let small = YAMLReader.read(
      Array(SyntheticManifest.yaml(moduleCount: 5).utf8), file: SourceFileID(0),
      selecting: PreparedMembers.selection
    ) { _, _, _, _ in
      Issue.record("a small file is read on one thread and hands nothing over")
      return false
    }
    #expect(small.selected.isEmpty)
    let unselected = YAMLReader.read(Array(Self.largeManifest().utf8), file: SourceFileID(0))
    #expect(unselected.selected.isEmpty)
  }

  @Test("decoding with bodies prepared gives what decoding without them gives")
  func decodingAgrees() throws {
    let (read, document) = try Self.readLargeManifest()
    var all = PreparedMembers()
    var half = PreparedMembers()
    var writer = BodyWriter.manyBodies
    for (index, id) in read.selected.enumerated() {
      all.prepare(id, body: document.value(of: id), locator: document.locator(for: id), writer: &writer)
      if index % 2 == 0 {
        half.prepare(
          id, body: document.value(of: id), locator: document.locator(for: id), writer: &writer)
      }
    }
    // The malformed bodies (ten of them) are left to the decoder, with their diagnostics.
    #expect(all.count == read.selected.count - 10)
    // Bodies handed over out of order (the reader hands them over in order) are found as well.
    var reversed = PreparedMembers()
    for id in read.selected.reversed() {
      reversed.prepare(
        id, body: document.value(of: id), locator: document.locator(for: id), writer: &writer)
    }
    #expect(reversed.count == all.count)
    #expect(read.selected.allSatisfy { reversed[$0]?.map(\.fullName) == all[$0]?.map(\.fullName) })

    func decoded(_ prepared: PreparedMembers, threads: ThreadUse) -> (
      protocols: [String], diagnostics: [Diagnostic]
    ) {
      var decoder = ManifestDecoder(document: document, isRoot: true, threads: threads, prepared: prepared)
      let fragment = decoder.decode()
      let protocols = fragment.protocols.map { decl in
        "\(decl.name) \(decl.inherits) \(decl.members.map { "\($0.fullName) \($0.location) \($0.typeReferences)" })"
      }
      return (protocols, decoder.reader.diagnostics.finished().diagnostics)
    }
    let reference = decoded(PreparedMembers(), threads: .never)
    #expect(reference.protocols.count == 230 * 4 + 40)
    #expect(reference.diagnostics.contains { $0.code == .memberSyntax })
    for prepared in [all, half, reversed] {
      for threads in [ThreadUse.never, .always] {
        let outcome = decoded(prepared, threads: threads)
        #expect(outcome.protocols == reference.protocols)
        #expect(outcome.diagnostics == reference.diagnostics)
      }
    }
  }

  @Test("bodies still waiting at the last event are shared with a second thread and prepared as on one")
  func waitingBodiesAreShared() throws {
    let bytes = Array(Self.largeManifest().utf8)
    let (reference, document) = try Self.readLargeManifest()
    var alone = PreparedMembers()
    var aloneWriter = BodyWriter.manyBodies
    for id in reference.selected {
      alone.prepare(
        id, body: document.value(of: id), locator: document.locator(for: id), writer: &aloneWriter)
    }
    var here = PreparedMembers()
    var hereWriter = BodyWriter.manyBodies
    var there = PreparedMembers()
    var thereWriter = BodyWriter.manyBodies
    var handedHere: [YAMLNodeID] = []
    var handedThere: [YAMLNodeID] = []
    // Every body left to the last event, as when libyaml is the faster thread.
    let read = YAMLReader.read(
      bytes, file: SourceFileID(0), selecting: PreparedMembers.selection, handOver: .afterLastEvent,
      whileWaiting: { id, body, locator, names in
        handedHere.append(id)
        return here.prepare(id, body: body, locator: locator, writer: &hereWriter, sharing: &names)
      },
      alongside: { id, body, locator, names in
        handedThere.append(id)
        return there.prepare(id, body: body, locator: locator, writer: &thereWriter, sharing: &names)
      })
    let shared = try #require(read.document)
    // The first half of the text on this thread, the rest on the other, each in order.
    #expect(handedHere.count > 100 && handedThere.count > 100)
    #expect(handedHere + handedThere == read.selected)
    #expect(read.selected == reference.selected)
    here.take(there)
    #expect(here.count == alone.count)
    #expect(read.selected.allSatisfy { here[$0]?.map(\.fullName) == alone[$0]?.map(\.fullName) })
    // Texts taken on either thread are let go; plain ones stay (see textsLetGo).
    let released = read.selected.filter { shared.value(of: $0).isEmpty && !document.value(of: $0).isEmpty }
    #expect(released.contains { handedHere.contains($0) } && released.contains { handedThere.contains($0) })

    // Fewer than sixteen waiting: all taken on this thread.
    var few: [YAMLNodeID] = []
    let bodies = (0..<5).map { "  P\($0): |\n    var value\($0): Int { get }\n" }.joined()
    let padding = (0..<20_000).map { "  - item \($0)\n" }.joined()
    let fewBodies = "routecfg: 1\napp: A\nprotocols:\n" + bodies + "x-padding:\n" + padding
    #expect(fewBodies.utf8.count >= YAMLReader.pipelineThreshold)
    _ = YAMLReader.read(
      Array(fewBodies.utf8), file: SourceFileID(0), selecting: PreparedMembers.selection,
      handOver: .afterLastEvent,
      whileWaiting: { id, _, _, _ in
        few.append(id)
        return false
      },
      alongside: { _, _, _, _ in
        Issue.record("a body was shared")
        return false
      })
    #expect(few.count == 5)
  }

  @Test("both threads of decoding take a prepared body instead of parsing it again")
  func preparedBodiesAreTaken() throws {
    let (read, document) = try Self.readLargeManifest()
    // Every body prepared with the text of the one before it: decoding must give those members.
    var shifted = PreparedMembers()
    var writer = BodyWriter.manyBodies
    for (previous, id) in zip(read.selected, read.selected.dropFirst()) {
      shifted.prepare(
        id, body: document.value(of: previous), locator: document.locator(for: previous), writer: &writer)
    }
    var decoder = ManifestDecoder(document: document, isRoot: true, threads: .always, prepared: shifted)
    let protocols = decoder.decode().protocols
    let byName = Dictionary(protocols.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
    // The first and the last protocols of the synthetic manifest, one on each thread.
    let first = try #require(byName["Feature0Delegate"])
    let last = try #require(byName["Client229Delegate"])
    #expect(
      first.members.map(\.fullName) == [
        "title", "delegate", "itemId", "tags", "reload(force:)", "load(page:size:)",
      ])
    #expect(
      last.members.map(\.fullName) == [
        "caption", "delegate", "itemId", "tags", "refresh(force:)", "load(page:size:)",
      ])
  }

  @Test("a body's text is let go when the work is done with it, unless it is plain or an alias can reach it")
  func textsLetGo() throws {
    // A plain body, whose text says whether it reads as null, and an anchored one, whose alias
    // under `modules` is read as a module's kind (and reported with its text).
    let extra = """

      protocols:
        PlainBody: func ping()
        AnchoredBody: &body |
          var anchored: Int { get }
        HeldBody: &holder
          members: |
            var held: Int { get }
        HolderAlias: *holder

      """
    // The mapping that holds a body, aliased where its values are read as text: as a module's
    // parameters, whose types are parsed (and reported).
    let yaml = Self.largeManifest().replacing("\nprotocols:\n", with: extra, maxReplacements: 1)
      .replacing("    kind: view\n", with: "    kind: *body\n", maxReplacements: 1)
      .replacing(
        "    parameters:\n      itemId: Int\n      query: String?\n", with: "    parameters: *holder\n",
        maxReplacements: 1)
    var handedOver: [YAMLNodeID] = []
    let read = YAMLReader.read(
      Array(yaml.utf8), file: SourceFileID(0), selecting: PreparedMembers.selection,
      handOver: .beforeEachBatch
    ) { id, _, _, _ in
      handedOver.append(id)
      return true
    }
    #expect(handedOver == read.selected)
    let document = try #require(read.document)
    let kept = try #require(YAMLReader.read(Array(yaml.utf8), file: SourceFileID(0)).document)
    let anchored = Set(document.aliases.map(\.target))
    // The body inside an anchored mapping, which the mapping's alias reaches as well.
    let held = try #require(read.selected.first { kept.value(of: $0) == "var held: Int { get }\n" })
    for id in read.selected {
      let mayGo = document.style(of: id) != .plain && !anchored.contains(id) && id != held
      #expect(document.value(of: id) == (mayGo ? "" : kept.value(of: id)))
    }
    #expect(
      read.selected.contains { kept.value(of: $0) == "func ping()" && document.style(of: $0) == .plain })
    #expect(read.selected.contains { anchored.contains($0) })

    // Decoded from the bodies prepared, their texts let go, the manifest is what it is without.
    var prepared = PreparedMembers()
    var writer = BodyWriter.manyBodies
    let released = YAMLReader.read(
      Array(yaml.utf8), file: SourceFileID(0), selecting: PreparedMembers.selection,
      handOver: .beforeEachBatch
    ) { id, body, locator, _ in
      prepared.prepare(id, body: body, locator: locator, writer: &writer)
    }
    func decoded(_ document: YAMLDocument, _ prepared: PreparedMembers) -> (
      protocols: [String], diagnostics: [Diagnostic]
    ) {
      var decoder = ManifestDecoder(document: document, isRoot: true, threads: .always, prepared: prepared)
      let protocols = decoder.decode().protocols.map { decl in
        "\(decl.name) \(decl.members.map { "\($0.fullName) \($0.location) \($0.typeReferences)" })"
      }
      return (protocols, decoder.reader.diagnostics.finished().diagnostics)
    }
    let reference = decoded(kept, PreparedMembers())
    #expect(reference.diagnostics.contains { $0.message.contains("var anchored: Int { get }") })
    let heldLine =
      try #require(
        yaml.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
          $0.hasSuffix("var held: Int { get }")
        }) + 1
    #expect(reference.diagnostics.contains { $0.location.line == heldLine })
    let outcome = decoded(try #require(released.document), prepared)
    #expect(prepared.count == read.selected.count - 10)
    #expect(outcome.protocols == reference.protocols)
    #expect(outcome.diagnostics == reference.diagnostics)
  }
  @Test("a long type name in a body prepared while reading shares the string of the same key")
  func namesInBodiesAreShared() throws {
    let yaml = SyntheticManifest.yaml(moduleCount: 300)
    var prepared = PreparedMembers()
    var writer = BodyWriter.manyBodies
    // Every body handed over, as a reader that waits on libyaml for each batch would.
    let read = YAMLReader.read(
      Array(yaml.utf8), file: SourceFileID(0), selecting: PreparedMembers.selection,
      handOver: .beforeEachBatch
    ) { id, body, locator, names in
      prepared.prepare(id, body: body, locator: locator, writer: &writer, sharing: &names)
    }
    let document = try #require(read.document)
    #expect(prepared.count == read.selected.count)
    var decoder = ManifestDecoder(document: document, isRoot: true, threads: .always, prepared: prepared)
    let protocols = decoder.decode().protocols
    func storage(_ string: String) -> UnsafePointer<UInt8>? {
      string.utf8.withContiguousStorageIfAvailable { $0.baseAddress } ?? nil
    }
    for index in [0, 17, 299] {
      let name = "Feature\(index)Delegate"
      let declared = try #require(protocols.first { $0.name.value == name })
      let input = try #require(protocols.first { $0.name.value == "Feature\(index)Input" })
      let delegate = try #require(input.members.first { $0.name == "delegate" })
      guard case .optional(.named(let written))? = delegate.property?.type else {
        Issue.record("\(delegate.name) has type \(String(describing: delegate.property?.type))")
        continue
      }
      #expect(written == name)
      #expect(storage(written) != nil && storage(written) == storage(declared.name.value))
      // The type reference holds the same string.
      #expect(delegate.typeReferences.map { storage($0.value) } == [storage(written)])
    }
  }
}
