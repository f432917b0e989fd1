/// Matches the bytes of a word against the keywords.
typealias SwiftKeywordTable = SwiftWordTable<SwiftKeyword>

extension SwiftKeyword {
  /// The table that matches words to keywords.
  static let table = SwiftKeywordTable(allCases.map { ($0.rawValue, $0) })
}
