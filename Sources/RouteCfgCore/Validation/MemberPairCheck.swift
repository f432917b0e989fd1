/// One reason a facade member cannot forward to its target.
struct PairProblem {
  let code: DiagnosticCode
  /// The full message, saying what to change.
  let message: String
  /// A short form for notes ("its type 'Int' does not fit 'String?'").
  let reason: String
  /// For a missing adapter (RC0606), the two protocols it would connect, in name order.
  var between: [String] = []
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
///
/// Each check runs in two steps: the fits of every flow of values are found first, as data
/// (``PropertyFlows``, ``MethodFlows``), and only a pair that has a problem has its messages
/// written from them, so the common pair that fits builds no names and no text.
struct MemberPairCheck {
  let fits: TypeFitChecker
  /// Protocol that declares the facade member.
  let facadeOwner: String

  /// The problems of pairing `facade` with `target`, the adapters values cross on the way
  /// (`crossings`) and whether the dynamic runtime must check their conversion
  /// (`mayNeedConversion`, ``MemberPairing/mayNeedConversion``).
  func problems(
    facade: MemberDecl, target: MemberTarget, crossings: inout [AdapterCrossing],
    mayNeedConversion: inout Bool
  ) -> [PairProblem] {
    // The common pair, an adapter that renames, writes the same types on both sides: every type
    // fits itself and crosses no adapter, so there is nothing to find (and nothing to convert).
    // Only the target's kind is read for it; the member is copied whole below, on the path that
    // needs it (copying it first costs 1.2 M instructions at 1,000 modules, where 9 pairs in 10
    // take this shortcut).
    if !target.readsThroughOptional,
      facade.kind.forwardsAsIs(to: target.owner.members[Int(target.memberIndex)].kind)
    {
      mayNeedConversion = false
      return []
    }
    mayNeedConversion = facade.kind.writesFunctionOrDictionary
    let targetMember = target.member
    // Kind mismatches are reported once, when the map is resolved.
    switch facade.kind {
    case .property(let property):
      guard case .property(let targetProperty) = targetMember.kind else { return [] }
      let readType = target.readType(of: targetProperty.type)
      let flows = PropertyFlows(
        property, targetProperty, readType: readType, fits: fits, crossings: &crossings)
      guard !flows.isClean else { return [] }
      let names = PairNames(facadeOwner: facadeOwner, facade: facade, target: target)
      return propertyProblems(property, targetProperty, readType: readType, flows: flows, names: names)
    case .method(let method):
      guard case .method(let targetMethod) = targetMember.kind else { return [] }
      let flows = MethodFlows(method, targetMethod, fits: fits, crossings: &crossings)
      guard !flows.isClean else { return [] }
      let names = PairNames(facadeOwner: facadeOwner, facade: facade, target: target)
      return methodProblems(method, targetMethod, flows: flows, names: names)
    }
  }

  /// Why a settable facade property's values could not be stored in `target` if it were
  /// settable (the type check that a read-only target cuts short), or `nil` when they could.
  func writeMismatch(facade: MemberDecl, target: MemberTarget) -> String? {
    guard case .property(let property) = facade.kind, property.isSettable,
      case .property(let targetProperty) = target.member.kind
    else { return nil }
    var crossings: [AdapterCrossing] = []
    let write = fits.fit(property.type, into: targetProperty.type, crossings: &crossings)
    guard case .mismatch = write else { return nil }
    let names = PairNames(facadeOwner: facadeOwner, facade: facade, target: target)
    return writeProblem(property, targetProperty, write, names)?.reason
  }

  private func propertyProblems(
    _ property: PropertySignature, _ targetProperty: PropertySignature, readType: TypeRef,
    flows: PropertyFlows, names: PairNames
  ) -> [PairProblem] {
    var problems: [PairProblem] = []
    let read = problem(flows.read, towardFacade: true, names) {
      PairProblem(
        code: .incompatibleTypes,
        message:
          "\(names.facadeText) is '\(property.type)' but \(names.targetText) is '\(readType)'; \(MessageWords.aQuoted(readType)) "
          + "cannot be read as \(MessageWords.aQuoted(property.type)): change one of the types or map another member",
        reason: "its type '\(readType)' does not fit '\(property.type)'")
    }
    if let read { problems.append(read) }
    if flows.targetIsReadOnly {
      // Making the target settable fixes it only when the facade's values could be stored in it.
      var unused: [AdapterCrossing] = []
      let storable: Bool
      if case .mismatch = fits.fit(property.type, into: targetProperty.type, crossings: &unused) {
        storable = false
      } else {
        storable = true
      }
      problems.append(
        PairProblem(
          code: .readOnlyTarget,
          message: storable
            ? "\(names.facadeText) is settable but \(names.targetText) is read-only; declare \(names.targetText) "
              + "'var ... { get set }' or make \(names.facadeText) read-only with '{ get }'"
            : "\(names.facadeText) is settable but \(names.targetText) is read-only, and "
              + "\(MessageWords.aQuoted(property.type)) could not be stored in its type '\(targetProperty.type)' anyway; "
              + "make \(names.facadeText) read-only with '{ get }'",
          reason: "it is read-only"))
      return problems
    }
    if let write = writeProblem(property, targetProperty, flows.write, names) { problems.append(write) }
    return Self.mergingMissingAdapters(problems)
  }

  /// The problem with storing a settable facade property's values in the target's type, given
  /// the fit of that flow, if any.
  private func writeProblem(
    _ property: PropertySignature, _ targetProperty: PropertySignature, _ write: TypeFit, _ names: PairNames
  ) -> PairProblem? {
    problem(write, towardFacade: false, names) {
      PairProblem(
        code: .incompatibleTypes,
        message:
          "\(names.facadeText) is settable, but \(MessageWords.aQuoted(property.type)) cannot be stored in \(names.targetText) of "
          + "type '\(targetProperty.type)'; make the types agree (or make \(names.facadeText) '{ get }')",
        reason: "\(MessageWords.aQuoted(property.type)) cannot be stored in its type '\(targetProperty.type)'"
      )
    }
  }

  private func methodProblems(
    _ method: MethodSignature, _ target: MethodSignature, flows: MethodFlows, names: PairNames
  ) -> [PairProblem] {
    var problems: [PairProblem] = []
    // Arguments that differ in number are not compared one by one; the result and the effects
    // are, whatever the arguments.
    if flows.argumentCountDiffers {
      problems.append(
        PairProblem(
          code: .signatureMismatch,
          message:
            "\(names.facadeText) takes \(MessageWords.counted(method.parameters.count, "argument")) but "
            + "\(names.targetText) takes "
            + "\(target.parameters.count); mapped methods take the same arguments in the same order "
            + "(labels may differ)",
          reason: "it takes \(MessageWords.counted(target.parameters.count, "argument"))"))
    }
    for (position, fit) in flows.arguments {
      let parameter = method.parameters[position]
      let targetParameter = target.parameters[position]
      let argument = problem(fit, towardFacade: false, names) {
        PairProblem(
          code: .incompatibleTypes,
          message:
            "argument \(position + 1) of \(names.facadeText) is '\(parameter.type)' but \(names.targetText) takes "
            + "'\(targetParameter.type)'; make the argument types agree",
          reason: "its argument \(position + 1) is '\(targetParameter.type)'")
      }
      if let argument { problems.append(argument) }
    }
    let result = problem(flows.result, towardFacade: true, names) {
      PairProblem(
        code: .incompatibleTypes,
        message:
          "\(names.targetText) returns '\(target.result)' but \(names.facadeText) returns '\(method.result)'; "
          + "make the result types agree",
        reason: "it returns '\(target.result)'")
    }
    if let result { problems.append(result) }
    if flows.throwsDiffer {
      problems.append(
        PairProblem(
          code: .effectsMismatch,
          message:
            "\(names.facadeText) does not throw, but \(names.targetText) throws; mark \(names.facadeText) 'throws' or "
            + "map a method that does not throw",
          reason: "it throws"))
    }
    if flows.asyncDiffers {
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
  private func problem(
    _ fit: TypeFit, towardFacade: Bool, _ names: PairNames, mismatch: () -> PairProblem
  ) -> PairProblem? {
    switch fit {
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
      reason: "it needs an adapter between '\(facadeSide)' and '\(targetSide)'",
      between: [facadeSide, targetSide].sorted())
  }

  private static func mergingMissingAdapters(_ problems: [PairProblem]) -> [PairProblem] {
    guard problems.count > 1 else { return problems }
    var seen: Set<String> = []
    return problems.filter { $0.code != .missingAdapter || seen.insert($0.reason).inserted }
  }
}

/// How the values of a property pair flow: read from the target into the facade's type, and,
/// for a settable facade, written from the facade's type into the target.
private struct PropertyFlows {
  /// The fit of the target's type, as read, into the facade's.
  var read: TypeFit
  /// The facade is settable and the target is not (the write is then not checked).
  var targetIsReadOnly = false
  /// The fit of the facade's type into the target's; `.fits` when not checked.
  var write = TypeFit.fits

  /// Finds the fits, appending the adapters they cross to `crossings`. The write is checked only
  /// when both sides are settable and the read's types fit (types that do not fit for reading
  /// are one problem, not a second one for writing).
  init(
    _ property: PropertySignature, _ targetProperty: PropertySignature, readType: TypeRef,
    fits: TypeFitChecker, crossings: inout [AdapterCrossing]
  ) {
    read = fits.fit(readType, into: property.type, crossings: &crossings)
    guard property.isSettable else { return }
    guard targetProperty.isSettable else {
      targetIsReadOnly = true
      return
    }
    if case .mismatch = read { return }
    write = fits.fit(property.type, into: targetProperty.type, crossings: &crossings)
  }

  var isClean: Bool { read.isFit && !targetIsReadOnly && write.isFit }
}

/// How the values of a method pair flow: each argument from the facade's parameter type into
/// the target's, the result back, and whether the effects agree.
private struct MethodFlows {
  var argumentCountDiffers = false
  /// The arguments whose types do not fit, by position (empty, and not allocated, when all fit).
  var arguments: [(position: Int, fit: TypeFit)] = []
  var result = TypeFit.fits
  /// The target throws and the facade does not.
  var throwsDiffer = false
  var asyncDiffers = false

  /// Finds the fits, appending the adapters they cross to `crossings`.
  init(
    _ method: MethodSignature, _ target: MethodSignature, fits: TypeFitChecker,
    crossings: inout [AdapterCrossing]
  ) {
    let (parameters, targetParameters) = (method.parameters, target.parameters)
    argumentCountDiffers = parameters.count != targetParameters.count
    if !argumentCountDiffers {
      for position in parameters.indices {
        let fit = fits.fit(
          parameters[position].type, into: targetParameters[position].type, crossings: &crossings)
        if !fit.isFit { arguments.append((position, fit)) }
      }
    }
    result = fits.fit(target.result, into: method.result, crossings: &crossings)
    throwsDiffer = !method.isThrowing && target.isThrowing
    asyncDiffers = method.isAsync != target.isAsync
  }

  var isClean: Bool {
    !argumentCountDiffers && arguments.isEmpty && result.isFit && !throwsDiffer && !asyncDiffers
  }
}

extension MemberDecl.Kind {
  /// `true` when a type this kind writes (a property's, a parameter's or a result) holds a
  /// function type or a dictionary (``TypeRef/holdsFunctionOrDictionary``).
  var writesFunctionOrDictionary: Bool {
    switch self {
    case .property(let property): return property.type.holdsFunctionOrDictionary
    case .method(let method):
      return method.result.holdsFunctionOrDictionary
        || method.parameters.contains { $0.type.holdsFunctionOrDictionary }
    }
  }

  /// `true` when a facade member of this kind forwards to a member of `target` kind with its
  /// types unchanged: both properties of the same type, the target settable if the facade is; or
  /// both methods with the same parameter types (labels and names may differ), result and
  /// `async`, the target throwing only if the facade does. Such a pair has no problem and crosses
  /// no adapter, since every type fits itself (``TypeFitChecker/fit(_:into:crossings:)``).
  borrowing func forwardsAsIs(to target: borrowing Self) -> Bool {
    switch self {
    case .property(let property):
      switch target {
      case .property(let targetProperty):
        return property.type == targetProperty.type && (!property.isSettable || targetProperty.isSettable)
      case .method: return false
      }
    case .method(let method):
      switch target {
      case .property: return false
      case .method(let targetMethod):
        guard method.isAsync == targetMethod.isAsync, method.isThrowing || !targetMethod.isThrowing,
          method.result == targetMethod.result
        else { return false }
        let (parameters, targetParameters) = (method.parameters, targetMethod.parameters)
        guard parameters.count == targetParameters.count else { return false }
        for position in parameters.indices where parameters[position].type != targetParameters[position].type
        {
          return false
        }
        return true
      }
    }
  }
}
