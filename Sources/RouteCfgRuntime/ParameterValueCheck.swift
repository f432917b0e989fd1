import RouteCfgCore

/// Whether a module parameter's value has the declared type, as far as the runtime can tell.
///
/// A value whose type has the declared spelling fits (``SwiftTypeName/matches(_:_:)``). So does
/// one of a standard protocol the runtime can cast to (`Error`, `CustomStringConvertible`...),
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
    // `Swift.Error` is `Error`.
    let name = written.split(separator: ".").last.map(String.init) ?? written
    if let conforms = standardProtocols[name] { return conforms(value) }
    return valueType is AnyClass && !SwiftKnownTypeNames.isConcrete(name)
  }

  /// Standard protocols a manifest may name as a parameter's type, with the cast that tells
  /// whether a value conforms.
  private static let standardProtocols: [String: @Sendable (Any) -> Bool] = [
    "Any": { _ in true },
    "Sendable": { _ in true },
    "AnyObject": { type(of: $0) is AnyClass },
    "Error": { $0 is any Error },
    "Hashable": { $0 is any Hashable },
    "Equatable": { $0 is any Equatable },
    "Comparable": { $0 is any Comparable },
    "Identifiable": { $0 is any Identifiable },
    "CustomStringConvertible": { $0 is any CustomStringConvertible },
    "CustomDebugStringConvertible": { $0 is any CustomDebugStringConvertible },
    "Encodable": { $0 is any Encodable },
    "Decodable": { $0 is any Decodable },
    "Codable": { $0 is any Codable },
  ]
}
