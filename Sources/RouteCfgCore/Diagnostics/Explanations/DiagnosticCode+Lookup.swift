extension DiagnosticCode {
  /// The code a person typed: `RC0601`, `rc0601`, `0601`, `601` or the rule name
  /// `UnknownAdapterMember` (any case); `nil` when it names no code.
  public init?(lookup text: String) {
    let typed = text.uppercased().filter { $0 != " " }
    let digits = typed.hasPrefix("RC") ? String(typed.dropFirst(2)) : typed
    if !digits.isEmpty, digits.count <= 4, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) {
      self.init(rawValue: "RC" + String(repeating: "0", count: 4 - digits.count) + digits)
      return
    }
    guard let found = Self.allCases.first(where: { $0.name.uppercased() == typed }) else { return nil }
    self = found
  }

  /// The code or rule name closest to something that names no code, for "did you mean".
  public static func suggestion(for text: String) -> String? {
    let typed = text.uppercased()
    if typed.hasPrefix("RC") {
      return closestName(to: typed, among: allCases.map(\.rawValue))
    }
    return closestName(to: text, among: allCases.map(\.name))
  }
}
