/// The name sets that did-you-mean hints are drawn from, each indexed once per validation.
///
/// Building a ``NameSuggester`` costs a pass over its names (and, for large sets, an index of
/// one-deletion variants). Building one per unknown name would make `n` misspelt references to
/// a protocol of `n` members quadratic; the cache builds each set once, on the first error
/// that needs it, so a run without errors builds none.
final class SuggesterCache {
  /// A set of names hints are drawn from.
  enum Key: Hashable {
    /// The members of a protocol, by base name or by full name (`finish(user:)`).
    case members(protocolName: String, fullNames: Bool)
    /// A module's declared parameters.
    case parameters(module: String)
  }

  private var suggesters: [Key: NameSuggester] = [:]

  /// The suggester for `key`, made from `names()` the first time it is asked for.
  func suggester(_ key: Key, names: () -> [String]) -> NameSuggester {
    if let existing = suggesters[key] { return existing }
    let made = NameSuggester(names())
    suggesters[key] = made
    return made
  }
}
