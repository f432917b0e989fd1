extension ManifestValidator {
  /// Names whose values are never `Hashable`, so never a dictionary key; other external types
  /// are taken to be, since their conformances are not known.
  static let neverHashableTypes: Set<String> = [
    "Any", "AnyObject", "AnyClass", "Void", "Error", "Sendable", "Swift.Any", "Swift.AnyObject",
    "Swift.AnyClass", "Swift.Void", "Swift.Error", "Swift.Sendable",
  ]

  /// Reports a dictionary in `type` keyed by a type that cannot be `Hashable` for a name it holds
  /// (RC0405): a declared protocol, whose values are existentials, or `Any`, `Void`... Swift
  /// rejects such a dictionary, so generated code would not compile. Reported at that name in
  /// `references` (or at `location`). A key that holds a function type is a parse error
  /// (``SwiftDeclParser``), and a type of such a member never reaches the validator.
  mutating func checkDictionaryKeys(
    in type: TypeRef, references: TypeReferences, at location: SourceLocation,
    of owner: @autoclosure () -> String
  ) {
    guard type.holdsDictionary else { return }
    // Every name was classified by ``checkTypeReferences()`` before this runs.
    let isUnhashable = { [typeNameKinds] (name: String) in
      switch typeNameKinds[name] {
      case .protocol?, .neverHashable?: return true
      default: return false
      }
    }
    guard let key = type.firstUnhashableKey(isUnhashable) else { return }
    let blocker = key.hashableBlocker(isUnhashable)
    let reason: String
    let name: String?
    switch blocker {
    case .named(let culprit)?:
      name = culprit
      reason =
        isDeclaredProtocol(culprit)
        ? "'\(culprit)' is a protocol, and a protocol's values are not Hashable"
        : "'\(culprit)' is not Hashable"
    default:
      name = blocker?.namedTypes.first
      reason = "a function is not Hashable"
    }
    let written = name.flatMap { name in references.first { $0.value == name }?.location }
    diagnostics.report(
      .unhashableKey,
      "\(owner()) has a dictionary keyed by '\(key)', which cannot be a key: \(reason); key it by a "
        + "Hashable type, such as an identifier ('[String: ...]'), or use an array of pairs",
      at: written ?? location)
  }

  /// ``checkDictionaryKeys(in:references:at:of:)`` for every type `member` writes.
  mutating func checkDictionaryKeys(of member: MemberDecl, in protocolName: String) {
    func owner() -> String { "member '\(member.name)' of '\(protocolName)'" }
    switch member.kind {
    case .property(let property):
      checkDictionaryKeys(
        in: property.type, references: member.typeReferences, at: member.location, of: owner())
    case .method(let method):
      for parameter in method.parameters {
        checkDictionaryKeys(
          in: parameter.type, references: member.typeReferences, at: member.location, of: owner())
      }
      checkDictionaryKeys(
        in: method.result, references: member.typeReferences, at: member.location, of: owner())
    }
  }
}
