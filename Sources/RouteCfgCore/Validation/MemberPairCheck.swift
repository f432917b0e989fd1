/// One reason a facade member cannot forward to its target.
struct PairProblem {
  let code: DiagnosticCode
  /// The full message, saying what to change.
  let message: String
  /// A short form for notes ("its type 'Int' does not fit 'String?'").
  let reason: String
}

/// Checks that calls to a facade member can be forwarded to a target member: types fit in the
/// direction values flow, a settable facade has a settable target, methods agree in arguments,
/// `throws` and `async`.
struct MemberPairCheck {
  let fits: TypeFitChecker
  /// Protocol that declares the facade member.
  let facadeOwner: String

  func problems(
    facade: MemberDecl, target: MemberTarget, crossings: inout [AdapterCrossing]
  ) -> [PairProblem] {
    let facadeName = "'\(facadeOwner).\(facade.fullName)'"
    let targetName =
      target.member.isProperty
      ? "'\(target.root).\(target.path.joined(separator: "."))'"
      : "'\(target.owner).\(target.member.fullName)'"
    switch (facade.kind, target.member.kind) {
    case (.property(let property), .property(let targetProperty)):
      return propertyProblems(
        property, targetProperty, readType: target.readType ?? targetProperty.type, facadeName: facadeName,
        targetName: targetName, crossings: &crossings)
    case (.method(let method), .method(let targetMethod)):
      return methodProblems(method, targetMethod, facadeName: facadeName, targetName: targetName, crossings: &crossings)
    default:
      // Kind mismatches are reported once, when the map is resolved.
      return []
    }
  }

  private func propertyProblems(
    _ property: PropertySignature, _ targetProperty: PropertySignature, readType: TypeRef, facadeName: String,
    targetName: String, crossings: inout [AdapterCrossing]
  ) -> [PairProblem] {
    var problems: [PairProblem] = []
    switch fits.fit(readType, into: property.type, crossings: &crossings) {
    case .fits: break
    case .mismatch:
      problems.append(
        PairProblem(
          code: .incompatibleTypes,
          message:
            "\(facadeName) is '\(property.type)' but \(targetName) is '\(readType)'; a '\(readType)' "
            + "cannot be read as a '\(property.type)': change one of the types or map another member",
          reason: "its type '\(readType)' does not fit '\(property.type)'"))
    case .missingAdapter(let source, let destination):
      problems.append(missingAdapter(facadeSide: destination, targetSide: source, facadeName, targetName))
    }
    guard property.isSettable else { return problems }
    guard targetProperty.isSettable else {
      problems.append(
        PairProblem(
          code: .readOnlyTarget,
          message:
            "\(facadeName) is settable but \(targetName) is read-only; declare it 'var ... { get set }' "
            + "or make \(facadeName) read-only with '{ get }'",
          reason: "it is read-only"))
      return problems
    }
    switch fits.fit(property.type, into: targetProperty.type, crossings: &crossings) {
    case .fits: break
    case .mismatch:
      problems.append(
        PairProblem(
          code: .incompatibleTypes,
          message:
            "\(facadeName) is settable, but a '\(property.type)' cannot be stored in \(targetName) of "
            + "type '\(targetProperty.type)'; make the types agree (or make \(facadeName) '{ get }')",
          reason: "a '\(property.type)' cannot be stored in its type '\(targetProperty.type)'"))
    case .missingAdapter(let source, let destination):
      problems.append(missingAdapter(facadeSide: source, targetSide: destination, facadeName, targetName))
    }
    return Self.mergingMissingAdapters(problems)
  }

  private func methodProblems(
    _ method: MethodSignature, _ target: MethodSignature, facadeName: String, targetName: String,
    crossings: inout [AdapterCrossing]
  ) -> [PairProblem] {
    guard method.parameters.count == target.parameters.count else {
      return [
        PairProblem(
          code: .signatureMismatch,
          message:
            "\(facadeName) takes \(method.parameters.count) argument(s) but \(targetName) takes "
            + "\(target.parameters.count); mapped methods take the same arguments in the same order "
            + "(labels may differ)",
          reason: "it takes \(target.parameters.count) argument(s)")
      ]
    }
    var problems: [PairProblem] = []
    for (position, (parameter, targetParameter)) in zip(method.parameters, target.parameters).enumerated() {
      switch fits.fit(parameter.type, into: targetParameter.type, crossings: &crossings) {
      case .fits: continue
      case .mismatch:
        problems.append(
          PairProblem(
            code: .incompatibleTypes,
            message:
              "argument \(position + 1) of \(facadeName) is '\(parameter.type)' but \(targetName) takes "
              + "'\(targetParameter.type)'; make the argument types agree",
            reason: "its argument \(position + 1) is '\(targetParameter.type)'"))
      case .missingAdapter(let source, let destination):
        problems.append(missingAdapter(facadeSide: source, targetSide: destination, facadeName, targetName))
      }
    }
    switch fits.fit(target.result, into: method.result, crossings: &crossings) {
    case .fits: break
    case .mismatch:
      problems.append(
        PairProblem(
          code: .incompatibleTypes,
          message:
            "\(targetName) returns '\(target.result)' but \(facadeName) returns '\(method.result)'; "
            + "make the result types agree",
          reason: "it returns '\(target.result)'"))
    case .missingAdapter(let source, let destination):
      problems.append(missingAdapter(facadeSide: destination, targetSide: source, facadeName, targetName))
    }
    if !method.isThrowing, target.isThrowing {
      problems.append(
        PairProblem(
          code: .effectsMismatch,
          message:
            "\(facadeName) does not throw, but \(targetName) throws; mark \(facadeName) 'throws' or "
            + "map a method that does not throw",
          reason: "it throws"))
    }
    if method.isAsync != target.isAsync {
      let (asyncName, syncName) = method.isAsync ? (facadeName, targetName) : (targetName, facadeName)
      problems.append(
        PairProblem(
          code: .effectsMismatch,
          message: "\(asyncName) is 'async' but \(syncName) is not; 'async' must agree on both sides",
          reason: method.isAsync ? "it is not async" : "it is async"))
    }
    return Self.mergingMissingAdapters(problems)
  }

  /// One adapter serves both directions, so a member that needs one between `A` and `B` when
  /// reading and again when writing gets one diagnostic.
  private func missingAdapter(
    facadeSide: String, targetSide: String, _ facadeName: String, _ targetName: String
  ) -> PairProblem {
    PairProblem(
      code: .missingAdapter,
      message:
        "forwarding \(facadeName) to \(targetName) passes values between the protocols "
        + "'\(facadeSide)' and '\(targetSide)', and no adapter connects them; add one "
        + "('- adapt: \(facadeSide)' with 'to: \(targetSide)' and a 'map')",
      reason: "it needs an adapter between '\(facadeSide)' and '\(targetSide)'")
  }

  private static func mergingMissingAdapters(_ problems: [PairProblem]) -> [PairProblem] {
    var seen: Set<String> = []
    return problems.filter { $0.code != .missingAdapter || seen.insert($0.reason).inserted }
  }
}
