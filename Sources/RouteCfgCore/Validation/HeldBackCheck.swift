/// A group of checks that is not run when a file of the manifest could not be loaded (missing,
/// outside the root, a cycle, unreadable, not YAML), because the declarations that file would
/// have added could change its answer (SPEC §3). Everything else is still checked: shapes,
/// members, duplicates, protocol inheritance, routes, and adapters as far as the loaded files
/// decide them (not those between protocols that inherit one no loaded file declares, and no
/// type mismatch or missing adapter between names the missing file could declare).
public enum HeldBackCheck: String, Sendable, Hashable, CaseIterable {
  /// Unknown protocols and modules, member types one edit from a protocol.
  case references
  /// Bindings and requirements: unsatisfied, ambiguous, invalid bindings.
  case resolution
  /// Unused protocols and adapters, unreachable modules.
  case unusedParts

  /// The name shown in output: `references`, `resolution`, `unused parts`.
  public var title: String {
    switch self {
    case .references: return "references"
    case .resolution: return "resolution"
    case .unusedParts: return "unused parts"
    }
  }

  /// One line for a summary: "not checked because part of the manifest could not be read: references, ...".
  public static func summary(_ checks: [HeldBackCheck]) -> String {
    "not checked because part of the manifest could not be read: "
      + checks.map(\.title).joined(separator: ", ")
  }
}
