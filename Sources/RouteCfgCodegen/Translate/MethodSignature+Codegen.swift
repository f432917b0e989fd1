import RouteCfgCore

extension MethodSignature {
  /// The signature for a generated implementation of this method: a parameter named `self`
  /// (`func hit(self: Int)`, `` func hot(by `self`: Int) ``) gets another name, because the body
  /// reaches its own object through `self`. The argument label stays, so the method still
  /// fulfils its requirement.
  var implementationParameters: MethodSignature {
    guard parameters.contains(where: { $0.name == "self" }) else { return self }
    let taken = Set(parameters.map(\.name))
    var renamed = self
    renamed.parameters = parameters.map { parameter in
      guard parameter.name == "self" else { return parameter }
      return MethodParameter(
        label: parameter.label, name: AdapterTranslator.unique("selfArgument", avoiding: taken),
        type: parameter.type)
    }
    return renamed
  }
}
