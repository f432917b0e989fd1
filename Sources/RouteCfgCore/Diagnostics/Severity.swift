/// How serious a diagnostic is. Errors make a manifest invalid; warnings do not, unless `--strict`.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
  case error
  case warning

  public static func < (lhs: Severity, rhs: Severity) -> Bool {
    lhs == .error && rhs == .warning
  }
}
