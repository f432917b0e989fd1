import RouteCfgCore
import Testing

/// SPEC §3: an ambiguous requirement is reported at the `requires` entry "with notes at the
/// candidates", also when the candidates provide it through an adapter.
@Suite("Ambiguous requirements: notes at the candidates")
struct AmbiguityNoteTests {
  private static let alerts = """
    routecfg: 1
    protocols:
      AlertInput: ""
      NeedAlert: ""
    modules:
      IOSAlert:
        kind: view
        provides: [AlertInput]
      MacAlert:
        kind: view
        provides: [AlertInput]
      User:
        kind: view
        requires: [NeedAlert]
        routes: [/u]
    adapters:
      - adapt: NeedAlert
        to: AlertInput

    """

  private static func notes(_ yaml: String) throws -> [(String, TextPoint)] {
    let result = try RouteCfg.validate(yaml: yaml)
    let ambiguous = try #require(result.diagnostics.first { $0.code == .ambiguousRequirement })
    return ambiguous.notes.map { ($0.message, $0.location.start) }
  }

  /// Several modules through one adapter: each note is at the module's `provides` entry, where
  /// a binding's choice is seen, not all at the adapter.
  @Test func modulesBehindOneAdapterAreNotedWhereTheyProvide() throws {
    let notes = try Self.notes(Self.alerts)
    #expect(notes.map(\.1) == [TextPoint(line: 8, column: 16), TextPoint(line: 11, column: 16)])
    #expect(
      notes.map(\.0) == [
        "'IOSAlert' provides it through 'AlertInput' here, which the adapter from 'NeedAlert' forwards to",
        "'MacAlert' provides it through 'AlertInput' here, which the adapter from 'NeedAlert' forwards to",
      ])
  }

  /// One module through several adapters: the fix is to remove adapters, so the notes are at them.
  @Test func oneModuleBehindSeveralAdaptersIsNotedAtTheAdapters() throws {
    let yaml = """
      routecfg: 1
      protocols:
        Need: ""
        First: ""
        Second: ""
      modules:
        Alerts:
          kind: view
          provides: [First, Second]
        User:
          kind: view
          requires: [Need]
          routes: [/u]
      adapters:
        - adapt: Need
          to: First
        - adapt: Need
          to: Second

      """
    let notes = try Self.notes(yaml)
    #expect(notes.map(\.1) == [TextPoint(line: 15, column: 5), TextPoint(line: 17, column: 5)])
    #expect(notes.map(\.0).allSatisfy { $0.hasPrefix("'Alerts' provides it through the adapter to '") })
  }
}
