/// What the values of a type name that is never `Hashable` are, whatever the manifest declares
/// (a declared protocol, whose values are objects, is the other name that never is). The
/// validator keeps these names out of dictionary keys (RC0405); generated routes compare their
/// values by what they are (Docs/Codegen.md).
package enum NeverHashableName: Sendable, Hashable {
  /// `AnyObject`: class instances, which have an identity.
  case object
  /// A metatype (`AnyClass`, `Item.Type`, `Item.Protocol`): types, which have an identity.
  case metatype
  /// `Void` (`()` is read as `Void`): its one value.
  case void
  /// `Any`, `Error`, `Sendable`, `Self`: existentials whose values Swift cannot compare.
  case opaque

  /// The names that are never `Hashable` by themselves, as written and qualified by `Swift.`;
  /// any `Item.Type` and `Item.Protocol` are too (``init(_:)``).
  package static let plainNames: [String: NeverHashableName] = {
    var names: [String: NeverHashableName] = [
      "Any": .opaque, "AnyObject": .object, "AnyClass": .metatype, "Void": .void, "Error": .opaque,
      "Sendable": .opaque, "Self": .opaque, "Swift.Any": .opaque, "Swift.AnyObject": .object,
      "Swift.AnyClass": .metatype, "Swift.Void": .void, "Swift.Error": .opaque, "Swift.Sendable": .opaque,
    ]
    for name in standardProtocols {
      names[name] = .opaque
      names["Swift." + name] = .opaque
    }
    for name in qualifiedStandardProtocols { names["Swift." + name] = .opaque }
    return names
  }()

  /// Protocols of the standard library a member may hold values of (`any Hashable`,
  /// `[any Collection]`; a manifest reads `any P` as `P`): their values are existentials, never
  /// `Hashable`, and Swift 6 asks for `any` before those with `Self` or associated-type
  /// requirements, so generated code writes it before each of them. Names an app is as likely to
  /// give a type of its own count only with `Swift.` (``qualifiedStandardProtocols``); an app type
  /// named like one of these is written with its module (`MyApp.Collection`). Docs/Codegen.md
  /// lists them.
  package static let standardProtocols = [
    "Hashable", "Equatable", "Comparable", "Identifiable", "Sequence", "Collection",
    "BidirectionalCollection", "RandomAccessCollection", "MutableCollection", "RangeReplaceableCollection",
    "IteratorProtocol", "StringProtocol", "AdditiveArithmetic", "SignedNumeric", "BinaryInteger",
    "SignedInteger", "UnsignedInteger", "FixedWidthInteger", "FloatingPoint", "BinaryFloatingPoint",
    "Strideable", "RawRepresentable", "CaseIterable", "SetAlgebra", "OptionSet", "CustomStringConvertible",
    "CustomDebugStringConvertible", "LosslessStringConvertible", "TextOutputStream", "TextOutputStreamable",
    "Encodable", "Decodable", "Codable", "AsyncSequence", "AsyncIteratorProtocol", "InstantProtocol",
    "DurationProtocol",
  ]

  /// Standard protocols whose bare names apps give their own types (`Clock`, `Actor`): the
  /// standard library's only when written `Swift.Clock`.
  package static let qualifiedStandardProtocols = ["Clock", "Actor", "Numeric"]

  /// `true` for one of ``standardProtocols``, also written with `Swift.`.
  package static func isStandardProtocol(_ name: String) -> Bool { standardProtocolNames.contains(name) }

  private static let standardProtocolNames = Set(
    standardProtocols + (standardProtocols + qualifiedStandardProtocols).map { "Swift." + $0 })

  /// What `name`'s values are when they are never `Hashable`: one of ``plainNames`` or a metatype
  /// (`Item.Type`, `Item.Protocol`); `nil` for any other name, which is taken to be `Hashable`
  /// unless it is a declared protocol, since an external type's conformances are not known.
  package init?(_ name: String) {
    if let kind = Self.plainNames[name] {
      self = kind
    } else if MetatypeName.isMetatype(name) {
      self = .metatype
    } else {
      return nil
    }
  }
}
