import RouteCfgCore
import Testing

/// A member an adapter's map names is never reported as unmapped (RC0602), whether its entry is
/// valid or not, with few entries (compared in turn) or many (looked up).
@Suite("Members an adapter's map names")
struct AdapterMapNamesTests {
  @Test(arguments: [3, 20])
  func namedMembersAreNotUnmapped(entryCount: Int) throws {
    let mapped = (0..<entryCount).map { "mapped\($0)" }
    let required =
      mapped.map { "var \($0): Int { get }" } + [
        "var extra: Int { get }", "var lonely: Int { get }",
      ]
    let provided =
      (0..<entryCount).map { "var target\($0): Int { get }" } + [
        "func wrongKind()", "var extraTarget: Int { get }",
      ]
    var entries = ["mapped0: missingTarget", "mapped1: wrongKind()", "extar: extraTarget"]
    entries += (2..<entryCount).map { "mapped\($0): target\($0)" }
    let yaml = """
      routecfg: 1
      protocols:
        R: |
      \(required.map { "    \($0)" }.joined(separator: "\n"))
        P: |
      \(provided.map { "    \($0)" }.joined(separator: "\n"))
      modules:
        Provider: {kind: view, provides: [P]}
        Client: {kind: view, requires: [R], routes: [/c]}
      adapters:
        - adapt: R
          to: P
          map:
      \(entries.map { "      \($0)" }.joined(separator: "\n"))
      """
    let result = try RouteCfg.validate(yaml: yaml, path: "names.yaml")
    let unmapped = result.diagnostics.filter { $0.code == .unmappedMembers }.map(\.message)
    #expect(unmapped.count == 1, "\(result.diagnostics.map(\.message))")
    let message = unmapped.joined()
    #expect(message.contains("lonely"), "\(message)")
    for named in ["mapped0", "mapped1", "extra:", "'extra'"] {
      #expect(!message.contains(named), "\(message)")
    }
    // The entries that are wrong are reported for what they are.
    let codes = Set(result.diagnostics.map(\.code))
    #expect(codes.contains(.memberKindMismatch), "\(result.diagnostics.map(\.message))")
  }
}
