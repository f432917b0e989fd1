import RouteCfgCore

/// Foundation's value and reference types a manifest is likely to name as external types
/// (`var openedAt: Date`, `func open(url: URL) -> Data?`). Without `--import`, generated files
/// that may spell such a type import Foundation themselves, as a hand-written file would; other
/// external types need `--import`.
enum FoundationTypes {
  static let names = Set<String>([
    "AffineTransform", "AttributedString", "Calendar", "CharacterSet", "Data", "Date", "DateComponents",
    "DateInterval", "Decimal", "IndexPath", "IndexSet", "Locale", "Measurement", "Notification",
    "NSError", "NSNumber", "NSObject", "NSString", "PersonNameComponents", "TimeInterval", "TimeZone",
    "URL", "URLComponents", "URLQueryItem", "UUID",
  ]).union(networkingNames)

  /// The names among ``names`` that Foundation declares on Apple platforms and
  /// `FoundationNetworking` elsewhere (Linux, Windows), which the files then import where it
  /// exists (`#if canImport(FoundationNetworking)`).
  static let networkingNames: Set<String> = ["HTTPURLResponse", "URLRequest", "URLResponse", "URLSession"]

  /// `true` when a member or parameter type of `graph` names one of `names` (written plain or
  /// as `Foundation.URL`) that the manifest does not declare as a protocol.
  static func areNamed(_ wanted: Set<String> = names, in graph: AppGraph) -> Bool {
    func names(_ type: TypeRef) -> Bool {
      type.namedTypes.contains { name in
        let plain = name.hasPrefix("Foundation.") ? String(name.dropFirst(11)) : name
        return wanted.contains(plain) && graph.protocols[name] == nil
      }
    }
    for info in graph.protocols.values {
      for member in info.members where member.writtenTypes.contains(where: names) { return true }
    }
    return graph.modules.values.contains { module in module.parameters.contains { names($0.type) } }
  }
}
