import RouteCfgCore

extension RegistrationCheck {
  /// Members whose values cross an adapter as a type the dynamic runtime cannot convert (a
  /// closure taking or returning a protocol that differs on the two sides, or types that differ
  /// otherwise, `() -> Int` where the other side has `() -> Int?`): reported when the
  /// registry is built, not when the member is first forwarded. Not for an adapter whose
  /// provided protocol only objects that answer members themselves provide (recording mocks):
  /// such a member throws `.unsupported` when it is used, and the others can still be tested.
  func conversionProblems() -> [String] {
    var problems: [String] = []
    for adapter in graph.adapters {
      var found: [String] = []
      if adapter.isUsedForward {
        conversionProblems(adapter.forward, facade: adapter.adapt, target: adapter.to, into: &found)
      }
      if adapter.isUsedInReverse {
        conversionProblems(adapter.reverse, facade: adapter.to, target: adapter.adapt, into: &found)
      }
      // Looked into only when there is something to report.
      if !found.isEmpty, !isProvidedOnlyBySelfDescribingObjects(adapter.to) { problems += found }
    }
    return problems
  }

  /// `true` when every module that provides `protocolName` (at least one) is registered with a
  /// factory whose objects answer members themselves.
  func isProvidedOnlyBySelfDescribingObjects(_ protocolName: String) -> Bool {
    let providers = graph.moduleNames.filter { graph.modules[$0]?.provides.contains(protocolName) == true }
    return !providers.isEmpty
      && providers.allSatisfy { registrations.factories[NameKey($0)]?.describesItsMembers == true }
  }

  private func conversionProblems(
    _ pairings: [MemberPairing], facade: String, target: String, into problems: inout [String]
  ) {
    // Only a function type or a dictionary can carry a value the runtime cannot convert (a
    // closure of a protocol that differs on the two sides, or of `Int` where the other side
    // takes `Int?`), and only where the two sides write different types
    // (``MemberPairing/mayNeedConversion``): the validator checked that they fit, so a facade
    // member without either has none on the other side (a function fits only a function, a
    // dictionary only a dictionary). The facade is looked up (by name, which hashes it) only
    // for adapters with such a pairing.
    var first = pairings.startIndex
    while first < pairings.endIndex, !pairings[first].mayNeedConversion { first += 1 }
    guard first < pairings.endIndex, let facadeInfo = graph.protocols[facade] else { return }
    for pairing in pairings[first...] where pairing.mayNeedConversion {
      guard let member = facadeInfo.member(named: pairing.memberName),
        let targetMember = targetMember(of: pairing, from: target)
      else { continue }
      // Each flow of values: the facade's type, the target's, and whether values go to the target.
      let crossings: [(facade: TypeRef, target: TypeRef, towardTarget: Bool)]
      switch (member.kind, targetMember.kind) {
      case (.property(let property), .property(let targetProperty)):
        crossings =
          [(property.type, targetProperty.type, false)]
          + (property.isSettable ? [(property.type, targetProperty.type, true)] : [])
      case (.method(let method), .method(let targetMethod)):
        crossings =
          zip(method.parameters, targetMethod.parameters).map { ($0.type, $1.type, true) }
          + [(method.result, targetMethod.result, false)]
      default: continue
      }
      for crossing in crossings {
        let (from, to) =
          crossing.towardTarget ? (crossing.facade, crossing.target) : (crossing.target, crossing.facade)
        if RuntimeState.canConvert(from: from, to: to, isProtocol: { graph.protocols[$0] != nil }) {
          continue
        }
        let forwarding =
          "'\(facade).\(member.fullName)' forwards to '\(target).\(pairing.path.joined(separator: "."))', "
        problems.append(
          forwarding
            + (crossing.towardTarget
              ? "whose '\(to)' the dynamic runtime cannot make of \(MessageWords.aQuoted(from)); use generated code"
              : "whose '\(from)' the dynamic runtime cannot convert into '\(to)'; use generated code"))
        break
      }
    }
  }

  /// The member a pairing ends at, reached from `target` through its key path's properties.
  private func targetMember(of pairing: MemberPairing, from target: String) -> MemberDecl? {
    var owner = graph.protocols[target]
    for step in pairing.stepsBeforeTarget {
      guard let type = owner?.member(named: step)?.property?.type,
        case .named(let next) = type.unwrappedOptional ?? type
      else { return nil }
      owner = graph.protocols[next]
    }
    return owner?.member(named: pairing.targetName)
  }
}
