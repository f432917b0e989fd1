import RouteCfgCore

/// Whether a module parameter's value has the declared type, as far as the runtime can tell.
///
/// A value whose type has the declared spelling fits (``SwiftTypeName/matches(_:_:)``). So does
/// one that conforms to a standard protocol the declared type names (`Error`, `any Sequence`...),
/// and an object where the declared type is neither a standard type nor a standard protocol:
/// the object may be of a subclass of a declared class, or conform to a declared protocol,
/// which its name cannot tell, and the factory's cast (`context.parameter("config")`) decides.
/// Any other value is of another type.
enum ParameterValueCheck {
  static func accepts(_ value: any Sendable, as declared: TypeRef, aliases: [String: String] = [:]) -> Bool {
    let valueType = type(of: value)
    let unwrapped = declared.withoutOptionals
    let key = SwiftTypeName.runtimeKey(valueType)
    if SwiftTypeName.keysMatch(runtime: key, declared: SwiftTypeName.declaredKey(declared, aliases: aliases))
      || SwiftTypeName.keysMatch(
        runtime: key, declared: SwiftTypeName.declaredKey(unwrapped, aliases: aliases))
    {
      return true
    }
    guard case .named(let written) = unwrapped else { return false }
    if let conforms = standardProtocolCasts[written] { return conforms(value) }
    let name = SwiftKnownTypeNames.withoutStandardModule(written).map(String.init) ?? written
    return valueType is AnyClass && !SwiftKnownTypeNames.isConcrete(name)
  }

  /// The casts that tell whether a value conforms to a protocol of the standard library a
  /// manifest may name as a parameter's type, by the name as written: those of
  /// ``NeverHashableName/standardProtocols`` (bare and with `Swift.`), of
  /// ``NeverHashableName/qualifiedStandardProtocols`` (with `Swift.` only: bare, they name an
  /// app's type), and `Any`, `Sendable`, `AnyObject`, `Error`.
  static let standardProtocolCasts: [String: @Sendable (Any) -> Bool] = {
    var casts = bareStandardProtocolCasts
    for (name, cast) in bareStandardProtocolCasts { casts["Swift." + name] = cast }
    for (name, cast) in qualifiedStandardProtocolCasts { casts["Swift." + name] = cast }
    return casts
  }()

  private static let bareStandardProtocolCasts: [String: @Sendable (Any) -> Bool] = [
    "Any": { _ in true },
    "Sendable": { _ in true },
    "AnyObject": { type(of: $0) is AnyClass },
    "Error": { $0 is any Error },
    "Hashable": { $0 is any Hashable },
    "Equatable": { $0 is any Equatable },
    "Comparable": { $0 is any Comparable },
    "Identifiable": { $0 is any Identifiable },
    "Sequence": { $0 is any Sequence },
    "Collection": { $0 is any Collection },
    "BidirectionalCollection": { $0 is any BidirectionalCollection },
    "RandomAccessCollection": { $0 is any RandomAccessCollection },
    "MutableCollection": { $0 is any MutableCollection },
    "RangeReplaceableCollection": { $0 is any RangeReplaceableCollection },
    "IteratorProtocol": { $0 is any IteratorProtocol },
    "StringProtocol": { $0 is any StringProtocol },
    "AdditiveArithmetic": { $0 is any AdditiveArithmetic },
    "SignedNumeric": { $0 is any SignedNumeric },
    "BinaryInteger": { $0 is any BinaryInteger },
    "SignedInteger": { $0 is any SignedInteger },
    "UnsignedInteger": { $0 is any UnsignedInteger },
    "FixedWidthInteger": { $0 is any FixedWidthInteger },
    "FloatingPoint": { $0 is any FloatingPoint },
    "BinaryFloatingPoint": { $0 is any BinaryFloatingPoint },
    "Strideable": { $0 is any Strideable },
    "RawRepresentable": { $0 is any RawRepresentable },
    "CaseIterable": { $0 is any CaseIterable },
    "SetAlgebra": { $0 is any SetAlgebra },
    "OptionSet": { $0 is any OptionSet },
    "CustomStringConvertible": { $0 is any CustomStringConvertible },
    "CustomDebugStringConvertible": { $0 is any CustomDebugStringConvertible },
    "LosslessStringConvertible": { $0 is any LosslessStringConvertible },
    "TextOutputStream": { $0 is any TextOutputStream },
    "TextOutputStreamable": { $0 is any TextOutputStreamable },
    "Encodable": { $0 is any Encodable },
    "Decodable": { $0 is any Decodable },
    "Codable": { $0 is any Codable },
    "AsyncSequence": { $0 is any AsyncSequence },
    "AsyncIteratorProtocol": { $0 is any AsyncIteratorProtocol },
    "InstantProtocol": { $0 is any InstantProtocol },
    "DurationProtocol": { $0 is any DurationProtocol },
  ]

  private static let qualifiedStandardProtocolCasts: [String: @Sendable (Any) -> Bool] = [
    "Clock": { $0 is any Clock },
    "Actor": { $0 is any Actor },
    "Numeric": { $0 is any Numeric },
  ]
}
