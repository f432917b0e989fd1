extension ManifestValidator {
  /// `true` for a name whose values are never `Hashable`, so never a dictionary key
  /// (``NeverHashableName``: `Any`, `Void`, a metatype...); other external types are taken to be,
  /// since their conformances are not known.
  static func isNeverHashable(_ name: String) -> Bool { NeverHashableName(name) != nil }

  /// Reports each dictionary in `type` keyed by a type that cannot be `Hashable` for a name it
  /// holds (RC0405): a declared protocol, whose values are existentials, `Any`, `Void`, a
  /// metatype... Swift rejects such a dictionary, so generated code would not compile. Reported
  /// at that name in `references`, the declaration's named types in written order, of which
  /// `names` were written before `type`. A key that holds a function type is a parse error
  /// (``SwiftDeclParser``): a member with one never reaches the validator.
  mutating func checkDictionaryKeys(
    in type: TypeRef, references: TypeReferences, names: inout Int, at location: SourceLocation,
    of owner: @autoclosure () -> String
  ) {
    // Every name was classified by ``checkTypeReferences()`` before this runs. The closure is
    // written at the call, which does not keep it, so that it needs no allocation.
    let kinds = typeNameKinds
    var found: [(key: TypeRef, blocker: TypeRef, namesBefore: Int)] = []
    type.forEachUnhashableKey(
      { name in
        switch kinds[name] {
        case .protocol?, .protocolMetatype?, .neverHashable?: return true
        default: return false
        }
      }, names: &names
    ) { found.append(($0, $1, $2)) }
    for (key, blocker, namesBefore) in found {
      // Every key found is blocked by a name (a function is a parse error).
      guard case .named(let name) = blocker else { continue }
      let written = Self.place(of: name, nearest: namesBefore, in: references) ?? location
      guard reportedUnhashableKeys.insert(written).inserted else { continue }
      let reason =
        isDeclaredProtocol(name) || NeverHashableName.isStandardProtocol(name)
        ? "'\(name)' is a protocol, and a protocol's values are not Hashable" : "'\(name)' is not Hashable"
      // Swift's type-erased key for values of any Hashable type.
      let fix =
        (name == "Hashable" && !isDeclaredProtocol(name)) || name == "Swift.Hashable"
        ? "key it by 'AnyHashable'" : "key it by a Hashable type, such as an identifier ('[String: ...]')"
      diagnostics.report(
        .unhashableKey,
        "\(owner()) has a dictionary keyed by '\(key)', which cannot be a key: \(reason); \(fix), or use an "
          + "array of pairs",
        at: written)
    }
  }

  /// Where `name` is written among `references`: the reference at `ordinal` (the name's place
  /// among the declaration's named types) or, when a type adds a name it does not write (`()`
  /// read as `Void`) and the places shift, the nearest reference that writes `name`.
  private static func place(of name: String, nearest ordinal: Int, in references: TypeReferences)
    -> SourceLocation?
  {
    if ordinal < references.count, references[ordinal].value == name { return references[ordinal].location }
    return references.indices.filter { references[$0].value == name }.min {
      abs($0 - ordinal) < abs($1 - ordinal)
    }
    .map { references[$0].location }
  }

  /// ``checkDictionaryKeys(in:references:names:at:of:)`` for every type `member` writes, in the
  /// order they are written.
  mutating func checkDictionaryKeys(of member: MemberDecl, in protocolName: String) {
    func owner() -> String { "member '\(member.name)' of '\(protocolName)'" }
    var names = 0
    switch member.kind {
    case .property(let property):
      checkDictionaryKeys(
        in: property.type, references: member.typeReferences, names: &names, at: member.location, of: owner())
    case .method(let method):
      for parameter in method.parameters {
        checkDictionaryKeys(
          in: parameter.type, references: member.typeReferences, names: &names, at: member.location,
          of: owner())
      }
      checkDictionaryKeys(
        in: method.result, references: member.typeReferences, names: &names, at: member.location, of: owner())
    }
  }
}
