/// What a place in a manifest holds, beyond what the schema says: which names it refers to.
enum CompletionRole: Sendable, Hashable {
  /// The keys the schema lists for the mapping at the path.
  case schemaKeys
  /// The values the schema lists for the scalar at the path (`kind`).
  case schemaValues
  case protocolName
  case moduleName
  /// The left side of an adapter's `map`: a member of `adapt`.
  case requiredMember
  /// The right side of an adapter's `map`: a member or key path of `to`.
  case providedMember
  /// A Swift type (a module parameter).
  case type
  /// Swift member declarations (a protocol body).
  case memberDeclarations
  /// A manifest file to include.
  case includePath
  /// A route pattern: after `:` or `*`, a parameter of its module.
  case routeParameter

  /// The role of a cursor context, from its path.
  static func of(_ path: [PathStep], slot: CursorContext.Slot) -> CompletionRole? {
    let keys = path.map { step -> String in
      if case .key(let key) = step { return key }
      return "-"
    }
    switch slot {
    case .blockScalar:
      if matches(keys, ["protocols", "*"]) || matches(keys, ["protocols", "*", "members"]) {
        return .memberDeclarations
      }
      return nil
    case .key:
      if matches(keys, ["bindings"]) || matches(keys, ["variants", "*", "bindings"]) { return .protocolName }
      if matches(keys, ["adapters", "-", "map"]) { return .requiredMember }
      if matches(keys, ["protocols"]) || matches(keys, ["modules"]) || matches(keys, ["variants"])
        || matches(keys, ["modules", "*", "parameters"])
      {
        return nil
      }
      return .schemaKeys
    case .value:
      if matches(keys, ["modules", "*", "provides", "-"]) || matches(keys, ["modules", "*", "requires", "-"])
        || matches(keys, ["protocols", "*", "inherits", "-"]) || matches(keys, ["adapters", "-", "adapt"])
        || matches(keys, ["adapters", "-", "to"])
      {
        return .protocolName
      }
      if matches(keys, ["bindings", "*"]) || matches(keys, ["variants", "*", "bindings", "*"])
        || matches(keys, ["fallback"])
      {
        return .moduleName
      }
      if matches(keys, ["adapters", "-", "map", "*"]) { return .providedMember }
      if matches(keys, ["modules", "*", "parameters", "*"]) { return .type }
      if matches(keys, ["include", "-"]) { return .includePath }
      // `/notes/:` with nothing after the `:` reads as a key, `/notes/`, whose value is being written.
      if matches(keys, ["modules", "*", "routes", "-"])
        || matches(keys, ["modules", "*", "routes", "-", "*"])
      {
        return .routeParameter
      }
      if matches(keys, ["adapters", "-"]) { return .schemaKeys }
      return .schemaValues
    }
  }

  /// `true` when the keys match the pattern (`*` any key, `-` an item).
  private static func matches(_ keys: [String], _ pattern: [String]) -> Bool {
    keys.count == pattern.count && zip(keys, pattern).allSatisfy { $1 == "*" ? $0 != "-" : $0 == $1 }
  }
}
