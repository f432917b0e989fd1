/// A group of checks that is not run when a file of the manifest could not be loaded (missing,
/// outside the root, a cycle, unreadable, not YAML), because the declarations that file would
/// have added could change its answer (SPEC §3). Everything else is still checked: shapes,
/// members, duplicates, protocol inheritance, routes.
public enum HeldBackCheck: String, Sendable, Hashable, CaseIterable {
  /// Unknown protocols and modules, member types one edit from a protocol.
  case references
  /// Bindings and requirements: unsatisfied, ambiguous, invalid bindings.
  case resolution
  /// Adapter maps and member forwarding (the missing file could declare a needed adapter, an
  /// inherited member or a protocol a type names).
  case adapters
  /// Unused protocols and adapters, unreachable modules.
  case unusedParts

  /// The name shown in output: `references`, `resolution`, `adapters`, `unused parts`.
  public var title: String {
    switch self {
    case .references: return "references"
    case .resolution: return "resolution"
    case .adapters: return "adapters"
    case .unusedParts: return "unused parts"
    }
  }

  /// One line for a summary: "not checked because a file could not be loaded: references, ...".
  public static func summary(_ checks: [HeldBackCheck]) -> String {
    "not checked because a file could not be loaded: " + checks.map(\.title).joined(separator: ", ")
  }
}
