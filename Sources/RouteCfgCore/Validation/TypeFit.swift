/// Whether a value of one type can be used where another is expected, as forwarding through an
/// adapter needs it.
///
/// Identical types fit; `T` fits `T?`; optionals, arrays and dictionaries compare element-wise;
/// function types compare parameters in reverse and results forward; a protocol fits a protocol
/// it inherits, or another protocol when an adapter between the two exists (in either direction;
/// the fit records which adapter it uses and how).
enum TypeFit: Equatable {
  case fits
  /// The types do not fit; the pair of types that disagree (possibly nested).
  case mismatch(source: TypeRef, destination: TypeRef)
  /// Two protocols with no adapter between them: `source` is the protocol written on the source
  /// type's side, also where values flow the other way (a closure's parameters).
  case missingAdapter(source: String, destination: String)

  /// `true` for ``fits`` (without comparing payloads, as `==` would).
  var isFit: Bool {
    if case .fits = self { return true }
    return false
  }
}

/// What one crossing between two protocols needs: an adapter used forward or in reverse.
struct AdapterCrossing: Hashable {
  let adapter: Int
  let direction: AdapterDirection
}

struct TypeFitChecker {
  let protocols: ProtocolLookup
  /// The adapters by protocol pair; ``ManifestValidator/misspeltAdapter`` for a pair an adapter
  /// with a misspelt protocol name meant: values between them fit, since the adapter they need
  /// is written, with an error of its own (RC0503).
  let adapterIndex: [AdapterPair: Int]
  /// A file of the manifest could not be loaded. Two names that could both be protocols (declared
  /// ones, or names no loaded file declares) then fit unless the loaded files decide otherwise:
  /// the missing file could declare the protocol, the inheritance or the adapter that joins them.
  var isIncomplete = false

  /// Checks that a `source` value can be used as a `destination`; appends the adapters the
  /// crossing needs to `crossings`.
  func fit(_ source: TypeRef, into destination: TypeRef, crossings: inout [AdapterCrossing]) -> TypeFit {
    // One switch per side, not one over a tuple of both, which would copy both types.
    switch destination {
    case .named(let target):
      if case .named(let name) = source { return fitNamed(name, into: target, crossings: &crossings) }
    case .optional(let target):
      if case .optional(let inner) = source { return fit(inner, into: target, crossings: &crossings) }
      return fit(source, into: target, crossings: &crossings)
    case .array(let target):
      if case .array(let inner) = source { return fit(inner, into: target, crossings: &crossings) }
    case .dictionary(let targetKey, let targetValue):
      if case .dictionary(let key, let value) = source {
        let keyFit = fit(key, into: targetKey, crossings: &crossings)
        if !keyFit.isFit { return keyFit }
        return fit(value, into: targetValue, crossings: &crossings)
      }
    case .function(let target):
      if case .function(let function) = source {
        return fitFunction(function, into: target, crossings: &crossings)
      }
    }
    return .mismatch(source: source, destination: destination)
  }

  private func fitFunction(
    _ function: FunctionType, into target: FunctionType, crossings: inout [AdapterCrossing]
  ) -> TypeFit {
    let mismatch = TypeFit.mismatch(source: .function(function), destination: .function(target))
    guard function.parameters.count == target.parameters.count, function.isAsync == target.isAsync,
      !function.isThrowing || target.isThrowing
    else { return mismatch }
    // Whoever calls the target-typed closure passes target parameter types into the source.
    for (parameter, targetParameter) in zip(function.parameters, target.parameters) {
      let parameterFit = fit(targetParameter, into: parameter, crossings: &crossings)
      if case .missingAdapter(let source, let destination) = parameterFit {
        // Named by side, as every other missing adapter is: the source closure's protocol first.
        return .missingAdapter(source: destination, destination: source)
      }
      if !parameterFit.isFit { return parameterFit }
    }
    return fit(function.result, into: target.result, crossings: &crossings)
  }

  private func fitNamed(_ name: String, into target: String, crossings: inout [AdapterCrossing]) -> TypeFit {
    let fit = fitNamedAsLoaded(name, into: target, crossings: &crossings)
    // With a file missing, only an inheritance or an adapter the loaded files declare decides
    // between two names that could both be protocols; anything else could come from that file.
    if isIncomplete, !fit.isFit, mayBeProtocol(name), mayBeProtocol(target) { return .fits }
    return fit
  }

  /// ``fitNamed(_:into:crossings:)`` as the loaded files decide it.
  private func fitNamedAsLoaded(_ name: String, into target: String, crossings: inout [AdapterCrossing])
    -> TypeFit
  {
    if name == target { return .fits }
    // Two declared protocols are no standard type; other names may be one written two ways.
    guard let source = protocols[name], protocols[target] != nil else {
      if sameStandardType(name, target) { return .fits }
      return .mismatch(source: .named(name), destination: .named(target))
    }
    if source.conforms(to: target) { return .fits }
    // A `target` facade over a `name` object.
    if let adapter = adapterIndex[AdapterPair(adapt: target, to: name)] {
      if adapter != ManifestValidator.misspeltAdapter {
        crossings.append(AdapterCrossing(adapter: adapter, direction: .forward))
      }
      return .fits
    }
    if let adapter = adapterIndex[AdapterPair(adapt: name, to: target)] {
      if adapter != ManifestValidator.misspeltAdapter {
        crossings.append(AdapterCrossing(adapter: adapter, direction: .reverse))
      }
      return .fits
    }
    return .missingAdapter(source: name, destination: target)
  }

  private func mayBeProtocol(_ name: String) -> Bool { Self.couldBeProtocol(name, protocols: protocols) }

  /// `true` for a declared protocol, or a name no loaded file declares that is not one of the
  /// standard types (`Int`, `String`, `URL`, ...) or written with `Swift.` or `Foundation.`,
  /// which no manifest declares as protocols.
  static func couldBeProtocol(_ name: String, protocols: ProtocolLookup) -> Bool {
    protocols[name] != nil
      || (SwiftKnownTypeNames.withoutStandardModule(name) == nil && !TypeRef.isStandardTypeName(name))
  }

  /// `true` when the names are one standard type written two ways: with and without `Swift.` or
  /// `Foundation.` (`Swift.Int` and `Int`, `Foundation.Data` and `Data`), or as a type alias of
  /// the standard library or Foundation and the type it stands for (`TimeInterval` and
  /// `Double`), as Swift (and the dynamic runtime) reads them. A bare name the manifest declares
  /// as a protocol is that protocol, not the module's type (`Calendar` declared beside
  /// `Foundation.Calendar`).
  private func sameStandardType(_ name: String, _ target: String) -> Bool {
    let isProtocol = { (name: String) in protocols[name] != nil }
    guard let type = SwiftKnownTypeNames.standardType(of: name, isProtocol: isProtocol),
      let targetType = SwiftKnownTypeNames.standardType(of: target, isProtocol: isProtocol)
    else { return false }
    // Both written with a module and neither an alias: names of two modules (`Swift.Data`,
    // `Foundation.Data`), which would be equal as written.
    if SwiftKnownTypeNames.standardAliases[name] == nil, SwiftKnownTypeNames.standardAliases[target] == nil,
      SwiftKnownTypeNames.withoutStandardModule(name) != nil,
      SwiftKnownTypeNames.withoutStandardModule(target) != nil
    {
      return false
    }
    return type == targetType
  }
}
