/// One reason a facade member cannot forward to its target.
struct PairProblem {
  let code: DiagnosticCode
  /// The full message, saying what to change.
  let message: String
  /// A short form for notes ("its type 'Int' does not fit 'String?'").
  let reason: String
}

/// The quoted names of a facade member and its target, built only when a message needs them.
private struct PairNames {
  let facadeOwner: String
  let facade: MemberDecl
  let target: MemberTarget

  init(facadeOwner: String, facade: MemberDecl, target: MemberTarget) {
    self.facadeOwner = facadeOwner
    self.facade = facade
    self.target = target
  }

  /// `'RequiredLogin.message'`.
  var facadeText: String { "'\(facadeOwner).\(facade.fullName)'" }

  /// `'ProvidedLogin.header.title'` or `'ProvidedLogin.didLogin()'`.
  var targetText: String {
    target.member.isProperty
      ? "'\(target.root.name).\(target.path.joined(separator: "."))'"
      : "'\(target.owner.name).\(target.member.fullName)'"
  }
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
    let names = PairNames(facadeOwner: facadeOwner, facade: facade, target: target)
    switch (facade.kind, target.member.kind) {
    case (.property(let property), .property(let targetProperty)):
      return propertyProblems(
        property, targetProperty, readType: target.readType ?? targetProperty.type, names: names,
        crossings: &crossings)
    case (.method(let method), .method(let targetMethod)):
      return methodProblems(method, targetMethod, names: names, crossings: &crossings)
    default:
      // Kind mismatches are reported once, when the map is resolved.
      return []
    }
  }

  /// Why a settable facade property's values could not be stored in `target` if it were
  /// settable (the type check that a read-only target cuts short), or `nil` when they could.
  func writeMismatch(facade: MemberDecl, target: MemberTarget) -> String? {
    guard case .property(let property) = facade.kind, property.isSettable,
      case .property(let targetProperty) = target.member.kind
    else { return nil }
    var crossings: [AdapterCrossing] = []
    let names = PairNames(facadeOwner: facadeOwner, facade: facade, target: target)
    let problem = writeProblem(property, targetProperty, names, &crossings)
    return problem?.code == .incompatibleTypes ? problem?.reason : nil
  }

  private func propertyProblems(
    _ property: PropertySignature, _ targetProperty: PropertySignature, readType: TypeRef, names: PairNames,
    crossings: inout [AdapterCrossing]
  ) -> [PairProblem] {
    var problems: [PairProblem] = []
    let read = check(readType, into: property.type, towardFacade: true, names, &crossings) {
      PairProblem(
        code: .incompatibleTypes,
        message:
          "\(names.facadeText) is '\(property.type)' but \(names.targetText) is '\(readType)'; a '\(readType)' "
          + "cannot be read as a '\(property.type)': change one of the types or map another member",
        reason: "its type '\(readType)' does not fit '\(property.type)'")
    }
    problems += read.map { [$0] } ?? []
    guard property.isSettable else { return problems }
    guard targetProperty.isSettable else {
      problems.append(
        PairProblem(
          code: .readOnlyTarget,
          message:
            "\(names.facadeText) is settable but \(names.targetText) is read-only; declare it 'var ... { get set }' "
            + "or make \(names.facadeText) read-only with '{ get }'",
          reason: "it is read-only"))
      return problems
    }
    // Types that already do not fit for reading are one problem, not a second one for writing.
    if read?.code == .incompatibleTypes { return Self.mergingMissingAdapters(problems) }
    let write = writeProblem(property, targetProperty, names, &crossings)
    problems += write.map { [$0] } ?? []
    return Self.mergingMissingAdapters(problems)
  }

  /// The problem with storing a settable facade property's values in the target's type, if any.
  private func writeProblem(
    _ property: PropertySignature, _ targetProperty: PropertySignature, _ names: PairNames,
    _ crossings: inout [AdapterCrossing]
  ) -> PairProblem? {
    check(property.type, into: targetProperty.type, towardFacade: false, names, &crossings) {
      PairProblem(
        code: .incompatibleTypes,
        message:
          "\(names.facadeText) is settable, but a '\(property.type)' cannot be stored in \(names.targetText) of "
          + "type '\(targetProperty.type)'; make the types agree (or make \(names.facadeText) '{ get }')",
        reason: "a '\(property.type)' cannot be stored in its type '\(targetProperty.type)'")
    }
  }

  private func methodProblems(
    _ method: MethodSignature, _ target: MethodSignature, names: PairNames, crossings: inout [AdapterCrossing]
  ) -> [PairProblem] {
    guard method.parameters.count == target.parameters.count else {
      return [
        PairProblem(
          code: .signatureMismatch,
          message:
            "\(names.facadeText) takes \(method.parameters.count) argument(s) but \(names.targetText) takes "
            + "\(target.parameters.count); mapped methods take the same arguments in the same order "
            + "(labels may differ)",
          reason: "it takes \(target.parameters.count) argument(s)")
      ]
    }
    var problems: [PairProblem] = []
    for (position, (parameter, targetParameter)) in zip(method.parameters, target.parameters).enumerated() {
      let argument = check(parameter.type, into: targetParameter.type, towardFacade: false, names, &crossings)
      {
        PairProblem(
          code: .incompatibleTypes,
          message:
            "argument \(position + 1) of \(names.facadeText) is '\(parameter.type)' but \(names.targetText) takes "
            + "'\(targetParameter.type)'; make the argument types agree",
          reason: "its argument \(position + 1) is '\(targetParameter.type)'")
      }
      problems += argument.map { [$0] } ?? []
    }
    let result = check(target.result, into: method.result, towardFacade: true, names, &crossings) {
      PairProblem(
        code: .incompatibleTypes,
        message:
          "\(names.targetText) returns '\(target.result)' but \(names.facadeText) returns '\(method.result)'; "
          + "make the result types agree",
        reason: "it returns '\(target.result)'")
    }
    problems += result.map { [$0] } ?? []
    if !method.isThrowing, target.isThrowing {
      problems.append(
        PairProblem(
          code: .effectsMismatch,
          message:
            "\(names.facadeText) does not throw, but \(names.targetText) throws; mark \(names.facadeText) 'throws' or "
            + "map a method that does not throw",
          reason: "it throws"))
    }
    if method.isAsync != target.isAsync {
      let (asyncName, syncName) =
        method.isAsync ? (names.facadeText, names.targetText) : (names.targetText, names.facadeText)
      problems.append(
        PairProblem(
          code: .effectsMismatch,
          message: "\(asyncName) is 'async' but \(syncName) is not; 'async' must agree on both sides",
          reason: method.isAsync ? "it is not async" : "it is async"))
    }
    return Self.mergingMissingAdapters(problems)
  }

  /// The problem with one flow of values, if any: `mismatch()` when the types do not fit, or the
  /// missing adapter between two protocols. `towardFacade` says which way the values go (a read or
  /// a result toward the facade's caller; a write or an argument toward the target).
  private func check(
    _ source: TypeRef, into destination: TypeRef, towardFacade: Bool, _ names: PairNames,
    _ crossings: inout [AdapterCrossing], mismatch: () -> PairProblem
  ) -> PairProblem? {
    switch fits.fit(source, into: destination, crossings: &crossings) {
    case .fits: return nil
    case .mismatch: return mismatch()
    case .missingAdapter(let from, let to):
      return towardFacade
        ? missingAdapter(facadeSide: to, targetSide: from, names)
        : missingAdapter(facadeSide: from, targetSide: to, names)
    }
  }

  /// One adapter serves both directions, so a member that needs one between `A` and `B` when
  /// reading and again when writing gets one diagnostic.
  private func missingAdapter(
    facadeSide: String, targetSide: String, _ names: PairNames
  ) -> PairProblem {
    PairProblem(
      code: .missingAdapter,
      message:
        "forwarding \(names.facadeText) to \(names.targetText) passes values between the protocols "
        + "'\(facadeSide)' and '\(targetSide)', and no adapter connects them; add one "
        + "('- adapt: \(facadeSide)' with 'to: \(targetSide)' and a 'map')",
      reason: "it needs an adapter between '\(facadeSide)' and '\(targetSide)'")
  }

  private static func mergingMissingAdapters(_ problems: [PairProblem]) -> [PairProblem] {
    var seen: Set<String> = []
    return problems.filter { $0.code != .missingAdapter || seen.insert($0.reason).inserted }
  }
}
