import RouteCfgCore
import Testing

/// SPEC §3: output stays bounded whatever the input. A run lists the first diagnostics in report
/// order, counts the rest by severity, and builds no message for those it does not list.
@Suite("Diagnostics: the output bound")
struct DiagnosticBoundTests {
  private static func location(_ line: Int32) -> RouteCfgCore.SourceLocation {
    RouteCfgCore.SourceLocation(file: SourceFileID(0), line: line, column: 1)
  }

  @Test func aBoundedBagKeepsTheFirstInReportOrderAndCountsTheRest() {
    var bag = DiagnosticBag(limit: 3)
    // Reported out of order: the bag keeps the three that sort first.
    for line in [9, 2, 7, 1, 8, 3, 6, 5, 4] as [Int32] {
      bag.report(.yamlSyntax, "line \(line)", at: Self.location(line))
    }
    bag.report(.unusedProtocol, "a warning", at: Self.location(10))
    let (listed, omitted) = bag.finished()
    #expect(listed.map(\.location.line) == [1, 2, 3])
    #expect(omitted == OmittedDiagnostics(errors: 6, warnings: 1))
    #expect(bag.errorCount == 9)
  }

  @Test func messagesOfDiagnosticsThatAreNotListedAreNeverBuilt() {
    var bag = DiagnosticBag(limit: 100)
    var built = 0
    func message(_ text: String) -> String {
      built += 1
      return text
    }
    for line in 1...100_000 as ClosedRange<Int32> {
      bag.report(.duplicateMember, message("duplicate"), at: Self.location(line), notes: [])
    }
    let (listed, omitted) = bag.finished()
    #expect(listed.count == 100)
    #expect(omitted.errors == 99_900)
    // The first 100 are kept; the bag builds at most a few dozen more before it knows its cutoff.
    #expect(built <= 200, "\(built) messages built")
  }

  @Test func aMessageOrNoteLongerThanTheLimitIsCutAndSaysHowMuch() {
    var bag = DiagnosticBag()
    let long = String(repeating: "é", count: DiagnosticBag.maxMessageLength + 500)
    let fits = String(repeating: "x", count: DiagnosticBag.maxMessageLength)
    bag.report(
      .incompatibleTypes, long, at: Self.location(1),
      notes: [DiagnosticNote(long, at: Self.location(2)), DiagnosticNote(fits, at: Self.location(3))])
    let kept = bag.finished().diagnostics[0]
    let cut = String(repeating: "é", count: DiagnosticBag.maxMessageLength) + "... (500 more characters)"
    #expect(kept.message == cut)
    #expect(kept.notes.map(\.message) == [cut, fits])
  }

  /// A cut message that passes through a second bag (a file's diagnostics joining the
  /// manifest's) keeps the count of what was cut, not the length of its own ending; RC0602's
  /// message is cut at its own, longer bound.
  @Test(arguments: [
    (DiagnosticCode.incompatibleTypes, DiagnosticBag.maxMessageLength),
    (DiagnosticCode.unmappedMembers, DiagnosticBag.maxListingMessageLength),
  ])
  func aCutMessageKeepsItsCountThroughAnotherBag(code: DiagnosticCode, bound: Int) {
    var first = DiagnosticBag()
    first.report(code, String(repeating: "x", count: bound + 590), at: Self.location(1))
    var second = DiagnosticBag()
    second.append(contentsOf: first)
    var third = DiagnosticBag()
    third.append(contentsOf: second.finished().diagnostics)
    let cut = String(repeating: "x", count: bound) + "... (590 more characters)"
    #expect(second.finished().diagnostics.map(\.message) == [cut])
    #expect(third.finished().diagnostics.map(\.message) == [cut])
  }

  /// A message lists every name (SPEC §3: unmapped members "all listed") as far as a bound lets
  /// it, and counts the rest (output stays bounded): a protocol of 20,000 members adapted to empty
  /// ones, a route leaving 5,000 parameters unbound. RC0602's bound is the listing one, the
  /// others' the general one.
  @Test func messagesListNamesWithinABoundAndCountTheRest() throws {
    let members = (0..<20_000).map { "    var member\($0): Int" }.joined(separator: "\n")
    let parameters = (0..<5_000).map { "p\($0): Int" }.joined(separator: ", ")
    let yaml = """
      routecfg: 1
      protocols:
        R: |
      \(members)
        P: ""
        Q: ""
      modules:
        A: {kind: view, provides: [P, Q], parameters: {\(parameters)}, routes: [/a]}
        B: {kind: view, requires: [R], routes: [/b]}
      adapters:
        - {adapt: R, to: P}
        - {adapt: R, to: Q}
      """
    let result = try RouteCfg.validate(yaml: yaml, path: "wide.yaml")
    let unmapped = result.diagnostics.filter { $0.code == .unmappedMembers }
    #expect(unmapped.count == 2)
    for diagnostic in unmapped {
      let listed = Self.listedAndMore(in: diagnostic.message, prefix: "'member")
      #expect(
        listed.shown > 1_000 && listed.shown + listed.more == 20_000, "\(diagnostic.message.prefix(300))")
      #expect(diagnostic.message.unicodeScalars.count <= DiagnosticBag.maxListingMessageLength)
      #expect(!diagnostic.message.contains("more characters)"))
      #expect(diagnostic.notes.count == DiagnosticBag.maxNotes + 1)
      #expect(diagnostic.notes.last?.message == "and 19992 more like this")
    }
    let unbound = try #require(result.diagnostics.first { $0.code == .unboundParameter })
    let unboundListed = Self.listedAndMore(in: unbound.message, prefix: "'p")
    #expect(
      unboundListed.shown > 20 && unboundListed.shown + unboundListed.more == 5_000,
      "\(unbound.message.prefix(300))")
    let carriable = Self.listedAndMore(in: unbound.message, prefix: "':p")
    #expect(carriable.shown > 20 && carriable.shown + carriable.more == 5_000)
    #expect(unbound.notes.count == DiagnosticBag.maxNotes + 1)
    #expect(
      result.diagnostics.allSatisfy {
        $0.code == .unmappedMembers || $0.message.count < DiagnosticBag.maxMessageLength
      })
  }

  /// RC0602 lists every unmapped member of a protocol of 500 long names, each by its full name, with
  /// nothing counted as "more" and nothing cut.
  @Test func unmappedMembersOfALargeProtocolAreAllListed() throws {
    let members = (0..<500).map { "    func notifyListenerNumber\($0)(value: Int, animated: Bool)" }
    let yaml = """
      routecfg: 1
      protocols:
        R: |
      \(members.joined(separator: "\n"))
        P: ""
      modules:
        A: {kind: view, provides: [P], routes: [/a]}
        B: {kind: view, requires: [R], routes: [/b]}
      adapters:
        - {adapt: R, to: P}
      """
    let result = try RouteCfg.validate(yaml: yaml, path: "all.yaml")
    let unmapped = try #require(result.diagnostics.first { $0.code == .unmappedMembers })
    #expect(unmapped.message.contains("leaves 500 members of 'R' unmapped"))
    for number in 0..<500 {
      #expect(unmapped.message.contains("'notifyListenerNumber\(number)(value:animated:)'"))
    }
    #expect(!unmapped.message.contains(" more"))
    #expect(unmapped.message.count > DiagnosticBag.maxMessageLength)
  }

  /// Long protocol names take room from RC0602's list, not from what follows it: the message
  /// still counts the members left out and ends with its advice, uncut.
  @Test func longProtocolNamesLeaveTheCountAndTheAdviceWhole() throws {
    let required = "Required" + String(repeating: "R", count: 1_000)
    let provided = "Provided" + String(repeating: "P", count: 1_000)
    let members = (0..<5_000).map { "    var member\($0): Int" }.joined(separator: "\n")
    let yaml = """
      routecfg: 1
      protocols:
        \(required): |
      \(members)
        \(provided): ""
      modules:
        A: {kind: view, provides: [\(provided)], routes: [/a]}
        B: {kind: view, requires: [\(required)], routes: [/b]}
      adapters:
        - {adapt: \(required), to: \(provided)}
      """
    let result = try RouteCfg.validate(yaml: yaml, path: "long.yaml")
    let unmapped = try #require(result.diagnostics.first { $0.code == .unmappedMembers })
    let listed = Self.listedAndMore(in: unmapped.message, prefix: "'member")
    #expect(listed.shown > 100 && listed.shown + listed.more == 5_000)
    #expect(unmapped.message.hasSuffix("members with the same names"))
    #expect(unmapped.message.unicodeScalars.count <= DiagnosticBag.maxListingMessageLength)
  }

  /// How many names starting with `prefix` a message lists, and the N of its first "and N more"
  /// after them.
  private static func listedAndMore(in message: String, prefix: String) -> (shown: Int, more: Int) {
    guard let first = message.range(of: prefix),
      let more = message.range(of: " more", range: first.lowerBound..<message.endIndex)
    else { return (0, 0) }
    let list = message[first.lowerBound..<more.lowerBound]
    let digits = list.reversed().prefix { $0.isNumber }
    return (list.components(separatedBy: prefix).count - 1, Int(String(digits.reversed())) ?? 0)
  }

  @Test func aBoundOfZeroListsNothingAndCountsEverything() {
    var bag = DiagnosticBag(limit: 0)
    bag.report(.yamlSyntax, "x", at: Self.location(1))
    bag.report(.unusedAdapter, "y", at: Self.location(2))
    let (listed, omitted) = bag.finished()
    #expect(listed.isEmpty)
    #expect(omitted == OmittedDiagnostics(errors: 1, warnings: 1))
  }

  @Test func exactRepeatsAreListedOnceAndNotCounted() {
    var bag = DiagnosticBag(limit: 10)
    for _ in 0..<5 { bag.report(.yamlSyntax, "same", at: Self.location(1)) }
    let (listed, omitted) = bag.finished()
    #expect(listed.count == 1)
    #expect(omitted.total == 0)
  }

  /// The issue's probe at a tenth of its size (the full 30 MB one runs in .ci/run against the
  /// release build): one body of repeated members gives one error per repeat, all counted,
  /// 1,000 listed.
  @Test func aBodyOfRepeatedMembersIsCountedInFullAndListedUpToTheBound() throws {
    let repeats = 260_000
    var yaml = "routecfg: 1\nprotocols:\n  P: \""
    yaml.reserveCapacity(repeats * 12 + 200)
    for _ in 0..<repeats { yaml += "var a: Int; " }
    yaml += "\"\nmodules:\n  M: {kind: view, provides: [P], routes: [/m]}\n"
    let result = try RouteCfg.validate(yaml: yaml, path: "dup.yaml")
    #expect(result.diagnostics.count == DiagnosticBag.defaultLimit)
    #expect(result.diagnostics.allSatisfy { $0.code == .duplicateMember })
    #expect(result.report.errorCount == repeats - 1)
    #expect(result.omitted.errors == repeats - 1 - DiagnosticBag.defaultLimit)
    #expect(!result.isValid)
    // The bound is the caller's: none lists everything.
    let all = try RouteCfg.validate(yaml: yaml, path: "dup.yaml", maxDiagnostics: nil)
    #expect(all.diagnostics.count == repeats - 1 && all.omitted.total == 0)
    #expect(Array(all.diagnostics.prefix(DiagnosticBag.defaultLimit)) == result.diagnostics)
  }

  @Test func unsatisfiedRequirementsBeyondTheBoundAreCountedInEveryConfiguration() throws {
    // Every module requires a protocol nobody provides, in the base configuration and in two
    // variants: one problem per entry, each reported once, the variants adding nothing new.
    var yaml =
      "routecfg: 1\nprotocols:\n  P: ''\nvariants:\n  a: {bindings: {}}\n  b: {bindings: {}}\nmodules:\n"
    for index in 0..<5_000 { yaml += "  M\(index): {kind: view, requires: [P], routes: [/m\(index)]}\n" }
    let bounded = try RouteCfg.validate(yaml: yaml, maxDiagnostics: 10)
    let all = try RouteCfg.validate(yaml: yaml, maxDiagnostics: nil)
    #expect(all.diagnostics.count == 5_000)
    #expect(
      all.diagnostics.allSatisfy { $0.code == .unsatisfiedRequirement && !$0.message.hasPrefix("in variant") }
    )
    #expect(bounded.report.errorCount == 5_000)
    #expect(bounded.diagnostics == Array(all.diagnostics.prefix(10)))
  }

  /// `load` takes no bound: what it leaves unlisted is listed by `validate`, which its error says
  /// (not the `maxDiagnostics` it has no parameter for); `validate`'s own result names that.
  @Test func theErrorOfLoadNamesTheCallThatListsAll() throws {
    var yaml = "routecfg: 1\nmodules:\n"
    for index in 0..<1_005 { yaml += "  M\(index): {kind: view, requires: [Nope], routes: [/m\(index)]}\n" }
    let error = #expect(throws: ManifestError.self) { try RouteCfg.load(yaml: yaml) }
    #expect(error?.description.contains("RouteCfg.validate with maxDiagnostics: nil lists all") == true)
    #expect(error?.description.contains("raise the bound") == false)
    let validated = try RouteCfg.validate(yaml: yaml)
    #expect(validated.description.contains("raise the bound with maxDiagnostics (nil lists all)"))
  }

  @Test func loadAndValidationDiagnosticsShareOneBound() throws {
    // Duplicate keys come from the reader, unknown keys from the decoder, conflicts from the
    // validator: together they are bounded once.
    var yaml = "routecfg: 1\nmodules:\n"
    for index in 0..<30 { yaml += "  M\(index): {kind: view, routes: [/same], colour: red}\n" }
    yaml += "  M0: {kind: view}\n"
    let bounded = try RouteCfg.validate(yaml: yaml, maxDiagnostics: 10)
    let all = try RouteCfg.validate(yaml: yaml, maxDiagnostics: nil)
    #expect(bounded.diagnostics == Array(all.diagnostics.prefix(10)))
    #expect(bounded.report.errorCount == all.report.errorCount)
    #expect(bounded.report.warningCount == all.report.warningCount)
    #expect(bounded.omitted.total == all.diagnostics.count - 10)
  }

  @Test func theReportLimitsAcrossFilesAndStrictCountsOmittedWarningsAsErrors() {
    var report = DiagnosticReport(
      files: SourceFileTable(),
      diagnostics: [
        Diagnostic(.yamlSyntax, "a", at: Self.location(1)),
        Diagnostic(.unusedProtocol, "b", at: Self.location(2)),
        Diagnostic(.unusedProtocol, "c", at: Self.location(3)),
      ],
      omitted: OmittedDiagnostics(errors: 1, warnings: 2))
    report.limit(to: 1)
    #expect(report.diagnostics.count == 1)
    #expect(report.omitted == OmittedDiagnostics(errors: 1, warnings: 4))
    #expect(report.errorCount == 2 && report.warningCount == 4)
    let strict = report.strict()
    #expect(strict.errorCount == 6 && strict.warningCount == 0)
  }
}

/// The bound changes what is listed, never what is counted: every fixture and shipped manifest
/// gives the same error and warning counts with no bound, a small one, and none listed at all.
@Suite("Diagnostics: counts do not depend on the bound")
struct DiagnosticCountTests {
  static let manifests: [String] =
    FixturePaths.files(under: FixturePaths.fixture("Rules"), withExtension: "yaml").map {
      FixturePaths.fixture("Rules/" + $0)
    }
    + FixturePaths.files(under: FixturePaths.repository + "/manifests", withExtension: "yaml").map {
      FixturePaths.repository + "/manifests/" + $0
    }

  @Test(arguments: manifests)
  func countsAgree(_ path: String) throws {
    let all = try RouteCfg.validate(path: path, maxDiagnostics: nil)
    for bound in [0, 1, 5] {
      let bounded = try RouteCfg.validate(path: path, maxDiagnostics: bound)
      #expect(bounded.report.errorCount == all.report.errorCount, "bound \(bound)")
      #expect(bounded.report.warningCount == all.report.warningCount, "bound \(bound)")
      #expect(bounded.diagnostics == Array(all.diagnostics.prefix(bound)), "bound \(bound)")
      #expect(bounded.isValid == all.isValid)
    }
  }
}
